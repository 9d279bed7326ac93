"""``aie-assign-bd-ids``: a buffer-descriptor id for every ``aie.dma_bd`` of the tile DMA programs.

mlir-aie's ``AIEAssignBufferDescriptorIDs.cpp``: per tile, the ids the user already wrote (and a
tile's ``aiex.reserved_bd_ids``) are taken first; then, going through the program's blocks in
order, each BD gets the lowest free id its channel can reach (mem tiles: even channels use BDs
0..23, odd channels 24..47); finally every BD's ``next_bd_id`` names the BD of the block it
branches to (none when that block only ends the program). Programs are handled ``aie.mem``s
first, then ``aie.memtile_dma``s, then ``aie.shim_dma``s. BDs of runtime-sequence tasks are not
touched (mlir-aie assigns those in ``aie-assign-runtime-sequence-bd-ids``).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr, ModuleOp, i32
from xdsl.ir import Block, Operation
from xdsl.passes import ModulePass

from iron_ir.device import TileKindSpec
from iron_ir.dialects import aie
from iron_ir.ir.diagnostics import OpError

_PROGRAMS = (aie.MemOp, aie.MemTileDMAOp, aie.ShimDMAOp)


class _Ids:
    def __init__(self, spec: TileKindSpec):
        self.spec = spec
        self.taken: set[int] = set()

    def next(self, channel: int) -> int | None:
        for bd in self.spec.bd_ids_for_channel(channel):
            if bd not in self.taken:
                self.taken.add(bd)
                return bd
        return None


def _bd_of(block: Block) -> aie.DMABDOp | None:
    return next((op for op in block.ops if isinstance(op, aie.DMABDOp)), None)


def _set(op: aie.DMABDOp, name: str, value: int | None) -> None:
    if value is None:
        op.properties.pop(name, None)
    else:
        op.properties[name] = IntegerAttr(value, i32)


def _exhausted(bd: aie.DMABDOp, spec: TileKindSpec, channel: int) -> OpError:
    available = len(spec.bd_ids_for_channel(channel))
    return OpError(
        bd,
        f"Allocator exhausted available BD IDs (maximum {available} available for channel "
        f"{channel}).",
    )


def _check_channel(bd: aie.DMABDOp, spec: TileKindSpec, bd_id: int, channel: int) -> None:
    if bd_id not in spec.bd_ids_for_channel(channel):
        raise OpError(bd, f"assigned bd_id {bd_id} is not accessible from channel {channel} on this tile")


def _dma_ops(program: Operation) -> list[aie.DMAOp]:
    """The region form of a DMA program: its ``aie.dma`` ops, one per channel."""
    return [op for b in program.regions[0].blocks for op in b.ops if isinstance(op, aie.DMAOp)]


def _block_channels(program: Operation) -> dict[Block, int]:
    """The channel of each block: a dma_start's and that of every BD its chain reaches."""
    channels: dict[Block, int] = {}
    for block in program.regions[0].blocks:
        for op in block.ops:
            if not isinstance(op, aie.DMAStartOp):
                continue
            channel = op.channel_index.value.data
            channels[block] = channel
            dest: Block | None = op.successors[0]
            while dest is not None:
                channels[dest] = channel
                terminator = dest.last_op
                if terminator is None or not terminator.successors:
                    break
                dest = terminator.successors[0]
                if dest in channels:
                    dest = None
    return channels


def assign_device(device: aie.DeviceOp) -> None:
    programs = [op for kind in _PROGRAMS for op in device.body.ops if isinstance(op, kind)]
    ids: dict[tuple[int, int], _Ids] = {}
    for program in programs:
        tile = program.operands[0].owner
        assert isinstance(tile, aie.TileOp)
        spec = tile.kind_spec
        key = tile.col_row
        if key not in ids:
            ids[key] = _Ids(spec)
            reserved = tile.attributes.get("aiex.reserved_bd_ids")
            if isinstance(reserved, DenseArrayBase):
                ids[key].taken.update(int(v) for v in reserved.get_values())
        gen = ids[key]
        for op in program.walk():
            if isinstance(op, aie.DMABDOp) and op.bd_id is not None:
                bd_id = op.bd_id.value.data
                if bd_id in gen.taken:
                    raise OpError(op, f"assigned bd_id {bd_id} is already used by another BD on this tile")
                gen.taken.add(bd_id)
        dma_ops = _dma_ops(program)
        if dma_ops:
            for dma in dma_ops:
                channel = dma.channel_index.value.data
                for region in dma.regions:
                    bd = _bd_of(region.blocks.first)
                    assert bd is not None
                    _assign(bd, gen, spec, channel)
        else:
            channels = _block_channels(program)
            for block in program.regions[0].blocks:
                bd = _bd_of(block)
                if bd is None:
                    continue
                if block not in channels:
                    raise OpError(bd, "this BD is not reached from any aie.dma_start of the tile")
                _assign(bd, gen, spec, channels[block])
    for program in programs:
        _link(program)


def _assign(bd: aie.DMABDOp, gen: _Ids, spec: TileKindSpec, channel: int) -> None:
    if bd.bd_id is not None:
        _check_channel(bd, spec, bd.bd_id.value.data, channel)
        return
    bd_id = gen.next(channel)
    if bd_id is None:
        raise _exhausted(bd, spec, channel)
    _set(bd, "bd_id", bd_id)


def _link(program: Operation) -> None:
    blocks = program.regions[0].blocks
    dma_ops = _dma_ops(program)
    if dma_ops:
        for dma in dma_ops:
            bds = [_bd_of(r.blocks.first) for r in dma.regions]
            loop = dma.loop is None or dma.loop.value.data
            for i, bd in enumerate(bds):
                following = bds[i + 1] if i + 1 < len(bds) else (bds[0] if loop else None)
                value = None if following is None or following.bd_id is None else following.bd_id.value.data
                _set(bd, "next_bd_id", value)  # type: ignore[arg-type]
        return
    ids = {b: bd.bd_id.value.data for b in blocks if (bd := _bd_of(b)) is not None and bd.bd_id is not None}
    for block in blocks:
        bd = _bd_of(block)
        if bd is None:
            continue
        terminator = block.last_op
        if terminator is not None and terminator.successors:
            _set(bd, "next_bd_id", ids.get(terminator.successors[0]))


@dataclass(frozen=True)
class AIEAssignBDIDsPass(ModulePass):
    name = "aie-assign-bd-ids"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for device in [d for d in op.walk() if isinstance(d, aie.DeviceOp)]:
            assign_device(device)
