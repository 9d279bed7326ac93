"""DMA channels and BD programs of the fifos that need DMAs (``createDMA`` and friends).

Each tile has one DMA program op (``aie.mem`` / ``aie.memtile_dma`` / ``aie.shim_dma``) made on
first use at the end of the device. A new channel is a block holding ``aie.dma_start`` placed
before the program's ``aie.end`` block, chained from the previous ``dma_start``; its BDs follow
as one block each (acquire, optional packet header, ``aie.dma_bd``, release, ``aie.next_bd``),
the last looping back to the first — or, in iter_count "BD chain" mode, ending in its own
``aie.end``.
"""

from __future__ import annotations

from xdsl.ir import Block, Operation, SSAValue

from iron_ir.device import Arch
from iron_ir.dialects import aie
from iron_ir.dialects.aie.attrs import BDDimLayoutArrayAttr, BDPadLayoutArrayAttr, PacketInfoAttr
from iron_ir.dialects.aie.enums import DMAChannelDir, LockAction, WireBundle
from iron_ir.dialects.aie.device import memref_elements
from iron_ir.ir.diagnostics import OpError
from iron_ir.passes.stateful_transform.fifos import (
    fifo_elements,
    is_mem,
    is_shim,
    repeat_count,
    size,
    tile_of,
)
from iron_ir.passes.stateful_transform.state import Cursor, Fifo, State

_PROGRAMS = (aie.MemOp, aie.MemTileDMAOp, aie.ShimDMAOp)


class Channels:
    """DMA channels in use per (tile, direction) (``DMAChannelAnalysis``): those the device's
    own DMA programs start, then the ones handed out; core stream ports of ``aie.flow``s."""

    def __init__(self, device: aie.DeviceOp):
        self.used: set[tuple[SSAValue, int, int]] = set()
        self.streams: set[tuple[SSAValue, int, int]] = set()
        for op in device.body.ops:
            if isinstance(op, _PROGRAMS):
                for block in op.regions[0].blocks:
                    for start in block.ops:
                        if isinstance(start, aie.DMAStartOp):
                            self.used.add(
                                (op.operands[0], start.channel_dir.value.data, start.channel_index.value.data)
                            )
            elif isinstance(op, aie.FlowOp):
                if op.source_bundle.value.data == WireBundle.Core:
                    self.streams.add((op.source, DMAChannelDir.MM2S, op.source_channel.value.data))
                if op.dest_bundle.value.data == WireBundle.Core:
                    self.streams.add((op.dest, DMAChannelDir.S2MM, op.dest_channel.value.data))

    def next(self, tile: aie.TileOp, direction: DMAChannelDir, neighbour_access: bool) -> int:
        """The lowest free channel, -1 if none (channels 0..3 only for buffers on a neighbour
        mem tile)."""
        count = tile.kind_spec.dma_channels(direction.name)
        if neighbour_access:
            count = min(count, _neighbour_channels(tile))
        for i in range(count):
            key = (tile.result, int(direction), i)
            if key not in self.used:
                self.used.add(key)
                return i
        return -1

    def claim_stream(self, tile: aie.TileOp, direction: DMAChannelDir, port: int) -> None:
        key = (tile.result, int(direction), port)
        if key in self.streams:
            word = "output" if direction is DMAChannelDir.MM2S else "input"
            raise OpError(tile, f"number of {word} Core channels exceeded!")
        self.streams.add(key)


def _neighbour_channels(tile: aie.TileOp) -> int:
    spec = tile.kind_spec
    local = set(spec.local_only_channels)
    return len([c for c in range(spec.dma_mm2s_channels) if c not in local]) if local else 0


# --- the DMA program of a tile ------------------------------------------------------------------


def _program(state: State, kind: type[Operation], search: SSAValue, tile: aie.TileOp, at: Fifo) -> Operation:
    """The tile's DMA program op of type ``kind`` (found on ``search``), made if missing."""
    for op in state.device.body.ops:
        if isinstance(op, kind) and op.operands[0] is search:
            return op
    program = kind(tile)  # type: ignore[call-arg]
    program.location = at.location
    for inner in program.walk():
        inner.location = at.location
    state.end_block().insert(program)
    return program


def _end_block(program: Operation) -> Block:
    end = None
    for block in program.regions[0].blocks:
        if any(isinstance(op, aie.EndOp) for op in block.ops):
            end = block
    assert end is not None
    return end


def _single_predecessor(block: Block) -> Block | None:
    preds = {id(b): b for b in block.predecessors()}
    return next(iter(preds.values())) if len(preds) == 1 else None


def _new_block(program: Operation, before: Block) -> Block:
    block = Block()
    program.regions[0].insert_block_before(block, before)
    return block


class _Channel:
    """A new channel in ``program``: its dma_start block, then BD blocks as they are added."""

    def __init__(
        self, program: Operation, direction: DMAChannelDir, channel: int, repeat: int, at: Fifo
    ):
        self.program = program
        self.end = _end_block(program)
        previous = _single_predecessor(self.end)
        start_block = _new_block(program, self.end)
        self.first = _new_block(program, self.end)
        start = aie.DMAStartOp(direction, channel, self.first, self.end, repeat_count=repeat)
        start.location = at.location
        start_block.add_op(start)
        if previous is not None:
            previous.last_op.successors[1] = start_block  # type: ignore[union-attr]
        self.current = self.first

    def successor(self, last: bool, chain_end: bool, at: Fifo) -> Block:
        if not last:
            return _new_block(self.program, self.end)
        if not chain_end:
            return self.first
        block = _new_block(self.program, self.end)
        end = aie.EndOp()
        end.location = at.location
        block.add_op(end)
        return block


def _bd_block(
    state: State,
    block: Block,
    target: Fifo,
    direction: DMAChannelDir,
    lock_index: int,
    amounts: tuple[int, int],
    buffer: SSAValue,
    offset: int,
    length: int,
    succ: Block,
    dims: BDDimLayoutArrayAttr | None,
    pads: BDPadLayoutArrayAttr | None,
    packet: PacketInfoAttr | None,
    split_locks: bool = False,
) -> None:
    """One BD block (``createBdBlock`` / ``createBd``)."""
    locks = state.locks.get(target, [])
    acquire = release = None
    action = LockAction.Acquire
    acq_value, rel_value = 1, 1
    cycled_static_init = (
        direction is DMAChannelDir.MM2S
        and target.initValues is not None
        and target.iter_count is not None
        and target.iter_count.value.data > 1
        and state.link_of(target) is None
    )
    if locks and not cycled_static_init:
        if state.device.spec.arch is Arch.AIE1:
            mm2s = direction is DMAChannelDir.MM2S
            acq_value, rel_value = (1, 0) if mm2s else (0, 1)
            acquire = release = locks[lock_index]
        else:
            acq_value, rel_value = amounts
            action = LockAction.AcquireGreaterEqual
            prod, cons = (2 * lock_index, 2 * lock_index + 1) if split_locks else (0, 1)
            if direction is DMAChannelDir.S2MM:
                acquire, release = locks[prod], locks[cons]
            else:
                acquire, release = locks[cons], locks[prod]
    ops: list[Operation] = []
    if acquire is not None:
        ops.append(aie.UseLockOp(acquire, action, acq_value))
    if packet is not None:
        ops.append(aie.DMABDPACKETOp(*packet.as_tuple()))
    has_dims = dims is not None and len(dims) > 0
    ops.append(
        aie.DMABDOp(
            buffer,
            offset,
            length,
            dims if has_dims else None,
            pad_dimensions=pads if has_dims and pads is not None else None,
        )
    )
    if acquire is not None:
        ops.append(aie.UseLockOp(release, LockAction.Release, rel_value))
    ops.append(aie.NextBDOp(succ))
    for op in ops:
        op.location = target.location
    block.add_ops(ops)


def create_dma(
    state: State,
    fifo: Fifo,
    direction: DMAChannelDir,
    channel: int,
    dims: BDDimLayoutArrayAttr,
    pads: BDPadLayoutArrayAttr | None,
    packet: PacketInfoAttr | None,
) -> None:
    tile = tile_of(fifo.producerTile)
    if is_shim(tile):
        _shim_dma(state, fifo, direction, channel, dims, packet)
    elif is_mem(tile):
        _memtile_dma(
            state, fifo, direction, channel, dims,
            pads if direction is DMAChannelDir.MM2S else None, packet,
        )
    else:
        _tile_dma(state, fifo, direction, channel, dims, packet)


def _link_amounts(state: State, fifo: Fifo, target: Fifo, only_input: bool) -> tuple[int, int]:
    link = state.link_of(fifo)
    if link is None or link.op not in state.link_owner:
        return 1, 1
    repeat = link.repeat_count()
    if repeat is None:
        return 1, 1
    applies = (link.inputs[0] is fifo) if only_input else (target is fifo)
    return (repeat, repeat) if applies else (1, 1)


def _tile_dma(
    state: State,
    fifo: Fifo,
    direction: DMAChannelDir,
    channel: int,
    dims: BDDimLayoutArrayAttr,
    packet: PacketInfoAttr | None,
) -> None:
    blocks = size(fifo)
    if blocks == 0:
        return
    length = fifo_elements(fifo)
    repeat = repeat_count(fifo) or 1
    target = state.owner(fifo)
    amounts = _link_amounts(state, fifo, target, only_input=False)
    program = _program(state, aie.MemOp, fifo.producerTile, tile_of(target.producerTile), fifo)
    hardware_repeat = repeat > 1 and blocks == 1
    chan = _Channel(program, direction, channel, repeat - 1 if hardware_repeat else 0, fifo)
    bd_repeat = 1 if hardware_repeat else repeat
    buffers = state.buffers.get(target, [])
    total = 0
    for element in range(blocks):
        if element >= len(buffers):
            break
        for _ in range(bd_repeat):
            succ = chan.successor(total == blocks * bd_repeat - 1, False, fifo)
            _bd_block(
                state, chan.current, target, direction, element, amounts,
                buffers[element].buffer, 0, length, succ, dims, None, packet,
            )
            chan.current = succ
            total += 1


def _shim_dma(
    state: State,
    fifo: Fifo,
    direction: DMAChannelDir,
    channel: int,
    dims: BDDimLayoutArrayAttr,
    packet: PacketInfoAttr | None,
) -> None:
    externals = state.external_buffers.get(fifo, [])
    if not externals:
        return
    program = _program(state, aie.ShimDMAOp, fifo.producerTile, tile_of(fifo.producerTile), fifo)
    chan = _Channel(program, direction, channel, 0, fifo)
    for i, external in enumerate(externals):
        succ = chan.successor(i == len(externals) - 1, False, fifo)
        _bd_block(
            state, chan.current, fifo, direction, i, (1, 1), external.buffer, 0,
            memref_elements(external.buffer.type), succ, dims, None, packet,
        )
        chan.current = succ


def _memtile_dma(
    state: State,
    fifo: Fifo,
    direction: DMAChannelDir,
    channel: int,
    dims: BDDimLayoutArrayAttr,
    pads: BDPadLayoutArrayAttr | None,
    packet: PacketInfoAttr | None,
) -> None:
    blocks = size(fifo)
    if blocks == 0:
        return
    length = fifo_elements(fifo)
    repeat = repeat_count(fifo) or 1
    iter_count = None if fifo.iter_count is None else fifo.iter_count.value.data
    target = fifo
    split = False  # join or distribute
    factor = 1
    extra_offset = 0
    split_lock = 0
    amounts = (1, 1)
    link = state.link_of(fifo)
    if link is not None and link.op in state.link_owner:
        target = state.link_owner[link.op]
        amounts = _link_amounts(state, fifo, target, only_input=True)
        if link.is_join or link.is_distribute:
            split = True
            parts = link.inputs if link.is_join else link.outputs
            if target is fifo:
                factor = len(parts)
            else:
                i = [p.sym_name.data for p in parts].index(fifo.sym_name.data)
                offsets = link.src_offsets if link.is_join else link.dst_offsets
                lengths = link.join_lengths() if link.is_join else link.distribute_lengths()
                extra_offset, length, split_lock = offsets[i], lengths[i], i
        elif target is not fifo:
            # a smaller owner means the sizes differ only by padding: keep this side's length
            length = max(length, fifo_elements(target))
        if target is not fifo:
            blocks = size(target)

    program = _program(
        state, aie.MemTileDMAOp, target.producerTile, tile_of(target.producerTile), fifo
    )
    chain_mode = iter_count is not None
    task_count = iter_count - 1 if iter_count is not None else 0
    hardware_repeat = repeat > 1 and blocks == 1 and factor == 1 and not chain_mode
    if hardware_repeat:
        task_count = repeat - 1
    bd_repeat = 1 if hardware_repeat else repeat
    chan = _Channel(program, direction, channel, task_count, fifo)
    buffers = state.buffers.get(target, [])
    per_element = bd_repeat * factor
    total = 0
    for element in range(blocks):
        if element >= len(buffers):
            break
        for r in range(per_element):
            last = total == blocks * per_element - 1
            succ = chan.successor(last, chain_mode, fifo)
            offset = 0
            lock_index = element
            bd_length = length
            if split:
                if target is fifo:
                    part = r % factor
                    if link.is_distribute:  # type: ignore[union-attr]
                        offset = link.dst_offsets[part]  # type: ignore[union-attr]
                        bd_length = link.distribute_lengths()[part]  # type: ignore[union-attr]
                    else:
                        offset = link.src_offsets[part]  # type: ignore[union-attr]
                        bd_length = link.join_lengths()[part]  # type: ignore[union-attr]
                    lock_index = part
                else:
                    offset, lock_index = extra_offset, split_lock
            _bd_block(
                state, chan.current, target, direction, lock_index, amounts,
                buffers[element].buffer, offset, bd_length, succ, dims, pads, packet,
                split_locks=split,
            )
            chan.current = succ
            total += 1


# --- shim allocations and flows ----------------------------------------------------------------


def shim_allocation(
    state: State,
    fifo: Fifo,
    shim: aie.TileOp,
    direction: DMAChannelDir,
    channel: int,
    packet: PacketInfoAttr | None,
) -> None:
    """``aie.shim_dma_allocation @<fifo>_shim_alloc`` for the runtime side of a shim end."""
    plio = fifo.plio is not None and fifo.plio.value.data
    op = aie.ShimDMAAllocationOp(
        shim_alloc_name(fifo.sym_name.data), shim, direction, channel, plio=plio, packet=packet
    )
    op.location = fifo.location
    state.end_block().insert(op)


def shim_alloc_name(fifo: str) -> str:
    return f"{fifo}_shim_alloc"


def flow(
    state: State,
    producer: Fifo,
    source_bundle: WireBundle,
    source_channel: int,
    consumer: Fifo,
    dest_bundle: WireBundle,
    dest_channel: int,
) -> None:
    op = aie.FlowOp(
        producer.producerTile, source_bundle, source_channel,
        consumer.producerTile, dest_bundle, dest_channel,
    )
    op.location = producer.location
    Cursor.after(producer).insert(op)
