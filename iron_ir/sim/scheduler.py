"""The deterministic scheduler: rounds over the runtime, the cores, the DMA channels, the streams.

One *step* is one round. In a round, in a fixed order: the runtime sequence resumes if its wait
is satisfied and runs to its next wait; every core does the same; every DMA channel loads and
locks its next BD if it can; every stream moves one chunk between its channels. The same
design and inputs therefore always give the same trace. A round in which nothing moved while
the runtime sequence has not finished is a deadlock, reported at once.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Generator

from iron_ir.sim.build import Machine
from iron_ir.sim.engine import TRANSFER, Wait
from iron_ir.sim.errors import (
    BudgetExceededError,
    CoreExecutionError,
    DeadlockError,
    InFlightError,
    SimulationError,
)
from iron_ir.sim.host import HostContext
from iron_ir.sim.trace import Recorder


class Process:
    """A core or the runtime sequence: a generator that yields what it waits on."""

    __slots__ = ("name", "gen", "wait", "done", "ran", "what", "progress")

    def __init__(self, name: str, gen: Generator, what: str):
        self.name, self.gen, self.what = name, gen, what
        self.progress = None
        self.wait: Wait | None = None
        self.done = False
        self.ran = False

    def resume(self) -> bool:
        if self.done or (self.wait is not None and not self.wait.ready()):
            self.ran = False
            return False
        try:
            self.wait = self.gen.send(None)
        except StopIteration:
            self.done, self.wait = True, None
        except SimulationError:
            raise
        except (IndexError, ValueError, TypeError, OverflowError, ZeroDivisionError) as err:
            raise CoreExecutionError(
                f"{self.what} failed: {type(err).__name__}: {err}\n(an index outside a memref, "
                f"or a value that does not fit its element type)"
            ) from None
        self.ran = True
        return True

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
        self.counter = [1 << 16]

    def tick(self) -> None:
        """Called from compiled loops every 65536 iterations: ends a core that never yields."""
        self.counter[0] = 1 << 16
        if self.timeout is not None and time.monotonic() - self.start > self.timeout:
            raise BudgetExceededError(
                f"the simulation ran longer than its {self.timeout:g} s time budget inside a "
                f"core's loop (a core that computes forever without touching an objectfifo?).\n"
                f"Raise --timeout if the design is just slow."
            )


class Scheduler:
    def __init__(
        self,
        cores: list[Process],
        runtime: Process,
        machine: Machine,
        host: HostContext,
        budget: Budget,
        recorder: Recorder | None = None,
        progress: bool = False,
    ):
        self.cores = cores
        self.runtime = runtime
        self.machine = machine
        self.host = host
        self.budget = budget
        self.recorder = recorder
        self.progress = progress
        self.steps = 0
        self.warnings: list[str] = []

    def run(self) -> int:
        channels = self.machine.channels
        streams = self.machine.streams
        cores = self.cores
        runtime = self.runtime
        budget = self.budget
        last_progress = time.monotonic()
        while True:
            moved = runtime.resume()
            if runtime.done:
                break
            for core in cores:
                if core.resume():
                    moved = True
            for ch in channels:
                if ch.advance():
                    moved = True
            for stream in streams:
                if stream.pump():
                    moved = True
            self.steps += 1
            if self.recorder is not None:
                self.recorder.record(self.steps, self)
            if not moved:
                raise DeadlockError(self.report("Deadlock"))
            if budget.max_steps is not None and self.steps >= budget.max_steps:
                raise BudgetExceededError(
                    self.report(
                        f"Step budget of {budget.max_steps} steps used up (raise --max-steps if "
                        f"the design is just long)"
                    )
                )
            now = time.monotonic()
            if budget.timeout is not None and now - budget.start > budget.timeout:
                raise BudgetExceededError(
                    self.report(
                        f"Time budget of {budget.timeout:g} s used up (raise --timeout if the "
                        f"design is just slow)"
                    )
                )
            if self.progress and now - last_progress > 0.5:
                last_progress = now
                self._show_progress()
        if self.progress:
            sys.stderr.write("\n")
        self._finish()
        return self.steps

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
                f"The runtime sequence finished after {self.steps} steps while DMA tasks still "
                f"had data to move:\n{lines}\n"
                f"On the NPU the run ends with these transfers in flight, so results are not "
                f"reliable. Await the task (issue_token / wait=True) or make the cores consume "
                f"all of it.\n\n"
                + self.report("State when the runtime sequence finished", header=False)
            )
        self._settle()
        self.warnings = self._undrained() + self._starved()
        for core in self.cores:
            core.gen.close()
        if self.recorder is not None:
            self.recorder.record(self.steps, self, final=True)

    def _settle(self, settle_rounds: int = 1000) -> None:
        """Let the cores and tile DMAs run until they stop once the runtime sequence is done:
        the host's view is final, and what the checks below count is what the run left."""
        for _ in range(settle_rounds):
            moved = False
            for core in self.cores:
                moved = core.resume() or moved
            for ch in self.machine.channels:
                moved = ch.advance() or moved
            for stream in self.machine.streams:
                moved = stream.pump() or moved
            if not moved:
                break

    def _undrained(self) -> list[str]:
        """Objects produced towards the host that no drain moved (a size mismatch, usually)."""
        found = []
        for stream in self.machine.streams:
            if not any(d.is_host for d in stream.dests) or stream.source.is_host:
                continue
            source = stream.source
            locks = {id(st.acq): st.acq for st in source.chain if st.acq is not None}
            waiting = sum(lock.value for lock in locks.values())
            if source.phase == TRANSFER:
                waiting += 1
            if waiting:
                drains = [
                    t.label
                    for d in stream.dests
                    if d.is_host
                    for t in self.host.by_channel.get(id(d), [])
                ]
                found.append(
                    f"objectfifo {stream.name} still held {waiting} full object(s) for the host "
                    f"when the run ended: more was produced than the runtime sequence drained"
                    + (f" ({'; '.join(drains)})" if drains else " (no runtime task drains it)")
                )
        return found

    def _starved(self) -> list[str]:
        """Cores the run left halfway through their work: data they needed never came.

        A core waiting at the top of an endless loop, holding nothing and having acquired
        nothing in the current iteration, has simply run out of input, as every
        ``while_true`` core does at the end of a run. Any other wait means missing data.
        """
        found = []
        ports = [port for pool in self.machine.pools for port in pool.ports]
        for core in self.cores:
            wait = core.wait
            if core.done or wait is None:
                continue
            held = [
                f"{len(p.held)} object(s) of @{p.fifo} ({p.port})"
                for p in ports
                if p.core == core.name and p.held
            ]
            progress = core.progress
            partway = progress is not None and progress.takes != progress.mark
            looping = getattr(wait, "looping", False)
            if looping and not held and not partway:
                continue
            port = getattr(wait, "port", None)
            if port is not None:
                need = wait.n - len(port.held)
                what = (
                    f"waits at {wait.where} for {need} more object(s) of @{port.fifo} "
                    f"({port.port}), {port.acq.value} available"
                )
            else:
                what = wait.describe()
            if not looping:
                why = "its loops are finite and it never finished"
            elif held:
                why = "it stopped in the middle of an iteration"
            else:
                why = (
                    f"it had already acquired {progress.takes - progress.mark} object(s) in "
                    f"this iteration of its loop"
                )
            found.append(
                f"{core.name} was starved partway through its work when the run ended: {what}"
                + (f", holding {', '.join(held)}" if held else "")
                + f"; {why}. Data it needed never arrived: check the runtime sequence's "
                f"transfer sizes against the objects the core consumes"
            )
        return found

    def report(self, title: str, header: bool = True) -> str:
        lines = []
        if header:
            lines.append(
                f"{title} after {self.steps} steps: no core, DMA channel or runtime step can "
                f"make progress, and the runtime sequence has not finished."
                if title == "Deadlock"
                else f"{title}, after {self.steps} steps."
            )
            lines.append("")
        lines.append("Cores:")
        for core in self.cores:
            lines.append(f"  {core.name}: {core.state()}")
        lines.append("Runtime sequence:")
        lines.append(f"  {self.runtime.state()}")
        lines.append("Objectfifo buffers:")
        for pool in self.machine.pools:
            lines.append(f"  @{pool.fifo}: {pool.state()}")
        lines.append("DMA channels:")
        for ch in self.machine.channels:
            lines.append(f"  {ch.describe()}")
        unfinished = self.host.unfinished()
        if unfinished:
            lines.append("Unfinished runtime DMA tasks:")
            lines.extend(f"  {t.state()}" for t in unfinished)
        hints = self._hints()
        if hints:
            lines.append("Likely causes:")
            lines.extend(f"  - {h}" for h in hints)
        return "\n".join(lines)

    def _hints(self) -> list[str]:
        hints = []
        used = {id(t.channel) for t in self.host.tasks}
        for fifo, ends in self.machine.host_end_of_fifo.items():
            for end in ends:
                if id(end.channel) in used:
                    continue
                verb = "fills" if end.direction == "MM2S" else "drains"
                hints.append(
                    f"no runtime DMA task ever {verb} objectfifo @{fifo} at {end.tile.name} "
                    f"(a missing rt.{'fill' if end.direction == 'MM2S' else 'drain'}?)"
                )
        for pool in self.machine.pools:
            for port in pool.ports:
                owner = next((c for c in self.cores if c.name == port.core), None)
                if port.held and owner is not None and owner.done:
                    hints.append(
                        f"{port.core} finished while holding {len(port.held)} object(s) of "
                        f"@{port.fifo} ({port.port}) that it never released"
                    )
        for core in self.cores:
            wait = core.wait
            port = getattr(wait, "port", None)
            if port is not None and wait.n > port.depth:
                hints.append(
                    f"{core.name} acquires {wait.n} objects of @{port.fifo} but its end has only "
                    f"{port.depth} buffers"
                )
        return hints
