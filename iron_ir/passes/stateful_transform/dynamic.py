"""The dynamic lowering of a core's objectfifo accesses (``dynamic-objFifos``, or a core's
``dynamic_objfifo_lowering = true``): loops stay rolled, and the buffer an access uses is picked
at run time.

Per (fifo, port) the core keeps the index of its next object in one slot of an anonymous
``aie.buffer`` of i32 counters declared just before the core; a release advances it modulo the
depth, and every ``aie.objectfifo.subview.access`` becomes an ``scf.index_switch`` over the
counter yielding the right buffer. Lock amounts stay those of the static analysis.
"""

from __future__ import annotations

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import DenseArrayBase, IndexType, IntegerAttr, MemRefType, i32, i64
from xdsl.ir import Block, Operation, Region, SSAValue

from iron_ir.dialects import aie
from iron_ir.passes.stateful_transform.fifos import size
from iron_ir.passes.stateful_transform.state import Cursor, Fifo, State


def _located(op: Operation, at: Operation) -> Operation:
    op.location = at.location
    return op


def lower_dynamically(state: State, core: aie.CoreOp) -> None:
    body = core.body.blocks[0]
    start = Cursor.start(body)
    zero = start.insert(_located(arith.ConstantOp(IntegerAttr(0, i32)), core))
    slots: dict[tuple[Fifo, int], tuple[SSAValue, SSAValue, int]] = {}
    for op in core.walk():
        if isinstance(op, aie.ObjectFifoAcquireOp):
            fifo = state.index.fifo(op.objFifo_name.root_reference.data)
            key = (fifo, op.port.value.data)
            if key not in slots:
                index = start.insert(
                    _located(arith.ConstantOp(IntegerAttr(len(slots), IndexType())), core)
                )
                depth = start.insert(_located(arith.ConstantOp(IntegerAttr(size(fifo), i32)), core))
                slots[key] = (index.results[0], depth.results[0], size(fifo))
    counters = aie.BufferOp(core.tile, MemRefType(i32, [len(slots)]))
    counters.location = core.location
    Cursor.at(core).insert(counters)
    for index, depth, _ in slots.values():
        store = memref.StoreOp.get(zero.results[0], counters.buffer, [index])
        Cursor.after(depth.owner).insert(_located(store, core))  # type: ignore[arg-type]

    for op in list(core.walk()):
        if isinstance(op, aie.ObjectFifoReleaseOp):
            fifo = state.index.fifo(op.objFifo_name.root_reference.data)
            index, depth, _ = slots[(fifo, op.port.value.data)]
            _advance(op, counters.buffer, index, depth)
        elif isinstance(op, aie.ObjectFifoAcquireOp):
            fifo = state.index.fifo(op.objFifo_name.root_reference.data)
            index, _, count = slots[(fifo, op.port.value.data)]
            if count == 1:
                continue
            buffers = state.buffers.get(fifo, [])
            for use in list(op.subview.uses):
                access = use.operation
                if isinstance(access, aie.ObjectFifoSubviewAccessOp):
                    _select(access, op, counters.buffer, index, buffers, count)


def _advance(release: aie.ObjectFifoReleaseOp, counters: SSAValue, index: SSAValue, depth: SSAValue) -> None:
    """counter = (counter + n) >= depth ? counter + n - depth : counter + n"""
    cursor = Cursor.after(release)
    old = memref.LoadOp.get(counters, [index])
    amount = arith.ConstantOp(IntegerAttr(release.size.value.data, i32))
    total = arith.AddiOp(old.res, amount.result)
    wraps = arith.CmpiOp(total.result, depth, "sge")
    wrapped = arith.SubiOp(total.result, depth)
    new = arith.SelectOp(wraps.result, wrapped.result, total.result)
    store = memref.StoreOp.get(new.result, counters, [index])
    for op in (old, amount, total, wraps, wrapped, new, store):
        cursor.insert(_located(op, release))


def _select(
    access: aie.ObjectFifoSubviewAccessOp,
    acquire: aie.ObjectFifoAcquireOp,
    counters: SSAValue,
    index: SSAValue,
    buffers: list[aie.BufferOp],
    count: int,
) -> None:
    cursor = Cursor.after(access)
    load = memref.LoadOp.get(counters, [index])
    cast = arith.IndexCastOp(load.res, IndexType())
    offset = access.index.value.data
    element = buffers[0].buffer.type

    def yielding(i: int) -> Region:
        return Region(Block([_located(scf.YieldOp(buffers[i].buffer), acquire)]))

    switch = scf.IndexSwitchOp(
        cast.result,
        DenseArrayBase.from_list(i64, list(range(count))),
        yielding(offset % count),
        [yielding((offset + i) % count) for i in range(count)],
        [element],
    )
    for op in (load, cast, switch):
        cursor.insert(_located(op, acquire))
    access.output.replace_all_uses_with(switch.results[0])
