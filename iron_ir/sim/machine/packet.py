"""Packet-switched streams: sources tag each BD with a packet id; the network routes it.

Every MM2S BD of a packet source is one packet (the DMA ends it with TLAST). Its id picks the
destination channels (``route(source, id)``: the ``aie.packet_flow`` of that id, or the
switchboxes' ``packet_rules`` and ``masterset`` when the design is routed). A destination
channel takes one packet at a time: from its first word to its last it belongs to that
packet's source, and other packets for it wait (arbitration at packet boundaries, sources in
a fixed order). An S2MM BD just counts words, so one BD may receive several packets and one
packet may fill several BDs. The header word is dropped at the destination unless the flow
keeps it (``keep_pkt_header``); a kept header arrives as one 32-bit word before the data:
``packet id | type << 12``, odd parity in bit 31.

A BD without a packet header of its own (no ``aie.dma_bd_packet``, no ``packet`` attribute)
sends its data as it is, and the switch reads the packet header from the stream: the BD's
first 32-bit word, as when a mem tile forwards a buffer it received with the header kept.
That word is then the header (kept or dropped as above), not data. A source in a single
packet flow whose BDs carry no header is routed by that flow's id, its data all data.
"""

from __future__ import annotations

import numpy as np

from iron_ir.sim.errors import DesignError
from iron_ir.sim.machine.access import as_type
from iron_ir.sim.machine.dma import IDLE, TRANSFER, Channel


def header_word(packet_id: int, packet_type: int) -> int:
    word = (packet_id & 0x1F) | (packet_type & 0x7) << 12
    if bin(word).count("1") % 2 == 0:
        word |= 1 << 31
    return word


class PacketSwitch:
    """All packet-switched traffic of a design."""

    def __init__(self, name: str, route, default_ids: dict[int, int], keep_header):
        self.name = name
        self.sources: list[Channel] = []
        self.dests: list[Channel] = []
        self.route = route
        """``route(source, packet_id) -> [destination channels]``."""
        self.default_ids = default_ids
        """Per source channel (``id``): the packet id of BDs that carry no header."""
        self.keep_header = keep_header
        """``keep_header(packet_id, dest) -> bool``."""
        self.greedy = False
        self.busy = False
        self.headers_sent: dict[int, tuple[int, int]] = {}
        """Per source: the BD execution whose packet header went out."""
        self.data_headers: dict[int, tuple[tuple[int, int], tuple[int, int], int]] = {}
        """Per source whose BDs carry no header: the BD execution, the ``(type, id)`` read from
        its first word, and the word."""

    def reset(self) -> None:
        self.busy = False
        self.headers_sent.clear()
        self.data_headers.clear()

    def add_source(self, ch: Channel) -> None:
        if ch not in self.sources:
            self.sources.append(ch)
            ch.stream = self
            ch.gate = None

    def add_dest(self, ch: Channel) -> None:
        if ch not in self.dests:
            self.dests.append(ch)
            ch.stream = self
            ch.gate = None

    def channels(self) -> list[Channel]:
        return [*self.sources, *self.dests]

    def packet_of(self, src: Channel) -> tuple[int, int]:
        packet = src.bd.packet
        if packet is not None:
            return packet
        pid = self.default_ids.get(id(src))
        if pid is None:
            return self._data_header(src)[0]
        return 0, pid

    def _in_data(self, src: Channel) -> bool:
        """Whether the current BD of ``src`` begins with its packet header in its data."""
        return src.bd.packet is None and id(src) not in self.default_ids

    def _data_header(self, src: Channel) -> tuple[tuple[int, int], int]:
        """``((type, id), word)`` of the header the current BD execution of ``src`` sends in
        its first 32-bit word (read when the BD starts: the channel holds its lock)."""
        marker = (id(src.bd), src.bd.runs)
        known = self.data_headers.get(id(src))
        if known is not None and known[0] == marker:
            return known[1], known[2]
        plan = src.plan
        size = plan.flat.itemsize
        count = 4 // size if size <= 4 else 0
        if count == 0 or 4 % size or plan.size < count:
            raise DesignError(
                f"{src.name} sends on a packet-switched stream ({self.name}) but its BD "
                f"{src.bd.label} carries no packet header (aie.dma_bd_packet or packet = "
                f"<pkt_type, pkt_id>), the source is in several packet flows, and the BD's "
                f"data cannot begin with one: it moves {plan.size} element(s) of "
                f"{size} bytes, and a header is one 32-bit word.\n"
                f"Give the BD a packet header, or send a buffer whose first word is one."
            )
        word = int(np.ascontiguousarray(plan.read(0, count)).view(np.uint32)[0])
        packet = ((word >> 12) & 0x7, word & 0x1F)
        self.data_headers[id(src)] = (marker, packet, word)
        return packet, word

    def peers(self, ch: Channel) -> list[Channel]:
        if ch in self.sources and ch.phase == TRANSFER:
            return self.route(ch, self.packet_of(ch)[1])
        return [s for s in self.sources if s is not ch and ch in self._targets(s)]

    def _targets(self, src: Channel) -> list[Channel]:
        if src.phase != TRANSFER:
            return []
        return self.route(src, self.packet_of(src)[1])

    def pump(self) -> bool:
        if self.busy:
            return False
        self.busy = True
        moved = False
        try:
            while True:
                step = False
                for src in self.sources:
                    if self._move(src):
                        step = moved = True
                if not step or not self.greedy:
                    break
        finally:
            self.busy = False
        return moved

    def _move(self, src: Channel) -> bool:
        if src.phase != TRANSFER:
            return False
        ptype, pid = self.packet_of(src)
        dests = self.route(src, pid)
        if not dests:
            origin = ""
            if self._in_data(src):
                origin = (
                    f" (read from the first word of its BD's data, "
                    f"{self._data_header(src)[1]:#010x}: BD {src.bd.label} carries no packet "
                    f"header of its own and the source is in several packet flows)"
                )
            raise DesignError(
                f"{src.name} sends packet id {pid}{origin} on {self.name}, which no packet "
                f"flow or packet rule routes anywhere from it"
            )
        for d in dests:
            if d.phase != TRANSFER or (d.claim is not None and d.claim is not src):
                return False
        for d in dests:
            d.claim = src
        if src.pos == 0:
            marker = (id(src.bd), src.bd.runs)
            if self.headers_sent.get(id(src)) != marker:
                self.headers_sent[id(src)] = marker
                if self._in_data(src):
                    # The first word is the header, not data: it leaves the source's BD.
                    head = 4 // src.plan.flat.itemsize
                    src.count_moved(head)
                    delivered = self._headers(dests, ptype, pid, self._data_header(src)[1])
                    if src.remaining == 0:  # a BD of the header alone: the packet ends
                        for d in dests:
                            d.claim = None
                        self._finish(src)
                        return True
                    if not delivered:
                        return True
                elif not self._headers(dests, ptype, pid):
                    return True
        k = src.remaining
        size = src.plan.flat.itemsize
        for d in dests:
            k = min(k, d.remaining * d.plan.flat.itemsize // size)
        if k == 0:
            raise DesignError(
                f"{self.name}: {src.name} cannot split its next element between the BDs of "
                f"{', '.join(d.name for d in dests)}"
            )
        data = src.plan.read(src.pos, k)
        src.count_moved(k)
        for d in dests:
            kd = k * size // d.plan.flat.itemsize
            d.plan.write(d.pos, kd, as_type(data, d.plan.flat.dtype))
            d.count_moved(kd)
        ended = src.remaining == 0
        if ended:
            for d in dests:
                d.claim = None
        for ch in (src, *dests):
            if ch.remaining == 0:
                self._finish(ch)
        return True

    def _finish(self, ch: Channel) -> None:
        """``ch`` completed its BD; in the greedy schedule it goes on as far as it can."""
        ch.finish()
        if self.greedy:
            while ch.advance() and ch.phase == IDLE:
                pass

    def _headers(
        self, dests: list[Channel], ptype: int, pid: int, word: int | None = None
    ) -> bool:
        """Deliver the header word (``word``: as the source's data had it; else the one the
        DMA makes of the BD's packet attribute) to the destinations that keep it; True when
        they can take the data next."""
        word = np.array([header_word(pid, ptype) if word is None else word], dtype=np.uint32)
        for d in dests:
            if not self.keep_header(pid, d):
                continue
            data = word.view(d.plan.flat.dtype)
            if d.remaining < data.size:
                raise DesignError(
                    f"{self.name}: the header of packet {pid} does not fit the BD of {d.name}"
                )
            d.plan.write(d.pos, data.size, data)
            d.count_moved(data.size)
            if d.remaining == 0:
                self._finish(d)
        return all(d.phase == TRANSFER for d in dests)
