"""The per-device state of the stateful transform and the small builder it inserts with."""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.ir import Block, Operation

from iron_ir.dialects import aie
from iron_ir.passes.stateful_transform.fifos import FifoIndex, Link

Fifo = aie.ObjectFifoCreateOp


@dataclass
class Cursor:
    """An MLIR builder's insertion point: ops go before ``before`` (the block's end if None),
    so successive inserts keep their order."""

    block: Block
    before: Operation | None = None

    @staticmethod
    def after(op: Operation) -> Cursor:
        block = op.parent_block()
        assert block is not None
        return Cursor(block, op.next_op)

    @staticmethod
    def at(op: Operation) -> Cursor:
        block = op.parent_block()
        assert block is not None
        return Cursor(block, op)

    @staticmethod
    def start(block: Block) -> Cursor:
        return Cursor(block, block.first_op)

    def insert(self, op: Operation) -> Operation:
        if self.before is None:
            self.block.add_op(op)
        else:
            self.block.insert_op_before(op, self.before)
        return op


@dataclass
class State:
    """What mlir-aie's ``ObjectFifoState`` holds, keyed by the fifo ops themselves."""

    device: aie.DeviceOp
    index: FifoIndex
    buffers: dict[Fifo, list[aie.BufferOp]] = field(default_factory=dict)
    external_buffers: dict[Fifo, list[aie.ExternalBufferOp]] = field(default_factory=dict)
    locks: dict[Fifo, list[aie.LockOp]] = field(default_factory=dict)
    split_fifos: list[tuple[Fifo, list[Fifo]]] = field(default_factory=list)
    link_owner: dict[aie.ObjectFifoLinkOp, Fifo] = field(default_factory=dict)
    """The fifo of each link whose buffers and locks both sides of the link use."""
    split_because_link: list[Fifo] = field(default_factory=list)
    objectfifo_tiles: list[aie.TileOp] = field(default_factory=list)

    def link_of(self, fifo: Fifo) -> Link | None:
        return self.index.link_of(fifo)

    def owner(self, fifo: Fifo) -> Fifo:
        """The fifo whose elements ``fifo`` uses: its link's owner once created, else itself."""
        link = self.index.link_of(fifo)
        if link is not None and link.op in self.link_owner:
            return self.link_owner[link.op]
        return fifo

    def end_block(self) -> Cursor:
        """Before the device's terminator."""
        last = self.device.body.last_op
        assert isinstance(last, aie.EndOp)
        return Cursor(self.device.body, last)

    def last_tile(self) -> aie.TileOp:
        tiles = [op for op in self.device.body.ops if isinstance(op, aie.TileOp)]
        return tiles[-1]
