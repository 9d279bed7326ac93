"""DMA programs: aie.mem / aie.memtile_dma / aie.shim_dma, their channels, BD blocks and locks,
and the shim DMA channel allocations of a runtime sequence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    BoolAttr,
    IndexType,
    IntegerAttr,
    StringAttr,
    SymbolNameConstraint,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    successor_def,
    traits_def,
    var_region_def,
)
from xdsl.traits import HasParent, IsTerminator, NoTerminator, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import TileKind
from iron_ir.dialects.aie.attrs import (
    DMAChannelDir,
    DMAChannelDirAttr,
    LockAction,
    LockActionAttr,
    LockBlocking,
    LockBlockingAttr,
    PacketInfoAttr,
    enum_attr,
)
from iron_ir.dialects.aie.device import (
    DeviceOp,
    LockOp,
    require_parent,
    require_tile_kind,
    tile_element_name,
    tile_kind_of,
)
from iron_ir.dialects.aie.dma_bd import DMABDOp
from iron_ir.ir.constraints import I32Attr, I64Attr
from iron_ir.ir.syntax import FormattedOp

# --- aie.mem / aie.memtile_dma / aie.shim_dma ----------------------------------------------------


class _DMAProgramOp(FormattedOp):
    """A tile's DMA program: blocks of dma_start / BD chains, ending in aie.end."""

    FORMAT: ClassVar[str] = "`(` $tile `)` regions attr-dict"
    TILE_KINDS: ClassVar[tuple[TileKind, ...]] = ()
    HINT: ClassVar[str] = ""

    def asm_result_names(self) -> list[str | None]:
        return [tile_element_name(self.HINT, self.operands[0])]

    def verify_rules(self) -> None:
        tile = self.operands[0]
        require_tile_kind(self, tile, self.TILE_KINDS, "where this DMA program runs")
        found = tile_kind_of(tile)
        if found is None:
            return
        _, spec, kind = found
        kind_spec = spec.kinds[kind]
        region = self.regions[0]
        bd_blocks = 0
        used: dict[int, set[int]] = {DMAChannelDir.S2MM: set(), DMAChannelDir.MM2S: set()}
        for block in region.blocks:
            bds = [op for op in block.ops if isinstance(op, DMABDOp)]
            if bds:
                bd_blocks += 1
                if len(bds) != 1:
                    raise VerifyException(
                        f"BD block must have exactly one DMABDOp, found {len(bds)}"
                    )
                acquires = [
                    op
                    for op in block.ops
                    if isinstance(op, UseLockOp) and op.action.value.data != LockAction.Release
                ]
                if len(acquires) > 1:
                    raise VerifyException(
                        f"BD block must have at most one acquire UseLockOp, found {len(acquires)}"
                    )
            for op in block.ops:
                if isinstance(op, DMAStartOp):
                    used[op.channel_dir.value.data].add(op.channel_index.value.data)
                elif isinstance(op, DMAOp):
                    used[op.channel_dir.value.data].add(op.channel_index.value.data)
                elif isinstance(op, UseLockOp) and self.name == "aie.mem":
                    lock = op.lock.owner
                    if isinstance(lock, LockOp) and lock.tile is not tile:
                        raise VerifyException("can only access a lock in the same tile")
        if bd_blocks > kind_spec.bds:
            raise VerifyException(
                f"has more than {kind_spec.bds} blocks (found {bd_blocks} BD blocks; "
                f"a {kind.human} has {kind_spec.bds} BDs)"
            )
        for direction, word in ((DMAChannelDir.S2MM, "input"), (DMAChannelDir.MM2S, "output")):
            available = kind_spec.dma_channels(DMAChannelDir(direction).name)
            channels = used[direction]
            if len(channels) > available or any(c >= available for c in channels):
                raise VerifyException(
                    f"uses more {word} channels than available on this tile ({kind.human}: "
                    f"{available} {DMAChannelDir(direction).name} channels, used "
                    f"{sorted(channels)})"
                )


def _dma_program_init(op: _DMAProgramOp, tile: SSAValue | Operation, body: Region | None) -> None:
    if body is None:
        body = Region(Block([_end()]))
    FormattedOp.__init__(op, operands=[tile], regions=[body], result_types=[IndexType()])


def _end() -> Operation:
    from iron_ir.dialects.aie.device import EndOp

    return EndOp()


@irdl_op_definition
class MemOp(_DMAProgramOp):
    name = "aie.mem"
    tile = operand_def(IndexType())
    body = region_def()
    result = result_def(IndexType())
    TILE_KINDS: ClassVar[tuple[TileKind, ...]] = (TileKind.COMPUTE,)
    HINT: ClassVar[str] = "mem"

    def __init__(self, tile: SSAValue | Operation, body: Region | None = None):
        _dma_program_init(self, tile, body)


@irdl_op_definition
class MemTileDMAOp(_DMAProgramOp):
    name = "aie.memtile_dma"
    tile = operand_def(IndexType())
    body = region_def()
    result = result_def(IndexType())
    TILE_KINDS: ClassVar[tuple[TileKind, ...]] = (TileKind.MEM,)
    HINT: ClassVar[str] = "memtile_dma"

    def __init__(self, tile: SSAValue | Operation, body: Region | None = None):
        _dma_program_init(self, tile, body)


@irdl_op_definition
class ShimDMAOp(_DMAProgramOp):
    name = "aie.shim_dma"
    tile = operand_def(IndexType())
    body = region_def()
    result = result_def(IndexType())
    TILE_KINDS: ClassVar[tuple[TileKind, ...]] = (TileKind.SHIM_NOC,)
    HINT: ClassVar[str] = "shim_dma"

    def __init__(self, tile: SSAValue | Operation, body: Region | None = None):
        _dma_program_init(self, tile, body)


_DMA_PARENTS = ("aie.mem", "aie.memtile_dma", "aie.shim_dma")


# --- aie.dma_start / aie.next_bd / aie.dma ----------------------------------------------------


@irdl_op_definition
class DMAStartOp(FormattedOp):
    name = "aie.dma_start"
    channel_dir = prop_def(DMAChannelDirAttr)
    channel_index = prop_def(I32Attr)
    repeat_count = opt_prop_def(I32Attr, default_value=IntegerAttr(0, i32))
    dest = successor_def()
    chain = successor_def()
    valid = result_def(i1)
    traits = traits_def(IsTerminator())
    FORMAT: ClassVar[str] = (
        "`(` $channel_dir `,` $channel_index `,` $dest `,` $chain "
        "(`,` `repeat_count` `=` $repeat_count^)? `)` attr-dict"
    )

    def __init__(
        self,
        channel_dir: DMAChannelDir,
        channel_index: int,
        dest: Block,
        chain: Block,
        repeat_count: int | None = None,
    ):
        props: dict[str, Attribute] = {
            "channel_dir": enum_attr(channel_dir),
            "channel_index": IntegerAttr(channel_index, i32),
        }
        if repeat_count is not None:
            props["repeat_count"] = IntegerAttr(repeat_count, i32)
        super().__init__(properties=props, successors=[dest, chain], result_types=[i1])

    def verify_rules(self) -> None:
        require_parent(self, (*_DMA_PARENTS, "func.func"))
        if self.channel_index.value.data < 0:
            raise VerifyException("aie.dma_start channel index must be non-negative")


@irdl_op_definition
class NextBDOp(FormattedOp):
    name = "aie.next_bd"
    dest = successor_def()
    traits = traits_def(IsTerminator())
    FORMAT: ClassVar[str] = "$dest attr-dict"

    def __init__(self, dest: Block):
        super().__init__(successors=[dest])


@irdl_op_definition
class DMAOp(FormattedOp):
    """``aie.dma(S2MM, 0) [{bd-region}, ...]``: one channel's BD sequence, region per BD."""

    name = "aie.dma"
    channel_dir = prop_def(DMAChannelDirAttr)
    channel_index = prop_def(I32Attr)
    loop = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    repeat_count = opt_prop_def(I32Attr, default_value=IntegerAttr(0, i32))
    sym_name = opt_prop_def(StringAttr)
    bds = var_region_def("single_block")
    valid = result_def(i1)
    traits = traits_def(NoTerminator())
    FORMAT: ClassVar[str] = "`(` $channel_dir `,` $channel_index `)` attr-dict ` ` `[` regions `]`"

    def __init__(
        self,
        channel_dir: DMAChannelDir,
        channel_index: int,
        bds: Sequence[Region],
        loop: bool | None = None,
        repeat_count: int | None = None,
        sym_name: str | None = None,
    ):
        props: dict[str, Attribute] = {
            "channel_dir": enum_attr(channel_dir),
            "channel_index": IntegerAttr(channel_index, i32),
        }
        if loop is not None:
            props["loop"] = BoolAttr.from_bool(loop)
        if repeat_count is not None:
            props["repeat_count"] = IntegerAttr(repeat_count, i32)
        if sym_name is not None:
            props["sym_name"] = StringAttr(sym_name)
        super().__init__(properties=props, regions=[list(bds)], result_types=[i1])

    def asm_result_names(self) -> list[str | None]:
        return [self.sym_name.data if self.sym_name is not None else None]

    def verify_rules(self) -> None:
        require_parent(self, _DMA_PARENTS)


# --- aie.use_lock -------------------------------------------------------------------------------


@irdl_op_definition
class UseLockOp(FormattedOp):
    name = "aie.use_lock"
    lock = operand_def(IndexType())
    action = prop_def(LockActionAttr)
    value = opt_prop_def(I32Attr)
    blocking = opt_prop_def(LockBlockingAttr)
    acq_en = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    FORMAT: ClassVar[str] = (
        "`(` $lock `,` $action (`,` $value^)? (`,` $blocking^)? `)` attr-dict"
    )

    def __init__(
        self,
        lock: SSAValue | Operation,
        action: LockAction,
        value: int | None = None,
        blocking: LockBlocking | None = None,
    ):
        props: dict[str, Attribute] = {"action": enum_attr(action)}
        if value is not None:
            props["value"] = IntegerAttr(value, i32)
        if blocking is not None:
            props["blocking"] = enum_attr(blocking)
        super().__init__(operands=[lock], properties=props)

    @property
    def value_or_default(self) -> int:
        return 1 if self.value is None else self.value.value.data

    def verify_rules(self) -> None:
        lock = self.lock.owner
        if not isinstance(lock, LockOp):
            return
        found = tile_kind_of(lock.tile)
        if found is None:
            return
        _, spec, kind = found
        if not spec.uses_semaphore_locks and self.action.value.data == LockAction.AcquireGreaterEqual:
            raise VerifyException("AcquireGreaterEqual is not supported in AIE1.")
        value = self.value_or_default
        limit = spec.kinds[kind].lock_max_value
        if not 0 <= value <= limit:
            raise VerifyException(
                f"aie.use_lock value {value} is out of range: locks on a {kind.human} of "
                f"{spec.name} hold 0..{limit}"
            )


# --- aie.shim_dma_allocation --------------------------------------------------------------------


@irdl_op_definition
class ShimDMAAllocationOp(FormattedOp):
    name = "aie.shim_dma_allocation"
    sym_name = prop_def(SymbolNameConstraint())
    tile = operand_def(IndexType())
    channel_dir = prop_def(DMAChannelDirAttr)
    channel_index = prop_def(I64Attr)
    plio = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    packet = opt_prop_def(PacketInfoAttr)
    traits = lazy_traits_def(lambda: (HasParent(DeviceOp), SymbolOpInterface()))
    FORMAT: ClassVar[str] = (
        "$sym_name `(` $tile `,` $channel_dir `,` $channel_index (`,` $packet^)? `)` attr-dict"
    )

    def __init__(
        self,
        sym_name: str,
        tile: SSAValue | Operation,
        channel_dir: DMAChannelDir,
        channel_index: int,
        plio: bool | None = None,
        packet: PacketInfoAttr | None = None,
    ):
        props: dict[str, Attribute] = {
            "sym_name": StringAttr(sym_name),
            "channel_dir": enum_attr(channel_dir),
            "channel_index": IntegerAttr(channel_index, i64),
        }
        if plio is not None:
            props["plio"] = BoolAttr.from_bool(plio)
        if packet is not None:
            props["packet"] = packet
        super().__init__(operands=[tile], properties=props)

    def verify_rules(self) -> None:
        require_tile_kind(
            self, self.tile, (TileKind.SHIM_NOC, TileKind.SHIM_PL), "shim DMA channels"
        )
        found = tile_kind_of(self.tile)
        if found is None:
            return
        _, spec, kind = found
        direction = DMAChannelDir(self.channel_dir.value.data).name
        available = spec.kinds[kind].dma_channels(direction)
        channel = self.channel_index.value.data
        if not 0 <= channel < available:
            raise VerifyException(
                f"aie.shim_dma_allocation @{self.sym_name.data}: {direction} channel {channel} "
                f"does not exist; a {kind.human} has {available} {direction} channels"
            )


__all__ = [
    "DMAOp",
    "DMAStartOp",
    "MemOp",
    "MemTileDMAOp",
    "NextBDOp",
    "ShimDMAAllocationOp",
    "ShimDMAOp",
    "UseLockOp",
]
