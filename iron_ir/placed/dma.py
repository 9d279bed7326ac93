"""Hand-written DMA programs, BDs and routing of a placed design.

``@mem(tile)`` / ``@memtile_dma(tile)`` / ``@shim_mem(tile)`` build a tile's DMA program; the
decorated function takes the program's block list (``block[1]`` makes or finds a block,
``with block[1]:`` builds into it) and writes ``dma_start``, ``use_lock``, ``dma_bd``,
``next_bd`` and ``EndOp()``. ``bds(op)`` gives the same block list for any op with a BD
region (a DMA task, a BD chain). ``flow``, ``packetflow``, ``cascade_flow`` and
``shim_dma_allocation`` route and name channels. Signatures are mlir-aie's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
from xdsl.dialects.builtin import BoolAttr, MemRefType
from xdsl.ir import Block, Operation, Region

from iron_ir.dialects.aie import (
    BDChainOp,
    CascadeFlowOp,
    DMABDOp,
    DMAChannelDir,
    DMAOp,
    DMAStartOp,
    EndOp,
    FlowOp,
    MemOp,
    MemTileDMAOp,
    NextBDOp,
    PacketDestOp,
    PacketFlowOp,
    PacketInfoAttr,
    PacketSourceOp,
    ShimDMAAllocationOp,
    ShimDMAOp,
    TileOp,
    WireBundle,
)
from iron_ir.errors import IronTypeError
from iron_ir.placed.builder import OpHandle, emit, enclosing_op, inside, point, ssa
from iron_ir.placed.device import mlir_type, tile_value
from iron_ir.placed.device import tile as make_tile
from iron_ir.placed.objectfifo import dim_pairs, pad_pairs
from iron_ir.tracing.engine import TracedValue


# --- block lists --------------------------------------------------------------------------------


class ContextManagedBlock:
    """One block of a BD region: ``with blk:`` builds into it."""

    def __init__(self, block: Block):
        self.block = block

    def __enter__(self) -> Block:
        self._scope = inside(self.block, "a BD block")
        self._scope.__enter__()
        return self.block

    def __exit__(self, *exc: Any) -> None:
        self._scope.__exit__(*exc)


class BlockList:
    """The blocks of a BD region by key: ``[0]`` is the entry block; any other key appends a
    new block the first time it is used, so successors can be named before they are built."""

    def __init__(self, region: Region):
        self._region = region
        if not region.blocks:
            region.add_block(Block())
        self._blocks: dict[Any, ContextManagedBlock] = {0: ContextManagedBlock(region.blocks[0])}

    def __getitem__(self, key: Any) -> ContextManagedBlock:
        found = self._blocks.get(key)
        if found is None:
            block = Block()
            self._region.add_block(block)
            found = self._blocks[key] = ContextManagedBlock(block)
        return found


def _region_of(parent: Any) -> Region:
    op = parent.op if isinstance(parent, OpHandle) else parent
    if not isinstance(op, Operation) or not op.regions:
        raise IronTypeError(f"bds(): expected an op with a BD region (a DMA task, mem, bd_chain), got {parent!r}")
    return op.regions[0]


@contextmanager
def bds(parent: Any) -> Iterator[BlockList]:
    """``with bds(task) as bd: with bd[0]: dma_bd(...); EndOp()``."""
    blocks = BlockList(_region_of(parent))
    with blocks[0]:
        yield blocks


def _block(target: Any, what: str) -> Block:
    if isinstance(target, ContextManagedBlock):
        return target.block
    if isinstance(target, Block):
        return target
    raise IronTypeError(f"{what}: expected a block (e.g. block[1]), got {target!r}")


# --- tile DMA programs --------------------------------------------------------------------------


def _dma_program(op_type: type, name: str) -> Callable[[Any], Callable[[Callable[..., Any]], OpHandle]]:
    def for_tile(tile: Any) -> Callable[[Callable[..., Any]], OpHandle]:
        op = op_type(tile_value(tile, f"@{name}(tile)"), Region())

        def decorate(body: Callable[..., Any]) -> OpHandle:
            emit(op, f"@{name}")
            blocks = BlockList(op.regions[0])
            with blocks[0]:
                body(*([blocks] if body.__code__.co_argcount else []))
            return OpHandle(op)

        return decorate

    for_tile.__name__ = name
    for_tile.__doc__ = f"``@{name}(tile)``: the tile's DMA program (``{op_type.name}``)."
    return for_tile


mem = _dma_program(MemOp, "mem")
memtile_dma = _dma_program(MemTileDMAOp, "memtile_dma")
shim_mem = _dma_program(ShimDMAOp, "shim_mem")


def dma_start(
    channel_dir: Any,
    channel_index: int,
    *,
    dest: Any = None,
    chain: Any = None,
    repeat_count: int = 0,
    loc: Any = None,
    ip: Any = None,
) -> tuple[Block, Block]:
    """``aie.dma_start(dir, channel, ^dest, ^chain)``: start ``channel`` at block ``dest``;
    the program continues at ``chain``. Both default to the current block."""
    here = point("dma_start").point.block
    dest_block = here if dest is None else _block(dest, "dma_start(dest)")
    chain_block = here if chain is None else _block(chain, "dma_start(chain)")
    emit(
        DMAStartOp(
            DMAChannelDir(int(channel_dir)),
            int(channel_index),
            dest_block,
            chain_block,
            int(repeat_count) if repeat_count else None,
        ),
        "dma_start",
    )
    return dest_block, chain_block


def next_bd(dest: Any = None, loc: Any = None, ip: Any = None) -> Block:
    """``aie.next_bd ^dest``: the BD chain continues at ``dest`` (default: this block)."""
    here = point("next_bd").point.block
    target = here if dest is None else _block(dest, "next_bd(dest)")
    emit(NextBDOp(target), "next_bd")
    return target


def _pairs(values: Any, what: str) -> list[tuple[int, int]] | None:
    return None if values is None else dim_pairs(values, what)


def dma_bd(
    buffer: Any,
    offset: int | None = None,
    len: int | None = None,  # noqa: A002 - mlir-aie's keyword
    dimensions: Any = None,
    pad_dimensions: Any = None,
    pad_value: int | None = None,
    *,
    bd_id: int | None = None,
    packet: Any = None,
    burst_length: int | None = None,
    next_bd_id: int | None = None,
    loc: Any = None,
    ip: Any = None,
) -> None:
    """``aie.dma_bd(%buf : T, offset, len, [dims], [pads])``: one buffer descriptor."""
    value = ssa(buffer, "dma_bd(buffer)")
    if not isinstance(value.type, MemRefType):
        raise IronTypeError(f"dma_bd: the buffer must be a memref, got a {value.type} value")
    for what, number in (("offset", offset), ("len", len)):
        if number is not None and not isinstance(number, int | np.integer):
            raise IronTypeError(f"dma_bd: {what} must be an integer, got {number!r}")
    op = DMABDOp(
        value,
        0 if offset is None else int(offset),
        None if len is None else int(len),
        _pairs(dimensions, "dma_bd(dimensions)"),
        pad_dimensions=None if pad_dimensions is None else pad_pairs(pad_dimensions, "dma_bd(pad_dimensions)"),
        pad_value=pad_value,
        bd_id=bd_id,
        packet=None if packet is None else _packet_attr(packet),
        burst_length=burst_length,
        next_bd_id=next_bd_id,
    )
    emit(op, "dma_bd")


def _packet_attr(packet: Any) -> PacketInfoAttr:
    if isinstance(packet, PacketInfoAttr):
        return packet
    if isinstance(packet, tuple | list) and len(packet) == 2:
        return PacketInfoAttr(int(packet[0]), int(packet[1]))
    raise IronTypeError(f"packet is (packet_type, packet_id), got {packet!r}")


def dma(
    channel_dir: Any,
    channel_index: int,
    *,
    num_blocks: int = 1,
    loop: bool | None = None,
    repeat_count: int | None = None,
    sym_name: str | None = None,
    loc: Any = None,
    ip: Any = None,
) -> Callable[[Callable[[], Any]], OpHandle]:
    """``@dma(MM2S, 0, num_blocks=n)``: ``aie.dma`` with one region per BD; the decorated
    function fills the first, ``another_bd(op)`` the next ones."""
    regions = [Region(Block()) for _ in range(max(1, int(num_blocks)))]
    op = DMAOp(DMAChannelDir(int(channel_dir)), int(channel_index), regions, loop, repeat_count, sym_name)

    def decorate(body: Callable[[], Any]) -> OpHandle:
        emit(op, "@dma")
        with inside(op.regions[0].block, "@dma"):
            body()
            _close_bd_region(op.regions[0].block)
        return OpHandle(op)

    return decorate


def another_bd(dma_op: Any) -> Callable[[Callable[[], Any]], None]:
    """``@another_bd(dma_op)``: fill the next empty BD region of an ``aie.dma``."""
    op = dma_op.op if isinstance(dma_op, OpHandle) else dma_op
    empty = next((r for r in op.regions if not r.blocks or r.block.first_op is None), None)
    if empty is None:
        raise IronTypeError("another_bd: the aie.dma has no empty BD region left (num_blocks)")
    if not empty.blocks:
        empty.add_block(Block())

    def decorate(body: Callable[[], Any]) -> None:
        with inside(empty.block, "another_bd"):
            body()
            _close_bd_region(empty.block)

    return decorate


def _close_bd_region(block: Block) -> None:
    if not isinstance(block.last_op, EndOp):
        emit(EndOp(), "aie.dma")


# --- BD chains ----------------------------------------------------------------------------------


def bd_chain(*inputs: Any) -> Callable[[Callable[..., Any]], OpHandle]:
    """``@bd_chain(types...)`` on ``def chain(bd, *args)``: ``aie.bd_chain @chain(...)``, a
    BD program on runtime buffers started by ``dma_start_bd_chain``."""
    types = [mlir_type(t, f"bd_chain argument {i}") for i, t in enumerate(inputs)]

    def decorate(body: Callable[..., Any]) -> OpHandle:
        op = BDChainOp(body.__name__, types)
        emit(op, "@bd_chain")
        blocks = BlockList(op.body)
        with blocks[0]:
            body(blocks, *(TracedValue(a) for a in op.body.blocks[0].args))
        return OpHandle(op)

    return decorate


# --- routing ------------------------------------------------------------------------------------


def _bundle(value: Any, what: str) -> WireBundle:
    try:
        return WireBundle(int(value))
    except (TypeError, ValueError):
        names = ", ".join(f"WireBundle.{b.name}" for b in WireBundle)
        raise IronTypeError(f"{what}: expected one of {names}, got {value!r}") from None


def flow(
    source: Any,
    source_bundle: Any = None,
    source_channel: int | None = None,
    dest: Any = None,
    dest_bundle: Any = None,
    dest_channel: int | None = None,
) -> OpHandle:
    """``aie.flow(%src, DMA : 0, %dst, DMA : 0)``: a circuit-switched stream route (bundles
    default to DMA, channels to 0)."""
    if dest is None:
        raise IronTypeError("flow: dest (the destination tile) is required")
    op = FlowOp(
        tile_value(source, "flow(source)"),
        _bundle(WireBundle.DMA if source_bundle is None else source_bundle, "flow(source_bundle)"),
        0 if source_channel is None else int(source_channel),
        tile_value(dest, "flow(dest)"),
        _bundle(WireBundle.DMA if dest_bundle is None else dest_bundle, "flow(dest_bundle)"),
        0 if dest_channel is None else int(dest_channel),
    )
    return OpHandle(emit(op, "flow"))


def packetflow(
    pkt_id: int,
    source: Any,
    source_port: Any,
    source_channel: int,
    dest: Any = None,
    dest_port: Any = None,
    dest_channel: int | None = None,
    dests: Any = None,
    keep_pkt_header: bool | None = None,
) -> OpHandle:
    """``aie.packet_flow(id) { packet_source<...> packet_dest<...> ... }``. Destinations are
    ``dest``/``dest_port``/``dest_channel`` or ``dests=[{"dest": t, "port": p, "channel":
    c}, ...]`` (one dict or a list)."""
    op = PacketFlowOp(int(pkt_id))
    if keep_pkt_header is not None:
        op.properties["keep_pkt_header"] = BoolAttr.from_bool(keep_pkt_header)
    if isinstance(dest, dict | list):  # mlir-aie main: packetflow(id, src, port, ch, dests)
        dests, dest = dest, None
    targets = []
    if dests is not None:
        for d in [dests] if isinstance(dests, dict) else list(dests):
            targets.append((d["dest"], d["port"], d["channel"]))
    if dest is not None:
        targets.append((dest, dest_port, 0 if dest_channel is None else dest_channel))
    if not targets:
        raise IronTypeError("packetflow: give a destination (dest=... or dests=[...])")
    emit(op, "packetflow")
    with inside(op.regions[0].block, "packetflow"):
        emit(
            PacketSourceOp(
                tile_value(source, "packetflow(source)"),
                _bundle(source_port, "packetflow(source_port)"),
                int(source_channel),
            )
        )
        for tile, port, channel in targets:
            emit(PacketDestOp(tile_value(tile, "packetflow(dest)"), _bundle(port, "packetflow(dest_port)"), int(channel)))
    return OpHandle(op)


def cascade_flow(source_tile: Any, dest_tile: Any) -> OpHandle:
    """``aie.cascade_flow(%src, %dst)``: the cascade stream between neighbouring cores."""
    op = CascadeFlowOp(tile_value(source_tile, "cascade_flow(source)"), tile_value(dest_tile, "cascade_flow(dest)"))
    return OpHandle(emit(op, "cascade_flow"))


def shim_dma_allocation(
    sym_name: str,
    tile: Any,
    channel_dir: Any,
    channel_index: int,
    plio: bool | None = None,
    packet: Any = None,
) -> OpHandle:
    """``aie.shim_dma_allocation @name(%shim, MM2S|S2MM, channel)``: names a shim channel for
    runtime DMAs (``npu_dma_memcpy_nd(metadata="name", ...)``).

    The 2024-2025 spelling ``shim_dma_allocation(name, direction, channel, column)`` (a column
    where the tile is now) is accepted too: the allocation goes on that column's shim tile,
    the design's own ``tile(column, 0)`` when it has one."""
    if not isinstance(sym_name, str) or not sym_name:
        raise IronTypeError(f"shim_dma_allocation: the name must be a string, got {sym_name!r}")
    if isinstance(tile, DMAChannelDir):
        direction, index, column = tile, channel_dir, channel_index
        if isinstance(column, bool) or not isinstance(column, int) or column < 0:
            raise IronTypeError(
                f"shim_dma_allocation({sym_name!r}, {direction.name}, {index!r}, col): the "
                f"column must be a non-negative integer, got {column!r}"
            )
        tile, channel_dir, channel_index = _shim_tile(column), direction, index
    op = ShimDMAAllocationOp(
        sym_name,
        tile_value(tile, "shim_dma_allocation(tile)"),
        DMAChannelDir(int(channel_dir)),
        int(channel_index),
        plio,
        None if packet is None else _packet_attr(packet),
    )
    handle = OpHandle(emit(op, "shim_dma_allocation"))
    handle.sym_name = sym_name  # type: ignore[attr-defined]
    return handle


def _shim_tile(column: int) -> Any:
    """The ``aie.tile(column, 0)`` of the device being built: its own, else a new one."""
    point("shim_dma_allocation")
    device = enclosing_op("aie.device")
    if device is not None:
        for op in device.walk():
            if isinstance(op, TileOp) and op.col_row == (column, 0):
                return op.results[0]
    return make_tile(column, 0)


__all__ = [
    "BlockList",
    "ContextManagedBlock",
    "another_bd",
    "bd_chain",
    "bds",
    "cascade_flow",
    "dma",
    "dma_bd",
    "dma_start",
    "flow",
    "mem",
    "memtile_dma",
    "next_bd",
    "packetflow",
    "shim_dma_allocation",
    "shim_mem",
]
