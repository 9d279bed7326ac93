"""A Chrome/Perfetto trace of a simulation: core activity and objectfifo occupancy per step.

Open the JSON in ``ui.perfetto.dev`` or ``chrome://tracing``. Time is in simulated steps (shown
as microseconds): one step is one scheduler round (see :mod:`iron_ir.sim.scheduler`).
"""

from __future__ import annotations

import json
from pathlib import Path


class Recorder:
    def __init__(self) -> None:
        self.events: list[dict] = []
        self.core_state: dict[str, tuple[str, int]] = {}
        self.counters: dict[str, int] = {}
        self.task_start: dict[int, int] = {}
        self.task_seen_done: set[int] = set()
        self.threads: dict[tuple[int, str], int] = {}

    def _tid(self, pid: int, name: str) -> int:
        """Trace viewers want integer thread ids; each gets a ``thread_name`` record."""
        key = (pid, name)
        if key not in self.threads:
            self.threads[key] = len(self.threads) + 1
        return self.threads[key]

    def _span(self, thread: str, name: str, start: int, end: int, pid: int = 1) -> None:
        if end >= start:
            end = max(end, start + 1)
            self.events.append(
                {
                    "name": name,
                    "ph": "X",
                    "ts": start,
                    "dur": end - start,
                    "pid": pid,
                    "tid": self._tid(pid, thread),
                }
            )

    def record(self, step: int, scheduler, final: bool = False) -> None:
        for core in scheduler.cores:
            if core.done:
                state = "finished"
            elif core.ran:
                state = "running"
            else:
                state = "waiting"
                port = getattr(core.wait, "port", None)
                if port is not None:
                    state = f"waiting on @{port.fifo} ({port.port})"
            prev = self.core_state.get(core.name)
            if prev is None:
                self.core_state[core.name] = (state, step - 1)
            elif prev[0] != state or final:
                self._span(core.name, prev[0], prev[1], step)
                self.core_state[core.name] = (state, step)
        for pool in scheduler.machine.pools:
            full = sum(lock.value for lock in pool.cons_locks)
            key = f"{pool.name} ({pool.tile}) full buffers"
            if self.counters.get(key) != full:
                self.counters[key] = full
                self.events.append(
                    {"name": key, "ph": "C", "ts": step, "pid": 2, "args": {"full": full}}
                )
        for task in scheduler.host.tasks:
            tid = id(task)
            if tid not in self.task_start:
                self.task_start[tid] = step
            if task.done and tid not in self.task_seen_done:
                self.task_seen_done.add(tid)
                # One row per task: spans of overlapping tasks must not share a thread.
                self._span(task.label, task.label, self.task_start[tid], step, pid=3)

    def write(self, path: str | Path) -> None:
        meta = [
            {"name": "process_name", "ph": "M", "pid": 1, "args": {"name": "cores"}},
            {"name": "process_name", "ph": "M", "pid": 2, "args": {"name": "objectfifo occupancy"}},
            {"name": "process_name", "ph": "M", "pid": 3, "args": {"name": "runtime"}},
        ]
        meta += [
            {"name": "thread_name", "ph": "M", "pid": pid, "tid": tid, "args": {"name": name}}
            for (pid, name), tid in self.threads.items()
        ]
        Path(path).write_text(
            json.dumps({"traceEvents": meta + self.events, "displayTimeUnit": "ns"}, indent=None)
        )
