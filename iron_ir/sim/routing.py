"""Streams of a routed design, traced through its switchboxes.

After ``aie-create-pathfinder-flows`` the flows are gone: each tile's ``aie.switchbox`` connects
its slave (input) ports to master (output) ports (``aie.connect<South : 3, North : 0>``), and
packet-switched ports forward a packet by its id (``aie.packet_rules`` of the slave port: the
first ``aie.rule(mask, value, %amsel)`` with ``id & mask == value`` picks an arbiter/msel, and
every master whose ``aie.masterset`` lists it gets the packet). A master port leads to the
neighbour's slave port of the same channel (North -> the tile above's South, East -> the
next column's West, ...); a DMA master is the tile's S2MM channel. A shim tile's DMA reaches
its switchbox through the shim mux (``aie.shim_mux``: ``aie.connect<DMA : 0, North : 3>``
sends MM2S 0 into the switchbox's South 3; ``aie.connect<North : 2, DMA : 0>`` feeds S2MM 0
from its South 2).

From every MM2S channel the routes are followed to the S2MM channels they reach: a source
whose route meets no packet rule is a circuit; one that does sends packets, routed per id.
"""

from __future__ import annotations

from iron_ir.sim.design import Tile, as_bool, as_int, prop
from iron_ir.sim.errors import DesignError
from iron_ir.sim.machine import Circuit
from iron_ir.sim.machine.packet import PacketSwitch

DMA, SOUTH, WEST, NORTH, EAST = 1, 3, 4, 5, 6
_NEIGHBOUR = {NORTH: (0, 1, SOUTH), SOUTH: (0, -1, NORTH), EAST: (1, 0, WEST), WEST: (-1, 0, EAST)}


class Routes:
    def __init__(self, design):
        self.d = design
        self.tiles = {(t.col, t.row): t for t in design.tiles.values()}
        self.connects: dict[tuple, list[tuple[int, int]]] = {}
        self.rules: dict[tuple, list[tuple[int, int, object]]] = {}
        self.mastersets: dict[tuple, list[tuple[int, int, bool]]] = {}
        self.mux_in: dict[tuple, int] = {}
        """(shim col, MM2S channel) -> the switchbox South port it enters."""
        self.mux_out: dict[tuple, int] = {}
        """(shim col, switchbox South port) -> the S2MM channel it feeds."""
        for op in design.routing:
            self._read(op)

    def _tile_of(self, op) -> Tile:
        if op.name == "aie.shim_switchbox":
            col = as_int(prop(op, "col"))
            tile = self.tiles.get((col, 0))
            if tile is None:
                raise DesignError(f"aie.shim_switchbox({col}) names a column without a shim tile")
            return tile
        return self.d.tiles[op.operands[0]]

    def _read(self, op) -> None:
        if op.name == "aie.wire":
            return  # the neighbour links are implicit
        tile = self._tile_of(op)
        for inner in op.regions[0].blocks[0].ops:
            if inner.name == "aie.connect":
                src = (as_int(prop(inner, "source_bundle")), as_int(prop(inner, "source_channel")))
                dst = (as_int(prop(inner, "dest_bundle")), as_int(prop(inner, "dest_channel")))
                if op.name == "aie.shim_mux":
                    if src[0] == DMA and dst[0] == NORTH:
                        self.mux_in[(tile.col, src[1])] = dst[1]
                    elif src[0] == NORTH and dst[0] == DMA:
                        self.mux_out[(tile.col, src[1])] = dst[1]
                    continue
                self.connects.setdefault((tile, *src), []).append(dst)
            elif inner.name == "aie.masterset":
                dst = (as_int(prop(inner, "dest_bundle")), as_int(prop(inner, "dest_channel")))
                keep = as_bool(prop(inner, "keep_pkt_header"))
                for amsel in inner.operands:
                    self.mastersets.setdefault((tile, amsel), []).append((*dst, keep))
            elif inner.name == "aie.packet_rules":
                src = (as_int(prop(inner, "source_bundle")), as_int(prop(inner, "source_channel")))
                for rule in inner.regions[0].blocks[0].ops:
                    if rule.name == "aie.rule":
                        entry = (as_int(prop(rule, "mask")), as_int(prop(rule, "value")))
                        self.rules.setdefault((tile, *src), []).append((*entry, rule.operands[0]))

    def entry(self, tile: Tile, channel: int) -> tuple:
        """The switchbox slave port an MM2S channel's stream enters."""
        if tile.kind.is_shim:
            port = self.mux_in.get((tile.col, channel))
            return (tile, SOUTH, port) if port is not None else (tile, DMA, channel)
        return (tile, DMA, channel)

    def reach(self, port: tuple, packet_id: int | None, seen=None):
        """S2MM (tile, channel, keep header) that a stream entering ``port`` reaches, and
        whether a packet rule was on the way."""
        seen = set() if seen is None else seen
        if port in seen:
            return [], False
        seen.add(port)
        tile = port[0]
        masters = [(b, c, False) for b, c in self.connects.get(port, [])]
        packet = False
        rules = self.rules.get(port)
        if rules:
            packet = True
            if packet_id is not None:
                for mask, value, amsel in rules:
                    if packet_id & mask == value & mask:
                        masters += self.mastersets.get((tile, amsel), [])
                        break
        out = []
        for bundle, channel, keep in masters:
            if bundle == DMA:
                out.append((tile, channel, keep))
                continue
            if tile.kind.is_shim and bundle == SOUTH:
                s2mm = self.mux_out.get((tile.col, channel))
                if s2mm is not None:
                    out.append((tile, s2mm, keep))
                continue
            step = _NEIGHBOUR.get(bundle)
            if step is None:
                continue  # core, trace, control or PLIO ports carry nothing modelled
            nxt = self.tiles.get((tile.col + step[0], tile.row + step[1]))
            if nxt is None:
                continue
            found, more = self.reach((nxt, step[2], channel), packet_id, seen)
            out += [(t, c, keep or k) for t, c, k in found]
            packet = packet or more
        return out, packet

    def sources(self):
        """Every (tile, MM2S channel) with a switchbox port to enter."""
        for (tile, bundle, channel) in list(self.connects) + list(self.rules):
            if bundle == DMA and not tile.kind.is_shim:
                yield tile, channel
        for (col, channel) in self.mux_in:
            yield self.tiles[(col, 0)], channel


def dma_ports(design) -> set:
    """(tile, direction, channel) of the DMA channels a routed design's switchboxes use."""
    routes = Routes(design)
    used = {(t, "MM2S", c) for t, c in routes.sources()}
    for (tile, bundle, channel), dests in routes.connects.items():
        used |= {(tile, "S2MM", c) for b, c in dests if b == DMA}
    for (tile, _), dests in routes.mastersets.items():
        used |= {(tile, "S2MM", c) for b, c, _ in dests if b == DMA}
    used |= {(routes.tiles[(col, 0)], "S2MM", s2mm) for (col, _), s2mm in routes.mux_out.items()}
    return used


def build_routes(builder) -> None:
    """Circuits and the packet switch of a routed design, into ``builder``'s machine."""
    routes = Routes(builder.d)
    machine = builder.m
    switch = None
    memo: dict[tuple, list] = {}
    keep: dict[tuple, bool] = {}

    def route(src, packet_id):
        key = (id(src), packet_id)
        if key not in memo:
            tile, channel = src_of[id(src)]
            found, _ = routes.reach(routes.entry(tile, channel), packet_id)
            dests = []
            for t, c, k in found:
                ch = builder.channel(t, "S2MM", c)
                keep[(packet_id, id(ch))] = k
                if ch not in dests:
                    dests.append(ch)
            memo[key] = dests
        return memo[key]

    src_of: dict[int, tuple[Tile, int]] = {}
    for tile, channel in dict.fromkeys(routes.sources()):
        source = builder.channel(tile, "MM2S", channel)
        if source.stream is not None:
            continue
        found, packet = routes.reach(routes.entry(tile, channel), None)
        if packet:
            if switch is None:
                switch = PacketSwitch(
                    "packet-switched streams (routed)",
                    route,
                    {},
                    lambda pid, dest: keep.get((pid, id(dest)), False),
                )
                machine.streams.append(switch)
            src_of[id(source)] = (tile, channel)
            switch.add_source(source)
            for pid in range(32):
                for dest in route(source, pid):
                    switch.add_dest(dest)
            continue
        dests = []
        for t, c, _ in found:
            ch = builder.channel(t, "S2MM", c)
            if ch not in dests:
                dests.append(ch)
        if dests:
            machine.streams.append(Circuit(f"route from {source.name}", source, dests))
