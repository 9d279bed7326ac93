"""The two schedulers: an event scheduler (the default) and the step-by-step one.

Both count time in *steps* (rounds) and run the same machine, so a design gives the same
outputs and the same deadlock and misuse reports on both (the run's step count aside).

* **Step by step** (``exact_schedule``): each round resumes, in a fixed order, the runtime
  sequence if its wait is satisfied, every core likewise, every DMA channel (load and lock
  its next BD), every stream (move one chunk). Simple to follow; every round looks at
  everything.
* **Events**: a round runs only what was woken since the last one. A process blocks on a
  wait that registers it with a lock or a task; a lock whose value changes wakes what waits
  on it. A core runs until it blocks; a channel that gets its lock moves data at once, and
  its stream keeps moving while every channel involved can go on, so an uncontended path
  moves many objects in one round. The runtime sequence, when woken, runs first in its round.

A round in which nothing can run while the runtime sequence has not finished is a deadlock,
reported at once. The run ends when the runtime sequence finishes; the cores and tile DMAs
are then let run until they stop and the end state is checked (:mod:`.reports`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Generator

from iron_ir.sim.batching import KernelQueue
from iron_ir.sim.errors import (
    BudgetExceededError,
    CoreExecutionError,
    DeadlockError,
    InFlightError,
    SimulationError,
)
from iron_ir.sim.host import HostContext
from iron_ir.sim.machine import FifoWait, Machine, Wait
from iron_ir.sim.reports import Reports, steps_text
from iron_ir.sim.trace import Recorder

SETTLE_ROUNDS = 1000
TICKS = 256
"""Iterations of a compiled loop between budget checks: small, so the countdown stays among
Python's cached small ints (a large one is a new int object per iteration)."""

CORE_ERRORS = (IndexError, ValueError, TypeError, OverflowError, ZeroDivisionError)
"""What a core's compiled body raises on a bad index, value or operation: reported as the
core's failure (``Process._failed``), not as a bug of the simulator."""


class Process:
    """A core or the runtime sequence: a generator that yields what it waits on."""

    __slots__ = (
        "name",
        "gen",
        "wait",
        "done",
        "ran",
        "what",
        "progress",
        "queued",
        "agenda",
        "done_waiters",
        "stamp",
    )

    def __init__(self, name: str, gen: Generator, what: str, progress=None):
        self.name, self.gen, self.what = name, gen, what
        self.progress = progress
        self.wait: Wait | None = None
        self.done = False
        self.ran = False
        self.queued = False
        self.agenda = None
        self.done_waiters: list = []
        self.stamp = -1
        """The event round it last ran in: a core runs at most once per round."""

    def _step(self) -> None:
        try:
            self.wait = self.gen.send(None)
        except StopIteration:
            self._finished()
        except SimulationError:
            raise
        except CORE_ERRORS as err:
            self._failed(err)
        self.ran = True

    def _finished(self) -> None:
        self.done, self.wait = True, None
        for entity in self.done_waiters:
            entity.wake()

    def _failed(self, err: Exception):
        raise CoreExecutionError(
            f"{self.what} failed: {type(err).__name__}: {err}\n(an index outside a memref, "
            f"or a value that does not fit its element type)"
        ) from None

    def resume(self) -> bool:
        """The step-by-step schedule: run to the next wait if the current one is satisfied."""
        if self.done or (self.wait is not None and not self.wait.ready()):
            self.ran = False
            return False
        self._step()
        return True

    def run(self) -> None:
        """The event schedule: run to the next wait, and register where it will be woken.
        (The runtime sequence's step; a core's is inline in :meth:`Scheduler._event_rounds`.)"""
        wait = self.wait
        if wait is not None:
            if not wait.ready():
                wait.arm(self)
                return
        elif self.done:
            return
        self.ran = True
        try:
            wait = self.gen.send(None)
        except StopIteration:
            self._finished()
            return
        except SimulationError:
            raise
        except CORE_ERRORS as err:
            self._failed(err)
        self.wait = wait
        if wait is not None:
            wait.arm(self)

    def wake(self) -> None:
        if not self.queued:
            self.queued = True
            self.agenda.append(self)

    def state(self) -> str:
        if self.done:
            return "finished"
        if self.wait is None:
            return "ready to run"
        return self.wait.describe()


class Budget:
    def __init__(self, max_steps: int | None, timeout: float | None):
        self.max_steps = max_steps
        self.timeout = timeout
        self.start = time.monotonic()

    def restart(self) -> None:
        self.start = time.monotonic()

    def tick(self) -> int:
        """Called from compiled loops every ``TICKS`` iterations (of one function call): ends
        a core that never yields. Returns the iterations until the next call."""
        if self.timeout is not None and time.monotonic() - self.start > self.timeout:
            raise BudgetExceededError(
                f"the simulation ran longer than its {self.timeout:g} s time budget inside a "
                f"core's loop (a core that computes forever without touching an objectfifo?).\n"
                f"Raise --timeout if the design is just slow."
            )
        return TICKS


class Scheduler(Reports):
    def __init__(
        self,
        cores: list[Process],
        runtime: Process,
        machine: Machine,
        host: HostContext,
        budget: Budget,
        recorder: Recorder | None = None,
        progress: bool = False,
        exact: bool = False,
        kernels: KernelQueue | None = None,
    ):
        self.cores = cores
        self.runtime = runtime
        self.machine = machine
        self.host = host
        self.budget = budget
        self.recorder = recorder
        self.progress = progress
        self.exact = exact
        self.kernels = None if exact else kernels
        """Deferred kernel calls (:mod:`iron_ir.sim.batching`), when the design's cores defer
        them: flushed after the cores of each round, before its DMA channels run."""
        self.steps = 0
        self.warnings: list[str] = []
        self.last_progress = time.monotonic()

    # --- the loops ----------------------------------------------------------------------

    def run(self) -> int:
        kernels = self.kernels
        if kernels is not None:
            kernels.active = True
        try:
            if self.exact:
                self._run_exact()
            else:
                self._run_events()
            if self.progress:
                sys.stderr.write("\n")
            self._finish()
        finally:
            if kernels is not None:
                # The calls made before an error ran before it; no call outlives its run.
                kernels.active = False
                kernels.flush()
        return self.steps

    def _round_checks(self) -> None:
        """Bookkeeping after every round: trace, step and time budgets, progress."""
        if self.recorder is not None:
            self.recorder.record(self.steps, self)
        budget = self.budget
        steps = self.steps
        if budget.max_steps is not None and steps >= budget.max_steps:
            raise BudgetExceededError(
                self.report(
                    f"Step budget of {budget.max_steps} steps used up (raise --max-steps if "
                    f"the design is just long)"
                )
            )
        if steps & 63 and not self.exact:
            return  # the clock is read every 64 rounds
        now = time.monotonic()
        if budget.timeout is not None and now - budget.start > budget.timeout:
            raise BudgetExceededError(
                self.report(
                    f"Time budget of {budget.timeout:g} s used up (raise --timeout if the "
                    f"design is just slow)"
                )
            )
        if self.progress and now - self.last_progress > 0.5:
            self.last_progress = now
            self._show_progress()

    def _exact_round(self, with_runtime: bool) -> bool:
        moved = False
        if with_runtime:
            moved = self.runtime.resume()
            if self.runtime.done:
                return moved
        for core in self.cores:
            if core.resume():
                moved = True
        for ch in self.machine.channels:
            if ch.advance():
                moved = True
        for stream in self.machine.streams:
            if stream.pump():
                moved = True
        return moved

    def _run_exact(self) -> None:
        for ent in self._entities():
            ent.agenda = None
        for stream in self.machine.streams:
            stream.greedy = False
        runtime = self.runtime
        while True:
            moved = self._exact_round(True)
            if runtime.done:
                return
            self.steps += 1
            if not moved:
                if self.recorder is not None:
                    self.recorder.record(self.steps, self)
                raise DeadlockError(self.report("Deadlock"))
            self._round_checks()

    def _entities(self) -> list:
        return [self.runtime, *self.cores, *self.machine.channels]

    def _run_events(self) -> None:
        core_agenda: list = []
        channel_agenda: list = []
        self.agendas = core_agenda, channel_agenda
        runtime = self.runtime
        for core in self.cores:
            core.agenda = core_agenda
            core.queued = True
        for ch in self.machine.channels:
            ch.agenda = channel_agenda
            ch.queued = True
        runtime.agenda = []
        runtime.queued = True
        for stream in self.machine.streams:
            stream.greedy = True
        core_agenda.extend(self.cores)
        channel_agenda.extend(self.machine.channels)
        self._event_rounds(settle=False)

    def _settle(self) -> None:
        """Let the cores and tile DMAs run until they stop once the runtime sequence is done:
        the host's view is final, and what the end checks count is what the run left."""
        if self.exact:
            for _ in range(SETTLE_ROUNDS):
                if not self._exact_round(False):
                    return
            return
        core_agenda, channel_agenda = self.agendas
        core_agenda[:] = self.cores
        channel_agenda[:] = self.machine.channels
        self._event_rounds(settle=True)

    def _event_rounds(self, settle: bool) -> None:
        """The event rounds of a run (``settle``: of the settling after it, which runs no
        runtime sequence, checks no budget, ends when nothing is woken or after
        ``SETTLE_ROUNDS``, and leaves the run's step count as it is).

        Cores and channels queue themselves on separate agendas: a round runs its woken
        cores, those they wake included (each core at most once per round: a ping-pong
        through a shared-memory fifo costs one round per exchange, not two), then, after
        the kernel calls the cores deferred have run, its woken channels, those the cores
        woke included. Running a woken core before the flush is sound: when calls are
        deferred, cores touch memory only through them, and the queue keeps issue order.

        A core's step is inline here (what :meth:`Process.run` does for the runtime
        sequence, with an objectfifo wait checked and armed on its lock directly): it is most
        of a round when cores hand objects to each other through shared memory."""
        core_agenda, channel_agenda = self.agendas
        runtime = self.runtime
        later: list = []  # woken cores that already ran in the round: the next round's
        # Settling never runs the runtime sequence: its agenda there is a list nobody fills.
        rt_agenda = [] if settle else runtime.agenda
        runtime_due = not settle
        recording = self.recorder is not None and not settle
        all_cores = self.cores
        kernels = self.kernels
        fifo_wait = FifoWait
        # The step count lives in a local; self.steps is written where reports read it.
        steps = self.steps
        if settle:
            check = steps + SETTLE_ROUNDS
        else:
            max_steps = self.budget.max_steps
            max_steps = max_steps if max_steps is not None else 1 << 62
            # Every round when tracing, else every 64 rounds and at the step budget.
            check = 1 if recording else min(64, max_steps)
        try:
            while True:
                if recording:
                    for core in all_cores:
                        core.ran = False
                if runtime_due:
                    runtime.queued = False
                    rt_agenda.clear()
                    runtime.run()
                    if runtime.done:
                        return
                for core in core_agenda:  # grows as cores wake cores
                    if core.stamp == steps:
                        later.append(core)
                        continue
                    core.queued = False
                    core.stamp = steps
                    wait = core.wait
                    if type(wait) is fifo_wait:
                        # Blocked: the core needs `need` more objects than it holds.
                        if wait.lock.value < wait.need:
                            wait.waiters.append(core)
                            continue
                    elif wait is not None:
                        if not wait.ready():
                            wait.arm(core)
                            continue
                    elif core.done:
                        continue
                    core.ran = True
                    try:
                        wait = core.gen.send(None)
                    except StopIteration:
                        core._finished()
                        continue
                    except SimulationError:
                        raise
                    except CORE_ERRORS as err:
                        core._failed(err)
                    core.wait = wait
                    if type(wait) is fifo_wait:
                        wait.waiters.append(core)
                    elif wait is not None:
                        wait.arm(core)
                core_agenda[:] = later  # the next round's cores (the list object stays)
                if later:
                    later.clear()
                if kernels is not None and kernels.pending:
                    kernels.flush()
                if channel_agenda:
                    channels = channel_agenda.copy()
                    channel_agenda.clear()
                    for ch in channels:
                        ch.queued = False
                        ch.run()
                steps += 1
                runtime_due = rt_agenda  # the list: true while the runtime is woken
                if not core_agenda and not channel_agenda and not runtime_due:
                    if settle:
                        return
                    self.steps = steps
                    if recording:
                        self.recorder.record(steps, self)
                    raise DeadlockError(self.report("Deadlock"))
                if steps >= check:
                    if settle:
                        return
                    self.steps = steps
                    self._round_checks()
                    check = steps + 1 if recording else min((steps | 63) + 1, max_steps)
        finally:
            if not settle:
                self.steps = steps  # what an error report reads

    # --- the end of a run ---------------------------------------------------------------

    def _show_progress(self) -> None:
        tasks = self.host.tasks
        moved = sum(t.moved for t in tasks)
        total = sum(t.total for t in tasks)
        ran = sum(1 for c in self.cores if c.ran)
        finished = sum(1 for c in self.cores if c.done)
        sys.stderr.write(
            f"\r[iron sim] step {self.steps}: {moved}/{total} host elements moved, "
            f"{ran} of {len(self.cores)} cores ran in the last step, {finished} finished   "
        )
        sys.stderr.flush()

    def _finish(self) -> None:
        unfinished = self.host.unfinished()
        if unfinished:
            lines = "\n".join(f"  {t.state()}" for t in unfinished)
            raise InFlightError(
                f"The runtime sequence finished after {steps_text(self.steps)} while DMA tasks "
                f"still had data to move:\n{lines}\n"
                f"On the NPU the run ends with these transfers in flight, so results are not "
                f"reliable. Await the task (issue_token / wait=True) or make the cores consume "
                f"all of it.\n\n"
                + self.report("State when the runtime sequence finished", header=False)
            )
        self._settle()
        self.warnings = self.machine.warnings + self._undrained() + self._starved()
        for core in self.cores:
            core.gen.close()
        if self.recorder is not None:
            self.recorder.record(self.steps, self, final=True)
