"""What a lowered design really uses per tile, read from physical-level AIE IR.

The counterpart of :func:`~iron_ir.passes.placement.resources.account`'s estimate, measured on
the output of the stateful transform and the allocation passes:

* **data memory** — the core's stack plus the bytes of every ``aie.buffer`` on the tile
  (alignment gaps between buffers are not counted: they depend on the allocation scheme);
* **locks** — the ``aie.lock`` ops on the tile;
* **buffer descriptors** — the ``aie.dma_bd`` ops of the tile's DMA program
  (``aie.mem``/``aie.memtile_dma``/``aie.shim_dma``), plus, on shim tiles, the most runtime
  sequence BDs configured and not yet awaited or freed at any one point
  (``aiex.dma_configure_task_for`` until its ``dma_await_task``/``dma_free_task``, or an
  ``aiex.npu.dma_memcpy_nd`` until the ``aiex.npu.dma_wait`` on its symbol);
* **DMA channels** — the distinct channels of the tile's ``aie.dma_start``/``aie.dma`` ops and
  of the ``aie.shim_dma_allocation`` ops on it.
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.ir import Operation, SSAValue

from iron_ir.dialects import aie, aiex
from iron_ir.dialects.aie.enums import DMAChannelDir
from iron_ir.dialects.aie.device import tile_op_of
from iron_ir.passes.placement.model import Coord
from iron_ir.passes.placement.resources import RESOURCES

_PROGRAMS = (aie.MemOp, aie.MemTileDMAOp, aie.ShimDMAOp)
_TASK_CONFIGS = (aiex.DMAConfigureTaskForOp, aiex.DMAConfigureTaskOp)


def measure(device: aie.DeviceOp) -> dict[Coord, dict[str, int]]:
    """Per tile of ``device``: the resources (named as in ``RESOURCES``) its ops use."""
    used: dict[Coord, dict[str, int]] = {}
    channels: dict[Coord, set[tuple[int, int]]] = {}

    def at(tile: SSAValue) -> Coord:
        op = tile_op_of(tile)
        assert op is not None, "a physical-level op whose tile is not an aie.tile"
        coord = op.col_row
        used.setdefault(coord, dict.fromkeys(RESOURCES, 0))
        channels.setdefault(coord, set())
        return coord

    allocations: dict[str, Coord] = {}
    for op in device.body.ops:
        if isinstance(op, aie.TileOp):
            at(op.result)
        elif isinstance(op, aie.BufferOp):
            used[at(op.tile)]["memory"] += op.size_bytes
        elif isinstance(op, aie.CoreOp):
            used[at(op.tile)]["memory"] += op.stack_size_bytes
        elif isinstance(op, aie.LockOp):
            used[at(op.tile)]["locks"] += 1
        elif isinstance(op, _PROGRAMS):
            tile = at(op.tile)
            for inner in op.walk():
                if isinstance(inner, aie.DMABDOp):
                    used[tile]["bds"] += 1
                elif isinstance(inner, (aie.DMAStartOp, aie.DMAOp)):
                    channels[tile].add(_channel(inner.channel_dir, inner.channel_index))
        elif isinstance(op, aie.ShimDMAAllocationOp):
            tile = at(op.tile)
            allocations[op.sym_name.data] = tile
            channels[tile].add(_channel(op.channel_dir, op.channel_index))
    for op in device.body.ops:
        if isinstance(op, (aie.RuntimeSequenceOp, aiex.LegacyRuntimeSequenceOp)):
            for tile, peak in _runtime_bds(op.walk(), allocations).items():
                used[tile]["bds"] += peak
    for tile, taken in channels.items():
        used[tile]["s2mm"] = sum(d == DMAChannelDir.S2MM for d, _ in taken)
        used[tile]["mm2s"] = sum(d == DMAChannelDir.MM2S for d, _ in taken)
    return used


def _channel(direction, index) -> tuple[int, int]:
    return (direction.value.data, index.value.data)


def _runtime_bds(ops: Iterable[Operation], allocations: dict[str, Coord]) -> dict[Coord, int]:
    """The peak number of runtime-sequence BDs outstanding at once, per shim tile, in
    program order (a loop's body counts once: its BDs are awaited inside it or stay live)."""
    live: dict[Coord, int] = {}
    peak: dict[Coord, int] = {}
    tasks: dict[SSAValue, tuple[Coord, int]] = {}
    memcpys: dict[str, dict[int, Coord]] = {}

    def take(tile: Coord, n: int) -> None:
        live[tile] = live.get(tile, 0) + n
        peak[tile] = max(peak.get(tile, 0), live[tile])

    for op in ops:
        if isinstance(op, _TASK_CONFIGS):
            tile = _task_tile(op, allocations)
            if tile is None:
                continue
            n = sum(isinstance(inner, aie.DMABDOp) for inner in op.body.walk())
            tasks[op.results[0]] = (tile, n)
            take(tile, n)
        elif isinstance(op, (aiex.DMAAwaitTaskOp, aiex.DMAFreeTaskOp)):
            if op.task in tasks:
                tile, n = tasks.pop(op.task)
                live[tile] -= n
        elif isinstance(op, aiex.NpuDmaMemcpyNdOp):
            symbol = op.metadata.root_reference.data
            tile = allocations.get(symbol)
            if tile is None:
                continue
            pending = memcpys.setdefault(symbol, {})
            if op.id.value.data not in pending:  # the same id reprograms the same BD
                pending[op.id.value.data] = tile
                take(tile, 1)
        elif isinstance(op, aiex.NpuDmaWaitOp):
            for tile in memcpys.pop(op.symbol.root_reference.data, {}).values():
                live[tile] -= 1
    return peak


def _task_tile(op: Operation, allocations: dict[str, Coord]) -> Coord | None:
    if isinstance(op, aiex.DMAConfigureTaskForOp):
        return allocations.get(op.alloc.root_reference.data)
    tile = tile_op_of(op.tile)
    return None if tile is None else tile.col_row
