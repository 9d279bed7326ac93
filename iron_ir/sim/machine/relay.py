"""Bulk relays: many objects through an uncontended ring of buffers in a few numpy copies.

A mem-tile link (host -> mem tile -> host, the commonest DMA path) is a ring of ``d`` buffers
between one S2MM channel (``writer``: acquire the producer lock, write a buffer, release the
consumer lock) and one MM2S channel (``reader``: acquire the consumer lock, send the buffer
``repeat`` times, release the producer lock). Object by object, the greedy pump moves ``d``
objects per side, then waits for the other side: two slice copies and a scheduler round per
object.

When nothing else touches the ring — its locks appear only in the two channels' BDs (no core
port, no other BD; an IR ``aie.lock`` must be used nowhere but in tile DMA programs, with no
register writes in the runtime sequence), each channel runs only its cyclic program, the
writer's stream comes from one channel and the reader's goes to one channel — and both outer
channels are inside BDs long enough for ``N >= 2 d + 1`` more objects, the object-by-object
path would move the ``N`` objects through and come back to the state it started in, shifted by
``N`` buffers: the same lock values, both channels at the same phase, the ring holding the last
objects it was given. :meth:`Relay.bulk` does exactly that in a few numpy copies: the objects
already in the ring go out first, the rest go from the source's BD straight to the
destination's (through the ring's write and read patterns composed as strided views, nothing
for the usual linear BDs), and the last ``d`` objects are written into their buffers as the
writer would have left them. BD run counters advance as the per-object loads would have
advanced them.

Every condition is checked when the bulk would start (a handful of attribute reads); anything
else falls back to the object-by-object path, which the step-by-step scheduler always takes.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import as_strided

from iron_ir.sim.machine.access import OFFSETS, SLICE, VIEW, as_type
from iron_ir.sim.machine.dma import ACQUIRE, TRANSFER, Bd, Channel
from iron_ir.sim.machine.lock import GE
from iron_ir.sim.machine.stream import Circuit


class Relay:
    """One ring that :func:`find_relays` proved nothing but its two channels touches: the
    writer (S2MM) and reader (MM2S) channels, their BDs in ring order, the ring's locks."""

    __slots__ = (
        "writer",
        "reader",
        "prod",
        "cons",
        "wbds",
        "rbds",
        "depth",
        "repeat",
        "size",
        "itemsize",
        "composition",
        "wtask",
        "rtask",
        "windex",
        "rindex",
        "machine",
    )

    def __init__(
        self, machine, writer: Channel, reader: Channel, wbds, rbds, repeat, composition
    ):
        self.machine = machine
        self.writer, self.reader = writer, reader
        self.wbds, self.rbds = wbds, rbds
        self.depth = len(wbds)
        self.repeat = repeat
        self.prod, self.cons = wbds[0].acq, wbds[0].rel
        self.size = wbds[0].plans[0].size
        self.itemsize = wbds[0].plans[0].flat.itemsize
        self.composition = composition
        """How an object's order changes through the ring (:class:`Composition`); ``None``:
        it does not (the usual linear BDs)."""
        self.wtask, self.rtask = writer.programs[0], reader.programs[0]
        self.windex = {id(bd): i for i, bd in enumerate(wbds)}
        self.rindex = {id(bd): i for i, bd in enumerate(rbds)}

    def bulk(self) -> bool:
        """Move as many whole objects as both outer channels allow, when the ring is at an
        object boundary on both sides; False when it does not apply (nothing changed)."""
        w, r = self.writer, self.reader
        src = w.stream.source
        dst = r.stream.dests[0]
        if src.phase != TRANSFER or dst.phase != TRANSFER:
            return False
        if w.phase == TRANSFER:
            if w.pos:
                return False
            wt = 1
        elif w.phase == ACQUIRE:
            wt = 0
        else:
            return False
        rep = self.repeat
        ri = self.rindex.get(id(r.bd))
        if ri is None or ri % rep:
            return False
        if r.phase == TRANSFER:
            if r.pos:
                return False
            rt = 1
        elif r.phase == ACQUIRE:
            rt = 0
        else:
            return False
        size = self.size
        n = min(src.remaining // size, dst.remaining // (rep * size))
        d = self.depth
        if n <= 2 * d:
            return False
        if w.task is not self.wtask or r.task is not self.rtask:
            return False
        sp, dp = src.plan, dst.plan
        if sp.flat.itemsize != self.itemsize or dp.flat.itemsize != self.itemsize:
            return False
        full = self.cons.value + rt
        kw = self.windex[id(w.bd)]
        kr = ri // rep
        if self.prod.value + full + wt != d or kw != (kr + full) % d:
            return False
        if np.may_share_memory(sp.flat, dp.flat):
            return False  # a host array read and written in place: keep the step order
        self._move(src, dst, n, full, kw, kr, wt, rt)
        self.machine.relay_bulks += 1
        return True

    def _move(self, src, dst, n, full, kw, kr, wt, rt) -> None:
        d, rep, size = self.depth, self.repeat, self.size
        sp, dp = src.plan, dst.plan
        out_dtype = dp.flat.dtype
        at = dst.pos
        # The objects already in the ring leave first, each ``repeat`` times.
        for o in range(full):
            plan = self.rbds[((kr + o) % d) * rep].plans[0]
            data = as_type(plan.read(0, size), out_dtype)
            for _ in range(rep):
                dp.write(at, size, data)
                at += size
        # Then the source's objects that also leave, straight through.
        through = n - full
        data = sp.read(src.pos, through * size)
        if self.composition is not None:
            data = self.composition.apply(data, through, data.dtype)
        else:
            data = data.reshape(through, size)
        if rep > 1:
            data = np.broadcast_to(data.reshape(through, 1, size), (through, rep, size))
        dp.write(at, through * rep * size, as_type(data, out_dtype))
        # The ring keeps the last ``d`` objects the writer was given, as it would have.
        for j in range(n - d, n):
            plan = self.wbds[(kw + j) % d].plans[0]
            plan.write(0, size, as_type(sp.read(src.pos + j * size, size), plan.flat.dtype))
        _count_loads(self.wbds, kw + wt, n)
        _count_loads(self.rbds, kr * rep + rt, n * rep)
        w, r = self.writer, self.reader
        _shift(w, self.wbds[(kw + n) % d], wt)
        _shift(r, self.rbds[((kr + n) % d) * rep], rt)
        src.count_moved(n * size)
        dst.count_moved(n * rep * size)
        if src.remaining == 0:
            src.next_transfer()
        if dst.remaining == 0:
            dst.next_transfer()


def _count_loads(bds: list[Bd], first: int, loads: int) -> None:
    """``bd.runs`` after ``loads`` consecutive loads of the cyclic chain from ``first``."""
    m = len(bds)
    whole, extra = divmod(loads, m)
    for i, bd in enumerate(bds):
        bd.runs += whole + (1 if (i - first) % m < extra else 0)


def _shift(ch: Channel, bd: Bd, loaded: int) -> None:
    ch.bd = bd
    if loaded:
        plan = bd.plans[0]
        ch.plan = plan
        ch.pos = 0
        ch.remaining = plan.size


# --- finding relays when the machine is built ------------------------------------------------


def _cycle(ch: Channel) -> list[Bd] | None:
    """The BDs of a channel that runs one endless cyclic chain and nothing else."""
    if len(ch.programs) != 1 or ch.host:
        return None
    task = ch.programs[0]
    if task.runs is not None or task.first is None:
        return None
    bds = []
    bd = task.first
    while True:
        bds.append(bd)
        bd = bd.next
        if bd is None or len(bds) > 4096:
            return None
        if bd is task.first:
            return bds
        if bd in bds:
            return None


def _simple(bd: Bd) -> bool:
    return (
        len(bd.plans) == 1
        and bd.packet is None
        and bd.plans[0].size > 0
        and bd.plans[0].kind in (SLICE, VIEW, OFFSETS)
        and (bd.acq is None or (bd.acq_mode == GE and bd.acq_n == 1))
        and (bd.rel is None or (bd.rel_mode == GE and bd.rel_n == 1))
    )


def _same_buffer(a: np.ndarray, b: np.ndarray) -> bool:
    return (
        a.__array_interface__["data"][0] == b.__array_interface__["data"][0]
        and a.nbytes == b.nbytes
    )


def _layout(plan) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(first element, shape, element strides) of a plan's walk over its buffer."""
    if plan.kind == SLICE:
        return plan.start, (plan.size,), (1,)
    view, flat = plan.view, plan.flat
    isz = flat.itemsize
    base = (
        view.__array_interface__["data"][0] - flat.__array_interface__["data"][0]
    ) // isz
    return base, view.shape, tuple(t // isz for t in view.strides)


def _offsets(base, shape, strides) -> np.ndarray:
    offsets = np.full(shape, base, dtype=np.int64)
    for axis, (n, t) in enumerate(zip(shape, strides)):
        step = np.arange(n, dtype=np.int64) * t
        offsets += step.reshape((n,) + (1,) * (len(shape) - axis - 1))
    return offsets.reshape(-1)


class Composition:
    """How one object leaves the ring given how it came in: the writer's and the reader's
    walks over the part of the buffer the writer covers (``span`` elements from its lowest
    offset), when the reader reads only what the writer wrote."""

    __slots__ = ("span", "wshape", "wstrides", "wbase", "rshape", "rstrides", "rbase")

    def __init__(self, lo, span, w, r):
        self.span = span
        self.wbase, self.wshape, self.wstrides = w[0] - lo, w[1], w[2]
        self.rbase, self.rshape, self.rstrides = r[0] - lo, r[1], r[2]

    def key(self) -> tuple:
        return (
            self.span,
            self.wbase,
            self.wshape,
            self.wstrides,
            self.rbase,
            self.rshape,
            self.rstrides,
        )

    def apply(self, data: np.ndarray, m: int, dtype) -> np.ndarray:
        """``m`` objects (``data``, their stream order) as the reader sends them."""
        span = self.span
        region = np.empty(m * span, dtype=dtype)
        isz = region.itemsize
        write = as_strided(
            region[self.wbase :],
            (m, *self.wshape),
            (span * isz, *(t * isz for t in self.wstrides)),
        )
        write[...] = data.reshape(write.shape)
        return as_strided(
            region[self.rbase :],
            (m, *self.rshape),
            (span * isz, *(t * isz for t in self.rstrides)),
        )


def _composition(wplan, rplan) -> tuple[bool, Composition | None]:
    """(ok, composition): ``None`` for the identity; not ok when the reader sees anything the
    writer did not write, or the writer visits an element twice."""
    if wplan.size != rplan.size:
        return False, None
    if wplan.kind == SLICE and rplan.kind == SLICE and wplan.start == rplan.start:
        return True, None
    if wplan.kind not in (SLICE, VIEW) or rplan.kind not in (SLICE, VIEW):
        return False, None
    w, r = _layout(wplan), _layout(rplan)
    wo, ro = _offsets(*w), _offsets(*r)
    if np.unique(wo).size != wo.size or not np.isin(ro, wo).all():
        return False, None
    lo = int(wo.min())
    return True, Composition(lo, int(wo.max()) - lo + 1, w, r)


REGISTER_WRITES = (
    "aiex.npu.write32",
    "aiex.npu.maskwrite32",
    "aiex.npu.blockwrite",
    "aiex.npu.writebd",
)
"""Runtime ops that can reach any lock of a tile by its id (a lock register, a BD's lock)."""
DMA_PROGRAMS = ("aie.mem", "aie.memtile_dma", "aie.shim_dma")


def _in_dma_program(op) -> bool:
    while op is not None:
        if op.name in DMA_PROGRAMS:
            return True
        op = op.parent_op()
    return False


def _touchable_ir_locks(machine) -> set[int]:
    """The ``aie.lock``s of the IR that something besides tile DMA programs may touch: a use
    outside an ``aie.mem``/``aie.memtile_dma``/``aie.shim_dma`` (a core's ``use_lock``, the
    runtime's ``set_lock`` or a task's BD), or any lock at all when the runtime writes
    registers."""
    every = {id(lock) for lock in machine.locks.values()}
    design = getattr(machine.builder, "d", None)
    if design is None or any(op.name in REGISTER_WRITES for op in design.device.walk()):
        return every
    return {
        id(lock)
        for value, lock in machine.locks.items()
        if not all(_in_dma_program(use.operation) for use in value.uses)
    }


def find_relays(machine) -> list[Relay]:
    """Every ring of the machine that :meth:`Relay.bulk` may move in bulk; their circuits
    get ``relay`` set."""
    named = _touchable_ir_locks(machine)
    ported = set()
    for pool in machine.pools:
        for port in pool.ports:
            ported.add(id(port.acq))
            ported.add(id(port.rel))
    users: dict[int, int] = {}
    for ch in machine.channels:
        for bd in ch.program_bds():
            for lock in (bd.acq, bd.rel):
                if lock is not None:
                    users[id(lock)] = users.get(id(lock), 0) + 1
    writers: dict[int, tuple[Channel, list[Bd]]] = {}
    for ch in machine.channels:
        if ch.direction != "S2MM" or type(ch.stream) is not Circuit:
            continue
        bds = _cycle(ch)
        if not bds or not all(_simple(bd) for bd in bds):
            continue
        prod, cons = bds[0].acq, bds[0].rel
        if prod is None or cons is None or prod is cons:
            continue
        if any(bd.acq is not prod or bd.rel is not cons for bd in bds):
            continue
        if ch.stream.dests != [ch]:
            continue
        writers[id(prod)] = (ch, bds)
    relays = []
    for ch in machine.channels:
        if ch.direction != "MM2S" or type(ch.stream) is not Circuit:
            continue
        if len(ch.stream.dests) != 1:
            continue
        bds = _cycle(ch)
        if not bds or not all(_simple(bd) for bd in bds):
            continue
        found = writers.get(id(bds[-1].rel))
        if found is None:
            continue
        writer, wbds = found
        relay = _ring(machine, writer, wbds, ch, bds, named, ported, users)
        if relay is not None:
            relays.append(relay)
            writer.stream.attach_relay(relay)
            ch.stream.attach_relay(relay)
    return relays


def _ring(machine, writer, wbds, reader, rbds, named, ported, users) -> Relay | None:
    prod, cons = wbds[0].acq, wbds[0].rel
    d = len(wbds)
    if (
        len(rbds) % d
        or writer.stream.source is reader
        or reader.stream.dests[0] is writer
    ):
        return None
    rep = len(rbds) // d
    for lock in (prod, cons):
        if id(lock) in named or id(lock) in ported:
            return None
    # Each lock: acquired by one side's BDs and released by the other's, nothing more.
    if users.get(id(prod), 0) != 2 * d or users.get(id(cons), 0) != 2 * d:
        return None
    composition = None
    for i, wbd in enumerate(wbds):
        group = rbds[i * rep : (i + 1) * rep]
        plan = group[0].plans[0]
        for k, bd in enumerate(group):
            if bd.plans[0] is not plan:
                return None
            if bd.acq is not (cons if k == 0 else None):
                return None
            if bd.rel is not (prod if k == rep - 1 else None):
                return None
        wplan = wbd.plans[0]
        if (
            not _same_buffer(wplan.flat, plan.flat)
            or wplan.flat.itemsize != plan.flat.itemsize
        ):
            return None
        ok, p = _composition(wplan, plan)
        if not ok:
            return None
        if i == 0:
            composition = p
        elif (composition is None) != (p is None) or (
            p is not None and p.key() != composition.key()
        ):
            return None
    buffers = [bd.plans[0].flat.__array_interface__["data"][0] for bd in wbds]
    if len(set(buffers)) != d:
        return None
    return Relay(machine, writer, reader, wbds, rbds, rep, composition)
