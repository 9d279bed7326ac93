"""Buffer descriptors, DMA tasks and the DMA channels that walk them.

A :class:`Bd` is one buffer descriptor: an access plan on a buffer, an optional lock acquire
before it and release after it (``aie.use_lock`` in its BD block), the BD it chains to
(``aie.next_bd``; ``None`` ends the chain) and an optional packet header. A :class:`Task` is a
chain started on a channel: from its first BD along ``next`` until the chain ends, all of it
``runs`` times (``None``: a chain that loops forever, as tile DMA programs do). A
:class:`Channel` is one DMA channel of a tile: a queue of tasks, the BD it is in and how far
it got. Tile DMA programs are tasks queued when the machine starts; the runtime sequence
queues tasks on shim (and mem-tile) channels as it runs.

Each channel goes IDLE -> ACQUIRE (BD loaded, waiting for its lock) -> TRANSFER (moving
elements through its stream) -> release, next BD. Streams (:mod:`.stream`) move the data.
"""

from __future__ import annotations

from collections import deque

from iron_ir.sim.machine.lock import GE, MODE_NAMES, Lock

IDLE, ACQUIRE, TRANSFER = 0, 1, 2


class Bd:
    __slots__ = (
        "plans",
        "acq",
        "acq_n",
        "acq_mode",
        "rel",
        "rel_n",
        "rel_mode",
        "next",
        "packet",
        "label",
        "runs",
        "origin",
        "chain",
    )

    def __init__(
        self,
        plans,
        label: str,
        acq: Lock | None = None,
        acq_n: int = 0,
        rel: Lock | None = None,
        rel_n: int = 0,
        acq_mode: int = GE,
        rel_mode: int = GE,
        packet: tuple[int, int] | None = None,
        origin: str | None = None,
    ):
        self.plans = plans if isinstance(plans, list) else [plans]
        """One plan per iteration step (the BD's iteration dim); most BDs have one."""
        self.label = label
        self.acq, self.acq_n, self.acq_mode = acq, acq_n, acq_mode
        self.rel, self.rel_n, self.rel_mode = rel, rel_n, rel_mode
        self.next: Bd | None = None
        self.packet = packet
        self.runs = 0
        self.origin = origin
        """Where the BD came from in the IR (its ``aie.dma_bd``), for reports."""
        self.chain: Bd | None = None
        """``next`` when :meth:`Channel.next_transfer` may go on to it inline (set at reset)."""

    @property
    def length(self) -> int:
        return self.plans[0].size

    def reset(self) -> None:
        self.runs = 0
        # What next_transfer's inline path needs of the BD pair, read once per run: a GE
        # release here, a GE acquire and one non-empty plan there.
        nxt = self.next
        self.chain = (
            nxt
            if nxt is not None
            and self.rel_mode == GE
            and nxt.acq_mode == GE
            and len(nxt.plans) == 1
            and nxt.plans[0].size != 0
            else None
        )


class Task:
    """A BD chain started on a channel (a runtime DMA task or a tile DMA program)."""

    __slots__ = (
        "label",
        "first",
        "runs",
        "runs_done",
        "issue_token",
        "total",
        "moved",
        "started",
        "done",
        "freed",
        "channel",
        "waiters",
        "template",
        "host",
    )

    def __init__(self, label: str, first: Bd | None, runs: int | None = 1, issue_token=False):
        self.label = label
        self.first = first
        self.runs = runs
        self.runs_done = 0
        self.issue_token = issue_token
        self.total = 0
        self.moved = 0
        self.started = False
        self.done = first is None
        self.freed = False
        self.channel: Channel | None = None
        self.waiters: list = []
        self.template = None
        self.host = False

    def reset(self) -> None:
        self.runs_done = 0
        self.moved = 0
        self.done = self.first is None
        self.waiters = []

    def next_bd(self, prev: Bd | None) -> Bd | None:
        nxt = self.first if prev is None else prev.next
        if nxt is None:
            self.runs_done += 1
            if self.runs is not None and self.runs_done >= self.runs:
                return None
            nxt = self.first
        return nxt

    def finish(self) -> None:
        self.done = True
        ch = self.channel
        if self.issue_token and ch is not None:
            # The completion token an ``npu.sync`` on this channel waits for.
            ch.tokens += 1
            if ch.token_waiters:
                waiters, ch.token_waiters = ch.token_waiters, []
                for entity in waiters:
                    entity.wake()
        if self.waiters:
            waiters, self.waiters = self.waiters, []
            for entity in waiters:
                entity.wake()

    def state(self) -> str:
        where = f" on {self.channel.name}" if self.channel else ""
        freed = " (freed without waiting)" if self.freed else ""
        return f"{self.label}{where}: {self.moved} of {self.total} elements moved{freed}"


class Channel:
    """One DMA channel (``tile`` ``direction``:``index``)."""

    __slots__ = (
        "name",
        "tile",
        "direction",
        "index",
        "queue",
        "programs",
        "task",
        "bd",
        "plan",
        "phase",
        "pos",
        "remaining",
        "stream",
        "agenda",
        "queued",
        "host",
        "claim",
        "tokens",
        "token_waiters",
        "gate",
    )

    def __init__(self, name: str, tile: str, direction: str, index: int, host: bool = False):
        self.name = name
        self.tile = tile
        self.direction = direction
        self.index = index
        self.programs: list[Task] = []
        """Tasks queued when the machine starts (the tile's DMA program)."""
        self.host = host
        """Fed by the runtime sequence (a shim channel) rather than a tile DMA program."""
        self.stream = None
        self.gate: Channel | None = None
        """A peer on the channel's circuit that must be inside a BD for the greedy pump to move
        anything (the source for a destination, a destination for the source), or None
        (no circuit, or one with a bulk relay): :meth:`run` does not call a pump that would
        return at once."""
        self.agenda = None
        self.reset()

    def reset(self) -> None:
        self.queue: deque[Task] = deque(self.programs)
        for task in self.programs:
            task.reset()
            task.started = True
            task.channel = self
        self.task: Task | None = None
        self.bd: Bd | None = None
        self.plan = None
        self.phase = IDLE
        self.pos = 0
        self.remaining = 0
        self.queued = False
        self.claim = None
        self.tokens = 0
        self.token_waiters: list = []

    @property
    def is_host(self) -> bool:
        return self.host

    def program_bds(self) -> list[Bd]:
        """The BDs of the tile DMA program, each once."""
        seen: dict[int, Bd] = {}
        for task in self.programs:
            bd = task.first
            while bd is not None and id(bd) not in seen:
                seen[id(bd)] = bd
                bd = bd.next
        return list(seen.values())

    # --- scheduling ---------------------------------------------------------------------

    def wake(self) -> None:
        if not self.queued:
            self.queued = True
            self.agenda.append(self)

    def run(self) -> None:
        """The event scheduler's step: go as far as possible, moving data on the way."""
        while self.advance():
            if self.phase == TRANSFER:
                stream = self.stream
                if stream is not None:
                    # Most channels of a broadcast enter their BDs while the source or another
                    # destination is still waiting for its lock.
                    gate = self.gate
                    if gate is None or gate.phase == TRANSFER:
                        stream.pump()
                return

    def enqueue(self, task: Task) -> None:
        self.queue.append(task)
        if self.agenda is not None and self.phase == IDLE:
            self.wake()

    # --- the state machine --------------------------------------------------------------

    def _next_bd(self) -> Bd | None:
        task = self.task
        if task is not None:
            bd = self.bd.next if self.bd is not None else None
            if bd is None:
                bd = task.next_bd(self.bd)
            if bd is not None:
                return bd
            self.task = None
            task.finish()
        while self.queue:
            task = self.queue.popleft()
            bd = task.next_bd(None)
            if bd is not None:
                self.task = task
                return bd
            task.finish()
        return None

    def advance(self) -> bool:
        """Load and lock the next BD if possible; True when something happened."""
        phase = self.phase
        if phase == TRANSFER:
            return False
        progressed = False
        if phase == IDLE:
            bd = self._next_bd()
            if bd is None:
                self.bd = None
                return False
            self.bd = bd
            self.phase = ACQUIRE
            progressed = True
        else:
            bd = self.bd
        lock = bd.acq
        if lock is not None:
            n = bd.acq_n
            if bd.acq_mode == GE:
                if lock.value < n:
                    if self.agenda is not None:
                        lock.waiters.append(self)
                    return progressed
                lock.value -= n
                if lock.waiters:
                    lock.wake()
            elif lock.can(bd.acq_mode, n):
                lock.take(bd.acq_mode, n)
            else:
                if self.agenda is not None:
                    lock.waiters.append(self)
                return progressed
        plans = bd.plans
        plan = plans[bd.runs % len(plans)] if len(plans) > 1 else plans[0]
        self.plan = plan
        bd.runs += 1
        self.phase = TRANSFER
        self.pos = 0
        self.remaining = plan.size
        if plan.size == 0:
            self.finish()
        return True

    def next_transfer(self) -> None:
        """The greedy pump's step when a BD is complete: :meth:`finish` it, then
        :meth:`advance` as far as possible. Inline for the common case (a tile DMA program's
        BD chaining to a BD with a GE lock); anything else goes the general way."""
        bd = self.bd
        nxt = bd.chain
        task = self.task
        if nxt is None or task is None or task.host:
            self.finish()
            while self.advance() and self.phase == IDLE:
                pass
            return
        lock = bd.rel
        if lock is not None:
            lock.value += bd.rel_n
            if lock.waiters:
                lock.wake()
        self.bd = nxt
        lock = nxt.acq
        if lock is not None:
            n = nxt.acq_n
            if lock.value < n:
                self.phase = ACQUIRE
                if self.agenda is not None:
                    lock.waiters.append(self)
                return
            lock.value -= n
            if lock.waiters:
                lock.wake()
        plan = nxt.plans[0]
        self.plan = plan
        nxt.runs += 1
        self.pos = 0
        self.remaining = plan.size

    def count_moved(self, k: int) -> None:
        """``k`` elements of the current BD moved outside ``Circuit``'s own pump (a packet
        stream, a bulk relay)."""
        self.pos += k
        self.remaining -= k
        task = self.task
        if task is not None and task.host:
            task.moved += k

    def finish(self) -> None:
        bd = self.bd
        lock = bd.rel
        if lock is not None:
            if bd.rel_mode == GE:
                lock.value += bd.rel_n
                if lock.waiters:
                    lock.wake()
            else:
                lock.give(bd.rel_mode, bd.rel_n)
        self.phase = IDLE
        task = self.task
        if task is not None and task.host:
            # A runtime task is done when its last BD is: peek without advancing.
            if bd.next is None and task.runs is not None and task.runs_done + 1 >= task.runs:
                task.runs_done += 1
                self.task = None
                self.bd = None
                task.finish()

    def describe(self) -> str:
        if self.phase == TRANSFER:
            text = (
                f"{self.name} is in {self.bd.label}: {self.pos} of {self.plan.size} elements "
                f"moved"
            )
            stream = self.stream
            if stream is None:
                return text + "; no flow connects its stream"
            idle = [p.name for p in stream.peers(self) if p.phase != TRANSFER]
            if idle:
                text += f"; waits for {', '.join(idle)}"
            return text
        if self.phase == ACQUIRE:
            bd = self.bd
            return (
                f"{self.name} waits to acquire lock {bd.acq.label()} {MODE_NAMES[bd.acq_mode]} "
                f"{bd.acq_n} (value {bd.acq.value}) for {bd.label}"
            )
        if self.host:
            return f"{self.name} has no runtime task queued"
        return f"{self.name} is idle"
