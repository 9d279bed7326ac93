"""Deferred kernel calls: the calls of many cores run as one numpy computation.

A kernel call costs numpy's per-call overhead several times over, whatever its size; on a
design of many cores the calls of one scheduling round are independent of each other more
often than not (every core works on its own buffers). A model that can *batch* is split in
two:

* ``prepare(*args)`` does everything that can fail — it checks the arguments exactly as the
  model does, raising the same errors — and returns a :class:`Call`: the function that runs
  calls of its kind, the group (the shape and options such calls share), the call's own
  payload, and the buffers it reads and the buffers it writes (a buffer both read and written
  is listed as written);
* ``run(group, payloads)`` runs several prepared calls of one group at once, bit for bit as
  running them one after another would. It cannot fail: ``prepare`` has checked everything.

:func:`batchable` builds the model from the two (calling the model prepares the call and
runs it alone), so the model and its deferred form are one piece of code. A model without
``prepare`` (a user's, or one not written for batching) simply runs when called.

A :class:`KernelQueue` holds prepared calls until something may look at a buffer one of them
touches; the simulator flushes it before any DMA channel moves data, before a model that does
not batch runs, before the runtime sequence runs and at the end of a run (the event scheduler
runs the woken cores of a round first, then flushes, then runs the woken channels). A flush
groups the calls into *waves*: a call goes into the first wave after every earlier call it
conflicts with (it reads or writes a buffer that one writes, or writes a buffer that one
reads), so the calls of a wave are independent and running the waves in order is running the
calls in order. Each wave's calls of one group run as one batch. Buffers are compared by the
array that owns their memory, so two views of one buffer conflict even when they do not
overlap (a conservative answer is always a correct one).

Only core code that touches memory through kernel calls alone may defer its calls
(:func:`pure_kernel_caller`); a design with any other core runs every call at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


class Call(NamedTuple):
    """A checked kernel call waiting to run (see the module docstring)."""

    run: Callable[[object, list], None]
    group: object
    payload: object
    reads: tuple
    writes: tuple


def batchable(prepare: Callable[..., Call], name: str | None = None):
    """The model of a kernel whose calls may be deferred and batched: calling it prepares the
    call and runs it at once; ``model.prepare`` is what the simulator defers with."""

    def model(*args) -> None:
        call = prepare(*args)
        call.run(call.group, [call.payload])

    model.prepare = prepare
    model.__name__ = name or getattr(prepare, "__name__", "model")
    return model


def _owner(array) -> int:
    """The identity of the memory ``array`` is a view of (numpy points every view at the
    array that owns the memory)."""
    base = array.base
    return id(array if base is None else base)


def entry(call: Call) -> tuple:
    """What the queue holds of ``call``: ``((run, group), payload, read owners, written
    owners, call)`` (the call keeps the arrays, so their owners' identities stay theirs)."""
    return (
        (call.run, call.group),
        call.payload,
        tuple(_owner(a) for a in call.reads),
        tuple(_owner(a) for a in call.writes),
        call,
    )


class KernelQueue:
    """Prepared kernel calls of one simulator, run at :meth:`flush` (see the module
    docstring). ``active`` is set for runs that defer; the counters say how calls ran."""

    __slots__ = ("active", "batched", "batches", "calls", "flushes", "log", "pending", "plans")

    def __init__(self) -> None:
        self.active = False
        self.log: list[list[tuple]] | None = None
        """When a list, each flush appends the entries it runs (what ran together, for a
        reader or a benchmark that replays a run's kernel calls without simulating)."""
        self.pending: list[tuple] = []
        """:func:`entry` of each prepared call, in program order."""
        self.plans: dict[tuple, tuple] = {}
        """The waves of a pending list seen before, by the identities of its entries (the
        simulator reuses the entry of a call with the same arguments, so a design's flushes
        repeat): ``(entries, waves)``, the entries kept so their identities stay theirs."""
        self.calls = 0
        """Calls that were deferred."""
        self.batched = 0
        """Deferred calls that ran in a batch of two or more."""
        self.batches = 0
        """Batches of two or more calls run."""
        self.flushes = 0

    def reset_counters(self) -> None:
        self.calls = self.batched = self.batches = self.flushes = 0

    def add(self, call: Call) -> None:
        self.pending.append(entry(call))

    def flush(self) -> None:
        pending = self.pending
        if not pending:
            return
        self.pending = []
        self.flushes += 1
        if self.log is not None:
            self.log.append(pending)
        self.calls += len(pending)
        if len(pending) == 1:
            (run, group), payload = pending[0][:2]
            run(group, [payload])
            return
        key = tuple(map(id, pending))
        known = self.plans.get(key)
        if known is None:
            if len(self.plans) >= _WAVE_PLANS:
                self.plans.clear()
            known = self.plans[key] = (pending, [list(w.items()) for w in waves(pending)])
        for wave in known[1]:
            for (run, group), payloads in wave:
                if len(payloads) > 1:
                    self.batched += len(payloads)
                    self.batches += 1
                run(group, payloads[:])  # a copy: the remembered list outlives the call


_WAVE_PLANS = 256
"""Pending lists whose waves a queue remembers."""


def waves(entries: list[tuple]) -> list[dict[tuple, list]]:
    """Queue entries (in program order) as waves: per wave, the payloads of each
    ``(run, group)`` in order. A call goes one wave after the latest earlier call it
    conflicts with."""
    written: dict[int, int] = {}  # buffer -> the last wave that writes it
    read: dict[int, int] = {}  # buffer -> the last wave that reads it
    last_written, last_read = written.get, read.get
    out: list[dict[tuple, list]] = []
    for kind, payload, reads, writes, _ in entries:
        wave = 0
        for key in reads:
            w = last_written(key, -1) + 1
            wave = max(wave, w)
        for key in writes:
            w = last_written(key, -1) + 1
            wave = max(wave, w)
            w = last_read(key, -1) + 1
            wave = max(wave, w)
        if wave == len(out):
            out.append({kind: [payload]})
        else:
            batch = out[wave].get(kind)
            if batch is None:
                out[wave][kind] = [payload]
            else:
                batch.append(payload)
        for key in reads:
            if last_read(key, -1) < wave:
                read[key] = wave
        for key in writes:
            written[key] = wave  # every earlier write of it is in an earlier wave
    return out


# Ops that touch no buffer's contents in core code: scalar arithmetic, control flow,
# objectfifo and lock protocol, views of buffers and calls (whose kernels are checked when
# they are called; defined functions are looked into).
_NO_DATA_ACCESS = frozenset(
    {
        "aie.buffer",
        "aie.end",
        "aie.objectfifo.acquire",
        "aie.objectfifo.release",
        "aie.objectfifo.subview.access",
        "aie.use_lock",
        "memref.alloc",
        "memref.alloca",
        "memref.cast",
        "memref.collapse_shape",
        "memref.dealloc",
        "memref.dim",
        "memref.expand_shape",
        "memref.get_global",
        "memref.subview",
        "func.call",
        "func.return",
    }
)


def pure_kernel_caller(region_op, funcs: dict) -> bool:
    """Whether the code of ``region_op`` (a core), and of every defined function it calls
    (``funcs``: symbol -> ``func.func``), reaches buffer contents only through kernel calls."""
    seen: set[str] = set()
    todo = [region_op]
    while todo:
        root = todo.pop()
        for op in root.walk():
            if op is root:
                continue
            name = op.name
            if not (name.startswith(("arith.", "scf.")) or name in _NO_DATA_ACCESS):
                return False
            if name == "func.call":
                sym = op.properties["callee"].root_reference.data
                fn = funcs.get(sym)
                if fn is not None and fn.regions[0].blocks and sym not in seen:
                    seen.add(sym)
                    todo.append(fn)
    return True
