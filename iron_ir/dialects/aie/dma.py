"""DMA programs: aie.mem / aie.memtile_dma / aie.shim_dma, their channels, BD blocks and locks,
and the shim DMA channel allocations of a runtime sequence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    BoolAttr,
    IndexType,
    IntegerAttr,
    ModuleOp,
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
from iron_ir.dialects.aie.attrs import PacketInfoAttr
from iron_ir.dialects.aie.enums import (
    DMAChannelDir,
    DMAChannelDirAttr,
    LockAction,
    LockActionAttr,
    LockBlocking,
    LockBlockingAttr,
    enum_attr,
)
from iron_ir.dialects.aie.device import (
    BufferOp,
    DeviceOp,
    LockOp,
    VerifyAt,
    device_spec_for,
    require_parent,
    require_tile_kind,
    tile_element_name,
    tile_kind_of,
)
from iron_ir.dialects.aie.dma_bd import DMA_PROGRAMS, DMABDOp
from iron_ir.ir.constraints import I32Attr, I64Attr, int_attr
from iron_ir.ir.syntax import FormattedOp
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers

# --- aie.mem / aie.memtile_dma / aie.shim_dma ----------------------------------------------------


class _DMAProgramOp(FormattedOp):
    """A tile's DMA program: blocks of dma_start / BD chains, ending in aie.end."""

    FORMAT: ClassVar[str] = "`(` $tile `)` regions attr-dict"
    TILE_KINDS: ClassVar[tuple[TileKind, ...]] = ()
    HINT: ClassVar[str] = ""

    def asm_result_names(self) -> list[str | None]:
        return [tile_element_name(self.HINT, self.operands[0])]

    def verify_rules(self) -> None:
        """mlir-aie's HasSomeTerminator, HasValidBDs and HasValidDMAChannels traits (and the
        local-only channels of a mem tile). A channel index the tile lacks and two
        dma_start ops on one channel are iron-lint's: aie-opt accepts both."""
        tile = self.operands[0]
        require_tile_kind(self, tile, self.TILE_KINDS, "where this DMA program runs")
        region = self.regions[0]
        for block in region.blocks:
            last = block.last_op
            if last is not None and last.name not in _PROGRAM_TERMINATORS:
                raise VerifyAt(last, f"is not an allowed terminator (in this '{self.name}')")
        found = tile_kind_of(tile)
        if found is None:
            return
        _, spec, kind = found
        kind_spec = spec.kinds[kind]
        bd_blocks = 0
        used: dict[int, set[int]] = {DMAChannelDir.S2MM: set(), DMAChannelDir.MM2S: set()}
        for block in region.blocks:
            bds = [op for op in block.ops if isinstance(op, DMABDOp)]
            if bds:
                bd_blocks += 1
                if bd_blocks > kind_spec.bds:
                    raise VerifyException(
                        f"has more than {kind_spec.bds} blocks (no space for the BD at "
                        f"{_where(bds[0])}; a {kind.human} has {kind_spec.bds} BDs)"
                    )
                if len(bds) != 1:
                    raise VerifyException(
                        f"BD block must have at most one DMABDOp, found {len(bds)}"
                    )
                locks = [op for op in block.ops if isinstance(op, UseLockOp)]
                acquires = sum(1 for op in locks if op.action.value.data != LockAction.Release)
                releases = len(locks) - acquires
                if acquires > 1:
                    raise VerifyException(
                        f"BD block must have at most one acquire UseLockOp, found {acquires}"
                    )
                if releases > 1:
                    raise VerifyException(
                        f"BD block must have at most one release UseLockOp, found {releases}"
                    )
            for op in block.ops:
                if isinstance(op, DMAStartOp | DMAOp):
                    used[op.channel_dir.value.data].add(op.channel_index.value.data)
                if isinstance(op, DMAStartOp) and op.channel_index.value.data in (
                    kind_spec.local_only_channels
                ):
                    _verify_local_only(op, tile)
        for direction, word in ((DMAChannelDir.S2MM, "input"), (DMAChannelDir.MM2S, "output")):
            available = kind_spec.dma_channels(DMAChannelDir(direction).name)
            if len(used[direction]) > available:
                raise VerifyException(
                    f"uses more {word} channels than available on this tile ({kind.human}: "
                    f"{available} {DMAChannelDir(direction).name} channels, used "
                    f"{sorted(used[direction])})"
                )


_PROGRAM_TERMINATORS = ("aie.dma_start", "aie.next_bd", "aie.end")


def _where(op: Operation) -> str:
    loc = op.location
    line = getattr(getattr(loc, "line", None), "data", None)
    return f"line {line}" if line is not None else f"'{op.name}'"


def _verify_local_only(start: DMAStartOp, tile: SSAValue) -> None:
    """Mem-tile channels 4 and 5 reach only the tile's own buffers and locks."""
    channel = start.channel_index.value.data
    seen: set[Block] = set()
    work = [start.dest]
    while work:
        block = work.pop()
        if block in seen:
            continue
        seen.add(block)
        for op in block.ops:
            if isinstance(op, DMABDOp):
                buffer = op.buffer.owner
                if isinstance(buffer, BufferOp) and buffer.tile is not tile:
                    raise VerifyAt(
                        op,
                        f"is reachable from DMA channel {channel} and attempts to access a "
                        "non-local buffer",
                    )
            elif isinstance(op, UseLockOp):
                lock = op.lock.owner
                if isinstance(lock, LockOp) and lock.tile is not tile:
                    raise VerifyAt(
                        op,
                        f"is reachable from DMA channel {channel} and attempts to access a "
                        "non-local lock",
                    )
        if block.last_op is not None:
            work.extend(block.last_op.successors)


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


_DMA_PARENTS = DMA_PROGRAMS


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
            "channel_index": int_attr(channel_index),
        }
        if repeat_count is not None:
            props["repeat_count"] = int_attr(repeat_count)
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
            "channel_index": int_attr(channel_index),
        }
        if loop is not None:
            props["loop"] = BoolAttr.from_bool(loop)
        if repeat_count is not None:
            props["repeat_count"] = int_attr(repeat_count)
        if sym_name is not None:
            props["sym_name"] = StringAttr(sym_name)
        super().__init__(properties=props, regions=[list(bds)], result_types=[i1])

    def asm_result_names(self) -> list[str | None]:
        return [self.sym_name.data if self.sym_name is not None else None]

    def verify_rules(self) -> None:
        require_parent(self, _DMA_PARENTS)
        parent = self.parent_op()
        assert parent is not None
        if len(parent.regions[0].blocks) > 1:
            raise VerifyException("DMAOp can only appear in single block region")
        if any(isinstance(op, DMAStartOp) for op in parent.regions[0].block.ops):
            raise VerifyException("DMAOp is not compatible with DMAStart ops")
        for region in self.bds:
            if len(region.blocks) != 1:
                raise VerifyException("DMAOp regions must have only one block")
            ops = list(region.block.ops)
            if sum(isinstance(op, DMABDOp) for op in ops) != 1:
                raise VerifyException("DMAOp regions/blocks must have exactly one DMABDOp")
            if sum(isinstance(op, UseLockOp) for op in ops) != 2:
                raise VerifyException("DMAOp regions/blocks must have exactly two UseLock ops")


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
            props["value"] = int_attr(value)
        if blocking is not None:
            props["blocking"] = enum_attr(blocking)
        super().__init__(operands=[lock], properties=props)

    @property
    def value_or_default(self) -> int:
        return 1 if self.value is None else self.value.value.data

    def verify_rules(self) -> None:
        """mlir-aie's ``UseLockOp::verify``. A value the lock cannot hold is iron-lint's."""
        parent = self.parent_op()
        if parent is None or isinstance(parent, DeviceOp | ModuleOp):
            raise VerifyException("must be used in a core or memory operation.")
        spec = device_spec_for(self)
        if (
            spec is not None
            and not spec.uses_semaphore_locks
            and self.action.value.data == LockAction.AcquireGreaterEqual
        ):
            raise VerifyException("AcquireGreaterEqual is not supported in AIE1.")
        program = parent
        while program is not None and program.name not in _DMA_PARENTS:
            program = program.parent_op()
        if program is not None:
            block = self.parent_block()
            assert block is not None
            uses = [op for op in block.ops if isinstance(op, UseLockOp)]
            if spec is not None and not spec.uses_semaphore_locks:
                ids = {
                    op.lock.owner.lockID.value.data  # pyright: ignore
                    for op in uses
                    if isinstance(op.lock.owner, LockOp) and op.lock.owner.lockID is not None
                }
                if len(ids) > 1:
                    raise VerifyException("used in a DMA block that have multiple locks.")
            for releasing in (False, True):
                values = {
                    op.value_or_default
                    for op in uses
                    if (op.action.value.data == LockAction.Release) == releasing
                }
                if len(values) > 1:
                    raise VerifyException(
                        "acquires/releases the lock in a DMA block from/to multiple states."
                    )
            lock = self.lock.owner
            if program.name == "aie.mem" and isinstance(lock, LockOp):
                if lock.tile is not program.operands[0]:
                    raise VerifyException("can only access a lock in the same tile")
            return
        current: Operation | None = parent
        while current is not None:
            if current.name in ("aie.core", "func.func", "aiex.dma_configure_task"):
                return
            current = current.parent_op()
        raise VerifyException(
            "expects some parent op to be one of AIE::device, AIE::core, func::func, AIE::mem, "
            "AIE::shimDMA, or AIEX::dma_configure_task"
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
            "channel_index": int_attr(channel_index, i64),
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


install_fast_verifiers(defined_ops(globals()))
