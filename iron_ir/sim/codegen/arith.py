"""``arith`` ops as Python expressions with the element type's exact semantics."""

from __future__ import annotations

import math

import numpy as np
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    IndexType,
    IntegerType,
)
from xdsl.ir import Operation

from iron_ir.sim.codegen.emitter import Emitter, Handler, where
from iron_ir.sim.errors import CoreExecutionError, UnsupportedOpError
from iron_ir.sim.types import float_ctor, int_width, is_float, numpy_dtype, signed, unsigned, wrap


def _wrap_expr(expr: str, width: int) -> str:
    if width == 1:
        return f"(({expr}) & 1)"
    half = 1 << (width - 1)
    return f"(((({expr}) + {half}) & {(half << 1) - 1}) - {half})"


def _u(expr: str, width: int) -> str:
    return f"(({expr}) & {(1 << width) - 1})"


def _s(expr: str, width: int) -> str:
    return f"(-({expr}))" if width == 1 else expr


def _ops(e: Emitter, op: Operation) -> list[str]:
    return [e.use(v) for v in op.operands]


def _result_width(op: Operation) -> int:
    return int_width(op.results[0].type)


# --- runtime helpers the generated code calls -----------------------------------------------


def _trunc_div(a: int, b: int, what: str) -> int:
    if b == 0:
        raise CoreExecutionError(f"{what}: integer division by zero (undefined behaviour in MLIR)")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _floor_div(a: int, b: int, what: str) -> int:
    if b == 0:
        raise CoreExecutionError(f"{what}: integer division by zero (undefined behaviour in MLIR)")
    return a // b


def _shift_amount(b: int, width: int, what: str) -> int:
    if not 0 <= b < width:
        raise CoreExecutionError(
            f"{what}: shift by {b} on a {width}-bit value (the result is poison in MLIR)"
        )
    return b


def _maximumf(a, b):
    if a != a or b != b:
        return a + b
    return a if a > b or (a == b and not math.copysign(1.0, float(a)) < 0) else b


def _minimumf(a, b):
    if a != a or b != b:
        return a + b
    return a if a < b or (a == b and math.copysign(1.0, float(a)) < 0) else b


def _maxnumf(a, b):
    if a != a:
        return b
    if b != b:
        return a
    return _maximumf(a, b)


def _minnumf(a, b):
    if a != a:
        return b
    if b != b:
        return a
    return _minimumf(a, b)


def _fp_to_int(x, width: int, is_signed: bool, what: str) -> int:
    if x != x or x in (float("inf"), float("-inf")):
        raise CoreExecutionError(f"{what}: converting {x} to an integer (poison in MLIR)")
    v = int(math.trunc(float(x)))
    lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if is_signed else (0, (1 << width) - 1)
    if not lo <= v <= hi:
        raise CoreExecutionError(
            f"{what}: {x} does not fit the {width}-bit {'signed' if is_signed else 'unsigned'} "
            f"range (poison in MLIR)"
        )
    return wrap(v, width)


def _bitcast(x, src: np.dtype, dst: np.dtype, dst_is_int: bool, width: int):
    raw = np.array(x if not isinstance(x, bool) else int(x)).astype(src, copy=False)
    out = raw.view(dst)[()]
    return wrap(int(out), width) if dst_is_int else out


RUNTIME = {
    "_trunc_div": _trunc_div,
    "_floor_div": _floor_div,
    "_shift": _shift_amount,
    "_maximumf": _maximumf,
    "_minimumf": _minimumf,
    "_maxnumf": _maxnumf,
    "_minnumf": _minnumf,
    "_fp_to_int": _fp_to_int,
    "_bitcast": _bitcast,
    "_wrap": wrap,
    "_signed": signed,
    "_unsigned": unsigned,
}


# --- emitters -------------------------------------------------------------------------------


def _constant(e: Emitter, op: Operation) -> None:
    value = op.properties.get("value")
    if value is None:
        value = op.attributes.get("value")
    res = op.results[0]
    name = e.define(res, "c")
    if isinstance(value, IntegerAttr):
        if isinstance(value.type, (IntegerType, IndexType)):
            e.line(f"{name} = {wrap(value.value.data, int_width(value.type))}")
            return
    if isinstance(value, FloatAttr):
        e.line(f"{name} = {e.const(float_ctor(value.type)(value.value.data), 'f')}")
        return
    if isinstance(value, DenseIntOrFPElementsAttr):
        raise UnsupportedOpError(
            f"{where(op)}: vector/tensor constants are not simulated; use scalar code or a kernel"
        )
    raise UnsupportedOpError(f"{where(op)}: arith.constant of {value} is not supported")


def _binary_int(expr_of):
    def emit(e: Emitter, op: Operation) -> None:
        a, b = _ops(e, op)
        w = _result_width(op)
        e.line(f"{e.define(op.results[0])} = {expr_of(a, b, w, e, op)}")

    return emit


def _what(e: Emitter, op: Operation) -> str:
    return e.const(f"{where(op)} in {e.what}", "w")


_INT_BINARY = {
    "arith.addi": lambda a, b, w, e, op: _wrap_expr(f"{a} + {b}", w),
    "arith.subi": lambda a, b, w, e, op: _wrap_expr(f"{a} - {b}", w),
    "arith.muli": lambda a, b, w, e, op: _wrap_expr(f"{a} * {b}", w),
    "arith.andi": lambda a, b, w, e, op: f"({a} & {b})",
    "arith.ori": lambda a, b, w, e, op: f"({a} | {b})",
    "arith.xori": lambda a, b, w, e, op: f"({a} ^ {b})",
    "arith.divsi": lambda a, b, w, e, op: _wrap_expr(
        f"_trunc_div({_s(a, w)}, {_s(b, w)}, {_what(e, op)})", w
    ),
    "arith.divui": lambda a, b, w, e, op: _wrap_expr(
        f"_floor_div({_u(a, w)}, {_u(b, w)}, {_what(e, op)})", w
    ),
    "arith.remsi": lambda a, b, w, e, op: _wrap_expr(
        f"{_s(a, w)} - {_s(b, w)} * _trunc_div({_s(a, w)}, {_s(b, w)}, {_what(e, op)})", w
    ),
    "arith.remui": lambda a, b, w, e, op: _wrap_expr(
        f"{_u(a, w)} - {_u(b, w)} * _floor_div({_u(a, w)}, {_u(b, w)}, {_what(e, op)})", w
    ),
    "arith.floordivsi": lambda a, b, w, e, op: _wrap_expr(
        f"_floor_div({_s(a, w)}, {_s(b, w)}, {_what(e, op)})", w
    ),
    "arith.ceildivsi": lambda a, b, w, e, op: _wrap_expr(
        f"-_floor_div(-{_s(a, w)}, {_s(b, w)}, {_what(e, op)})", w
    ),
    "arith.ceildivui": lambda a, b, w, e, op: _wrap_expr(
        f"-_floor_div(-{_u(a, w)}, {_u(b, w)}, {_what(e, op)})", w
    ),
    "arith.maxsi": lambda a, b, w, e, op: f"({a} if {_s(a, w)} >= {_s(b, w)} else {b})",
    "arith.minsi": lambda a, b, w, e, op: f"({a} if {_s(a, w)} <= {_s(b, w)} else {b})",
    "arith.maxui": lambda a, b, w, e, op: f"({a} if {_u(a, w)} >= {_u(b, w)} else {b})",
    "arith.minui": lambda a, b, w, e, op: f"({a} if {_u(a, w)} <= {_u(b, w)} else {b})",
    "arith.shli": lambda a, b, w, e, op: _wrap_expr(
        f"{a} << _shift({_u(b, w)}, {w}, {_what(e, op)})", w
    ),
    "arith.shrsi": lambda a, b, w, e, op: (
        f"({_s(a, w)} >> _shift({_u(b, w)}, {w}, {_what(e, op)}))"
        if w != 1
        else f"({a} >> _shift({_u(b, w)}, 1, {_what(e, op)}))"
    ),
    "arith.shrui": lambda a, b, w, e, op: _wrap_expr(
        f"{_u(a, w)} >> _shift({_u(b, w)}, {w}, {_what(e, op)})", w
    ),
}

_CMPI = ["==", "!=", "<", "<=", ">", ">=", "<", "<=", ">", ">="]


def _cmpi(e: Emitter, op: Operation) -> None:
    a, b = _ops(e, op)
    pred = op.properties["predicate"].value.data
    w = int_width(op.operands[0].type)
    if pred < 2:
        expr = f"int({a} {_CMPI[pred]} {b})"
    elif pred < 6:
        expr = f"int({_s(a, w)} {_CMPI[pred]} {_s(b, w)})"
    else:
        expr = f"int({_u(a, w)} {_CMPI[pred]} {_u(b, w)})"
    e.line(f"{e.define(op.results[0])} = {expr}")


_CMPF = {
    0: "0",
    1: "int({a} == {b})",
    2: "int({a} > {b})",
    3: "int({a} >= {b})",
    4: "int({a} < {b})",
    5: "int({a} <= {b})",
    6: "int({a} == {a} and {b} == {b} and {a} != {b})",
    7: "int({a} == {a} and {b} == {b})",
    8: "int(not ({a} != {b}))",
    9: "int(not ({a} <= {b}))",
    10: "int(not ({a} < {b}))",
    11: "int(not ({a} >= {b}))",
    12: "int(not ({a} > {b}))",
    13: "int({a} != {b})",
    14: "int({a} != {a} or {b} != {b})",
    15: "1",
}


def _cmpf(e: Emitter, op: Operation) -> None:
    a, b = _ops(e, op)
    pred = op.properties["predicate"].value.data
    e.line(f"{e.define(op.results[0])} = {_CMPF[pred].format(a=a, b=b)}")


def _float_binary(symbol: str):
    def emit(e: Emitter, op: Operation) -> None:
        a, b = _ops(e, op)
        e.line(f"{e.define(op.results[0])} = {a} {symbol} {b}")

    return emit


def _float_call(fn: str):
    def emit(e: Emitter, op: Operation) -> None:
        a, b = _ops(e, op)
        e.line(f"{e.define(op.results[0])} = {fn}({a}, {b})")

    return emit


def _negf(e: Emitter, op: Operation) -> None:
    (a,) = _ops(e, op)
    e.line(f"{e.define(op.results[0])} = -{a}")


def _select(e: Emitter, op: Operation) -> None:
    c, a, b = _ops(e, op)
    e.line(f"{e.define(op.results[0])} = {a} if {c} else {b}")


def _extsi(e: Emitter, op: Operation) -> None:
    (a,) = _ops(e, op)
    w = int_width(op.operands[0].type)
    e.line(f"{e.define(op.results[0])} = {_s(a, w)}")


def _extui(e: Emitter, op: Operation) -> None:
    (a,) = _ops(e, op)
    w = int_width(op.operands[0].type)
    e.line(f"{e.define(op.results[0])} = {_wrap_expr(_u(a, w), _result_width(op))}")


def _trunci(e: Emitter, op: Operation) -> None:
    (a,) = _ops(e, op)
    e.line(f"{e.define(op.results[0])} = {_wrap_expr(a, _result_width(op))}")


def _index_cast(e: Emitter, op: Operation) -> None:
    (a,) = _ops(e, op)
    src, dst = int_width(op.operands[0].type), _result_width(op)
    expr = _s(a, src) if dst >= src else _wrap_expr(a, dst)
    e.line(f"{e.define(op.results[0])} = {expr}")


def _index_castui(e: Emitter, op: Operation) -> None:
    (a,) = _ops(e, op)
    src, dst = int_width(op.operands[0].type), _result_width(op)
    e.line(f"{e.define(op.results[0])} = {_wrap_expr(_u(a, src), dst)}")


def _int_to_fp(is_signed: bool):
    def emit(e: Emitter, op: Operation) -> None:
        (a,) = _ops(e, op)
        w = int_width(op.operands[0].type)
        ctor = e.const(float_ctor(op.results[0].type), "ctor")
        reading = _s(a, w) if is_signed else _u(a, w)
        e.line(f"{e.define(op.results[0])} = {ctor}({reading})")

    return emit


def _fp_to_int_emit(is_signed: bool):
    def emit(e: Emitter, op: Operation) -> None:
        (a,) = _ops(e, op)
        w = _result_width(op)
        e.line(f"{e.define(op.results[0])} = _fp_to_int({a}, {w}, {is_signed}, {_what(e, op)})")

    return emit


def _fp_convert(e: Emitter, op: Operation) -> None:
    (a,) = _ops(e, op)
    ctor = e.const(float_ctor(op.results[0].type), "ctor")
    e.line(f"{e.define(op.results[0])} = {ctor}({a})")


def _bitcast_emit(e: Emitter, op: Operation) -> None:
    (a,) = _ops(e, op)
    src_t, dst_t = op.operands[0].type, op.results[0].type
    dst_is_int = not is_float(dst_t)
    width = int_width(dst_t) if dst_is_int else 0
    src = e.const(numpy_dtype(src_t), "dt")
    dst = e.const(numpy_dtype(dst_t), "dt")
    e.line(f"{e.define(op.results[0])} = _bitcast({a}, {src}, {dst}, {dst_is_int}, {width})")


HANDLERS: dict[str, Handler] = {
    "arith.constant": _constant,
    **{name: _binary_int(fn) for name, fn in _INT_BINARY.items()},
    "arith.cmpi": _cmpi,
    "arith.cmpf": _cmpf,
    "arith.addf": _float_binary("+"),
    "arith.subf": _float_binary("-"),
    "arith.mulf": _float_binary("*"),
    "arith.divf": _float_binary("/"),
    "arith.negf": _negf,
    "arith.maximumf": _float_call("_maximumf"),
    "arith.minimumf": _float_call("_minimumf"),
    "arith.maxnumf": _float_call("_maxnumf"),
    "arith.minnumf": _float_call("_minnumf"),
    "arith.select": _select,
    "arith.extsi": _extsi,
    "arith.extui": _extui,
    "arith.trunci": _trunci,
    "arith.index_cast": _index_cast,
    "arith.index_castui": _index_castui,
    "arith.sitofp": _int_to_fp(True),
    "arith.uitofp": _int_to_fp(False),
    "arith.fptosi": _fp_to_int_emit(True),
    "arith.fptoui": _fp_to_int_emit(False),
    "arith.extf": _fp_convert,
    "arith.truncf": _fp_convert,
    "arith.bitcast": _bitcast_emit,
}
