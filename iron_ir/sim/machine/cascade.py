"""Cascade streams: a core's accumulator output wired to its neighbour's input.

``aie.put_cascade`` blocks while the previous value has not been taken; ``aie.get_cascade``
blocks until a value is there. One value is in flight at a time, so a core can run at most
one value ahead of its neighbour (the hardware's cascade FIFO is a few entries deep; a design
that needs more than one in flight to avoid a deadlock is not portable anyway).
"""

from __future__ import annotations

from iron_ir.sim.machine.lock import Wait


class Cascade:
    __slots__ = ("name", "value", "full", "waiters", "put_wait", "get_wait")

    def __init__(self, name: str):
        self.name = name
        self.put_wait = CascadeWait(self, True)
        self.get_wait = CascadeWait(self, False)
        self.reset()

    def reset(self) -> None:
        self.value = None
        self.full = False
        self.waiters: list = []

    def put(self, value) -> None:
        self.value, self.full = value, True
        self._wake()

    def get(self):
        value, self.value, self.full = self.value, None, False
        self._wake()
        return value

    def _wake(self) -> None:
        if self.waiters:
            waiters, self.waiters = self.waiters, []
            for entity in waiters:
                entity.wake()


class CascadeWait(Wait):
    __slots__ = ("cascade", "putting", "where", "looping")

    def __init__(self, cascade: Cascade, putting: bool):
        self.cascade, self.putting = cascade, putting
        self.where, self.looping = "", False

    def ready(self) -> bool:
        return self.cascade.full != self.putting

    def arm(self, entity) -> None:
        self.cascade.waiters.append(entity)

    def describe(self) -> str:
        if self.putting:
            return f"waits to put a value on {self.cascade.name} (the last one not taken yet)"
        return f"waits for a value on {self.cascade.name}"
