"""Locks, and the waits of everything that blocks on something.

A lock is the NPU's synchronisation primitive; the objectfifo level is built on it (a fifo
endpoint is buffers guarded by a producer and a consumer lock). Three acquire modes:

* ``GE`` (AIE2 ``AcquireGreaterEqual``): wait until ``value >= n``, then subtract ``n``;
* ``EQ`` (AIE2 ``Acquire``): wait until ``value == n``; the value is left as it is (the
  AIE-ML ``acquire_equal`` does not modify the lock);
* ``AIE1`` (AIE1 ``Acquire``): binary locks; wait until the lock is free and its value is
  ``n``, then hold it. An AIE1 release sets the value and frees the lock.

An AIE2 release adds ``n``. Every change of a value wakes the processes and DMA channels
waiting on the lock (they check again when they next run), so the event scheduler only runs
what may have become able to proceed.
"""

from __future__ import annotations

GE, EQ, AIE1 = 0, 1, 2
MODE_NAMES = {GE: ">=", EQ: "==", AIE1: "== (AIE1)"}


class Lock:
    __slots__ = ("name", "value", "init", "waiters", "held", "origin")

    def __init__(self, name: str, value: int, origin: str | None = None):
        self.name = name
        self.value = value
        self.init = value
        self.waiters: list = []
        self.held = False
        self.origin = origin
        """The objectfifo the lock was built for (reports name it), when known."""

    def reset(self) -> None:
        self.value = self.init
        self.held = False
        # The list stays the same object for the life of the lock: compiled cores bind it.
        self.waiters.clear()

    def can(self, mode: int, n: int) -> bool:
        if mode == GE:
            return self.value >= n
        if mode == EQ:
            return self.value == n
        return not self.held and self.value == n

    def take(self, mode: int, n: int) -> None:
        if mode == GE:
            self.value -= n
            if self.waiters:
                self.wake()
        elif mode == AIE1:
            self.held = True

    def give(self, mode: int, n: int) -> None:
        if mode == AIE1:
            self.value = n
            self.held = False
        else:
            self.value += n
        if self.waiters:
            self.wake()

    def wake(self) -> None:
        waiters = self.waiters
        for entity in waiters:
            # ``entity.wake()`` inline: every waiter (a process or a DMA channel) queues itself
            # on the event scheduler's agenda once per round (nothing here appends to
            # ``waiters``, so the list is emptied in place).
            if not entity.queued:
                entity.queued = True
                entity.agenda.append(entity)
        waiters.clear()

    def label(self) -> str:
        return f"{self.name} ({self.origin})" if self.origin else self.name

    def __repr__(self) -> str:
        return f"Lock({self.name}={self.value})"


class Wait:
    """Something a process blocks on. ``ready`` is checked before it is resumed; ``arm``
    registers the blocked entity where the next change will wake it."""

    __slots__ = ()

    def ready(self) -> bool:
        raise NotImplementedError

    def arm(self, entity) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


class LockWait(Wait):
    """A core's ``aie.use_lock`` acquire. ``looping``: it sits inside an endless loop."""

    __slots__ = ("lock", "amount", "where", "looping", "mode")

    def __init__(self, lock: Lock, amount: int, where: str, looping: bool = False, mode=GE):
        self.lock, self.amount, self.where = lock, amount, where
        self.looping, self.mode = looping, mode

    def ready(self) -> bool:
        return self.lock.can(self.mode, self.amount)

    def arm(self, entity) -> None:
        self.lock.waiters.append(entity)

    def describe(self) -> str:
        held = ", held" if self.lock.held else ""
        return (
            f"waits at {self.where} to acquire lock {self.lock.label()} "
            f"{MODE_NAMES[self.mode]} {self.amount} (value {self.lock.value}{held})"
        )
