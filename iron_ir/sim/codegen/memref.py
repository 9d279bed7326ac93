"""``memref`` ops on numpy arrays: loads/stores index the live buffers, views stay views."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, MemRefType
from xdsl.ir import Attribute, Operation

from iron_ir.sim.codegen.emitter import Emitter, Handler, where
from iron_ir.sim.errors import CoreExecutionError, UnsupportedOpError
from iron_ir.sim.types import alloc_memref, is_float, memref_shape, numpy_dtype

DYNAMIC = -(2**63)


def dense_to_numpy(attr: Attribute, shape: tuple[int, ...], element_type: Attribute) -> np.ndarray:
    """A ``dense<...>`` initial value as a fresh, writable numpy array of ``shape``."""
    if not isinstance(attr, DenseIntOrFPElementsAttr):
        raise UnsupportedOpError(f"initial value {attr} is not a dense literal")
    values = np.array(attr.get_values(), dtype=np.float64 if is_float(element_type) else object)
    dtype = numpy_dtype(element_type)
    if values.dtype == object:
        values = np.array([int(v) for v in values.reshape(-1)], dtype=np.int64)
        bits = dtype.itemsize * 8
        if dtype.kind == "u":
            values = values & ((1 << bits) - 1)
    out = np.empty(shape, dtype=dtype)
    flat = values.astype(dtype) if values.size else values
    if flat.size == 1:
        out[...] = flat.reshape(())
    else:
        out[...] = flat.reshape(shape)
    return out


def _index(e: Emitter, indices) -> str:
    names = [e.use(i) for i in indices]
    if not names:
        return "()"
    return ", ".join(names) + ("," if len(names) == 1 else "")


def _check_negative(e: Emitter, op: Operation, indices) -> None:
    """numpy reads a negative index from the end; in MLIR it is out of bounds."""
    names = [e.use(i) for i in indices]
    if names:
        test = " or ".join(f"{n} < 0" for n in names)
        what = e.const(f"{where(op)} in {e.what}", "w")
        e.line(f"if {test}: _negative_index({what}, {', '.join(names)})")


def _load(e: Emitter, op: Operation) -> None:
    mem, *indices = op.operands
    t = op.results[0].type
    _check_negative(e, op, indices)
    access = f"{e.use(mem)}[{_index(e, indices)}]"
    if is_float(t):
        expr = access
    else:
        expr = f"int({access})"
    e.line(f"{e.define(op.results[0])} = {expr}")


def _store(e: Emitter, op: Operation) -> None:
    value, mem, *indices = op.operands
    _check_negative(e, op, indices)
    e.line(f"{e.use(mem)}[{_index(e, indices)}] = {e.use(value)}")


def _alloc(e: Emitter, op: Operation) -> None:
    t = op.results[0].type
    if op.operands:
        raise UnsupportedOpError(f"{where(op)}: {op.name} with dynamic sizes is not simulated")
    zeros = e.const(lambda t=t: alloc_memref(t), "alloc")
    e.line(f"{e.define(op.results[0], 'm')} = {zeros}()")


def _dealloc(e: Emitter, op: Operation) -> None:
    return


def _get_global(e: Emitter, op: Operation) -> None:
    name = op.properties["name"].root_reference.data
    arrays = e.scope.extra.get("memref_globals", {})
    if name not in arrays:
        raise UnsupportedOpError(f"{where(op)}: memref.get_global of unknown global @{name}")
    e.bind(op.results[0], e.const(arrays[name], "g"))


def _copy(e: Emitter, op: Operation) -> None:
    src, dst = (e.use(v) for v in op.operands)
    e.line(f"{dst}[...] = {src}")


def _static_or_dynamic(e: Emitter, static, dynamic) -> list[str]:
    dyn = iter(dynamic)
    return [e.use(next(dyn)) if v == DYNAMIC else str(v) for v in static.get_values()]


def _subview(e: Emitter, op: Operation) -> None:
    src = op.operands[0]
    offsets = _static_or_dynamic(e, op.properties["static_offsets"], op.offsets)
    sizes = _static_or_dynamic(e, op.properties["static_sizes"], op.sizes)
    strides = _static_or_dynamic(e, op.properties["static_strides"], op.strides)
    slices = ", ".join(f"{o}:{o}+({s}-1)*{t}+1:{t}" for o, s, t in zip(offsets, sizes, strides))
    shape = memref_shape(op.results[0].type)
    e.line(f"{e.define(op.results[0], 'm')} = {e.use(src)}[{slices}].reshape({shape!r})")


def _reshape_like(e: Emitter, op: Operation) -> None:
    t = op.results[0].type
    if not isinstance(t, MemRefType):
        raise UnsupportedOpError(f"{where(op)}: {op.name} to {t}")
    shape = memref_shape(t)
    e.line(f"{e.define(op.results[0], 'm')} = {e.use(op.operands[0])}.reshape({shape!r})")


def _cast(e: Emitter, op: Operation) -> None:
    e.bind(op.results[0], e.use(op.operands[0]))


def _dim(e: Emitter, op: Operation) -> None:
    mem, index = (e.use(v) for v in op.operands)
    e.line(f"{e.define(op.results[0])} = {mem}.shape[{index}]")


def _negative_index(what: str, *indices: int) -> None:
    raise CoreExecutionError(
        f"{what}: memref index {list(indices)} is negative (out of bounds in MLIR)"
    )


RUNTIME = {"_negative_index": _negative_index}

HANDLERS: dict[str, Handler] = {
    "memref.load": _load,
    "memref.store": _store,
    "memref.alloc": _alloc,
    "memref.alloca": _alloc,
    "memref.dealloc": _dealloc,
    "memref.get_global": _get_global,
    "memref.copy": _copy,
    "memref.subview": _subview,
    "memref.collapse_shape": _reshape_like,
    "memref.expand_shape": _reshape_like,
    "memref.cast": _cast,
    "memref.dim": _dim,
}
