"""What a run reports: the machine's state for deadlocks and budgets, and the end-of-run
checks (objects left for the host, cores starved partway through their work)."""

from __future__ import annotations

from iron_ir.sim.machine import ACQUIRE, TRANSFER, Circuit


def steps_text(steps: int) -> str:
    return f"{steps} step{'' if steps == 1 else 's'}"


class Reports:
    """Mixed into the scheduler: reads its cores, runtime, machine and host."""

    def _undrained(self) -> list[str]:
        """Objects produced towards the host that no drain moved (a size mismatch, usually)."""
        found = []
        for stream in self.machine.streams:
            # Objectfifo paths are circuits; a packet switch's sources are a design's own BDs.
            if type(stream) is not Circuit:
                continue
            if not any(d.is_host for d in stream.dests) or stream.source.is_host:
                continue
            source = stream.source
            locks = {id(bd.acq): bd.acq for bd in source.program_bds() if bd.acq is not None}
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

        A core waiting inside an endless loop that holds no input objects and has consumed
        nothing in the current iteration has simply run out of input, as every ``while_true``
        core does at the end of a run (it may already hold its next output object). Any
        other wait means missing data.
        """
        found = []
        ports = self.machine.ports
        for core in self.cores:
            wait = core.wait
            if core.done or wait is None:
                continue
            mine = [p for p in ports if p.core == core.name and p.count]
            inputs = [p for p in mine if p.port == "Consume"]
            progress = core.progress
            consumed = progress.takes - progress.mark if progress is not None else 0
            looping = getattr(wait, "looping", False)
            if looping and not inputs and not consumed:
                continue
            port = getattr(wait, "port", None)
            if port is not None:
                need = wait.n - port.count
                what = (
                    f"waits at {wait.where} for {need} more object(s) of @{port.fifo} "
                    f"({port.port}), {port.acq.value} available"
                )
            else:
                what = wait.describe()
            if not looping:
                why = "its loops are finite and it never finished"
            elif inputs:
                why = "it stopped in the middle of an iteration"
            else:
                why = f"it had already consumed {consumed} object(s) in this iteration of its loop"
            held = ", ".join(f"{p.count} object(s) of @{p.fifo} ({p.port})" for p in mine)
            found.append(
                f"{core.name} was starved partway through its work when the run ended: {what}"
                + (f", holding {held}" if held else "")
                + f"; {why}. Data it needed never arrived: check the runtime sequence's "
                f"transfer sizes against the objects the core consumes"
            )
        return found

    def report(self, title: str, header: bool = True) -> str:
        lines = []
        if header:
            steps = steps_text(self.steps)
            lines.append(
                f"{title} after {steps}: no core, DMA channel or runtime step can "
                f"make progress, and the runtime sequence has not finished."
                if title == "Deadlock"
                else f"{title}, after {steps}."
            )
            lines.append("")
        lines.append("Cores:")
        for core in self.cores:
            lines.append(f"  {core.name}: {core.state()}")
        lines.append("Runtime sequence:")
        lines.append(f"  {self.runtime.state()}")
        if self.machine.pools:
            lines.append("Objectfifo buffers:")
            for pool in self.machine.pools:
                lines.append(f"  @{pool.fifo}: {pool.state()}")
        locks = self._lock_states()
        if locks:
            lines.append("Locks:")
            lines.extend(f"  {line}" for line in locks)
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

    def _lock_states(self) -> list[str]:
        """The design's own locks (``aie.lock``): value, and who waits on each."""
        waiting: dict[int, list[str]] = {}
        for core in self.cores:
            lock = getattr(core.wait, "lock", None)
            if lock is not None and not core.done:
                waiting.setdefault(id(lock), []).append(core.name)
        for ch in self.machine.channels:
            bd = ch.bd
            if ch.phase == ACQUIRE and bd is not None and bd.acq is not None:
                waiting.setdefault(id(bd.acq), []).append(ch.name)
        lines = []
        for lock in self.machine.locks.values():
            text = f"{lock.label()}: value {lock.value}"
            if lock.held:
                text += ", held"
            if id(lock) in waiting:
                text += f"; waited on by {', '.join(waiting[id(lock)])}"
            lines.append(text)
        return lines

    def _hints(self) -> list[str]:
        hints = []
        used = {id(t.channel) for t in self.host.tasks}
        for end in self.machine.host_ends.values():
            ch = end.channel
            if end.fifo is not None or id(ch) in used or ch.stream is None or ch.programs:
                continue
            verb = "feeds" if end.direction == "MM2S" else "drains"
            hints.append(f"no runtime DMA task ever {verb} {ch.name} (a missing transfer?)")
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
                if port.count and owner is not None and owner.done:
                    hints.append(
                        f"{port.core} finished while holding {port.count} object(s) of "
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
