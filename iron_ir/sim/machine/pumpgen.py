"""Generated greedy pumps: one Python function per destination count of a circuit.

The greedy pump of a circuit (:meth:`.stream.Circuit.pump` in the event schedule) runs once
per object a path moves, and most of its time went to the interpreter's overheads rather
than to numpy: a loop over the destinations for each test, and a call of
:meth:`.dma.Channel.next_transfer` (with a call of :meth:`.lock.Lock.wake` inside) for every
BD a channel completes, five per object of a four-way broadcast. The code here is generated
once per destination count, with the destinations unrolled and the common BD hand-over of
``next_transfer`` (a tile DMA program's BD chaining to its next BD, GE locks) written inline
for every channel; anything else calls the methods as before. It does exactly what
``Circuit._move`` with ``next_transfer`` does, in the same order (the same elements moved,
the same lock values, the same waiters woken in the same order), so step counts and reports
do not change.

Element widths: a point-to-point circuit moves between channels of one element size (numpy
``view`` between types of one width), a broadcast between channels of one element type;
anything else (and what these loops leave) goes through ``Circuit._move``.
"""

from __future__ import annotations

from iron_ir.sim.machine.access import SLICE, as_type
from iron_ir.sim.machine.dma import ACQUIRE, TRANSFER


def _wake(lock: str, pad: str) -> list[str]:
    """:meth:`Lock.wake` inline, for a lock whose value just changed."""
    return [
        f"{pad}waiters = {lock}.waiters",
        f"{pad}if waiters:",
        f"{pad}    for entity in waiters:",
        f"{pad}        if not entity.queued:",
        f"{pad}            entity.queued = True",
        f"{pad}            entity.agenda.append(entity)",
        f"{pad}    waiters.clear()",
    ]


def _handover(ch: str, pad: str) -> list[str]:
    """:meth:`Channel.next_transfer` of channel ``ch``, its inline path written out."""
    inner = pad + "    "
    lines = [
        f"{pad}bd = {ch}.bd",
        f"{pad}nxt = bd.chain",
        f"{pad}task = {ch}.task",
        f"{pad}if nxt is None or task is None or task.host:",
        f"{inner}{ch}.next_transfer()",
        f"{pad}else:",
        f"{inner}lock = bd.rel",
        f"{inner}if lock is not None:",
        f"{inner}    lock.value += bd.rel_n",
        *_wake("lock", inner + "    "),
        f"{inner}{ch}.bd = nxt",
        f"{inner}lock = nxt.acq",
        f"{inner}if lock is not None and lock.value < nxt.acq_n:",
        f"{inner}    {ch}.phase = ACQUIRE",
        f"{inner}    if {ch}.agenda is not None:",
        f"{inner}        lock.waiters.append({ch})",
        f"{inner}else:",
        f"{inner}    if lock is not None:",
        f"{inner}        lock.value -= nxt.acq_n",
        *_wake("lock", inner + "        "),
        f"{inner}    plan = nxt.plans[0]",
        f"{inner}    {ch}.plan = plan",
        f"{inner}    nxt.runs += 1",
        f"{inner}    {ch}.pos = 0",
        f"{inner}    {ch}.remaining = plan.size",
    ]
    return lines


def _account(ch: str, pad: str) -> list[str]:
    """``k`` elements of the current BD of ``ch`` moved (``stream._account`` inline)."""
    return [
        f"{pad}{ch}.pos += k",
        f"{pad}{ch}.remaining -= k",
        f"{pad}task = {ch}.task",
        f"{pad}if task is not None and task.host:",
        f"{pad}    task.moved += k",
    ]


def pump_source(n: int) -> str:
    """The source of the greedy pump of a circuit with ``n`` destinations:
    ``pump(circuit, src, d0, ..., d{n-1})``, True when it moved something."""
    dests = [f"d{i}" for i in range(n)]
    pad = " " * 12
    lines = [
        f"def pump(circuit, src, {', '.join(dests)}):",
        # Most pumps come from a channel that just entered a BD while a peer is still waiting
        # for its lock (a broadcast's destinations get ready one by one): nothing moves until
        # every channel is inside a BD, so say so at once.
        "    if src.phase != TRANSFER:",
        "        return False",
        *(f"    if {d}.phase != TRANSFER:\n        return False" for d in dests),
        "    circuit.busy = True",
        "    moved = False",
        "    try:",
    ]
    if n == 1:
        lines += [
            "        while src.phase == TRANSFER and d0.phase == TRANSFER:",
            f"{pad}sp = src.plan",
            f"{pad}p0 = d0.plan",
            f"{pad}if sp.flat.itemsize != p0.flat.itemsize:",
            f"{pad}    break",
            f"{pad}k = src.remaining if src.remaining < d0.remaining else d0.remaining",
            f"{pad}if sp.kind == SLICE and p0.kind == SLICE:",
            f"{pad}    a = sp.start + src.pos",
            f"{pad}    b = p0.start + d0.pos",
            f"{pad}    data = sp.flat[a : a + k]",
            f"{pad}    dtype = p0.flat.dtype",
            f"{pad}    p0.flat[b : b + k] = data if data.dtype == dtype else data.view(dtype)",
            f"{pad}else:",
            f"{pad}    p0.write(d0.pos, k, as_type(sp.read(src.pos, k), p0.flat.dtype))",
        ]
    else:
        lines += [
            "        while src.phase == TRANSFER:",
            f"{pad}sp = src.plan",
            f"{pad}dtype = sp.flat.dtype",
            f"{pad}k = src.remaining",
        ]
        for i, d in enumerate(dests):
            lines += [
                f"{pad}if {d}.phase != TRANSFER:",
                f"{pad}    break",
                f"{pad}p{i} = {d}.plan",
                f"{pad}if p{i}.flat.dtype != dtype:",
                f"{pad}    break",
                f"{pad}if {d}.remaining < k:",
                f"{pad}    k = {d}.remaining",
            ]
        lines += [
            # The chunk read (gathered, if strided) once and stored into every destination.
            f"{pad}data = sp.gather(src.pos, k)",
        ]
    lines += _account("src", pad)
    for i, d in enumerate(dests):
        if n > 1:
            lines += [
                f"{pad}if p{i}.kind == SLICE:",
                f"{pad}    b = p{i}.start + {d}.pos",
                f"{pad}    p{i}.flat[b : b + k] = data",
                f"{pad}else:",
                f"{pad}    p{i}.write({d}.pos, k, data)",
            ]
        lines += _account(d, pad)
    for ch in ["src", *dests]:
        lines.append(f"{pad}if {ch}.remaining == 0:")
        lines += _handover(ch, pad + "    ")
    lines += [
        f"{pad}moved = True",
        # What the loop leaves (channels of other element widths) moves here; a source out
        # of its BD moves nothing (``_move``'s first test, without the call).
        "        while src.phase == TRANSFER and circuit._move(True):",
        "            moved = True",
        "    finally:",
        "        circuit.busy = False",
        "    return moved",
    ]
    return "\n".join(lines) + "\n"


_PUMPS: dict[int, object] = {}


def greedy_pump(n: int):
    """The generated greedy pump for ``n`` destinations (built once per count)."""
    fn = _PUMPS.get(n)
    if fn is None:
        namespace = {
            "TRANSFER": TRANSFER,
            "ACQUIRE": ACQUIRE,
            "SLICE": SLICE,
            "as_type": as_type,
        }
        code = compile(pump_source(n), f"<sim pump {n}>", "exec")
        exec(code, namespace)  # noqa: S102 - the source is generated by this module
        fn = _PUMPS[n] = namespace["pump"]
    return fn
