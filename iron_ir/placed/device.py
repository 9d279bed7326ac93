"""Devices, tiles, cores, kernels, buffers and locks of a placed design.

``@device(AIEDevice.npu1_1col)`` builds ``aie.device`` and runs the decorated function inside
it; ``tile(col, row)``; ``@core(tile[, "kernel.o"], stack_size=...)`` builds ``aie.core`` and
traces its body; ``external_func(name, inputs=[...], link_with=...)`` declares a kernel;
``buffer``, ``external_buffer``, ``lock``, ``use_lock``. Signatures, keywords and defaults are
mlir-aie's (``python/dialects/aie.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from xdsl.dialects import func as func_dialect
from xdsl.dialects.builtin import (
    BoolAttr,
    DictionaryAttr,
    FunctionType,
    IntegerAttr,
    MemRefType,
    StringAttr,
    UnitAttr,
    i64,
)
from xdsl.ir import Attribute, Block, Region

from iron_ir.api.kernel import BaseKernel
from iron_ir.device import DEVICES_BY_ENUM, get_device
from iron_ir.device.table import UnknownDeviceError
from iron_ir.dialects.aie import (
    AIEDevice,
    AIETileType,
    BDDimLayoutAttr,
    BDPadLayoutAttr,
    LogicalTileOp,
    BufferOp,
    CoreOp,
    DeviceOp,
    EndOp,
    ExternalBufferOp,
    LockAction,
    LockBlocking,
    LockOp,
    TileOp,
    UseLockOp,
)
from iron_ir.dtype import dense_elements, is_ndarray_type, type_to_mlir
from iron_ir.errors import DeviceError, IronTypeError, TraceError
from iron_ir.placed.builder import (
    IntView,
    OpHandle,
    StrView,
    emit,
    enclosing_op,
    inside,
    require_module,
    ssa,
)
from iron_ir.tracing.engine import TracedValue


def mlir_type(t: Any, what: str) -> Attribute:
    """An MLIR type from a numpy ndarray type, numpy scalar type or MLIR type."""
    try:
        return type_to_mlir(t)
    except IronTypeError as err:
        raise IronTypeError(f"{what}: {err.message}") from None


def memref_type(t: Any, what: str) -> MemRefType:
    result = mlir_type(t, what) if is_ndarray_type(t) or isinstance(t, Attribute) else None
    if not isinstance(result, MemRefType):
        raise IronTypeError(
            f"{what}: expected a buffer type (np.ndarray[(n, ...), np.dtype[...]] or "
            f"T.memref(...)), got {t!r}"
        )
    return result


# --- aie.device ---------------------------------------------------------------------------------


def _device_enum(dev: Any) -> int:
    if isinstance(dev, AIEDevice):
        return int(dev)
    if hasattr(dev, "resolve") and callable(dev.resolve):  # aie.iron.device.NPU1Col1() etc.
        dev = dev.resolve()
    if isinstance(dev, str):
        if dev in AIEDevice.__members__:  # also the older names, such as "ipu"
            return int(AIEDevice[dev])
        try:
            return get_device(dev).enum_value
        except UnknownDeviceError as err:
            raise DeviceError(str(err)) from None
    if isinstance(dev, int) and not isinstance(dev, bool) and dev in DEVICES_BY_ENUM:
        return int(dev)
    names = ", ".join(f"AIEDevice.{d.name}" for d in AIEDevice)
    raise DeviceError(f"@device: unknown device {dev!r}; use one of {names}")


class _Device(OpHandle):
    op: DeviceOp


def device(dev: Any, *, sym_name: str | None = None) -> Callable[[Callable[[], Any]], _Device]:
    """``@device(AIEDevice.npu1_1col)``: build ``aie.device`` and run the decorated function
    in its body (once, at decoration)."""
    op = DeviceOp(_device_enum(dev), sym_name=sym_name)

    def decorate(body: Callable[[], Any]) -> _Device:
        emit(op, "@device")
        with inside(op.body, "@device"):
            body()
        return _Device(op)

    return decorate


# --- aie.tile -----------------------------------------------------------------------------------


class Tile(OpHandle):
    """``tile(col, row)``'s result; ``int(t.col)``, ``t.col.value`` as in mlir-aie."""

    op: TileOp

    @property
    def col(self) -> IntView:
        return IntView(self.op.col_row[0])

    @property
    def row(self) -> IntView:
        return IntView(self.op.col_row[1])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tile) and self.op.col_row == other.op.col_row

    def __hash__(self) -> int:
        return hash(self.op.col_row)

    def __lt__(self, other: Tile) -> bool:
        return self.op.col_row < other.op.col_row

    def __str__(self) -> str:
        return f"tile(col={self.col}, row={self.row})"

    __repr__ = __str__

    def _kind(self) -> str | None:
        kind = self.op.kind_or_none()
        return None if kind is None else kind.value

    def is_core_tile(self) -> bool:
        return self._kind() == "tile"

    def is_mem_tile(self) -> bool:
        return self._kind() == "mem_tile"

    def is_shim_noc_tile(self) -> bool:
        return self._kind() == "shim_noc_tile"

    def is_shim_pl_tile(self) -> bool:
        return self._kind() == "shim_pl_tile"

    def is_shim_tile(self) -> bool:
        return self.is_shim_noc_tile() or self.is_shim_pl_tile()


def _coordinate(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise IronTypeError(f"tile: {what} must be an integer, got {value!r}")
    return int(value)


def tile(col: int, row: int, *, loc: Any = None, ip: Any = None, allocation_scheme: str | None = None) -> Tile:
    """``aie.tile(col, row)``. Coordinates are checked against the device by ``verify()``."""
    op = TileOp(_coordinate(col, "col"), _coordinate(row, "row"), allocation_scheme)
    return Tile(emit(op, "tile"))  # pyright: ignore[reportArgumentType]


def initial_contents(memref: MemRefType, value: Any, what: str):
    """``value`` (an array, or one value for every element: MLIR reads it as a splat) as the
    dense initial contents of a ``memref`` buffer or global."""
    array = np.asarray(value)
    elements = int(np.prod(memref.get_shape()))
    if array.size == 1:
        array = np.full(elements, array.reshape(-1)[0], dtype=array.dtype)
    if array.size != elements:
        raise IronTypeError(
            f"{what}: initial_value has {array.size} elements but the type {memref} holds "
            f"{elements}"
        )
    return dense_elements(memref, array)


def tile_value(value: Any, what: str):
    if isinstance(value, Tile):
        return value.result
    value = ssa(value, what)
    if not isinstance(value.owner, TileOp) and value.owner.name != "aie.logical_tile":
        raise IronTypeError(f"{what}: expected a tile (the result of tile(col, row)), got {value}")
    return value


# --- aie.core -----------------------------------------------------------------------------------


class _Core(OpHandle):
    op: CoreOp


def core(
    tile: Any,
    link_with: str | None = None,
    dynamic_objfifo_lowering: bool | None = None,
    stack_size: int | None = None,
) -> Callable[[Callable[[], Any]], _Core]:
    """``@core(tile)``: build ``aie.core`` on ``tile`` and trace the decorated function as its
    body (``aie.end`` closes it). ``link_with`` (positional, the 2025 spelling) names the
    kernel object file on the core; mlir-aie main puts it on ``external_func`` instead."""
    tile_ssa = tile_value(tile, "@core(tile)")
    if link_with is not None and not isinstance(link_with, str):
        raise IronTypeError(f"@core: link_with must be an object file name, got {link_with!r}")
    if stack_size is not None and (isinstance(stack_size, bool) or not isinstance(stack_size, int)):
        raise IronTypeError(f"@core: stack_size must be a number of bytes, got {stack_size!r}")
    op = CoreOp(tile_ssa, stack_size=stack_size, link_with=link_with)
    if dynamic_objfifo_lowering is not None:
        op.properties["dynamic_objfifo_lowering"] = BoolAttr.from_bool(bool(dynamic_objfifo_lowering))

    def decorate(body: Callable[[], Any]) -> _Core:
        emit(op, "@core")
        with inside(op.body.block, "@core"):
            body()
        return _Core(op)

    return decorate


class Core(_Core):
    """``Core(tile, ...)``: the op alone, for designs that fill its body themselves."""

    def __init__(
        self,
        tile: Any,
        link_with: str | None = None,
        dynamic_objfifo_lowering: bool | None = None,
        stack_size: int | None = None,
    ):
        op = CoreOp(tile_value(tile, "Core(tile)"), Region(Block()), stack_size, link_with)
        if dynamic_objfifo_lowering is not None:
            op.properties["dynamic_objfifo_lowering"] = BoolAttr.from_bool(dynamic_objfifo_lowering)
        super().__init__(emit(op, "Core"))


# --- kernels ------------------------------------------------------------------------------------


class external_func(BaseKernel):  # noqa: N801 - mlir-aie's name
    """``func.func private @name(inputs) -> outputs``, emitted where it is created; calling it
    inside a core traces a ``func.call`` (Python numbers become constants of the declared
    type, index values are cast to integer parameters)."""

    def __init__(
        self,
        name: str,
        inputs: Sequence[Any],
        outputs: Sequence[Any] | None = None,
        visibility: str = "private",
        link_with: str | None = None,
    ):
        if not isinstance(name, str) or not name:
            raise IronTypeError(f"external_func: name must be a non-empty string, got {name!r}")
        self.name = name
        self._inputs = [mlir_type(t, f"external_func '{name}' inputs[{i}]") for i, t in enumerate(inputs)]
        self._outputs = [
            mlir_type(t, f"external_func '{name}' outputs[{i}]") for i, t in enumerate(outputs or [])
        ]
        self.op = func_dialect.FuncOp(
            name, FunctionType.from_lists(self._inputs, self._outputs), Region(), visibility
        )
        if link_with is not None:
            self.op.attributes["link_with"] = StringAttr(link_with)
        emit(self.op, "external_func")
        require_module("external_func").adopt_kernel(self, self.op)

    @property
    def arg_types(self) -> list[Attribute]:
        return self._inputs

    @property
    def sym_name(self) -> StrView:
        return StrView(self.name)

    def declaration(self, program: Any) -> func_dialect.FuncOp:
        return self.op


# --- aie.buffer / aie.external_buffer -----------------------------------------------------------


class buffer(TracedValue):  # noqa: N801 - mlir-aie's name
    """``aie.buffer`` on a tile. Inside a core, ``buf[i]`` loads and ``buf[i] = v`` stores;
    inside the runtime sequence, ``buf[i] = v`` on a ``use_write_rtp`` buffer writes a runtime
    parameter (``aiex.npu.rtp_write``)."""

    def __init__(
        self,
        tile: Any,
        datatype: Any,
        name: str | None = None,
        address: int | None = None,
        initial_value: np.ndarray | None = None,
        use_write_rtp: bool = False,
        loc: Any = None,
        ip: Any = None,
    ):
        memref = memref_type(datatype, "buffer(datatype)")
        init = None
        if initial_value is not None:
            init = initial_contents(memref, initial_value, f"buffer {name or ''}")
        op = BufferOp(tile_value(tile, "buffer(tile)"), memref, name, init, address)
        self.op = op
        self.use_write_rtp = use_write_rtp
        super().__init__(emit(op, "buffer").results[0])

    @property
    def sym_name(self) -> StrView | None:
        return None if self.op.sym_name is None else StrView(self.op.sym_name.data)

    def get_name(self) -> str:
        return self.op.sym_name.data if self.op.sym_name is not None else "buffer"

    @property
    def result(self):
        return self.value

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.type.get_shape())  # pyright: ignore[reportAttributeAccessIssue]

    def __setitem__(self, key: Any, value: Any) -> None:
        if self.use_write_rtp and _in_runtime_sequence():
            from iron_ir.placed.runtime import npu_write_rtp

            keys = key if isinstance(key, tuple) else (key,)
            if not all(isinstance(k, int | np.integer) for k in keys):
                raise TraceError("a runtime parameter write needs a constant index")
            npu_write_rtp(self, _flat_index(self.shape, keys), value)
            return
        super().__setitem__(key, value)


def _flat_index(shape: Sequence[int], keys: Sequence[int]) -> int:
    if len(keys) != len(shape):
        raise TraceError(f"a {len(shape)}-d buffer is indexed with {len(keys)} subscript(s)")
    flat = 0
    for k, d in zip(keys, shape):
        if not 0 <= k < d:
            raise TraceError(f"index {k} is outside a dimension of size {d}")
        flat = flat * d + int(k)
    return flat


def _in_runtime_sequence() -> bool:
    return enclosing_op("aie.runtime_sequence", "aiex.runtime_sequence") is not None


def external_buffer(datatype: Any, name: str | None = None, address: int | None = None, loc: Any = None, ip: Any = None) -> TracedValue:
    """``aie.external_buffer``: a buffer in host memory (its value)."""
    op = ExternalBufferOp(memref_type(datatype, "external_buffer(datatype)"), name)
    if address is not None:
        op.properties["address"] = IntegerAttr(address, i64)
    return TracedValue(emit(op, "external_buffer").results[0])


# --- aie.lock / aie.use_lock --------------------------------------------------------------------


class Lock(OpHandle):
    op: LockOp


def lock(
    tile: Any,
    *,
    lock_id: int | None = None,
    init: int | None = None,
    sym_name: str | None = None,
    annot: str | None = None,
    loc: Any = None,
    ip: Any = None,
) -> Lock:
    """``aie.lock(tile[, lock_id]) {init = ..., sym_name = ...}``."""
    for what, number in (("lock_id", lock_id), ("init", init)):
        if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
            raise IronTypeError(f"lock: {what} must be an integer, got {number!r}")
    op = LockOp(tile_value(tile, "lock(tile)"), lock_id, init, sym_name)
    if annot is not None:
        op.attributes["annot"] = DictionaryAttr({annot: UnitAttr()})
    return Lock(emit(op, "lock"))


def lock_value(value: Any, what: str):
    result = ssa(value, what)
    if not isinstance(result.owner, LockOp):
        raise IronTypeError(f"{what}: expected a lock (the result of lock(tile, ...)), got {value!r}")
    return result


def use_lock(
    lock: Any,
    action: Any,
    value: int | None = None,
    *,
    blocking: Any = None,
    acq_en: bool | None = None,
    loc: Any = None,
    ip: Any = None,
) -> None:
    """``aie.use_lock(%lock, Acquire|AcquireGreaterEqual|Release[, value])`` in a core or a
    DMA block."""
    try:
        action = LockAction(int(action))
    except (TypeError, ValueError):
        raise IronTypeError(
            f"use_lock: action must be LockAction.Acquire, AcquireGreaterEqual or Release, got "
            f"{action!r}"
        ) from None
    op = UseLockOp(
        lock_value(lock, "use_lock(lock)"),
        action,
        None if value is None else int(value),
        None if blocking is None else LockBlocking(int(blocking)),
    )
    if acq_en is not None:
        op.properties["acq_en"] = BoolAttr.from_bool(acq_en)
    emit(op, "use_lock")


def end() -> None:
    """``aie.end``: close a region a design fills by hand (``EndOp()`` in mlir-aie designs)."""
    emit(EndOp(), "end")


def bd_dim_layout(size: int, stride: int) -> BDDimLayoutAttr:
    """``#aie.bd_dim_layout<size = s, stride = t>``, one dimension of a data layout."""
    return BDDimLayoutAttr(int(size), int(stride))


def bd_pad_layout(const_pad_before: int, const_pad_after: int) -> BDPadLayoutAttr:
    """``#aie.bd_pad_layout<...>``: zeros before and after one dimension."""
    return BDPadLayoutAttr(int(const_pad_before), int(const_pad_after))


def logical_tile(
    tile_type: Any,
    *,
    col: int | None = None,
    row: int | None = None,
    allocation_scheme: str | None = None,
    loc: Any = None,
    ip: Any = None,
) -> Tile:
    """``aie.logical_tile<CoreTile>(?, ?)``: a tile of a kind, placed later."""
    op = LogicalTileOp(AIETileType(int(tile_type)), col, row)
    if allocation_scheme is not None:
        op.properties["allocation_scheme"] = StringAttr(allocation_scheme)
    return Tile(emit(op, "logical_tile"))  # pyright: ignore[reportArgumentType]


__all__ = [
    "Core",
    "bd_dim_layout",
    "bd_pad_layout",
    "buffer",
    "core",
    "device",
    "end",
    "external_buffer",
    "external_func",
    "lock",
    "logical_tile",
    "tile",
    "use_lock",
]
