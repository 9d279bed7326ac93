"""Objectfifos between named tiles: ``object_fifo``, ``object_fifo_link``.

``object_fifo(name, producerTile, consumerTiles, depth, datatype, ...)`` builds
``aie.objectfifo`` where it is called; ``of.acquire(port, n)`` inside a core builds
``aie.objectfifo.acquire`` and one ``aie.objectfifo.subview.access`` per object (the buffer, or
a list of them when ``n > 1``); ``of.release(port, n)``. Signatures are mlir-aie's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.dialects.builtin import IntegerAttr, i32

from iron_ir.dialects.aie import (
    BDDimLayoutAttr,
    BDPadLayoutAttr,
    ObjectFifoAcquireOp,
    ObjectFifoAllocateOp,
    ObjectFifoCreateOp,
    ObjectFifoLinkOp,
    ObjectFifoPort,
    ObjectFifoRegisterExternalBuffersOp,
    ObjectFifoReleaseOp,
    ObjectFifoSubviewAccessOp,
)
from iron_ir.dtype import dense_elements
from iron_ir.errors import FifoError, IronTypeError
from iron_ir.placed.builder import OpHandle, StrView, emit, ssa
from iron_ir.placed.device import memref_type, tile_value
from iron_ir.tracing.engine import TracedValue


def dim_pairs(dims: Any, what: str) -> list[tuple[int, int]]:
    """``[(size, stride), ...]`` or ``[bd_dim_layout(size, stride), ...]`` → pairs."""
    pairs = []
    for d in dims or []:
        if isinstance(d, BDDimLayoutAttr):
            pairs.append(d.as_tuple())
        elif isinstance(d, tuple | list) and len(d) == 2 and all(
            isinstance(x, int | np.integer) and not isinstance(x, bool) for x in d
        ):
            pairs.append((int(d[0]), int(d[1])))
        else:
            raise IronTypeError(
                f"{what}: each dimension is (size, stride) or bd_dim_layout(size, stride), got "
                f"{d!r}"
            )
    return pairs


def pad_pairs(pads: Any, what: str) -> list[tuple[int, int]]:
    pairs = []
    for p in pads or []:
        if isinstance(p, BDPadLayoutAttr):
            pairs.append(p.as_tuple())
        elif isinstance(p, tuple | list) and len(p) == 2:
            pairs.append((int(p[0]), int(p[1])))
        else:
            raise IronTypeError(
                f"{what}: each padding is (before, after) or bd_pad_layout(before, after), got "
                f"{p!r}"
            )
    return pairs


def _port(port: Any, what: str) -> ObjectFifoPort:
    try:
        return ObjectFifoPort(int(port))
    except (TypeError, ValueError):
        raise IronTypeError(
            f"{what}: port must be ObjectFifoPort.Produce or ObjectFifoPort.Consume, got {port!r}"
        ) from None


def _count(n: Any, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 1:
        raise FifoError(f"{what}: the number of objects must be a positive integer, got {n!r}")
    return int(n)


def _check_fits_a_core(n: int, datatype, what: str) -> None:
    """An acquire of ``n`` objects holds ``n`` buffers on the core's tile at once: more than any
    compute tile's memory can never run (and would build ``n`` subview ops)."""
    from iron_ir.device import TileKind
    from iron_ir.device.table import largest_data_memory
    from iron_ir.dialects.aie.device import memref_bytes

    memory = largest_data_memory(TileKind.COMPUTE)
    need = n * memref_bytes(datatype)
    if need > memory:
        raise FifoError(
            f"{what}({n}): {n} objects of {datatype} need {need} bytes at once, more than a "
            f"compute tile's {memory} bytes of data memory; acquire fewer objects"
        )


def _depth(depth: Any, consumers: int, name: str) -> int | list[int]:
    if isinstance(depth, int | np.integer) and not isinstance(depth, bool):
        return int(depth)
    if isinstance(depth, Sequence) and all(
        isinstance(d, int | np.integer) and not isinstance(d, bool) for d in depth
    ):
        return [int(d) for d in depth]
    raise IronTypeError(
        f"object_fifo '{name}': depth must be an integer or a list of integers (producer "
        f"first, then one per consumer: {consumers + 1} in all), got {depth!r}"
    )


class object_fifo(OpHandle):  # noqa: N801 - mlir-aie's name
    """``aie.objectfifo @name(producer, {consumers}, depth)``."""

    op: ObjectFifoCreateOp

    def __init__(
        self,
        name: str,
        producerTile: Any,
        consumerTiles: Any,
        depth: Any,
        datatype: Any,
        dimensionsToStream: Any = None,
        dimensionsFromStreamPerConsumer: Any = None,
        initValues: Any = None,
        via_DMA: bool | None = None,
        plio: bool | None = None,
        padDimensions: Any = None,
        disable_synchronization: bool | None = None,
        iter_count: int | None = None,
    ):
        if not isinstance(name, str) or not name:
            raise IronTypeError(f"object_fifo: name must be a non-empty string, got {name!r}")
        consumers = consumerTiles if isinstance(consumerTiles, list | tuple) else [consumerTiles]
        self.datatype = memref_type(datatype, f"object_fifo '{name}' datatype")
        per_consumer = dimensionsFromStreamPerConsumer
        if per_consumer is None:
            per_consumer = [[] for _ in consumers]
        if len(per_consumer) != len(consumers):
            raise FifoError(
                f"object_fifo '{name}': dimensionsFromStreamPerConsumer has {len(per_consumer)} "
                f"entries but there are {len(consumers)} consumers; give one list per consumer"
            )
        inits = None
        if initValues is not None:
            inits = [dense_elements(self.datatype, v, memref_typed=True) for v in initValues]
        op = ObjectFifoCreateOp(
            name,
            tile_value(producerTile, f"object_fifo '{name}' producerTile"),
            [tile_value(c, f"object_fifo '{name}' consumerTiles") for c in consumers],
            _depth(depth, len(consumers), name),
            self.datatype,
            dim_pairs(dimensionsToStream, f"object_fifo '{name}' dimensionsToStream"),
            [
                dim_pairs(d, f"object_fifo '{name}' dimensionsFromStreamPerConsumer")
                for d in per_consumer
            ],
            via_DMA=via_DMA,
            plio=plio,
            disable_synchronization=disable_synchronization,
            init_values=inits,
            pad_dimensions=None
            if padDimensions is None
            else pad_pairs(padDimensions, f"object_fifo '{name}' padDimensions"),
            iter_count=iter_count,
        )
        super().__init__(emit(op, "object_fifo"))

    @property
    def sym_name(self) -> StrView:
        return StrView(self.op.fifo_name)

    def acquire(self, port: Any, num_elem: Any) -> Any:
        """``aie.objectfifo.acquire`` of ``num_elem`` objects: one buffer, or a list."""
        name = self.op.fifo_name
        n = _count(num_elem, f"{name}.acquire")
        _check_fits_a_core(n, self.datatype, f"{name}.acquire")
        acquire = emit(ObjectFifoAcquireOp(name, _port(port, f"{name}.acquire"), n, self.datatype))
        views = [
            TracedValue(emit(ObjectFifoSubviewAccessOp(acquire.results[0], i)).results[0])
            for i in range(n)
        ]
        return views[0] if n == 1 else views

    def release(self, port: Any, num_elem: Any) -> None:
        name = self.op.fifo_name
        emit(ObjectFifoReleaseOp(name, _port(port, f"{name}.release"), _count(num_elem, f"{name}.release")))

    def set_repeat_count(self, num: int) -> None:
        if isinstance(num, bool) or not isinstance(num, int) or num < 1:
            raise FifoError(f"{self.op.fifo_name}.set_repeat_count: expected a count >= 1, got {num!r}")
        self.op.properties["repeat_count"] = IntegerAttr(num, i32)

    def set_aie_stream(self, stream_end: int, stream_port: int) -> None:
        self.op.properties["aie_stream"] = IntegerAttr(int(stream_end), i32)
        self.op.properties["aie_stream_port"] = IntegerAttr(int(stream_port), i32)

    def allocate(self, tile: Any) -> None:
        """``aie.objectfifo.allocate @name(tile)``: the buffers live in ``tile``'s memory."""
        emit(ObjectFifoAllocateOp(self.op.fifo_name, tile_value(tile, "allocate(tile)")))

    def register_external_buffers(self, tile: Any, external_buffers: Sequence[Any]) -> None:
        emit(
            ObjectFifoRegisterExternalBuffersOp(
                self.op.fifo_name,
                tile_value(tile, "register_external_buffers(tile)"),
                [ssa(b, "register_external_buffers(external_buffers)") for b in external_buffers],
            )
        )


def _fifo_name(fifo: Any, what: str) -> str:
    if isinstance(fifo, str):
        return fifo
    if isinstance(fifo, object_fifo):
        return fifo.op.fifo_name
    raise IronTypeError(f"{what}: expected an object_fifo or its name, got {fifo!r}")


class object_fifo_link(OpHandle):  # noqa: N801 - mlir-aie's name
    """``aie.objectfifo.link [ins] -> [outs]([srcOffsets] [dstOffsets])``."""

    op: ObjectFifoLinkOp

    def __init__(self, fifoIns: Any, fifoOuts: Any, srcOffsets: Any = (), dstOffsets: Any = ()):
        ins = fifoIns if isinstance(fifoIns, list | tuple) else [fifoIns]
        outs = fifoOuts if isinstance(fifoOuts, list | tuple) else [fifoOuts]
        op = ObjectFifoLinkOp(
            [_fifo_name(f, "object_fifo_link(fifoIns)") for f in ins],
            [_fifo_name(f, "object_fifo_link(fifoOuts)") for f in outs],
            [_offset(o) for o in srcOffsets or []],
            [_offset(o) for o in dstOffsets or []],
        )
        super().__init__(emit(op, "object_fifo_link"))


def _offset(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise IronTypeError(f"object_fifo_link: offsets must be integers, got {value!r}")
    return int(value)


__all__ = ["object_fifo", "object_fifo_link"]
