"""aievec's matrix and convolution ops: ``matmul`` (AIE2) and ``matmul_aie2p`` (AIE2P), each
for the shape/type combinations its hardware MAC has, and ``mul_conv``/``fma_conv`` (M x N
sliding-window multiply, and its accumulating form)."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    I32,
    BFloat16Type,
    BoolAttr,
    Float32Type,
    IntegerAttr,
    IntegerType,
    VectorType,
)
from xdsl.ir import Attribute
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

from iron_ir.dialects.aievec.base import PROPS_IN_ATTR_DICT, element_width, lanes, type_text

# (lhs, rhs, acc) as (shape, element) with element "i<n>" (any signedness), "bf16" or "f32".
_Shape = tuple[tuple[int, int], str]
AIE2_MATMUL: tuple[tuple[_Shape, _Shape, _Shape], ...] = (
    (((4, 16), "i8"), ((16, 8), "i4"), ((4, 8), "i32")),
    (((4, 8), "i8"), ((8, 8), "i8"), ((4, 8), "i32")),
    (((4, 4), "i16"), ((4, 8), "i8"), ((4, 8), "i32")),
    (((4, 2), "i16"), ((2, 8), "i16"), ((4, 8), "i32")),
    (((2, 8), "i16"), ((8, 8), "i8"), ((2, 8), "i64")),
    (((4, 8), "i16"), ((8, 4), "i8"), ((4, 4), "i64")),
    (((2, 4), "i16"), ((4, 8), "i16"), ((2, 8), "i64")),
    (((4, 4), "i16"), ((4, 4), "i16"), ((4, 4), "i64")),
    (((4, 2), "i32"), ((2, 4), "i16"), ((4, 4), "i64")),
    (((4, 8), "bf16"), ((8, 4), "bf16"), ((4, 4), "f32")),
)
# mlir-aie's AIE2 accumulator constraint also admits 4x4xi32 (no combination produces it).
_AIE2_EXTRA_ACC: tuple[_Shape, ...] = (((4, 4), "i32"),)
AIE2P_MATMUL: tuple[tuple[_Shape, _Shape, _Shape], ...] = (
    (((8, 8), "bf16"), ((8, 8), "bf16"), ((8, 8), "f32")),
    (((4, 8), "bf16"), ((8, 4), "bf16"), ((4, 4), "f32")),
    (((4, 8), "bf16"), ((8, 8), "bf16"), ((4, 8), "f32")),
    (((8, 1), "bf16"), ((1, 8), "bf16"), ((8, 8), "f32")),
    (((8, 8), "bf16"), ((8, 4), "bf16"), ((8, 4), "f32")),
    (((8, 8), "i8"), ((8, 8), "i8"), ((8, 8), "i32")),
    (((8, 2), "i16"), ((2, 8), "i16"), ((8, 8), "i32")),
)

_ROLE = {
    0: "a lhs operand of matrix-multiply and accumulate",
    1: "a rhs operand of matrix-multiply and accumulate",
    2: "an accumulator of matrix-multiply and accumulate",
}


def _element_name(element: Attribute) -> str | None:
    if isinstance(element, IntegerType):
        return f"i{element.width.data}"
    if isinstance(element, BFloat16Type):
        return "bf16"
    if isinstance(element, Float32Type):
        return "f32"
    return None


def _shape_of(t: Attribute) -> _Shape | None:
    if not isinstance(t, VectorType) or len(t.get_shape()) != 2:
        return None
    name = _element_name(t.element_type)
    shape = t.get_shape()
    return None if name is None else ((shape[0], shape[1]), name)


class _MatMul(IRDLOperation):
    T: ClassVar = VarConstraint("T", base(VectorType))
    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    acc = operand_def(T)
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = (
        "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs) `,` type($rhs) `into` type($acc)"
    )

    TARGET: ClassVar[str]
    COMBINATIONS: ClassVar[tuple[tuple[_Shape, _Shape, _Shape], ...]]
    EXTRA_ACC: ClassVar[tuple[_Shape, ...]] = ()

    def verify_(self) -> None:
        operands = (self.lhs, self.rhs, self.acc)
        shapes = [_shape_of(v.type) for v in operands]
        for index, shape in enumerate(shapes):
            allowed = {c[index] for c in self.COMBINATIONS}
            if index == 2:
                allowed |= set(self.EXTRA_ACC)
            if shape not in allowed:
                raise VerifyException(
                    f"operand #{index} must be a vector compatible with {_ROLE[index]}, but got "
                    f"'{type_text(operands[index].type)}'"
                )
        (l0, l1), _ = shapes[0]  # type: ignore[misc]
        (r0, r1), _ = shapes[1]  # type: ignore[misc]
        (a0, a1), _ = shapes[2]  # type: ignore[misc]
        if not (l1 == r0 and l0 == a0 and r1 == a1):
            raise VerifyException("failed to verify that [lhs x rhs = acc] is a valid contraction")
        if tuple(shapes) not in self.COMBINATIONS:
            raise VerifyException(
                f"failed to verify that lhs x rhs = acc is a valid {self.TARGET} "
                "matrix-multiply and accumulate op"
            )


@irdl_op_definition
class MatMulOp(_MatMul):
    name = "aievec.matmul"
    TARGET: ClassVar[str] = "AIE2"
    COMBINATIONS: ClassVar[tuple[tuple[_Shape, _Shape, _Shape], ...]] = AIE2_MATMUL
    EXTRA_ACC: ClassVar[tuple[_Shape, ...]] = _AIE2_EXTRA_ACC


@irdl_op_definition
class MatMulAIE2POp(_MatMul):
    name = "aievec.matmul_aie2p"
    TARGET: ClassVar[str] = "AIE2P"
    COMBINATIONS: ClassVar[tuple[tuple[_Shape, _Shape, _Shape], ...]] = AIE2P_MATMUL


def _verify_conv(op: IRDLOperation, lhs: VectorType, rhs: VectorType, acc: VectorType) -> None:
    m = op.M.value.data if op.M is not None else 0  # type: ignore[attr-defined]
    n = op.N.value.data if op.N is not None else 0  # type: ignore[attr-defined]
    if m <= 0 or n <= 0 or 2 * m < m + n - 1:
        raise VerifyException(
            "M and N should be larger than 0 and 2*M should be no less than M+N-1"
        )
    if lhs.element_type != rhs.element_type:
        raise VerifyException("The element type of lhs and rhs operand vectors must match")
    if not all(isinstance(t.element_type, IntegerType) for t in (lhs, rhs, acc)):
        raise VerifyException("requires integer type")
    if lanes(acc) != m or lanes(acc) != lanes(rhs) // 2 or lanes(lhs) != lanes(rhs):
        raise VerifyException(
            "The number of lanes in accumulator must be the same as M and the half as lhs and "
            "rhs operand"
        )
    if element_width(lhs) >= element_width(acc):
        raise VerifyException(
            "the element type of accumulator must have wider width than that of the operand "
            "vectors"
        )


@irdl_op_definition
class MulConvOp(IRDLOperation):
    """(M x N) matrix times (N x 1) kernel, sliding: ``{M = 16 : i32, N = 4 : i32}``."""

    name = "aievec.mul_conv"
    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    M = opt_prop_def(IntegerAttr[I32])
    N = opt_prop_def(IntegerAttr[I32])
    result = result_def(VectorType)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `,` type($result)"

    def verify_(self) -> None:
        _verify_conv(self, self.lhs.type, self.rhs.type, self.result.type)  # type: ignore[arg-type]


@irdl_op_definition
class FMAConvOp(IRDLOperation):
    """``mul_conv`` accumulated into ``acc`` (``fmsub = true``: subtracted)."""

    name = "aievec.fma_conv"

    T: ClassVar = VarConstraint("T", base(VectorType))
    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    acc = operand_def(T)
    M = opt_prop_def(IntegerAttr[I32])
    N = opt_prop_def(IntegerAttr[I32])
    fmsub = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = (
        "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs) `,` type($rhs) `,` type($result)"
    )

    def verify_(self) -> None:
        _verify_conv(self, self.lhs.type, self.rhs.type, self.acc.type)  # type: ignore[arg-type]


__all__ = ["FMAConvOp", "MatMulAIE2POp", "MatMulOp", "MulConvOp"]
