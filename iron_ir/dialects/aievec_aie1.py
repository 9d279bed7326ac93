"""The ``aievec_aie1`` dialect: AIE1's vector ops with lane selection (``xstart``,
``xoffsets``, ``zstart``, ... as strings), in mlir-aie's syntax.

An empty lane-selection string is the default and is not printed; every op writes its operand
and result types after the attribute dictionary:
``aievec_aie1.mac %a, %b, %acc {xoffsets = "0x76543210", xstart = "0"} : vector<16xf32>,
vector<8xf32>, vector<8xf32>``.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import I8, BoolAttr, IntegerAttr, StringAttr, VectorType
from xdsl.ir import Dialect
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from iron_ir.dialects.aievec.base import (
    PROPS_IN_ATTR_DICT,
    element_width,
    is_float,
    is_integer,
    lanes,
)
from iron_ir.dialects.aievec.lanes import verify_extract

_EMPTY = StringAttr("")


class _AddSub(IRDLOperation):
    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    result = result_def(VectorType)
    # Lane selection; "" is the default, elided from the text as mlir-aie's printer does.
    xstart = opt_prop_def(StringAttr, default_value=_EMPTY)
    xoffsets = opt_prop_def(StringAttr, default_value=_EMPTY)
    xoffsets_hi = opt_prop_def(StringAttr, default_value=_EMPTY)
    xsquare = opt_prop_def(StringAttr, default_value=_EMPTY)
    zstart = opt_prop_def(StringAttr, default_value=_EMPTY)
    zoffsets = opt_prop_def(StringAttr, default_value=_EMPTY)
    zoffsets_hi = opt_prop_def(StringAttr, default_value=_EMPTY)
    zsquare = opt_prop_def(StringAttr, default_value=_EMPTY)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `,` type($result)"

    def verify_(self) -> None:
        if not self.lhs.type == self.rhs.type == self.result.type:
            raise VerifyException("all vectors must be of same type")


@irdl_op_definition
class AddOp(_AddSub):
    name = "aievec_aie1.add"


@irdl_op_definition
class SubOp(_AddSub):
    name = "aievec_aie1.sub"


def _verify_mul(lhs: VectorType, rhs: VectorType, acc: VectorType) -> None:
    """mlir-aie's AIE1 multiply rules: a simple scheme (all lanes equal) or a wide lhs
    (at least twice the rhs) with a 256-bit rhs, into a wider accumulator."""
    ltype, atype = lhs.element_type, acc.element_type
    rwidth, awidth = element_width(rhs), element_width(acc)
    if not lanes(acc) == lanes(rhs) == lanes(lhs):
        if lanes(rhs) != 256 // rwidth:
            raise VerifyException("incorrect rhs operand vector lanes")
        if lanes(lhs) < 2 * lanes(rhs):
            raise VerifyException(
                "The number of lanes in lhs operand must be at least twice that of rhs operand"
            )
        if lanes(acc) > lanes(rhs):
            raise VerifyException(
                "The number of lanes in accumulator must be less than that of rhs operand"
            )
    if ltype != rhs.element_type:
        raise VerifyException("The element type of lhs and rhs operand vectors must match")
    if is_integer(atype):
        if not is_integer(ltype):
            raise VerifyException("Integer result must have integer operands")
        if element_width(lhs) >= awidth or rwidth >= awidth:
            raise VerifyException(
                "the element type of accumulator must have wider width than that of the "
                "operand vectors"
            )
    elif is_float(atype):
        if not is_float(ltype):
            raise VerifyException("Floating point result must have floating point operands")
        if element_width(lhs) != awidth or rwidth != awidth:
            raise VerifyException(
                "the element type of accumulator must be same width as the operand vectors"
            )


@irdl_op_definition
class MulOp(IRDLOperation):
    name = "aievec_aie1.mul"
    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    result = result_def(VectorType)
    xstart = opt_prop_def(StringAttr, default_value=_EMPTY)
    xoffsets = opt_prop_def(StringAttr, default_value=_EMPTY)
    xoffsets_hi = opt_prop_def(StringAttr, default_value=_EMPTY)
    xstep = opt_prop_def(StringAttr, default_value=_EMPTY)
    xsquare = opt_prop_def(StringAttr, default_value=_EMPTY)
    zstart = opt_prop_def(StringAttr, default_value=_EMPTY)
    zoffsets = opt_prop_def(StringAttr, default_value=_EMPTY)
    zoffsets_hi = opt_prop_def(StringAttr, default_value=_EMPTY)
    zstep = opt_prop_def(StringAttr, default_value=_EMPTY)
    zsquare = opt_prop_def(StringAttr, default_value=_EMPTY)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `,` type($result)"

    def verify_(self) -> None:
        _verify_mul(self.lhs.type, self.rhs.type, self.result.type)  # type: ignore[arg-type]


@irdl_op_definition
class FMAOp(IRDLOperation):
    """``aievec_aie1.mac``: multiply, then add to ``acc`` (``fmsub``: subtract)."""

    name = "aievec_aie1.mac"

    T: ClassVar = VarConstraint("T", base(VectorType))
    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    acc = operand_def(T)
    result = result_def(T)
    xstart = opt_prop_def(StringAttr, default_value=_EMPTY)
    xoffsets = opt_prop_def(StringAttr, default_value=_EMPTY)
    xoffsets_hi = opt_prop_def(StringAttr, default_value=_EMPTY)
    xstep = opt_prop_def(StringAttr, default_value=_EMPTY)
    xsquare = opt_prop_def(StringAttr, default_value=_EMPTY)
    zstart = opt_prop_def(StringAttr, default_value=_EMPTY)
    zoffsets = opt_prop_def(StringAttr, default_value=_EMPTY)
    zoffsets_hi = opt_prop_def(StringAttr, default_value=_EMPTY)
    zstep = opt_prop_def(StringAttr, default_value=_EMPTY)
    zsquare = opt_prop_def(StringAttr, default_value=_EMPTY)
    fmsub = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = (
        "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs) `,` type($rhs) `,` type($result)"
    )

    def verify_(self) -> None:
        _verify_mul(self.lhs.type, self.rhs.type, self.acc.type)  # type: ignore[arg-type]


@irdl_op_definition
class SelectOp(IRDLOperation):
    """Lanes of ``xbuff`` or ``ybuff`` by the bits of ``select``. Written with ``ybuff``'s
    type only when it is there: ``%x, %y {...} : tx, ty, tr`` or ``%x {...} : tx, tr``."""

    name = "aievec_aie1.select"
    xbuff = operand_def(VectorType)
    ybuff = opt_operand_def(VectorType)
    result = result_def(VectorType)
    select = opt_prop_def(StringAttr, default_value=_EMPTY)
    xstart = opt_prop_def(StringAttr, default_value=_EMPTY)
    xoffsets = opt_prop_def(StringAttr, default_value=_EMPTY)
    xoffsets_hi = opt_prop_def(StringAttr, default_value=_EMPTY)
    xsquare = opt_prop_def(StringAttr, default_value=_EMPTY)
    ystart = opt_prop_def(StringAttr, default_value=_EMPTY)
    yoffsets = opt_prop_def(StringAttr, default_value=_EMPTY)
    yoffsets_hi = opt_prop_def(StringAttr, default_value=_EMPTY)
    ysquare = opt_prop_def(StringAttr, default_value=_EMPTY)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT

    @classmethod
    def parse(cls, parser: Parser) -> SelectOp:
        xbuff = parser.parse_unresolved_operand()
        ybuff = parser.parse_unresolved_operand() if parser.parse_optional_punctuation(",") else None
        at = parser.pos
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != (3 if ybuff is not None else 2):
            parser.raise_error("requires one type per operand and the result type", at)
        operands = [parser.resolve_operand(xbuff, types[0])]
        if ybuff is not None:
            operands.append(parser.resolve_operand(ybuff, types[1]))
        names = set(cls.get_irdl_definition().properties)
        properties = {k: v for k, v in attributes.items() if k in names}
        others = {k: v for k, v in attributes.items() if k not in names}
        return cls.create(
            operands=operands, result_types=[types[-1]], properties=properties, attributes=others
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.xbuff)
        if self.ybuff is not None:
            printer.print_string(", ")
            printer.print_operand(self.ybuff)
        shown = {k: v for k, v in self.properties.items() if v != _EMPTY} | self.attributes
        printer.print_op_attributes(shown)
        printer.print_string(" : ")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)
        printer.print_string(", ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        x: VectorType = self.xbuff.type  # type: ignore[assignment]
        result: VectorType = self.result.type  # type: ignore[assignment]
        if result.element_type != x.element_type:
            raise VerifyException("types of result and xbuff must match")
        if self.ybuff is not None and self.ybuff.type != x:
            raise VerifyException("types of xbuff and ybuff must match")
        if lanes(x) < lanes(result):
            raise VerifyException("xbuff cannot be smaller than result")


@irdl_op_definition
class ExtOp(IRDLOperation):
    """``aievec_aie1.ext``: a contiguous part of ``source`` (as ``aievec.ext``)."""

    name = "aievec_aie1.ext"
    source = operand_def(VectorType)
    index = prop_def(IntegerAttr[I8])
    result = result_def(VectorType)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$source attr-dict `:` type($source) `,` type($result)"

    def verify_(self) -> None:
        verify_extract(self, self.source.type, self.result.type)  # type: ignore[arg-type]


AIEVecAIE1 = Dialect("aievec_aie1", [AddOp, SubOp, MulOp, FMAOp, SelectOp, ExtOp], [])

__all__ = ["AIEVecAIE1", "AddOp", "ExtOp", "FMAOp", "MulOp", "SelectOp", "SubOp"]
