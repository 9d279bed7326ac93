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
one call. That loop is generated once per destination count (:mod:`.pumpgen`).
"""

from __future__ import annotations

from functools import partial
from math import lcm

import numpy as np

from iron_ir.sim.errors import DesignError
from iron_ir.sim.machine.access import as_type
from iron_ir.sim.machine.dma import TRANSFER, Channel
from iron_ir.sim.machine.pumpgen import greedy_pump


def _account(ch: Channel, k: int) -> None:
    ch.pos += k
    ch.remaining -= k
    task = ch.task
    if task is not None and task.host:
        task.moved += k


class Circuit:
    """A circuit-switched flow from one MM2S channel to one or more S2MM channels."""

    __slots__ = ("name", "source", "dests", "greedy", "busy", "origin", "relay", "fast")

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
        self.fast = partial(greedy_pump(len(dests)), self, source, *dests)
        """The greedy pump (:mod:`.pumpgen`), generated for the number of destinations."""
        source.gate = dests[0] if dests else None
        for d in dests:
            d.gate = source

    def attach_relay(self, relay) -> None:
        """Let ``relay`` (:mod:`.relay`) move this circuit's objects in bulk. Its test does not
        need every channel of the circuit inside a BD, so the channels' gates open."""
        self.relay = relay
        for ch in self.channels():
            ch.gate = None

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
            return self.fast()
        self.busy = True
        try:
            bulk = self.relay.bulk()
        finally:
            self.busy = False
        return self.fast() or bulk

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
            d.plan.write(d.pos, kd, as_type(data, d.plan.flat.dtype))
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
