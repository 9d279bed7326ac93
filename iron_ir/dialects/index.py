"""MLIR's ``index`` dialect (xDSL 0.74 has none), in MLIR's syntax: arithmetic on ``index``
values (``index.add %a, %b``), constants (``index.constant 42``, ``index.bool.constant
true``), comparison (``index.cmp slt(%a, %b)``), ``index.sizeof`` and the casts
(``index.casts %x : i32 to index``)."""

from __future__ import annotations

from xdsl.dialects.builtin import BoolAttr, IndexType, IntegerAttr, IntegerType, i1
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Dialect
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

_PROPS = (ParsePropInAttrDict(),)


class _Binary(IRDLOperation):
    lhs = operand_def(IndexType)
    rhs = operand_def(IndexType)
    result = result_def(IndexType)
    traits = traits_def(Pure())
    irdl_options = _PROPS
    assembly_format = "$lhs `,` $rhs attr-dict"


def _binary(mnemonic: str, doc: str) -> type[_Binary]:
    cls = type(
        "".join(part.capitalize() for part in mnemonic.split("_")) + "Op",
        (_Binary,),
        {"name": f"index.{mnemonic}", "__doc__": doc, "__module__": __name__},
    )
    return irdl_op_definition(cls)


AddOp = _binary("add", "a + b")
SubOp = _binary("sub", "a - b")
MulOp = _binary("mul", "a * b")
DivSOp = _binary("divs", "signed a / b, rounding toward zero")
DivUOp = _binary("divu", "unsigned a / b")
CeilDivSOp = _binary("ceildivs", "signed a / b, rounding toward +inf")
CeilDivUOp = _binary("ceildivu", "unsigned a / b, rounding up")
FloorDivSOp = _binary("floordivs", "signed a / b, rounding toward -inf")
RemSOp = _binary("rems", "signed remainder")
RemUOp = _binary("remu", "unsigned remainder")
MaxSOp = _binary("maxs", "signed maximum")
MaxUOp = _binary("maxu", "unsigned maximum")
MinSOp = _binary("mins", "signed minimum")
MinUOp = _binary("minu", "unsigned minimum")
ShlOp = _binary("shl", "a << b")
ShrSOp = _binary("shrs", "arithmetic a >> b")
ShrUOp = _binary("shru", "logical a >> b")
AndOp = _binary("and", "a & b")
OrOp = _binary("or", "a | b")
XOrOp = _binary("xor", "a ^ b")

_BINARY = (
    AddOp, SubOp, MulOp, DivSOp, DivUOp, CeilDivSOp, CeilDivUOp, FloorDivSOp, RemSOp, RemUOp,
    MaxSOp, MaxUOp, MinSOp, MinUOp, ShlOp, ShrSOp, ShrUOp, AndOp, OrOp, XOrOp,
)


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """``index.constant 42``."""

    name = "index.constant"
    value = prop_def(IntegerAttr[IndexType])
    result = result_def(IndexType)
    traits = traits_def(Pure())

    def __init__(self, value: int):
        super().__init__(
            properties={"value": IntegerAttr(value, IndexType())}, result_types=[IndexType()]
        )

    @classmethod
    def parse(cls, parser: Parser) -> ConstantOp:
        value = parser.parse_integer(allow_boolean=False)
        op = cls(value)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.value.value.data}")
        printer.print_op_attributes(self.attributes)

    def asm_result_names(self) -> list[str]:
        """MLIR names the result after the value: ``%idx42``."""
        return [f"idx{self.value.value.data}"]


@irdl_op_definition
class BoolConstantOp(IRDLOperation):
    """``index.bool.constant true``."""

    name = "index.bool.constant"
    value = prop_def(BoolAttr)
    result = result_def(i1)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> BoolConstantOp:
        value = parser.parse_boolean()
        return cls.create(
            properties={"value": BoolAttr.from_bool(value)},
            attributes=parser.parse_optional_attr_dict(),
            result_types=[i1],
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" true" if self.value.value.data else " false")
        printer.print_op_attributes(self.attributes)

    def asm_result_names(self) -> list[str]:
        return ["true" if self.value.value.data else "false"]


class IndexCmpPredicate(StrEnum):
    EQ = "eq"
    NE = "ne"
    SLT = "slt"
    SLE = "sle"
    SGT = "sgt"
    SGE = "sge"
    ULT = "ult"
    ULE = "ule"
    UGT = "ugt"
    UGE = "uge"


@irdl_attr_definition
class IndexCmpPredicateAttr(EnumAttribute[IndexCmpPredicate]):
    """``#index<cmp_predicate slt>`` in the generic form, ``slt`` in ``index.cmp``."""

    name = "index.cmp_predicate"

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data.value)

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> IndexCmpPredicate:
        with parser.in_angle_brackets():
            return parser.parse_str_enum(IndexCmpPredicate)


@irdl_op_definition
class CmpOp(IRDLOperation):
    """``index.cmp slt(%a, %b)``."""

    name = "index.cmp"
    pred = prop_def(IndexCmpPredicateAttr)
    lhs = operand_def(IndexType)
    rhs = operand_def(IndexType)
    result = result_def(i1)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> CmpOp:
        pred = IndexCmpPredicateAttr(parser.parse_str_enum(IndexCmpPredicate))
        parser.parse_punctuation("(")
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(")")
        index = IndexType()
        return cls.create(
            operands=[parser.resolve_operand(lhs, index), parser.resolve_operand(rhs, index)],
            properties={"pred": pred},
            attributes=parser.parse_optional_attr_dict(),
            result_types=[i1],
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.pred.data.value}(")
        printer.print_operand(self.lhs)
        printer.print_string(", ")
        printer.print_operand(self.rhs)
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class SizeOfOp(IRDLOperation):
    """The bit width of ``index`` on the target."""

    name = "index.sizeof"
    result = result_def(IndexType)
    traits = traits_def(Pure())
    irdl_options = _PROPS
    assembly_format = "attr-dict"


class _Cast(IRDLOperation):
    input = operand_def(IntegerType | IndexType)
    output = result_def(IntegerType | IndexType)
    traits = traits_def(Pure())
    irdl_options = _PROPS
    assembly_format = "$input attr-dict `:` type($input) `to` type($output)"

    def verify_(self) -> None:
        if isinstance(self.input.type, IndexType) == isinstance(self.output.type, IndexType):
            raise VerifyException("one of the input and the output must be an index")


@irdl_op_definition
class CastSOp(_Cast):
    """Sign-extending or truncating cast between ``index`` and an integer."""

    name = "index.casts"


@irdl_op_definition
class CastUOp(_Cast):
    """Zero-extending or truncating cast between ``index`` and an integer."""

    name = "index.castu"


Index = Dialect(
    "index",
    [*_BINARY, ConstantOp, BoolConstantOp, CmpOp, SizeOfOp, CastSOp, CastUOp],
    [IndexCmpPredicateAttr],
)
