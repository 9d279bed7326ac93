"""Core code: objectfifo acquires and releases become ``aie.use_lock``, accesses become buffers.

Per core and per (fifo, port) the lowering follows the program order (mlir-aie's static
bookkeeping): a release adds ``n`` to the other side's lock; an acquire takes only the objects
not already held (a later acquire of the same fifo reuses what an earlier one still holds),
so ``acquire 2; release 1; acquire 2`` takes 2 then 1. Each held object is the next buffer of
the fifo in rotation, which is why the loops were unrolled to the fifo's depth first.
"""

from __future__ import annotations

from xdsl.ir import Operation

from iron_ir.device import Arch
from iron_ir.dialects import aie
from iron_ir.dialects.aie.enums import LockAction, ObjectFifoPort
from iron_ir.ir.diagnostics import OpError
from iron_ir.passes.stateful_transform.fifos import repeat_count, shared_memory, size, tile_of
from iron_ir.passes.stateful_transform.state import Cursor, Fifo, State

_PRODUCE = int(ObjectFifoPort.Produce)


def _fifo_of(state: State, op: aie.ObjectFifoAcquireOp | aie.ObjectFifoReleaseOp) -> Fifo:
    name = op.objFifo_name.root_reference.data
    fifo = state.index.fifos.get(name)
    if fifo is None:
        raise OpError(op, f"refers to @{name}, which is not an aie.objectfifo of this device")
    return fifo


def _check_access(state: State, op: Operation, fifo: Fifo, core: aie.CoreOp, verb: str) -> None:
    link = state.link_of(fifo)
    if link is not None and core.tile is link.shared_tile():
        raise OpError(op, "currently cannot access objectFifo used in ObjectFifoLinkOp")
    if fifo.aie_stream is not None:
        raise OpError(op, f"cannot {verb} from objectfifo stream port")


class _CoreLowering:
    def __init__(self, state: State, core: aie.CoreOp):
        self.state = state
        self.core = core
        self.aie1 = state.device.spec.arch is Arch.AIE1
        self.next_acquire: dict[tuple[Fifo, int], int] = {}
        self.next_release: dict[tuple[Fifo, int], int] = {}
        self.held: dict[tuple[Fifo, int], list[int]] = {}
        self.releases: dict[tuple[Fifo, int], list[aie.ObjectFifoReleaseOp]] = {}
        self.subviews: dict[aie.ObjectFifoAcquireOp, list[aie.BufferOp]] = {}

    def use_locks(
        self, after: Operation, fifo: Fifo, port: int, counter: dict, count: int, action: LockAction
    ) -> None:
        """``createUseLocks``: the use_lock ops for ``count`` objects, advancing ``counter``."""
        target = self.state.owner(fifo)
        locks = self.state.locks.get(target, [])
        key = (fifo, port)
        depth = size(fifo)
        cursor = Cursor.after(after)
        if self.aie1:
            if locks:
                releasing_produce = port == _PRODUCE and action is LockAction.Release
                acquiring_consume = port != _PRODUCE and action is LockAction.Acquire
                mode = 1 if releasing_produce or acquiring_consume else 0
                for _ in range(count):
                    lock = counter.get(key, 0)
                    self._emit(cursor, aie.UseLockOp(locks[lock], action, mode), fifo)
                    counter[key] = (lock + 1) % depth
            else:
                for _ in range(count):
                    counter[key] = (counter.get(key, 0) + 1) % depth
            return
        if count == 0:
            return
        if locks:
            acquiring = action is LockAction.AcquireGreaterEqual
            produce = port == _PRODUCE
            lock = locks[0] if acquiring == produce else locks[1]
            self._emit(cursor, aie.UseLockOp(lock, action, count), fifo)
        counter[key] = (counter.get(key, 0) + count) % depth

    @staticmethod
    def _emit(cursor: Cursor, op: Operation, fifo: Fifo) -> None:
        op.location = fifo.location
        cursor.insert(op)

    def release(self, op: aie.ObjectFifoReleaseOp) -> None:
        fifo = _fifo_of(self.state, op)
        _check_access(self.state, op, fifo, self.core, "release")
        port = op.port.value.data
        key = (fifo, port)
        self.next_release.setdefault(key, 0)
        count = op.size.value.data * (repeat_count(fifo) or 1)
        self.use_locks(op, fifo, port, self.next_release, count, LockAction.Release)
        self.releases.setdefault(key, []).append(op)

    def _released_before(self, key: tuple[Fifo, int], acquire: Operation) -> int:
        """Objects released (and not yet counted) before ``acquire`` in a common block."""
        released = 0
        pending = self.releases.get(key, [])
        kept: list[aie.ObjectFifoReleaseOp] = []
        for rel in pending:
            if _before(rel, acquire):
                released += rel.size.value.data
            else:
                kept.append(rel)
        self.releases[key] = kept
        return released

    def acquire(self, op: aie.ObjectFifoAcquireOp) -> None:
        fifo = _fifo_of(self.state, op)
        _check_access(self.state, op, fifo, self.core, "acquire")
        port = op.port.value.data
        key = (fifo, port)
        start = self.next_acquire.setdefault(key, 0)
        released = self._released_before(key, op)
        held = list(self.held.get(key, []))
        if held:
            if released > len(held):
                raise OpError(op, "cannot release more elements than are already acquired")
            held = held[released:]
        wanted = op.size.value.data
        new = max(wanted - len(held), 0) * (repeat_count(fifo) or 1)
        action = LockAction.Acquire if self.aie1 else LockAction.AcquireGreaterEqual
        self.use_locks(op, fifo, port, self.next_acquire, new, action)
        depth = size(fifo)
        for _ in range(new):
            held.append(start)
            start = (start + 1) % depth
        buffers = self.state.buffers.get(self.state.owner(fifo), [])
        if any(i >= len(buffers) for i in held):
            raise OpError(
                op,
                f"@{fifo.sym_name.data} has {len(buffers)} buffers on this tile, fewer than the "
                f"objects this core holds ({len(held)})",
            )
        self.subviews[op] = [buffers[i] for i in held]
        self.held[key] = held

    def access(self, op: aie.ObjectFifoSubviewAccessOp) -> None:
        acquire = op.subview.owner
        if not isinstance(acquire, aie.ObjectFifoAcquireOp) or acquire not in self.subviews:
            raise OpError(op, "the subview must be the result of an aie.objectfifo.acquire")
        fifo = _fifo_of(self.state, acquire)
        link = self.state.link_of(fifo)
        if link is not None:
            if link.is_distribute or link.is_join:
                raise OpError(
                    op,
                    "currently cannot access objectFifo used in ObjectFifoLinkOp if it is a "
                    "distribute or join link",
                )
            producer = tile_of(fifo.producerTile)
            for consumer in fifo.consumerTiles:
                if shared_memory(producer, tile_of(consumer)) == 0:
                    raise OpError(
                        op,
                        "currently cannot access objectFifo used in ObjectFifoLinkOp if the "
                        "tiles don't share memory",
                    )
        held = self.subviews[acquire]
        index = op.index.value.data
        if index >= len(held):
            raise OpError(op, f"accesses object {index} of a subview holding {len(held)}")
        op.output.replace_all_uses_with(held[index].buffer)

    def run(self) -> None:
        ops = list(self.core.walk())
        for op in ops:
            if isinstance(op, aie.ObjectFifoReleaseOp):
                self.release(op)
        for op in ops:
            if isinstance(op, aie.ObjectFifoAcquireOp):
                self.acquire(op)
        for op in ops:
            if isinstance(op, aie.ObjectFifoSubviewAccessOp):
                self.access(op)


def _before(rel: Operation, acquire: Operation) -> bool:
    """Is some ancestor of ``rel`` (or ``rel``) before some ancestor of ``acquire`` (or
    ``acquire``) in one block? The ancestors stop below the device."""

    def chain(op: Operation) -> list[Operation]:
        out: list[Operation] = []
        current: Operation | None = op
        while current is not None and not isinstance(current, aie.DeviceOp):
            out.append(current)
            current = current.parent_op()
        return out

    rel_chain = chain(rel)
    for a in chain(acquire):
        block = a.parent_block()
        for r in rel_chain:
            if r.parent_block() is block and block is not None and r.is_before_in_block(a):
                return True
    return False


def lower_core(state: State, core: aie.CoreOp) -> None:
    _CoreLowering(state, core).run()
