"""The machine the simulator runs: locks, objectfifo buffer pools, DMA channels and streams.

An objectfifo is simulated as what the NPU builds from it: on each endpoint tile a pool of
``depth`` buffers guarded by a producer lock (free buffers) and a consumer lock (full buffers);
cores acquire and release through those locks with the objectfifo's sliding-window rules; a DMA
channel per endpoint walks its buffer descriptors (BDs) and moves elements through a stream.
A stream only moves data when its source channel and *every* destination channel are in the
middle of a BD, so a broadcast producer waits for all its consumers and nothing is buffered in
flight that the hardware would not buffer.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import numpy as np

from iron_ir.dma import access
from iron_ir.sim.errors import FifoMisuseError


class Lock:
    """A semaphore lock (AIE2): acquire-greater-equal subtracts, release adds."""

    __slots__ = ("name", "value", "init")

    def __init__(self, name: str, value: int):
        self.name = name
        self.value = value
        self.init = value

    def __repr__(self) -> str:
        return f"Lock({self.name}={self.value})"


class Wait:
    """Something a process blocks on; the scheduler resumes it once :meth:`ready`."""

    def ready(self) -> bool:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


class Progress:
    """How far a core got: objects it acquired in all, and the count when the current iteration
    of its innermost endless loop began (so a run's end can tell a core resting at the top of
    its loop from one stopped halfway)."""

    __slots__ = ("takes", "mark")

    def __init__(self) -> None:
        self.takes = 0
        self.mark = 0


class LockWait(Wait):
    __slots__ = ("lock", "amount", "where", "looping")

    def __init__(self, lock: Lock, amount: int, where: str, looping: bool = False):
        self.lock, self.amount, self.where = lock, amount, where
        self.looping = looping

    def ready(self) -> bool:
        return self.lock.value >= self.amount

    def describe(self) -> str:
        return (
            f"waits at {self.where} to acquire lock {self.lock.name} >= {self.amount} "
            f"(value {self.lock.value})"
        )


class LockEqualWait(LockWait):
    """``aie.use_lock(Acquire, v)`` on AIE2: acquire-equal waits for the value to be ``v`` and
    leaves it unchanged (runtime-parameter handshakes rely on that: a core acquires once per
    iteration what the runtime sequence set once)."""

    __slots__ = ()

    def ready(self) -> bool:
        return self.lock.value == self.amount

    def describe(self) -> str:
        return (
            f"waits at {self.where} to acquire lock {self.lock.name} == {self.amount} "
            f"(value {self.lock.value})"
        )


@dataclass
class Pool:
    """The buffers of one objectfifo endpoint (or of a link) on one tile, with their locks.

    ``segments`` > 1 for a join or distribute at a mem tile: one lock pair per input/output.
    """

    name: str
    fifo: str
    tile: str
    buffers: list[np.ndarray]
    prod_locks: list[Lock]
    cons_locks: list[Lock]
    ports: list[FifoPort] = field(default_factory=list)

    @property
    def depth(self) -> int:
        return len(self.buffers)

    def state(self) -> str:
        parts = []
        for k, (p, c) in enumerate(zip(self.prod_locks, self.cons_locks)):
            seg = f" segment {k}:" if len(self.prod_locks) > 1 else ""
            parts.append(f"{seg} {c.value} full, {p.value} free")
        held = [
            f"{port.core} holds {len(port.held)} as {port.port.lower()}r"
            for port in self.ports
            if port.held
        ]
        if len(self.prod_locks) == 1:
            in_dma = (
                self.depth
                - self.prod_locks[0].value
                - self.cons_locks[0].value
                - sum(len(port.held) for port in self.ports)
            )
            if in_dma > 0:
                parts.append(f" {in_dma} in a DMA transfer")
        text = f"{self.name} on {self.tile} ({self.depth} buffers):" + ",".join(parts)
        if held:
            text += "; " + ", ".join(held)
        return text


class FifoPort:
    """One core's view of one objectfifo end: the objectfifo acquire/release protocol.

    Acquiring ``n`` when ``h`` objects are already held takes only ``n - h`` new ones (a
    sliding window); the acquired subview is the ``n`` oldest held objects; releasing frees the
    oldest first. Objects are taken in the pool's round-robin order.
    """

    __slots__ = (
        "fifo",
        "port",
        "pool",
        "core",
        "acq",
        "rel",
        "held",
        "next",
        "depth",
        "buffers",
        "progress",
    )

    def __init__(
        self, fifo: str, port: str, pool: Pool, core: str, progress: Progress | None = None
    ):
        self.fifo, self.port, self.pool, self.core = fifo, port, pool, core
        self.progress = progress if progress is not None else Progress()
        segment = 0
        if port == "Produce":
            self.acq, self.rel = pool.prod_locks[segment], pool.cons_locks[segment]
        else:
            self.acq, self.rel = pool.cons_locks[segment], pool.prod_locks[segment]
        self.held: deque[int] = deque()
        self.next = 0
        self.depth = pool.depth
        self.buffers = pool.buffers
        pool.ports.append(self)

    def ready(self, n: int) -> bool:
        need = n - len(self.held)
        return need <= 0 or self.acq.value >= need

    def take(self, n: int) -> list[np.ndarray]:
        held = self.held
        need = n - len(held)
        if need > 0:
            self.acq.value -= need
            self.progress.takes += need
            nxt, depth = self.next, self.depth
            for _ in range(need):
                held.append(nxt)
                nxt += 1
                if nxt == depth:
                    nxt = 0
            self.next = nxt
        buffers = self.buffers
        if n == 1:
            return [buffers[held[0]]]
        return [buffers[held[i]] for i in range(n)]

    def release(self, n: int, where: str) -> None:
        held = self.held
        if n > len(held):
            raise FifoMisuseError(
                f"{where}: {self.core} releases {n} object(s) of objectfifo @{self.fifo} "
                f"({self.port}) but holds only {len(held)}.\n"
                f"Release at most as many objects as were acquired and not yet released."
            )
        for _ in range(n):
            held.popleft()
        self.rel.value += n

    def wait(self, n: int, where: str, looping: bool = False) -> FifoWait:
        return FifoWait(self, n, where, looping)


class FifoWait(Wait):
    """``looping``: the acquire sits inside an endless loop (IRON's ``while_true``)."""

    __slots__ = ("port", "n", "where", "looping")

    def __init__(self, port: FifoPort, n: int, where: str, looping: bool = False):
        self.port, self.n, self.where, self.looping = port, n, where, looping

    def ready(self) -> bool:
        return self.port.ready(self.n)

    def describe(self) -> str:
        p = self.port
        need = self.n - len(p.held)
        kind = "free" if p.port == "Produce" else "full"
        text = (
            f"waits at {self.where} on objectfifo @{p.fifo} ({p.port}) for {self.n} object(s): "
            f"holds {len(p.held)}, needs {need} more {kind}, {p.acq.value} available in "
            f"{p.pool.name}"
        )
        if self.n > p.depth:
            text += (
                f" -- this can never succeed: the pool has only {p.depth} buffer(s); give the "
                f"objectfifo a depth of at least {self.n} on this end"
            )
        return text


class BdStep:
    """One BD execution of a channel: lock acquire, element offsets, lock release.

    ``offsets`` index the flat buffer; -1 marks a zero-padding element (MM2S on mem tiles).
    """

    __slots__ = (
        "acq",
        "acq_n",
        "buffer",
        "offsets",
        "rel",
        "rel_n",
        "label",
        "task",
        "padded",
        "unique",
        "base",
    )

    def __init__(self, buffer, offsets, label, acq=None, acq_n=0, rel=None, rel_n=0, task=None):
        self.buffer = buffer
        self.offsets = offsets
        self.label = label
        self.acq, self.acq_n, self.rel, self.rel_n = acq, acq_n, rel, rel_n
        self.task = task
        self.padded = bool(offsets.size) and bool((offsets < 0).any())
        steps = np.diff(offsets)
        increasing = bool((steps > 0).all())
        self.unique = increasing or not (np.diff(np.sort(offsets)) == 0).any()
        # A contiguous run is moved with slices instead of fancy indexing (most BDs are).
        self.base = (
            int(offsets[0]) if offsets.size and increasing and bool((steps == 1).all()) else None
        )


class DmaTaskRun:
    """A runtime DMA task on a shim channel: its BD executions and how far it got."""

    def __init__(self, label: str, issue_token: bool, total: int):
        self.label = label
        self.issue_token = issue_token
        self.total = total
        self.moved = 0
        self.started = False
        self.done = total == 0
        self.freed = False
        self.channel: Channel | None = None
        self.template = None
        self.steps: deque[BdStep] = deque()

    def state(self) -> str:
        where = f" on {self.channel.name}" if self.channel else ""
        freed = " (freed without waiting)" if self.freed else ""
        return f"{self.label}{where}: {self.moved} of {self.total} elements moved{freed}"


IDLE, ACQUIRE, TRANSFER = 0, 1, 2


class Channel:
    """A DMA channel: a cyclic BD chain (tile DMAs) or a queue of runtime tasks (shim)."""

    def __init__(self, name: str, direction: str, chain: list[BdStep] | None = None, rounds=None):
        self.name = name
        self.direction = direction
        self.chain = chain or []
        self.rounds = rounds
        self.queue: deque[tuple[DmaTaskRun, deque[BdStep]]] = deque()
        self.index = 0
        self.completed_rounds = 0
        self.step: BdStep | None = None
        self.phase = IDLE
        self.pos = 0
        self.remaining = 0
        self.stream: Stream | None = None

    @property
    def is_host(self) -> bool:
        return not self.chain

    def _next_step(self) -> BdStep | None:
        if self.chain:
            if self.rounds is not None and self.completed_rounds >= self.rounds:
                return None
            return self.chain[self.index]
        while self.queue:
            task, steps = self.queue[0]
            if steps:
                return steps.popleft()
            task.done = True
            self.queue.popleft()
        return None

    def advance(self) -> bool:
        """Load and lock the next BD if possible; True when something happened."""
        if self.phase == TRANSFER:
            return False
        progressed = False
        if self.phase == IDLE:
            step = self._next_step()
            if step is None:
                return False
            self.step = step
            self.phase = ACQUIRE
            progressed = True
        step = self.step
        if step.acq is not None:
            if step.acq.value < step.acq_n:
                return progressed
            step.acq.value -= step.acq_n
        self.phase = TRANSFER
        self.pos = 0
        self.remaining = step.offsets.size
        if self.remaining == 0:
            self.finish()
        return True

    def finish(self) -> None:
        step = self.step
        if step.rel is not None:
            step.rel.value += step.rel_n
        if not self.chain and self.queue and not self.queue[0][1]:
            self.queue[0][0].done = True
            self.queue.popleft()
        if self.chain:
            self.index += 1
            if self.index == len(self.chain):
                self.index = 0
                self.completed_rounds += 1
        self.step = None
        self.phase = IDLE

    def describe(self) -> str:
        if self.phase == TRANSFER:
            size = self.step.offsets.size
            text = f"{self.name} is in {self.step.label}: {self.pos} of {size} elements moved"
            stream = self.stream
            if stream is not None:
                peers = [stream.source] if self is not stream.source else stream.dests
                idle = [p.name for p in peers if p.phase != TRANSFER]
                if idle:
                    text += f"; waits for {', '.join(idle)}"
            return text
        if self.phase == ACQUIRE:
            s = self.step
            return (
                f"{self.name} waits to acquire lock {s.acq.name} >= {s.acq_n} "
                f"(value {s.acq.value}) for {s.label}"
            )
        if self.is_host:
            return f"{self.name} has no runtime task queued"
        return f"{self.name} is idle"


class Stream:
    """A circuit from one MM2S channel to one or more S2MM channels."""

    def __init__(self, name: str, source: Channel, dests: list[Channel]):
        self.name = name
        self.source = source
        self.dests = dests
        source.stream = self
        for d in dests:
            d.stream = self

    def pump(self) -> bool:
        src = self.source
        if src.phase != TRANSFER:
            return False
        k = src.remaining
        for d in self.dests:
            if d.phase != TRANSFER:
                return False
            if d.remaining < k:
                k = d.remaining
        step = src.step
        if step.base is not None:
            start = step.base + src.pos
            data = step.buffer[start : start + k]
        else:
            offs = step.offsets[src.pos : src.pos + k]
            if step.padded:
                data = np.zeros(k, dtype=step.buffer.dtype)
                valid = offs >= 0
                data[valid] = step.buffer[offs[valid]]
            else:
                data = step.buffer[offs]
        self._account(src, k)
        for d in self.dests:
            dstep = d.step
            values = data if data.dtype == dstep.buffer.dtype else data.view(dstep.buffer.dtype)
            if dstep.base is not None:
                start = dstep.base + d.pos
                dstep.buffer[start : start + k] = values
            elif dstep.unique:
                dstep.buffer[dstep.offsets[d.pos : d.pos + k]] = values
            else:
                access.scatter(dstep.buffer, dstep.offsets[d.pos : d.pos + k], values, dstep.label)
            self._account(d, k)
        for ch in (src, *self.dests):
            if ch.remaining == 0:
                ch.finish()
        return True

    @staticmethod
    def _account(ch: Channel, k: int) -> None:
        ch.pos += k
        ch.remaining -= k
        task = ch.step.task
        if task is not None:
            task.moved += k
