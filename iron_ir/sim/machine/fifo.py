"""The objectfifo level, built on locks and buffers: pools and the cores' fifo ports.

A :class:`Pool` is the buffers of one objectfifo endpoint (or of a link) on one tile with
their producer and consumer locks, exactly the ``<fifo>_buff_<i>``, ``<fifo>_prod_lock_<k>``
and ``<fifo>_cons_lock_<k>`` that mlir-aie's stateful transform creates. A :class:`FifoPort`
is one core's objectfifo end on a pool: the acquire/release protocol on those locks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from iron_ir.sim.errors import FifoMisuseError
from iron_ir.sim.machine.lock import Lock, Wait


@dataclass
class Pool:
    """``segments`` > 1 for a join or distribute at a mem tile: one lock pair per input or
    output."""

    name: str
    fifo: str
    tile: str
    buffers: list[np.ndarray]
    prod_locks: list[Lock]
    cons_locks: list[Lock]
    inits: list[np.ndarray] = field(default_factory=list)
    ports: list[FifoPort] = field(default_factory=list)
    zeroed: list[np.ndarray] | None = field(default=None, repr=False, compare=False)
    """Byte views of the buffers without init values (made at the first reset)."""

    @property
    def depth(self) -> int:
        return len(self.buffers)

    def reset(self) -> None:
        for buf, init in zip(self.buffers, self.inits):
            buf[...] = init
        zeroed = self.zeroed
        if zeroed is None:
            # Zero bytes are a zero of every element type, and filling a byte view costs a
            # third of assigning 0 to a bf16 buffer (which goes through its Python scalar).
            zeroed = self.zeroed = [
                buf.reshape(-1).view(np.uint8) if buf.flags.c_contiguous else buf
                for buf in self.buffers[len(self.inits) :]
            ]
        for buf in zeroed:
            buf.fill(0)

    def state(self) -> str:
        parts = []
        for k, (p, c) in enumerate(zip(self.prod_locks, self.cons_locks)):
            seg = f" segment {k}:" if len(self.prod_locks) > 1 else ""
            parts.append(f"{seg} {c.value} full, {p.value} free")
        held = [
            f"{port.core} holds {port.count} as {port.port.lower()}r"
            for port in self.ports
            if port.count
        ]
        if len(self.prod_locks) == 1:
            in_dma = (
                self.depth
                - self.prod_locks[0].value
                - self.cons_locks[0].value
                - sum(port.count for port in self.ports)
            )
            if in_dma > 0:
                parts.append(f" {in_dma} in a DMA transfer")
        text = f"{self.name} on {self.tile} ({self.depth} buffers):" + ",".join(parts)
        if held:
            text += "; " + ", ".join(held)
        return text


class Progress:
    """How far a core got: objects it consumed in all, and the count when the current
    iteration of its innermost endless loop began (so the end of a run can tell a core resting
    at the top of its loop from one stopped halfway). Acquiring free output buffers is not
    progress: a core may take its next output object before it waits for input."""

    __slots__ = ("takes", "mark")

    def __init__(self) -> None:
        self.takes = 0
        self.mark = 0


class FifoPort:
    """One core's view of one objectfifo end: the objectfifo acquire/release protocol.

    Acquiring ``n`` when ``h`` objects are already held takes only ``n - h`` new ones (a
    sliding window); the acquired subview is the ``n`` oldest held objects; releasing frees the
    oldest first. Objects are taken in the pool's round-robin order, so the held objects are
    always ``count`` consecutive buffers from ``head``.
    """

    __slots__ = (
        "fifo",
        "port",
        "pool",
        "core",
        "acq",
        "rel",
        "count",
        "head",
        "depth",
        "buffers",
        "progress",
        "windows",
    )

    def __init__(self, fifo: str, port: str, pool: Pool, core: str, progress: Progress):
        self.fifo, self.port, self.pool, self.core = fifo, port, pool, core
        self.progress = progress
        if port == "Produce":
            self.acq, self.rel = pool.prod_locks[0], pool.cons_locks[0]
        else:
            self.acq, self.rel = pool.cons_locks[0], pool.prod_locks[0]
        self.depth = pool.depth
        self.buffers = pool.buffers
        # windows[n][head]: the subview of n objects from buffer ``head``.
        self.windows: dict[int, list[tuple]] = {}
        pool.ports.append(self)
        self.reset()

    def reset(self) -> None:
        self.count = 0
        self.head = 0

    @property
    def held(self) -> int:
        return self.count

    def window(self, n: int) -> list[tuple]:
        """``window(n)[head]``: the subview of ``n`` objects from buffer ``head``. The
        compiled acquire (:mod:`iron_ir.sim.codegen.aie`) indexes it; taking and releasing
        objects is inline code there, on ``count``, ``head`` and the pool's locks."""
        rows = self.windows.get(n)
        if rows is None:
            depth, bufs = self.depth, self.buffers
            rows = [tuple(bufs[(h + i) % depth] for i in range(n)) for h in range(depth)]
            self.windows[n] = rows
        return rows

    def misuse(self, n: int, where: str) -> None:
        raise FifoMisuseError(
            f"{where}: {self.core} releases {n} object(s) of objectfifo @{self.fifo} "
            f"({self.port}) but holds only {self.count}."
            f"\nRelease at most as many objects as were acquired and not yet released."
        )


class FifoWait(Wait):
    """A core blocked on ``acquire(n)``; ``looping``: the acquire sits inside an endless loop
    (IRON's ``while_true``). One per acquire site, built when the core is compiled."""

    __slots__ = ("port", "n", "where", "looping", "lock", "need", "waiters")

    def __init__(self, port: FifoPort, n: int, where: str, looping: bool = False):
        self.port, self.n, self.where, self.looping = port, n, where, looping
        self.lock = port.acq
        """The lock the acquire takes from (the scheduler checks and arms it inline)."""
        self.waiters = port.acq.waiters  # the lock's one list for its life
        self.need = n
        """What the blocked core needs from ``lock`` (``n`` less what it holds: constant while
        it waits, since only the core changes what it holds); set where it blocks."""

    def ready(self) -> bool:
        p = self.port
        need = self.n - p.count
        return need <= 0 or p.acq.value >= need

    def arm(self, entity) -> None:
        self.port.acq.waiters.append(entity)

    def describe(self) -> str:
        p = self.port
        need = self.n - p.count
        kind = "free" if p.port == "Produce" else "full"
        text = (
            f"waits at {self.where} on objectfifo @{p.fifo} ({p.port}) for {self.n} object(s): "
            f"holds {p.count}, needs {need} more {kind}, {p.acq.value} available in "
            f"{p.pool.name}"
        )
        if self.n > p.depth:
            text += (
                f" -- this can never succeed: the pool has only {p.depth} buffer(s); give the "
                f"objectfifo a depth of at least {self.n} on this end"
            )
        return text
