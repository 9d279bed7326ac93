"""arith helpers for traced code, named like mlir-aie's ``aie.extras.dialects.ext.arith``.

Python operators cover + - * / // % & | ^ << >> and comparisons; these cover what operators
cannot: constants of a chosen type, casts, select, min/max.
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Attribute

from iron_ir.dtype import type_to_mlir
from iron_ir.errors import TraceError
from iron_ir.tracing.engine import TracedValue, as_value, emit
from iron_ir.tracing.engine import constant as _constant


def _value(x: Any) -> TracedValue:
    if not isinstance(x, TracedValue):
        raise TraceError(f"expected a traced value, got {x!r}")
    return x


def _mlir_type(t: Any) -> Attribute:
    return t if isinstance(t, Attribute) else type_to_mlir(t)


def constant(value: int | float, type: Any = None, index: bool = False) -> TracedValue:
    """``arith.constant`` of ``type`` (an MLIR type or numpy scalar type; default i32/f32)."""
    if index:
        return _constant(value, IndexType())
    if type is None:
        from xdsl.dialects.builtin import f32, i32

        type = f32 if isinstance(value, float) else i32
    return _constant(value, _mlir_type(type))


def index_cast(value: Any, to: Any = None) -> TracedValue:
    """``arith.index_cast`` between ``index`` and an integer type (default: to index); also
    ``index_cast(type, value)``, the argument order of MLIR's own bindings."""
    if not isinstance(value, TracedValue) and isinstance(to, TracedValue):
        value, to = to, value
    v = _value(value)
    target = IndexType() if to is None else _mlir_type(to)
    return TracedValue(emit(arith.IndexCastOp(v.value, target)).results[0])


def select(cond: Any, true_value: Any, false_value: Any) -> TracedValue:
    """``arith.select cond, a, b``: the traced form of ``a if cond else b``."""
    c = _value(cond)
    like = true_value.type if isinstance(true_value, TracedValue) else (
        false_value.type if isinstance(false_value, TracedValue) else None
    )
    if like is None:
        raise TraceError("select needs at least one traced value among its two choices")
    a, b = as_value(true_value, like), as_value(false_value, like)
    return TracedValue(emit(arith.SelectOp(c.value, a, b)).results[0])


def _minmax(a: Any, b: Any, int_op: type, float_op: type) -> TracedValue:
    x = a if isinstance(a, TracedValue) else _value(b)
    t = x.type
    lhs, rhs = as_value(a, t), as_value(b, t)
    op = int_op if isinstance(t, IntegerType | IndexType) else float_op
    return TracedValue(emit(op(lhs, rhs)).results[0])


def maxsi(a: Any, b: Any) -> TracedValue:
    return _minmax(a, b, arith.MaxSIOp, arith.MaximumfOp)


def minsi(a: Any, b: Any) -> TracedValue:
    return _minmax(a, b, arith.MinSIOp, arith.MinimumfOp)


maximumf = maxsi
minimumf = minsi


def _cast(value: Any, to: Any, op_type: type) -> TracedValue:
    # ext.arith spells casts (value, type); the plain arith module mlir-aie re-exports from
    # MLIR's bindings spells them (result type, value), as in `arith.trunci(T.i16(), x)`.
    if not isinstance(value, TracedValue) and isinstance(to, TracedValue):
        value, to = to, value
    v = _value(value)
    return TracedValue(emit(op_type(v.value, _mlir_type(to))).results[0])


def extsi(value: Any, to: Any) -> TracedValue:
    return _cast(value, to, arith.ExtSIOp)


def extui(value: Any, to: Any) -> TracedValue:
    return _cast(value, to, arith.ExtUIOp)


def trunci(value: Any, to: Any) -> TracedValue:
    return _cast(value, to, arith.TruncIOp)


def sitofp(value: Any, to: Any) -> TracedValue:
    return _cast(value, to, arith.SIToFPOp)


def fptosi(value: Any, to: Any) -> TracedValue:
    return _cast(value, to, arith.FPToSIOp)


def extf(value: Any, to: Any) -> TracedValue:
    return _cast(value, to, arith.ExtFOp)


def truncf(value: Any, to: Any) -> TracedValue:
    return _cast(value, to, arith.TruncFOp)


def _binary(op_type: type) -> Any:
    def build(lhs: Any, rhs: Any) -> TracedValue:
        like = lhs if isinstance(lhs, TracedValue) else _value(rhs)
        a, b = as_value(lhs, like.type), as_value(rhs, like.type)
        return TracedValue(emit(op_type(a, b)).results[0])

    build.__name__ = build.__qualname__ = op_type.name.removeprefix("arith.")
    build.__doc__ = f"``{op_type.name}`` of two values (a Python number takes the other's type)."
    return build


# The element-wise ops by their MLIR names, as `from aie.extras.dialects import arith` offers them.
addi, subi, muli = _binary(arith.AddiOp), _binary(arith.SubiOp), _binary(arith.MuliOp)
divsi, divui = _binary(arith.DivSIOp), _binary(arith.DivUIOp)
remsi, remui = _binary(arith.RemSIOp), _binary(arith.RemUIOp)
floordivsi, ceildivsi = _binary(arith.FloorDivSIOp), _binary(arith.CeilDivSIOp)
andi, ori, xori = _binary(arith.AndIOp), _binary(arith.OrIOp), _binary(arith.XOrIOp)
shli, shrsi, shrui = _binary(arith.ShLIOp), _binary(arith.ShRSIOp), _binary(arith.ShRUIOp)
maxui, minui = _binary(arith.MaxUIOp), _binary(arith.MinUIOp)
addf, subf, mulf, divf = (
    _binary(arith.AddfOp),
    _binary(arith.SubfOp),
    _binary(arith.MulfOp),
    _binary(arith.DivfOp),
)


def cmpi(predicate: str, lhs: Any, rhs: Any) -> TracedValue:
    """``arith.cmpi <predicate>`` (``"slt"``, ``"eq"``, ...): an i1."""
    like = lhs if isinstance(lhs, TracedValue) else _value(rhs)
    a, b = as_value(lhs, like.type), as_value(rhs, like.type)
    return TracedValue(emit(arith.CmpiOp(a, b, predicate)).results[0])


def cmpf(predicate: str, lhs: Any, rhs: Any) -> TracedValue:
    """``arith.cmpf <predicate>`` (``"olt"``, ``"oeq"``, ...): an i1."""
    like = lhs if isinstance(lhs, TracedValue) else _value(rhs)
    a, b = as_value(lhs, like.type), as_value(rhs, like.type)
    return TracedValue(emit(arith.CmpfOp(a, b, predicate)).results[0])


def negf(value: Any) -> TracedValue:
    return TracedValue(emit(arith.NegfOp(_value(value).value)).results[0])


def uitofp(value: Any, to: Any) -> TracedValue:
    return _cast(value, to, arith.UIToFPOp)


def fptoui(value: Any, to: Any) -> TracedValue:
    return _cast(value, to, arith.FPToUIOp)


def bitcast(value: Any, to: Any) -> TracedValue:
    return _cast(value, to, arith.BitcastOp)


def ConstantOp(type: Any, value: int | float) -> TracedValue:  # noqa: N802 - MLIR's op class
    """``arith.ConstantOp(type, value)``, the op class of MLIR's bindings (result type first)."""
    return constant(value, type)


# The op classes of MLIR's bindings that 2024 designs called directly; each gives the traced
# result, which every builder takes where MLIR's bindings take the op's single result.
IndexCastOp = index_cast
TruncIOp = trunci
ExtSIOp = extsi
ExtUIOp = extui
SIToFPOp = sitofp
FPToSIOp = fptosi
AddIOp = addi
SubIOp = subi
MulIOp = muli
AddFOp = addf
MulFOp = mulf
