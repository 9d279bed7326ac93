"""The event scheduler's greedy circuit pump against the chunk-by-chunk move it replaces.

A circuit's channels are built by hand (cyclic BD rings with GE locks, as tile DMA programs
are; a host-like one-BD task on the source), brought into their BDs, and pumped once greedily;
the same machine is then rebuilt and moved with ``Circuit._move(greedy=True)`` until it stops.
Both must leave the same buffers, lock values, channel states and the same woken entities in
the same order: the greedy pump (generated per destination count, :mod:`.pumpgen`) is only a
faster way of doing the moves one by one.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iron_ir.sim.machine.access import VIEW, make_plan
from iron_ir.sim.machine.dma import Bd, Channel, Task
from iron_ir.sim.machine.lock import Lock
from iron_ir.sim.machine.stream import Circuit


class _Waiter:
    """A core waiting on a lock: records when it is woken."""

    def __init__(self, name, agenda):
        self.name, self.agenda, self.queued = name, agenda, False


def _build(spec, agenda):
    """Channels, locks and buffers for ``spec``: a list of channel specs (the source first),
    each ``(dtype, depth, objects, dims, free)``: a ring of ``depth`` buffers of ``objects``
    elements walked through ``dims`` (``None``: linear), ``free`` of them ready at the start;
    ``depth == 0``: one BD over a host-like array that ends its task."""
    channels, locks, buffers = [], [], []
    for i, (dtype, depth, size, dims, free) in enumerate(spec):
        ch = Channel(f"ch{i}", f"tile{i}", "MM2S" if i == 0 else "S2MM", 0)
        ch.agenda = agenda
        if depth == 0:
            flat = (np.arange(4 * size) * 7 + 3).astype(dtype)
            plan = make_plan(flat, 0, 4 * size, [] if dims is None else dims(4 * size))
            task = Task("host", Bd(plan, "host"), 1)
            task.host = True
            task.channel = ch
            ch.enqueue(task)
            buffers.append(flat)
            channels.append(ch)
            continue
        acq = Lock(f"acq{i}", free)
        rel = Lock(f"rel{i}", 0)
        for lock in (acq, rel):
            lock.waiters.append(_Waiter(f"core of {lock.name}", agenda))
        bds = []
        for j in range(depth):
            flat = (np.arange(size) + 100 * i + 10 * j).astype(dtype)
            plan = make_plan(
                flat, 0, size, [] if dims is None else dims(size), write=i > 0
            )
            bds.append(Bd(plan, f"bd{i}.{j}", acq=acq, acq_n=1, rel=rel, rel_n=1))
            buffers.append(flat)
        for a, b in zip(bds, bds[1:] + bds[:1]):
            a.next = b
        ch.programs = [Task(f"program{i}", bds[0], None)]
        ch.reset()
        for bd in bds:
            bd.reset()
        locks += [acq, rel]
        channels.append(ch)
    circuit = Circuit("circuit", channels[0], channels[1:])
    circuit.greedy = True
    for ch in channels:
        ch.advance()
    return circuit, channels, locks, buffers


def _state(circuit, channels, locks, buffers, agenda):
    return (
        [b.view(np.uint8).tobytes() for b in buffers],
        [(lock.value, [w.name for w in lock.waiters]) for lock in locks],
        [(ch.phase, ch.pos, ch.remaining, ch.bd.label if ch.bd else None) for ch in channels],
        [entity.name for entity in agenda],
        [bd.runs for ch in channels for bd in ch.program_bds()],
    )


def _run(spec, greedy: bool):
    agenda: list = []
    circuit, channels, locks, buffers = _build(spec, agenda)
    if greedy:
        circuit.pump()
    else:
        while circuit._move(greedy=True):
            pass
    return _state(circuit, channels, locks, buffers, agenda)


def _tiled(size):
    # A 2-D walk of rows of 4 (a transpose of 4 x size/4): a strided view.
    return [(4, 1), (size // 4, 4)]


def _blocks(size):
    # Quarters in the order 0, 2, 1, 3: a strided walk of contiguous rows (gathered row by
    # row, Plan.gather).
    return [(2, size // 4), (2, size // 2), (size // 4, 1)]


@st.composite
def _circuits(draw):
    dests = draw(st.integers(1, 4))
    dtype = draw(st.sampled_from(["int32", "float32", "int16", "uint8"]))
    size = draw(st.sampled_from([8, 16, 32]))

    def channel(first):
        depth = 0 if first and draw(st.booleans()) else draw(st.integers(1, 3))
        # Mostly the source's type (what the inline loop moves); sometimes another one of
        # the same width or another width (what Circuit._move moves).
        kind = draw(st.sampled_from([dtype] * 4 + ["int32", "float32", "int16"]))
        obj = size * draw(st.sampled_from([1, 1, 2])) if not first else size
        dims = draw(st.sampled_from([None, _tiled, _blocks]))
        return (kind, depth, obj, dims, draw(st.integers(0, max(depth, 1))))

    return [channel(True)] + [channel(False) for _ in range(dests)]


@settings(max_examples=150, deadline=None)
@given(spec=_circuits())
def test_greedy_pump_moves_as_the_chunk_by_chunk_move(spec):
    try:
        expected = _run(spec, greedy=False)
    except Exception as err:  # noqa: BLE001 - a split unit the byte-chunk move rejects
        with pytest.raises(type(err)):
            _run(spec, greedy=True)
        return
    assert _run(spec, greedy=True) == expected


@pytest.mark.parametrize("dests", [1, 2, 4])
def test_greedy_pump_of_a_broadcast_ring(dests):
    spec = [("int32", 2, 32, _blocks, 2)] + [("int32", 2, 32, None, 1)] * dests
    expected = _run(spec, greedy=False)
    assert _run(spec, greedy=True) == expected
    # Something moved, and every destination's core was woken.
    assert len(expected[3]) >= dests


@pytest.mark.parametrize("dtype", ["int8", "int16", "bfloat16", "float32", "int64"])
@pytest.mark.parametrize(
    "dims",
    [
        [(4, 16), (4, 1)],  # rows of 4 every 16
        [(2, 8), (2, 32), (8, 1)],
        [(8, 1), (8, 8)],  # a transpose: rows of one element, nothing to fold
        [(4, 4), (2, 2), (2, 1)],
    ],
)
def test_gather_is_the_walk_in_order(dtype, dims):
    from ml_dtypes import bfloat16

    flat = np.arange(64).astype(bfloat16 if dtype == "bfloat16" else dtype)
    length = int(np.prod([s for s, _ in dims]))
    reach = sum((size - 1) * stride for size, stride in dims)
    plan = make_plan(flat, 3 if reach + 3 < flat.size else 0, length, dims)
    expected = np.ascontiguousarray(plan.read(0, plan.size)).reshape(-1)
    for _ in range(2):  # the first gather builds the row view, the second reuses it
        got = plan.gather(0, plan.size)
        assert got.dtype == flat.dtype and got.flags.c_contiguous and got.ndim == 1
        np.testing.assert_array_equal(got.view(np.uint8), expected.view(np.uint8))
        if plan.kind == VIEW:  # a copy, as the strided read + ascontiguousarray made
            assert not np.shares_memory(got, flat)
    part = plan.gather(2, 5)
    np.testing.assert_array_equal(part.view(np.uint8), expected[2:7].view(np.uint8))
