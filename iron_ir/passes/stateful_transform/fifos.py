"""What the stateful transform asks of a device's objectfifos: lookups, links, shared memory.

A :class:`FifoIndex` is built once per ``aie.device`` and kept current as the transform adds
consumer-side fifos and renames link ends, so every question is answered from the IR as it is
at that moment (mlir-aie resolves the same symbols through the device's symbol table).
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntegerAttr, MemRefType, SymbolRefAttr
from xdsl.ir import Attribute, Operation, SSAValue

from iron_ir.device import DeviceSpec, TileKind
from iron_ir.dialects import aie
from iron_ir.dialects.aie.device import element_bytes, memref_elements, parent_device


def tile_of(value: SSAValue) -> aie.TileOp:
    owner = value.owner
    assert isinstance(owner, aie.TileOp), f"expected an aie.tile, got {owner}"
    return owner


def tile_kind(tile: aie.TileOp) -> TileKind:
    return tile.kind


def is_shim(tile: aie.TileOp) -> bool:
    return tile.kind.is_shim


def is_mem(tile: aie.TileOp) -> bool:
    return tile.kind is TileKind.MEM


def fifo_memref(fifo: aie.ObjectFifoCreateOp) -> MemRefType:
    return fifo.elemType.element_type


def fifo_elements(fifo: aie.ObjectFifoCreateOp) -> int:
    return memref_elements(fifo_memref(fifo))


def fifo_bytes(fifo: aie.ObjectFifoCreateOp) -> int:
    memref = fifo_memref(fifo)
    return memref_elements(memref) * element_bytes(memref)


def size(fifo: aie.ObjectFifoCreateOp, index: int = 0) -> int:
    """mlir-aie's ``ObjectFifoCreateOp::size(index)``: the depth (or the index-th of the array)."""
    if isinstance(fifo.elemNumber, IntegerAttr):
        return fifo.elemNumber.value.data
    return fifo.elemNumber.data[index].value.data  # pyright: ignore


def set_depth(fifo: aie.ObjectFifoCreateOp, depth: int) -> None:
    fifo.elemNumber = IntegerAttr(depth, 32)


def repeat_count(fifo: aie.ObjectFifoCreateOp) -> int | None:
    return None if fifo.repeat_count is None else fifo.repeat_count.value.data


def aie_stream(fifo: aie.ObjectFifoCreateOp) -> int | None:
    return None if fifo.aie_stream is None else fifo.aie_stream.value.data


def init_values(fifo: aie.ObjectFifoCreateOp) -> list[Attribute] | None:
    return None if fifo.initValues is None else list(fifo.initValues.data)


class Link:
    """An ``aie.objectfifo.link`` with its ends resolved against the index."""

    def __init__(self, op: aie.ObjectFifoLinkOp, index: FifoIndex):
        self.op = op
        self.index = index

    @property
    def inputs(self) -> list[aie.ObjectFifoCreateOp]:
        return [self.index.fifo(n) for n in self.op.in_names]

    @property
    def outputs(self) -> list[aie.ObjectFifoCreateOp]:
        return [self.index.fifo(n) for n in self.op.out_names]

    @property
    def is_join(self) -> bool:
        return len(self.op.fifoIns.data) > 1

    @property
    def is_distribute(self) -> bool:
        return len(self.op.fifoOuts.data) > 1

    @property
    def src_offsets(self) -> list[int]:
        return [o.value.data for o in self.op.src_offsets.data]

    @property
    def dst_offsets(self) -> list[int]:
        return [o.value.data for o in self.op.dst_offsets.data]

    def shared_tile(self) -> SSAValue | None:
        """The tile every input is consumed on and every output produced on."""
        ins, outs = self.inputs, self.outputs
        if self.is_join:
            tile = outs[0].producerTile
            return tile if all(f.consumerTiles[0] is tile for f in ins) else None
        if self.is_distribute:
            tile = ins[0].consumerTiles[0]
            return tile if all(f.producerTile is tile for f in outs) else None
        if ins and outs:
            for consumer in ins[0].consumerTiles:
                if consumer is outs[0].producerTile:
                    return outs[0].producerTile
        return None

    def repeat_count(self) -> int | None:
        for fifo in self.outputs:
            if fifo.repeat_count is not None:
                return fifo.repeat_count.value.data
        return None

    def _lengths(self, offsets: list[int], whole: aie.ObjectFifoCreateOp) -> list[int]:
        total = fifo_elements(whole)
        ends = offsets[1:] + [total]
        return [end - start for start, end in zip(offsets, ends)]

    def join_lengths(self) -> list[int]:
        return self._lengths(self.src_offsets, self.outputs[0]) if self.is_join else []

    def distribute_lengths(self) -> list[int]:
        return self._lengths(self.dst_offsets, self.inputs[0]) if self.is_distribute else []


class FifoIndex:
    """The objectfifos, links and allocate ops of one device, by name."""

    def __init__(self, device: aie.DeviceOp):
        self.device = device
        self.fifos: dict[str, aie.ObjectFifoCreateOp] = {}
        self.links: list[Link] = []
        self.allocates: dict[str, list[aie.ObjectFifoAllocateOp]] = {}
        for op in device.body.ops:
            if isinstance(op, aie.ObjectFifoCreateOp):
                self.fifos[op.sym_name.data] = op
            elif isinstance(op, aie.ObjectFifoLinkOp):
                self.links.append(Link(op, self))
            elif isinstance(op, aie.ObjectFifoAllocateOp):
                name = op.objFifo_name.root_reference.data
                self.allocates.setdefault(name, []).append(op)

    def fifo(self, name: str) -> aie.ObjectFifoCreateOp:
        return self.fifos[name]

    def add(self, fifo: aie.ObjectFifoCreateOp) -> None:
        self.fifos[fifo.sym_name.data] = fifo

    def in_device_order(self) -> list[aie.ObjectFifoCreateOp]:
        return [op for op in self.device.body.ops if isinstance(op, aie.ObjectFifoCreateOp)]

    def link_of(self, fifo: aie.ObjectFifoCreateOp) -> Link | None:
        name = fifo.sym_name.data
        for link in self.links:
            if name in link.op.in_names or name in link.op.out_names:
                return link
        return None

    def allocate_of(self, fifo: aie.ObjectFifoCreateOp) -> aie.ObjectFifoAllocateOp | None:
        return (self.allocates.get(fifo.sym_name.data) or [None])[0]


def shared_memory(a: aie.TileOp, b: aie.TileOp) -> int:
    """mlir-aie's ``isSharedMemory``: 2 when both tiles can use either memory, -1 when only
    ``a``'s memory is shared, 1 when only ``b``'s, 0 when they share none."""
    if is_shim(a) != is_shim(b) or is_mem(a) != is_mem(b):
        return 0
    table = _spec(a)
    right = table.is_legal_mem_access(a.col_row, b.col_row)
    left = table.is_legal_mem_access(b.col_row, a.col_row)
    if left and right:
        return 2
    if left:
        return -1
    if right:
        return 1
    return 0


def _spec(tile: aie.TileOp) -> DeviceSpec:
    device = parent_device(tile)
    assert device is not None
    return device.spec


# --- symbols ------------------------------------------------------------------------------------


def _rename(attr: Attribute, old: str, new: str) -> Attribute | None:
    """``attr`` with every symbol reference rooted at ``@old`` pointing at ``@new`` (None when
    nothing in it refers to ``@old``)."""
    if isinstance(attr, SymbolRefAttr):
        if attr.root_reference.data != old:
            return None
        return SymbolRefAttr(new, [n.data for n in attr.nested_references.data])
    if isinstance(attr, ArrayAttr):
        items = [_rename(a, old, new) for a in attr.data]
        if all(i is None for i in items):
            return None
        return ArrayAttr([n if n is not None else a for n, a in zip(items, attr.data)])
    if isinstance(attr, DictionaryAttr):
        entries = {k: _rename(v, old, new) for k, v in attr.data.items()}
        if all(v is None for v in entries.values()):
            return None
        return DictionaryAttr({k: n if n is not None else attr.data[k] for k, n in entries.items()})
    return None


def replace_symbol_uses(root: Operation, old: str, new: str) -> None:
    """MLIR's ``SymbolTable::replaceAllSymbolUses`` within ``root`` (``root`` included)."""
    for op in root.walk():
        for table in (op.properties, op.attributes):
            for key, value in list(table.items()):
                renamed = _rename(value, old, new)
                if renamed is not None:
                    table[key] = renamed

