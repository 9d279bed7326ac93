"""Tracing Python into IR: a worker's ``core_fn``, a ``@func`` kernel body, ``rt.inline_ops``.

The Python function runs once, at resolve time, against proxies. ``TracedValue`` wraps an SSA
value: arithmetic and comparisons become ``arith`` ops, indexing a memref becomes
``memref.load``/``memref.store``; ``range_`` becomes ``scf.for``. Where the ops go is the
innermost active :class:`Tracer`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    FileLineColLoc,
    FloatAttr,
    IndexType,
    IntegerType,
    MemRefType,
    Signedness,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from iron_ir.errors import TraceError, location_attr, user_location
from iron_ir.ir.constraints import int_attr
from iron_ir.ir.fast_build import constant_op, for_op
from iron_ir.ir.fast_verify import install as install_fast_verifiers

# Traced bodies are arith, memref and scf ops: verified with the short IRDL checks too.
install_fast_verifiers([*arith.Arith.operations, *scf.Scf.operations])


@functools.cache
def _memref():
    """xDSL's memref dialect, imported when a design first indexes a buffer (most designs
    never do, and it is one of the slowest dialects to import)."""
    from xdsl.dialects import memref

    install_fast_verifiers(memref.MemRef.operations)
    return memref


class Tracer:
    """Collects the ops a traced Python function emits. ``owner`` is what is being traced
    (a Worker, a kernel function, the Runtime); ``program`` is the program being resolved."""

    def __init__(self, block: Block, owner: Any, program: Any):
        self.owner = owner
        self.program = program
        self._points: list[InsertPoint] = [InsertPoint.at_end(block)]

    def insert(self, op: Operation) -> Operation:
        Rewriter.insert_op(op, self._points[-1])
        if not isinstance(op.location, FileLineColLoc):
            op.location = location_attr(user_location())
        return op

    @property
    def point(self) -> InsertPoint:
        """Where the next op goes."""
        return self._points[-1]

    @contextmanager
    def at(self, point: InsertPoint) -> Iterator[None]:
        self._points.append(point)
        try:
            yield
        finally:
            self._points.pop()


_ACTIVE: list[Tracer] = []


@contextmanager
def tracing(tracer: Tracer) -> Iterator[Tracer]:
    _ACTIVE.append(tracer)
    try:
        yield tracer
    finally:
        _ACTIVE.pop()


def current_tracer() -> Tracer | None:
    return _ACTIVE[-1] if _ACTIVE else None


def require_tracer(what: str) -> Tracer:
    tracer = current_tracer()
    if tracer is None:
        raise TraceError(
            f"{what} can only be used while a worker's core function, a @func kernel or an "
            "rt.inline_ops function is traced (inside Program.resolve_program)"
        )
    return tracer


def emit(op: Operation) -> Operation:
    return require_tracer(f"'{op.name}'").insert(op)


def _is_int_like(t: Attribute) -> bool:
    return isinstance(t, IntegerType | IndexType)


def _is_unsigned(t: Attribute) -> bool:
    return isinstance(t, IntegerType) and t.signedness.data == Signedness.UNSIGNED


def constant(value: int | float | bool | np.generic, type: Attribute) -> TracedValue:
    """``arith.constant value : type`` at the current point."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(type, IntegerType | IndexType):
        if isinstance(value, float) and not float(value).is_integer():
            raise TraceError(f"cannot use the float {value} where a {type} integer is expected")
        attr: Attribute = int_attr(int(value), type)
    elif isinstance(type, AnyFloat):
        attr = FloatAttr(float(value), type)
    else:
        raise TraceError(f"cannot make a constant of type {type}")
    return TracedValue(emit(constant_op(attr)).results[0])


def index_value(x: Any) -> SSAValue:
    """An ``index`` SSA value for a loop bound or subscript (Python int or traced integer)."""
    if isinstance(x, TracedValue):
        x = x.value
    if isinstance(x, SSAValue):
        if isinstance(x.type, IndexType):
            return x
        if isinstance(x.type, IntegerType):
            return emit(arith.IndexCastOp(x, IndexType())).results[0]
        raise TraceError(f"a loop bound or subscript must be an integer, got a {x.type} value")
    if isinstance(x, bool) or not isinstance(x, int | np.integer):
        raise TraceError(f"a loop bound or subscript must be an integer, got {x!r}")
    return constant(int(x), IndexType()).value


def as_value(x: Any, like: Attribute) -> SSAValue:
    """``x`` as an SSA value of type ``like``: traced values must already have that type
    (index and integer values are cast into each other), Python scalars become constants."""
    if isinstance(x, TracedValue):
        x = x.value
    if isinstance(x, SSAValue):
        if x.type == like:
            return x
        if _is_int_like(x.type) and _is_int_like(like) and (
            isinstance(x.type, IndexType) or isinstance(like, IndexType)
        ):
            return emit(arith.IndexCastOp(x, like)).results[0]
        raise TraceError(
            f"a {x.type} value is used where a {like} value is expected; IRON does not convert "
            "between element types implicitly"
        )
    if isinstance(x, bool | int | float | np.generic):
        return constant(x, like).value
    raise TraceError(f"cannot use {x!r} (a {type(x).__name__}) as a {like} value")


_INT_CMP = {"lt": "slt", "le": "sle", "gt": "sgt", "ge": "sge", "eq": "eq", "ne": "ne"}
_UINT_CMP = {"lt": "ult", "le": "ule", "gt": "ugt", "ge": "uge", "eq": "eq", "ne": "ne"}
_FLOAT_CMP = {"lt": "olt", "le": "ole", "gt": "ogt", "ge": "oge", "eq": "oeq", "ne": "one"}

_INT_OPS: dict[str, type[Operation]] = {
    "add": arith.AddiOp,
    "sub": arith.SubiOp,
    "mul": arith.MuliOp,
    "floordiv": arith.FloorDivSIOp,
    "truediv": arith.DivSIOp,
    "mod": arith.RemSIOp,
    "and": arith.AndIOp,
    "or": arith.OrIOp,
    "xor": arith.XOrIOp,
    "lshift": arith.ShLIOp,
    "rshift": arith.ShRSIOp,
}
_FLOAT_OPS: dict[str, type[Operation]] = {
    "add": arith.AddfOp,
    "sub": arith.SubfOp,
    "mul": arith.MulfOp,
    "truediv": arith.DivfOp,
}


class TracedValue:
    """An SSA value seen from Python during tracing."""

    __slots__ = ("value",)

    def __init__(self, value: SSAValue):
        self.value = value

    @property
    def type(self) -> Attribute:
        return self.value.type

    def __repr__(self) -> str:
        return f"TracedValue({self.type})"

    def __hash__(self) -> int:
        return id(self)

    def __bool__(self) -> bool:
        raise TraceError(
            f"a traced {self.type} value has no Python truth value: its value is only known on "
            "the NPU. Python `if`/`while`/`and`/`or` on it cannot be traced; compute with arith "
            "(e.g. a select) or branch on Python values instead"
        )

    def __index__(self) -> int:
        raise TraceError(
            f"a traced {self.type} value cannot be used as a Python integer (e.g. in range()); "
            "use range_ from iron_ir.controlflow for a loop on the NPU"
        )

    # --- arithmetic ------------------------------------------------------------------------

    def _arith(self, other: Any, kind: str, reverse: bool = False) -> TracedValue:
        t = self.type
        rhs = as_value(other, t)
        lhs, rhs = (rhs, self.value) if reverse else (self.value, rhs)
        if _is_int_like(t):
            if _is_unsigned(t):
                raise TraceError(
                    f"arith on {t} values: MLIR's arith ops take signless integers; load the "
                    "data as a signed type (e.g. np.int8) or let a kernel do the arithmetic"
                )
            op_type = _INT_OPS.get(kind)
        else:
            op_type = _FLOAT_OPS.get(kind)
        if op_type is None:
            raise TraceError(f"operator '{kind}' is not supported on {t} values")
        return TracedValue(emit(op_type(lhs, rhs)).results[0])

    def _compare(self, other: Any, kind: str) -> TracedValue:
        t = self.type
        rhs = as_value(other, t)
        if _is_int_like(t):
            table = _UINT_CMP if _is_unsigned(t) else _INT_CMP
            op: Operation = arith.CmpiOp(self.value, rhs, table[kind])
        else:
            op = arith.CmpfOp(self.value, rhs, _FLOAT_CMP[kind])
        return TracedValue(emit(op).results[0])

    def __neg__(self) -> TracedValue:
        if _is_int_like(self.type):
            return self._arith(0, "sub", reverse=True)
        return TracedValue(emit(arith.NegfOp(self.value)).results[0])

    # --- memref access -----------------------------------------------------------------------

    def _indices(self, key: Any) -> list[SSAValue]:
        t = self.type
        if not isinstance(t, MemRefType):
            raise TraceError(f"a {t} value cannot be indexed; only buffers (memrefs) can")
        keys = key if isinstance(key, tuple) else (key,)
        rank = t.get_num_dims()
        if len(keys) != rank:
            raise TraceError(
                f"{t} has {rank} dimension(s) but is indexed with {len(keys)} subscript(s)"
            )
        for k, dim in zip(keys, t.get_shape()):
            if isinstance(k, int | np.integer) and not 0 <= k < dim:
                raise TraceError(f"index {k} is outside a dimension of size {dim} of {t}")
            if isinstance(k, slice):
                raise TraceError("slices of buffers cannot be traced; index single elements")
        return [index_value(k) for k in keys]

    def __getitem__(self, key: Any) -> TracedValue:
        indices = self._indices(key)
        return TracedValue(emit(_memref().LoadOp.get(self.value, indices)).results[0])

    def __setitem__(self, key: Any, value: Any) -> None:
        indices = self._indices(key)
        elem = as_value(value, self.type.get_element_type())  # type: ignore[attr-defined]
        emit(_memref().StoreOp.get(elem, self.value, indices))

    def __len__(self) -> int:
        t = self.type
        if not isinstance(t, MemRefType):
            raise TraceError(f"a {t} value has no length")
        return t.get_shape()[0]


def _binary(kind: str, reverse: bool = False) -> Callable[[TracedValue, Any], TracedValue]:
    return lambda self, other: self._arith(other, kind, reverse)


def _comparison(kind: str) -> Callable[[TracedValue, Any], TracedValue]:
    return lambda self, other: self._compare(other, kind)


for _kind in ("add", "sub", "mul", "floordiv", "truediv", "mod", "and", "or", "xor",
              "lshift", "rshift"):
    setattr(TracedValue, f"__{_kind}__", _binary(_kind))
    setattr(TracedValue, f"__r{_kind}__", _binary(_kind, reverse=True))
for _kind in ("lt", "le", "gt", "ge", "eq", "ne"):
    setattr(TracedValue, f"__{_kind}__", _comparison(_kind))
del _kind


def range_(
    *args: Any, iter_args: Any = None, insert_yield: bool = True
) -> Iterator[Any]:
    """``for i in range_(n)`` / ``range_(start, stop[, step])`` → ``scf.for`` over ``index``.

    Bounds are Python ints or traced integers. The loop body runs once in Python (it is traced);
    ``i`` is the induction variable. A plain ``range()`` unrolls instead.

    With ``iter_args=[v, ...]`` (mlir-aie's ``_for``) the loop carries values: it yields
    ``(i, carried, result)`` — one carried value and the loop's result, or tuples of them when
    several are carried — and the body ends with ``yield_([next, ...])``. ``insert_yield`` is
    accepted for mlir-aie's signature; the loop's terminator is always there, so an explicit
    ``yield_([])`` is harmless.
    """
    if not 1 <= len(args) <= 3:
        raise TraceError(f"range_ takes 1 to 3 arguments (stop | start, stop[, step]), got {len(args)}")
    start, stop, step = (0, args[0], 1) if len(args) == 1 else (*args, 1)[:3]
    if isinstance(step, int | np.integer) and step <= 0:
        raise TraceError(f"range_ step must be positive, got {step}")
    tracer = require_tracer("range_")
    lb, ub, st = index_value(start), index_value(stop), index_value(step)
    carried = [_carried_value(v) for v in (iter_args or [])]
    terminator = scf.YieldOp()
    body = Block([terminator], arg_types=[IndexType(), *(v.type for v in carried)])
    loop = for_op(lb, ub, st, carried, body)
    tracer.insert(loop)
    # The body is traced before the terminator, so a `break` in the Python loop still leaves
    # a well-formed loop (whose body is what was traced before the break).
    with tracer.at(InsertPoint.before(terminator)):
        iv = TracedValue(body.args[0])
        if not carried:
            yield iv
        else:
            inner = [TracedValue(a) for a in body.args[1:]]
            results = [TracedValue(r) for r in loop.results]
            if len(carried) == 1:
                yield iv, inner[0], results[0]
            else:
                yield iv, tuple(inner), tuple(results)
            if len(terminator.operands) != len(carried):
                raise TraceError(
                    f"a range_ loop with {len(carried)} iter_args must end its body with "
                    f"yield_([...]) giving the {len(carried)} next value(s)"
                )


def _carried_value(value: Any) -> SSAValue:
    if isinstance(value, TracedValue):
        return value.value
    if isinstance(value, SSAValue):
        return value
    raise TraceError(
        f"iter_args must be traced values (e.g. arith.constant(0)), got {value!r}; a Python "
        "number has no type to carry"
    )


def yield_(values: Any = ()) -> None:
    """``scf.yield`` of the body being traced: the next values of a loop's ``iter_args`` (or an
    ``if_``'s results). ``yield_([])`` ends a body without values; every traced body already
    ends with its terminator, so that form only marks the end, as in mlir-aie designs."""
    tracer = require_tracer("yield_")
    point = tracer.point
    terminator = point.insert_before
    if not isinstance(terminator, scf.YieldOp) or terminator is not point.block.last_op:
        raise TraceError(
            "yield_ must be the last statement of a range_/_for loop body or an if_/else_ "
            "block"
        )
    items = list(values) if isinstance(values, list | tuple) else [values]
    if not items:
        return
    parent = point.block.parent_op()
    wanted = [a.type for a in point.block.args[1:]] if isinstance(parent, scf.ForOp) else [
        r.type for r in (parent.results if parent is not None else [])
    ]
    if len(items) != len(wanted):
        raise TraceError(
            f"yield_ gives {len(items)} value(s) but the enclosing "
            f"{'loop carries' if isinstance(parent, scf.ForOp) else 'if_ returns'} "
            f"{len(wanted)}"
        )
    terminator.operands = [as_value(v, t) for v, t in zip(items, wanted)]


@contextmanager
def if_(cond: Any, hasElse: bool = True, insert_yield: bool = True) -> Iterator[scf.IfOp]:
    """``with if_(cond) as op:`` traces the then-block of an ``scf.if`` (mlir-aie's
    ``aie.helpers.dialects.ext.scf.if_``); ``with else_(op):`` the else-block."""
    tracer = require_tracer("if_")
    c = cond.value if isinstance(cond, TracedValue) else cond
    if not isinstance(c, SSAValue) or c.type != IntegerType(1):
        raise TraceError(f"if_ needs a traced i1 condition (a comparison), got {cond!r}")
    then_yield = scf.YieldOp()
    else_region = Region(Block([scf.YieldOp()])) if hasElse else Region()
    op = scf.IfOp(c, [], Region(Block([then_yield])), else_region)
    tracer.insert(op)
    with tracer.at(InsertPoint.before(then_yield)):
        yield op


@contextmanager
def else_(if_op: scf.IfOp, insert_yield: bool = True) -> Iterator[None]:
    """The else-block of an ``if_`` made with ``hasElse=True``."""
    tracer = require_tracer("else_")
    if not isinstance(if_op, scf.IfOp) or not if_op.false_region.blocks:
        raise TraceError("else_ needs the op of an if_(cond, hasElse=True) block")
    block = if_op.false_region.block
    with tracer.at(InsertPoint.before(block.last_op)):  # pyright: ignore[reportArgumentType]
        yield
