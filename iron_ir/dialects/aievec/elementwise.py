"""Lane-wise aievec ops: arithmetic, comparison, selection, bitwise and transcendental ops, and
the element-wise multiply and multiply-accumulate (AIE2's ``mul_elem``/``mac_elem``)."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    BFloat16Type,
    BoolAttr,
    Float32Type,
    IntegerType,
    Signedness,
    StringAttr,
    VectorType,
)
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from iron_ir.dialects.aievec.base import (
    PROPS_IN_ATTR_DICT,
    element_width,
    is_float,
    is_integer,
    lanes,
    require_vector,
    type_text,
)

_FALSE = BoolAttr.from_bool(False)


class _SameTypeBinary(IRDLOperation):
    """``$lhs, $rhs : type`` with lhs, rhs and result of one vector type."""

    T: ClassVar = VarConstraint("T", base(VectorType))
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"


@irdl_op_definition
class AddElemOp(_SameTypeBinary):
    name = "aievec.add_elem"


@irdl_op_definition
class SubElemOp(_SameTypeBinary):
    name = "aievec.sub_elem"


@irdl_op_definition
class MinOp(_SameTypeBinary):
    name = "aievec.min"


@irdl_op_definition
class MaxOp(_SameTypeBinary):
    name = "aievec.max"


class _SameTypeUnary(IRDLOperation):
    T: ClassVar = VarConstraint("T", base(VectorType))
    source = operand_def(T)
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$source attr-dict `:` type($result)"


@irdl_op_definition
class NegOp(_SameTypeUnary):
    name = "aievec.neg"


@irdl_op_definition
class ExpOp(_SameTypeUnary):
    name = "aievec.exp"


@irdl_op_definition
class TanhOp(_SameTypeUnary):
    name = "aievec.tanh"


@irdl_op_definition
class InvOp(IRDLOperation):
    """``1/x`` of an f32 scalar or a vector of 16 or 32 f32."""

    name = "aievec.inv"

    T: ClassVar = VarConstraint("T", base(Float32Type) | base(VectorType))
    source = operand_def(T)
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$source attr-dict `:` type($result)"

    def verify_(self) -> None:
        t = self.source.type
        if isinstance(t, VectorType) and not (
            isinstance(t.element_type, Float32Type) and t.get_shape() in ((16,), (32,))
        ):
            raise VerifyException(
                "operand #0 must be 32-bit float or vector of 32-bit float values of length "
                f"16/32, but got '{type_text(t)}'"
            )


_BITWISE_ELEMENTS = "8-bit signless integer or 16-bit signless integer or 32-bit signless integer or bfloat16 type"


def _check_512_bit(op: IRDLOperation, index: int, t: VectorType) -> None:
    element = t.element_type
    ok = (isinstance(element, IntegerType) and element.width.data in (8, 16, 32)) or isinstance(
        element, BFloat16Type
    )
    if not ok or lanes(t) * element_width(t) != 512:
        raise VerifyException(
            f"operand #{index} must be vector of {_BITWISE_ELEMENTS} values of 512-bit width, "
            f"but got '{type_text(t)}'"
        )


class _Bitwise(IRDLOperation):
    """512-bit vectors of i8/i16/i32/bf16; all three types written out."""

    T: ClassVar = VarConstraint("T", base(VectorType))
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `,` type($result)"

    def verify_(self) -> None:
        _check_512_bit(self, 0, self.lhs.type)


@irdl_op_definition
class BxorOp(_Bitwise):
    name = "aievec.bxor"


@irdl_op_definition
class BorOp(_Bitwise):
    name = "aievec.bor"


@irdl_op_definition
class BandOp(_Bitwise):
    name = "aievec.band"


@irdl_op_definition
class BnegOp(IRDLOperation):
    name = "aievec.bneg"

    T: ClassVar = VarConstraint("T", base(VectorType))
    source = operand_def(T)
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$source attr-dict `:` type($result)"

    def verify_(self) -> None:
        _check_512_bit(self, 0, self.source.type)


def _require_unsigned(t: IntegerType, what: str) -> None:
    if t.signedness.data != Signedness.UNSIGNED:
        raise VerifyException(f"{what} must be unsigned integer, but got '{type_text(t)}'")


@irdl_op_definition
class CmpOp(IRDLOperation):
    """Lane-wise comparison into a bit mask: ``{pred = "slt"}`` (eq, ne, slt, ult, sle, ule,
    sgt, ugt, sge, uge)."""

    name = "aievec.cmp"

    T: ClassVar = VarConstraint("T", base(VectorType))
    lhs = operand_def(T)
    rhs = operand_def(T)
    pred = opt_prop_def(StringAttr)
    result = result_def(IntegerType)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = (
        "$lhs `,` $rhs ` ` `{` `pred` `=` $pred attr-dict `}` `:` type($lhs) `,` type($rhs) `,` "
        "type($result)"
    )

    def verify_(self) -> None:
        _require_unsigned(self.result.type, "result #0")


@irdl_op_definition
class SelOp(IRDLOperation):
    """Lane-wise choice: a zero bit of ``sel`` takes the lane of ``lhs``, a one that of ``rhs``."""

    name = "aievec.sel"

    T: ClassVar = VarConstraint("T", base(VectorType))
    lhs = operand_def(T)
    rhs = operand_def(T)
    sel = operand_def(IntegerType)
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = (
        "$lhs `,` $rhs `,` $sel attr-dict `:` type($lhs) `,` type($rhs) `,` type($sel) `,` "
        "type($result)"
    )

    def verify_(self) -> None:
        _require_unsigned(self.sel.type, "operand #2")


def _verify_elementwise_multiply(lhs: VectorType, rhs: VectorType, acc: VectorType) -> None:
    """mlir-aie's rules for ``mul_elem`` and ``mac_elem`` (and their messages)."""
    ltype, rtype, atype = lhs.element_type, rhs.element_type, acc.element_type
    if lanes(lhs) != lanes(rhs):
        raise VerifyException(
            "The number of lanes in lhs operand must be the same as rhs operand"
        )
    if ltype != rtype:
        raise VerifyException("The element type of lhs and rhs operand vectors must match")
    if is_integer(atype):
        if not is_integer(ltype):
            raise VerifyException("Integer result must have integer operands")
        if element_width(ltype) >= element_width(atype):
            raise VerifyException(
                "the element type of accumulator must have wider width than that of the "
                "operand vectors"
            )
    elif is_float(atype) and not is_float(ltype):
        raise VerifyException("Floating point result must have floating point operands")


@irdl_op_definition
class MulElemOp(IRDLOperation):
    """``lhs * rhs`` lane by lane into a wider accumulator vector."""

    name = "aievec.mul_elem"

    T: ClassVar = VarConstraint("T", base(VectorType))
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(VectorType)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `,` type($result)"

    def verify_(self) -> None:
        lhs = require_vector(self.lhs)
        if lhs.get_shape() != self.result.type.get_shape():  # type: ignore[union-attr]
            raise VerifyException(
                "failed to verify that all of {lhs, rhs, result} have same shape"
            )
        _verify_elementwise_multiply(lhs, require_vector(self.rhs), self.result.type)  # type: ignore[arg-type]


@irdl_op_definition
class FMAElemOp(IRDLOperation):
    """``lhs * rhs + acc`` lane by lane (``fmsub = true``: ``acc - lhs * rhs``)."""

    name = "aievec.mac_elem"

    T: ClassVar = VarConstraint("T", base(VectorType))
    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    acc = operand_def(T)
    fmsub = opt_prop_def(BoolAttr, default_value=_FALSE)
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = (
        "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs) `,` type($rhs) `,` type($result)"
    )

    def verify_(self) -> None:
        _verify_elementwise_multiply(self.lhs.type, self.rhs.type, self.acc.type)  # type: ignore[arg-type]


__all__ = [
    "AddElemOp",
    "BandOp",
    "BnegOp",
    "BorOp",
    "BxorOp",
    "CmpOp",
    "ExpOp",
    "FMAElemOp",
    "InvOp",
    "MaxOp",
    "MinOp",
    "MulElemOp",
    "NegOp",
    "SelOp",
    "SubElemOp",
    "TanhOp",
]
