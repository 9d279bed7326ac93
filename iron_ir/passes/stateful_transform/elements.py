"""Which objectfifos need DMAs, how deep each end is, and their buffers and locks.

mlir-aie's rules (``AIEObjectFifoStatefulTransform.cpp``): a fifo keeps shared memory only when
its two tiles share a memory module and nothing asks for a DMA; the buffers of a linked pair are
made once, for the "bigger" side; every new buffer and lock goes right after the last
``aie.tile``, so fifos processed later print earlier.
"""

from __future__ import annotations

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Operation

from iron_ir.device import Arch
from iron_ir.dialects import aie
from iron_ir.ir.diagnostics import OpError
from iron_ir.passes.stateful_transform.fifos import (
    fifo_bytes,
    fifo_elements,
    init_values,
    is_mem,
    is_shim,
    repeat_count,
    shared_memory,
    size,
    tile_of,
)
from iron_ir.passes.stateful_transform.state import Cursor, Fifo, State


class LockIds:
    """Lock ids in use per tile; hands out the lowest free one (``LockAnalysis``)."""

    def __init__(self, device: aie.DeviceOp):
        self.used: dict[aie.TileOp, set[int]] = {}
        for op in device.walk():
            if isinstance(op, aie.LockOp) and op.lockID is not None:
                self.used.setdefault(tile_of(op.tile), set()).add(op.lockID.value.data)

    def next(self, tile: aie.TileOp) -> int:
        used = self.used.setdefault(tile, set())
        for i in range(tile.kind_spec.locks):
            if i not in used:
                used.add(i)
                return i
        c, r = tile.col_row
        raise OpError(
            tile,
            f"no lock left on tile ({c}, {r}): all {tile.kind_spec.locks} are taken by objectfifos "
            "and the design's own locks; use fewer or shallower objectfifos on this tile",
        )


def requires_dmas(state: State, fifo: Fifo) -> tuple[bool, int]:
    """(does ``fifo`` need DMAs, share direction) — mlir-aie's ``requiresDMAs``."""
    direction = 0
    if (
        fifo.via_DMA is not None and fifo.via_DMA.value.data
    ) or fifo.repeat_count is not None or fifo.aie_stream is not None:
        return True, direction
    if getattr(fifo, "consumerElemType", None) is not None:
        return True, direction
    shared = False
    if len(fifo.consumerTiles) == 1 and not len(fifo.dimensionsToStream):
        producer = tile_of(fifo.producerTile)
        consumer = tile_of(fifo.consumerTiles[0])
        if fifo in state.split_because_link:
            direction = shared_memory(producer, producer)
        else:
            direction = shared_memory(producer, consumer)
        shared = direction != 0
    wants_transform = shared and any(len(d) for d in fifo.dimensionsFromStreamPerConsumer)
    used_in_link = False
    if shared:
        link = state.link_of(fifo)
        if link is not None:
            used_in_link = True
            if not link.is_distribute and not link.is_join:
                if link.inputs[0].elemType != link.outputs[0].elemType:
                    state.split_because_link.append(fifo)
                allocate = state.index.allocate_of(fifo)
                if allocate is not None:
                    delegate = tile_of(allocate.delegateTile)
                    to_producer = shared_memory(delegate, tile_of(fifo.producerTile))
                    to_consumer = shared_memory(delegate, tile_of(fifo.consumerTiles[0]))
                    if to_producer in (-1, 2) and to_consumer in (-1, 2):
                        used_in_link = False
                    else:
                        state.split_because_link.append(fifo)
            else:
                state.split_because_link.append(fifo)
    return (not shared) or wants_transform or used_in_link, direction


def object_count(state: State, tile: aie.TileOp, fifo: Fifo) -> int:
    """How many objects ``fifo`` needs on ``tile`` (``findObjectFifoSize``): a mem tile keeps
    the depth, a shim as many as its registered external buffers, a core one more than its
    largest acquire (ping-pong at least), else the depth."""
    depth = size(fifo)
    if depth == 0:
        return 0
    if is_mem(tile):
        return depth
    device = state.device
    if is_shim(tile):
        for op in device.body.ops:
            if isinstance(op, aie.ObjectFifoRegisterExternalBuffersOp) and op.tile is tile.result:
                return len(op.externalBuffers)
    name = fifo.sym_name.data
    largest = 0
    for core in device.body.ops:
        if isinstance(core, aie.CoreOp) and core.tile is tile.result:
            for op in core.walk():
                if (
                    isinstance(op, aie.ObjectFifoAcquireOp)
                    and op.objFifo_name.root_reference.data == name
                ):
                    largest = max(largest, op.size.value.data)
    if largest > 0:
        return 1 if largest == 1 and depth == 1 else largest + 1
    return depth


# --- buffers and locks ------------------------------------------------------------------------


def _creates_elements(state: State, fifo: Fifo) -> bool:
    """False when the other side of ``fifo``'s link owns the elements (or already made them)."""
    link = state.link_of(fifo)
    if link is None:
        return True
    if link.op in state.link_owner:
        return False
    fifo_in, fifo_out = link.inputs[0], link.outputs[0]
    name = fifo.sym_name.data
    if link.is_join:
        return name == fifo_out.sym_name.data
    if link.is_distribute:
        return name == fifo_in.sym_name.data
    if fifo_out.initValues is not None:
        return name == fifo_out.sym_name.data
    if fifo_elements(fifo_in) >= fifo_elements(fifo_out):
        return name == fifo_in.sym_name.data
    # padding is added on the fly by the DMA, so the mem tile keeps the smaller input size
    if fifo_out.padDimensions is not None:
        return name == fifo_in.sym_name.data
    return name == fifo_out.sym_name.data


def create_elements(state: State, locks: LockIds, fifo: Fifo, direction: int) -> None:
    """Buffers and locks of ``fifo`` (``createObjectFifoElements``)."""
    depth = size(fifo)
    if depth == 0 or fifo.aie_stream is not None:
        return
    if not _creates_elements(state, fifo):
        return
    link = state.link_of(fifo)
    producer = tile_of(fifo.producerTile)
    consumer = tile_of(fifo.consumerTiles[0])
    creation = producer if direction != 1 else consumer
    allocate = state.index.allocate_of(fifo)
    if allocate is not None:
        delegate = tile_of(allocate.delegateTile)
        to_producer = shared_memory(delegate, producer)
        to_consumer = shared_memory(delegate, consumer)
        if to_producer in (-1, 2) and to_consumer in (-1, 2):
            creation = delegate
        else:
            raise OpError(
                allocate,
                "objectfifo has no shared memory access to delegate tile's memory module",
            )

    cursor = Cursor.after(state.last_tile())
    memref = fifo.elemType.element_type
    assert isinstance(memref, MemRefType)
    values = init_values(fifo)
    buffers: list[aie.BufferOp] = []
    name = fifo.sym_name.data
    for i in range(depth):
        if is_shim(creation):
            continue
        home = creation
        if is_mem(creation):
            home = _memtile_with_room(state, cursor, creation, fifo_bytes(fifo), buffers)
        buffer = aie.BufferOp(
            home,
            memref,
            sym_name=f"{name}_buff_{i}",
            initial_value=values[i] if values is not None else None,
        )
        buffer.location = fifo.location
        cursor.insert(buffer)
        buffers.append(buffer)

    repeat = repeat_count(fifo) or 1
    factor = 1
    if link is not None:
        if link.repeat_count() is not None:
            repeat = link.repeat_count()  # type: ignore[assignment]
        if link.is_distribute:
            factor = len(link.outputs)
        elif link.is_join:
            factor = len(link.inputs)
        state.link_owner[link.op] = fifo
    state.buffers[fifo] = buffers
    state.locks[fifo] = _create_locks(state, locks, cursor, fifo, depth, factor, creation, repeat)


def _used_memory(state: State, tile: aie.TileOp, pending: list[aie.BufferOp]) -> int:
    used = 0
    for buffers in [*state.buffers.values(), pending]:
        for b in buffers:
            if b.tile is tile.result:
                used += b.size_bytes
    return used


def _memtile_with_room(
    state: State, cursor: Cursor, tile: aie.TileOp, need: int, pending: list[aie.BufferOp]
) -> aie.TileOp:
    """``tile``, or the West/East mem tile with the most room when ``tile`` is full."""
    capacity = tile.kind_spec.data_memory_bytes
    if _used_memory(state, tile, pending) + need <= capacity:
        return tile
    col, row = tile.col_row
    neighbours: list[aie.TileOp] = []
    spec = state.device.spec
    for c in (col - 1, col + 1):
        if 0 <= c < spec.columns:
            other = _tile_at(state, tile, c, row)
            if shared_memory(tile, other) in (1, 2):
                neighbours.append(other)
    neighbours.sort(key=lambda t: _used_memory(state, t, pending))
    for other in neighbours:
        if _used_memory(state, other, pending) + need <= capacity:
            return other
    return tile


def _tile_at(state: State, host: aie.TileOp, col: int, row: int) -> aie.TileOp:
    """The device's aie.tile at (col, row); a new one after ``host``'s buffers if none."""
    for op in state.device.body.ops:
        if isinstance(op, aie.TileOp) and op.col_row == (col, row):
            return op
    after: Operation = host
    while isinstance(after.next_op, aie.BufferOp):
        after = after.next_op
    tile = aie.TileOp(col, row)
    tile.location = host.location
    Cursor.after(after).insert(tile)
    return tile


def _create_locks(
    state: State,
    locks: LockIds,
    cursor: Cursor,
    fifo: Fifo,
    count: int,
    factor: int,
    tile: aie.TileOp,
    repeat: int,
) -> list[aie.LockOp]:
    if fifo.disable_synchronization is not None and fifo.disable_synchronization.value.data:
        return []
    values = init_values(fifo)
    # A static-init producer cycled by iter_count with no upstream link needs no source sync.
    if (
        values is not None
        and fifo.iter_count is not None
        and fifo.iter_count.value.data > 1
        and state.link_of(fifo) is None
        and len(values) == count
    ):
        return []
    if is_shim(tile):
        count = len(state.external_buffers.get(fifo, []))
    name = fifo.sym_name.data
    created: list[aie.LockOp] = []

    def lock(init: int, sym: str) -> aie.LockOp:
        op = aie.LockOp(tile, locks.next(tile), init=init, sym_name=sym)
        op.location = fifo.location
        cursor.insert(op)
        created.append(op)
        return op

    if state.device.spec.arch is Arch.AIE1:
        for i in range(count):
            lock(1 if values is not None else 0, f"{name}_lock_{i}")
        return created
    initial = len(values) if values is not None else 0
    for i in range(factor):
        lock((count - initial) * repeat, f"{name}_prod_lock_{i}")
        lock(initial * repeat, f"{name}_cons_lock_{i}")
    return created

