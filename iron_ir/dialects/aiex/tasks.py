"""DMA tasks of a runtime sequence: configure a BD chain on a channel, start it, await its
completion token, free its BDs; and the ``aie.bd_chain`` starters."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    BoolAttr,
    FlatSymbolRefAttr,
    IndexType,
    SymbolRefAttr,
    i1,
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
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import MAX_TASK_REPEAT_COUNT, DeviceSpec
from iron_ir.dialects.aie import DMAChannelDir, DMAChannelDirAttr, PacketInfoAttr, enum_keyword
from iron_ir.dialects.aiex._support import (
    FALSE,
    ZERO_I32,
    device_spec,
    dma_endpoint,
    int_value,
    lookup_in_device,
    symbol_text,
    tile_col_row,
)
from iron_ir.dialects.aiex.runtime import in_runtime_sequence
from iron_ir.ir.constraints import I32Attr, int_attr, symbol_ref
from iron_ir.ir.syntax import FormattedOp
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers


def _verify_repeat_count(op: Operation) -> None:
    repeat = int_value(op.properties.get("repeat_count"))
    if not 0 <= repeat <= MAX_TASK_REPEAT_COUNT:
        raise VerifyException(
            f"Repeat count exceeds the [0:{MAX_TASK_REPEAT_COUNT}] range (got {repeat})."
        )


def _verify_task_body(op: Operation) -> None:
    """Every block of the body is reachable from its entry block: the BDs form one chain.
    (Per-BD rules, burst length on non-shim tiles included, are aie.dma_bd's own.)"""
    body = op.regions[0]
    targets: set[Block] = set()
    for block in body.blocks:
        if block.last_op is not None:
            targets.update(block.last_op.successors)
    for block in body.blocks:
        if block is not body.blocks.first and block not in targets and block.last_op is not None:
            raise VerifyException(
                "Block ending in this terminator does not form a chain with entry block. "
                f"(the block ending in '{block.last_op.name}' has no predecessor)",
            )


def _missing_allocation(op: Operation, symbol: SymbolRefAttr) -> None:
    raise VerifyException(
        f"no shim DMA allocation found for symbol {symbol_text(symbol)}: expected an "
        f"aie.shim_dma_allocation or aie.objectfifo named {symbol_text(symbol)} in the "
        "enclosing aie.device",
    )


@irdl_op_definition
class DMAConfigureTaskForOp(FormattedOp):
    """A BD chain for the shim channel of ``alloc`` (an allocation or, before lowering, the
    objectfifo itself); yields the task handle."""

    name = "aiex.dma_configure_task_for"
    alloc = prop_def(SymbolRefAttr)
    issue_token = opt_prop_def(BoolAttr, default_value=FALSE)
    repeat_count = opt_prop_def(I32Attr, default_value=ZERO_I32)
    body = region_def()
    result = result_def(IndexType())
    traits = lazy_traits_def(lambda: (in_runtime_sequence(),))
    FORMAT: ClassVar[str] = "$alloc regions attr-dict"

    def __init__(
        self,
        alloc: str | SymbolRefAttr,
        body: Region,
        *,
        issue_token: bool = False,
        repeat_count: int = 0,
    ):
        properties: dict[str, Attribute] = {
            "alloc": symbol_ref(alloc) if isinstance(alloc, str) else alloc,
            "issue_token": int_attr(int(issue_token), i1),
            "repeat_count": int_attr(repeat_count),
        }
        super().__init__(properties=properties, regions=[body], result_types=[IndexType()])

    def verify_rules(self) -> None:
        _verify_repeat_count(self)
        _verify_task_body(self)
        if device_spec(self) is not None and dma_endpoint(self, self.alloc) is None:
            _missing_allocation(self, self.alloc)


@irdl_op_definition
class DMAConfigureTaskOp(FormattedOp):
    """A BD chain for DMA channel ``direction``/``channel`` of ``tile``; yields the task."""

    name = "aiex.dma_configure_task"
    tile = operand_def(IndexType())
    direction = prop_def(DMAChannelDirAttr)
    channel = prop_def(I32Attr)
    issue_token = opt_prop_def(BoolAttr, default_value=FALSE)
    repeat_count = opt_prop_def(I32Attr, default_value=ZERO_I32)
    packet = opt_prop_def(PacketInfoAttr)
    body = region_def()
    result = result_def(IndexType())
    traits = lazy_traits_def(lambda: (in_runtime_sequence(),))
    FORMAT: ClassVar[str] = (
        "`(` $tile `,` $direction `,` $channel (`,` $packet^)? `)` regions attr-dict"
    )

    def __init__(
        self,
        tile: SSAValue,
        direction: DMAChannelDir,
        channel: int,
        body: Region,
        *,
        issue_token: bool = False,
        repeat_count: int = 0,
        packet: PacketInfoAttr | None = None,
    ):
        properties: dict[str, Attribute] = {
            "direction": int_attr(int(direction)),
            "channel": int_attr(channel),
            "issue_token": int_attr(int(issue_token), i1),
            "repeat_count": int_attr(repeat_count),
        }
        if packet is not None:
            properties["packet"] = packet
        super().__init__(
            operands=[tile], properties=properties, regions=[body], result_types=[IndexType()]
        )

    def asm_result_names(self) -> list[str | None]:
        where = tile_col_row(self.tile)
        return [None if where is None else f"dma_configure_task_{where[0]}_{where[1]}"]

    def verify_rules(self) -> None:
        _verify_repeat_count(self)
        spec = device_spec(self)
        where = tile_col_row(self.tile)
        if spec is not None and where is not None:
            verify_channel(self, spec, where, int_value(self.direction), int_value(self.channel))
        _verify_task_body(self)


def verify_channel(
    op: Operation, spec: DeviceSpec, tile: tuple[int, int], direction: int, channel: int
) -> None:
    """``channel`` exists in ``direction`` on the tile at ``tile``."""
    kind = spec.tile_kind(*tile)
    if kind is None:
        raise VerifyException(f"tile {tile} is not on device {spec.name} ({spec.describe()})")
    dir_name = enum_keyword(DMAChannelDir, direction)
    channels = spec.kinds[kind].dma_channels(dir_name)
    if not 0 <= channel < channels:
        raise VerifyException(
            f"channel {channel} is not a {dir_name} DMA channel of the {kind.human} at "
            f"({tile[0]}, {tile[1]}): it has {channels} ({dir_name} 0..{channels - 1})",
        )


_TASK_PRODUCERS = (
    "aiex.dma_configure_task",
    "aiex.dma_configure_task_for",
    "aiex.dma_start_bd_chain",
    "aiex.dma_start_bd_chain_for",
)


def task_producer(op: Operation, task: SSAValue) -> Operation:
    """The op that configured ``task`` (an error when it is not a DMA task)."""
    owner = task.owner
    if not isinstance(owner, Operation) or owner.name not in _TASK_PRODUCERS:
        raise VerifyException(
            "does not reference a valid configure_task operation. The task operand must be "
            "the result of " + ", ".join(_TASK_PRODUCERS[:-1]) + " or " + _TASK_PRODUCERS[-1],
        )
    return owner


class _TaskUseOp(FormattedOp):
    task = operand_def(IndexType())
    traits = lazy_traits_def(lambda: (in_runtime_sequence(),))
    FORMAT: ClassVar[str] = "`(` $task `)` attr-dict"

    def __init__(self, task: SSAValue):
        super().__init__(operands=[task])

    def verify_rules(self) -> None:
        task_producer(self, self.task)


@irdl_op_definition
class DMAStartTaskOp(_TaskUseOp):
    """Push a configured task onto its channel's queue."""

    name = "aiex.dma_start_task"


@irdl_op_definition
class DMAAwaitTaskOp(_TaskUseOp):
    """Block until the task's completion token arrives. A task without ``issue_token`` is
    legal IR that its lowering rejects (iron-lint warns)."""

    name = "aiex.dma_await_task"


@irdl_op_definition
class DMAFreeTaskOp(_TaskUseOp):
    """Release the task's BD ids for reuse (only once the task is known to be done)."""

    name = "aiex.dma_free_task"


def _verify_chain_args(op: Operation, symbol: SymbolRefAttr, args: Sequence[SSAValue]) -> None:
    chain = lookup_in_device(op, symbol)
    if device_spec(op) is None:
        return
    if chain is None or chain.name != "aie.bd_chain":
        raise VerifyException(f"symbol does not reference valid BD chain ({symbol_text(symbol)})")
    entry = chain.regions[0].blocks.first
    expected = [] if entry is None else [a.type for a in entry.args]
    actual = [a.type for a in args]
    if len(actual) != len(expected):
        raise VerifyException(
            f"Number of arguments mismatches. {symbol_text(symbol)} takes {len(expected)}, got "
            f"{len(actual)}"
        )
    for i, (want, got) in enumerate(zip(expected, actual)):
        if want != got:
            raise VerifyException(f"Argument {i + 1} types mismatch: expected {want} but got {got}")


@irdl_op_definition
class DMAStartBdChainOp(FormattedOp):
    """Instantiate ``aie.bd_chain`` ``symbol`` with ``args`` on a tile channel and start it."""

    name = "aiex.dma_start_bd_chain"
    symbol = prop_def(FlatSymbolRefAttr)
    args = var_operand_def()
    tile = operand_def(IndexType())
    direction = prop_def(DMAChannelDirAttr)
    channel = prop_def(I32Attr)
    issue_token = opt_prop_def(BoolAttr, default_value=FALSE)
    repeat_count = opt_prop_def(I32Attr, default_value=ZERO_I32)
    result = result_def(IndexType())
    traits = lazy_traits_def(lambda: (in_runtime_sequence(),))
    FORMAT: ClassVar[str] = (
        "$symbol `(` $args `)` `:` `(` type($args) `)` ` ` `on` ` ` "
        "`(` $tile `,` $direction `,` $channel `)` attr-dict"
    )

    def asm_result_names(self) -> list[str | None]:
        where = tile_col_row(self.tile)
        return [None if where is None else f"dma_start_bd_chain_{where[0]}_{where[1]}"]

    def verify_rules(self) -> None:
        _verify_repeat_count(self)
        spec = device_spec(self)
        where = tile_col_row(self.tile)
        if spec is not None and where is not None:
            verify_channel(self, spec, where, int_value(self.direction), int_value(self.channel))
        _verify_chain_args(self, self.symbol, self.args)


@irdl_op_definition
class DMAStartBdChainForOp(FormattedOp):
    """Instantiate ``aie.bd_chain`` ``symbol`` on the shim channel of ``alloc`` and start it."""

    name = "aiex.dma_start_bd_chain_for"
    symbol = prop_def(FlatSymbolRefAttr)
    args = var_operand_def()
    alloc = prop_def(FlatSymbolRefAttr)
    issue_token = opt_prop_def(BoolAttr, default_value=FALSE)
    repeat_count = opt_prop_def(I32Attr, default_value=ZERO_I32)
    result = result_def(IndexType())
    traits = lazy_traits_def(lambda: (in_runtime_sequence(),))
    FORMAT: ClassVar[str] = (
        "$symbol `(` $args `)` `:` `(` type($args) `)` `for` $alloc attr-dict"
    )

    def verify_rules(self) -> None:
        _verify_repeat_count(self)
        if device_spec(self) is not None and dma_endpoint(self, self.alloc) is None:
            _missing_allocation(self, self.alloc)
        _verify_chain_args(self, self.symbol, self.args)


install_fast_verifiers(defined_ops(globals()))
