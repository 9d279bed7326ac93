"""Streams between DMA channels: circuit flows (one source, one or more destinations) and
packet-switched flows (sources tag each BD with a packet id; the network routes it).

A circuit moves data only while its source and *every* destination are inside a BD, so a
broadcast producer waits for all its consumers and nothing is buffered that the hardware would
not hold. Each move is as large as the shortest remaining BD of the channels involved: a
64-element BD feeding 32-element BDs moves two chunks. The stream carries 32-bit words, so
channels with different element types see the same bytes (numpy ``view``).

``pump`` moves one chunk (the step-by-step schedule) or, in greedy mode (the event scheduler),
keeps moving while every channel involved can go on: it finishes the BDs that are complete,
loads and locks their successors, and continues, so an uncontended path moves many objects in
one call.
"""

from __future__ import annotations

from math import lcm

import numpy as np

from iron_ir.sim.errors import DesignError
from iron_ir.sim.machine.access import SLICE
from iron_ir.sim.machine.dma import TRANSFER, Channel


def _account(ch: Channel, k: int) -> None:
    ch.pos += k
    ch.remaining -= k
    task = ch.task
    if task is not None and task.host:
        task.moved += k


def _as(data: np.ndarray, dtype: np.dtype) -> np.ndarray:
    if data.dtype == dtype:
        return data
    if data.dtype.itemsize == dtype.itemsize:
        return data.view(dtype)
    return np.ascontiguousarray(data).reshape(-1).view(dtype)


class Circuit:
    """A circuit-switched flow from one MM2S channel to one or more S2MM channels."""

    __slots__ = ("name", "source", "dests", "greedy", "busy", "origin", "relay")

    def __init__(self, name: str, source: Channel, dests: list[Channel], origin=None):
        self.name = name
        self.source = source
        self.dests = dests
        self.greedy = False
        self.busy = False
        self.origin = origin
        self.relay = None
        """The bulk relay (:mod:`.relay`) of the ring this circuit feeds or drains, if any."""
        source.stream = self
        for d in dests:
            d.stream = self

    def reset(self) -> None:
        self.busy = False

    def channels(self) -> list[Channel]:
        return [self.source, *self.dests]

    def peers(self, ch: Channel) -> list[Channel]:
        return [self.source] if ch is not self.source else self.dests

    def pump(self) -> bool:
        if self.busy:
            return False
        if not self.greedy:
            return self._move()
        if self.relay is None:
            # Most greedy pumps come from a channel that just entered a BD while a peer is
            # still waiting for its lock (a broadcast's destinations get ready one by one):
            # nothing moves until every channel is inside a BD, so say so at once.
            if self.source.phase != TRANSFER:
                return False
            for d in self.dests:
                if d.phase != TRANSFER:
                    return False
        self.busy = True
        moved = False
        try:
            if self.relay is not None and self.relay.bulk():
                moved = True
            if len(self.dests) == 1:
                moved = self._pump_one()
            else:
                moved = self._pump_broadcast()
            # What the inline pumps leave (channels of other element widths) moves here; a
            # source out of its BD moves nothing (``_move``'s first test, without the call).
            while self.source.phase == TRANSFER and self._move(greedy=True):
                moved = True
        finally:
            self.busy = False
        return moved

    def _pump_one(self) -> bool:
        """The greedy pump of a point-to-point circuit between channels of one element width
        (most flows): :meth:`_move` with the bookkeeping inline."""
        src, dst = self.source, self.dests[0]
        moved = False
        while src.phase == TRANSFER and dst.phase == TRANSFER:
            sp, dp = src.plan, dst.plan
            if sp.flat.itemsize != dp.flat.itemsize:
                return moved
            k = src.remaining if src.remaining < dst.remaining else dst.remaining
            if sp.kind == SLICE and dp.kind == SLICE:
                a, b = sp.start + src.pos, dp.start + dst.pos
                data = sp.flat[a : a + k]
                dp.flat[b : b + k] = data if data.dtype == dp.flat.dtype else data.view(dp.flat.dtype)
            else:
                dp.write(dst.pos, k, _as(sp.read(src.pos, k), dp.flat.dtype))
            src.pos += k
            src.remaining -= k
            task = src.task
            if task is not None and task.host:
                task.moved += k
            dst.pos += k
            dst.remaining -= k
            task = dst.task
            if task is not None and task.host:
                task.moved += k
            if src.remaining == 0:
                src.next_transfer()
            if dst.remaining == 0:
                dst.next_transfer()
            moved = True
        return moved

    def _pump_broadcast(self) -> bool:
        """The greedy pump of a broadcast whose channels share one element type: :meth:`_move`
        with the bookkeeping inline, the chunk read (gathered, if strided) once and stored
        into every destination."""
        src, dests = self.source, self.dests
        dtype = src.plan.flat.dtype if src.phase == TRANSFER else None
        moved = False
        while src.phase == TRANSFER:
            k = src.remaining
            for d in dests:
                if d.phase != TRANSFER or d.plan.flat.dtype != dtype:
                    return moved
                if d.remaining < k:
                    k = d.remaining
            data = src.plan.read(src.pos, k)
            if not data.flags.c_contiguous:
                data = np.ascontiguousarray(data)
            if data.ndim != 1:
                data = data.reshape(-1)
            src.pos += k
            src.remaining -= k
            task = src.task
            if task is not None and task.host:
                task.moved += k
            for d in dests:
                dp = d.plan
                if dp.kind == SLICE:
                    b = dp.start + d.pos
                    dp.flat[b : b + k] = data
                else:
                    dp.write(d.pos, k, data)
                d.pos += k
                d.remaining -= k
                task = d.task
                if task is not None and task.host:
                    task.moved += k
            if src.remaining == 0:
                src.next_transfer()
            for d in dests:
                if d.remaining == 0:
                    d.next_transfer()
            moved = True
            if src.phase == TRANSFER:
                dtype = src.plan.flat.dtype
        return moved

    def _move(self, greedy: bool = False) -> bool:
        src = self.source
        if src.phase != TRANSFER:
            return False
        dests = self.dests
        sz = src.plan.flat.itemsize
        same = True
        k = src.remaining
        for d in dests:
            if d.phase != TRANSFER:
                return False
            if d.plan.flat.itemsize != sz:
                same = False
            elif d.remaining < k:
                k = d.remaining
        if same:
            counts = None
        else:
            counts = self._byte_chunk(src, dests)
            k = counts[0]
        data = src.plan.read(src.pos, k)
        if len(dests) > 1 and not data.flags.c_contiguous:
            # A broadcast of a strided walk: gather it once, not once per destination.
            data = np.ascontiguousarray(data)
        _account(src, k)
        for i, d in enumerate(dests):
            kd = k if counts is None else counts[i + 1]
            d.plan.write(d.pos, kd, _as(data, d.plan.flat.dtype))
            _account(d, kd)
        for ch in (src, *dests):
            if ch.remaining == 0:
                if greedy:
                    ch.next_transfer()
                else:
                    ch.finish()
        return True

    def _byte_chunk(self, src: Channel, dests: list[Channel]) -> list[int]:
        chans = [src, *dests]
        sizes = [c.plan.flat.itemsize for c in chans]
        unit = lcm(*sizes)
        nbytes = min(c.remaining * s for c, s in zip(chans, sizes)) // unit * unit
        if nbytes == 0:
            raise DesignError(
                f"stream {self.name}: {', '.join(c.name for c in chans)} move elements of "
                f"{', '.join(map(str, sizes))} bytes and cannot split the next "
                f"{unit}-byte unit between their BDs"
            )
        return [nbytes // s for s in sizes]
