"""The congestion-aware router behind ``aie-create-pathfinder-flows`` (mlir-aie's Pathfinder).

The array is a graph whose vertices are (tile, port) end points: inside a switch, slave ports
connect to the master ports the switch allows; between neighbouring switches, a master South:c
of one tile feeds slave North:c of the tile below (and likewise for the other directions).
Every flow is routed with Dijkstra's algorithm over edge "demands"; edges used by a flow get
dearer, and when some edge carries more than one circuit (or 32 packet streams of one group),
all routes are ripped up and routed again with the over-used edges' history raised, until the
routing is legal or 1000 rounds have passed.

The details are mlir-aie's, kept so that the same design gets the same routes: the end points
are ordered by (col, row, bundle, channel), Dijkstra runs on a 4-ary heap with the same
push/pop order (and, as there, without re-sifting a vertex whose distance drops), demands are
updated at the start of each round and bumped by 10 % on use, and the flows of each packet group
are routed together, circuits last.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iron_ir.device import DeviceSpec
from iron_ir.device.stream_switch import (
    BUNDLES,
    is_legal_pair,
    shim_mux_ports,
    switch_signature,
    switchbox_ports,
)
from iron_ir.device.table import TileKind

OVER_CAPACITY_COEFF = 0.1
USED_CAPACITY_COEFF = 0.02
DEMAND_COEFF = 1.1
DEMAND_BASE = 1.0
MAX_CIRCUIT_STREAM_CAPACITY = 1
MAX_PACKET_STREAM_CAPACITY = 32
MAX_ITERATIONS = 1000
_INT_MAX = 2**31 - 1
_INF = float("inf")

Coord = tuple[int, int]
Port = tuple[int, int]
"""(bundle index in :data:`BUNDLES`, channel)."""
EndPoint = tuple[Coord, Port]

_CONNECTING = {"North": "South", "South": "North", "East": "West", "West": "East"}


def bundle(name: str) -> int:
    return BUNDLES.index(name)


class _Edges:
    """The connections from one switch (or one switch-to-switch link) to another with their
    routing state per (slave, master) cell (``SwitchboxConnect``). Only cells that have carried
    a route keep state; every other cell has demand 1 and nothing used."""

    def __init__(self, src_ports: list[Port], dst_ports: list[Port]):
        self.src_ports = src_ports
        self.dst_ports = dst_ports
        self.src_index = {p: i for i, p in enumerate(src_ports)}
        self.dst_index = {p: i for i, p in enumerate(dst_ports)}
        self.available: set[tuple[int, int]] = set()
        self.demand: dict[tuple[int, int], float] = {}
        self.over: dict[tuple[int, int], int] = {}
        self.used: dict[tuple[int, int], int] = {}
        self.packets: dict[tuple[int, int], int] = {}
        self.priority: dict[tuple[int, int], bool] = {}
        # packet group of a cell: the latest mark of its row or its column (mlir-aie marks the
        # whole row and column of a cell a packet group uses)
        self.row_group: dict[int, tuple[int, int]] = {}
        self.col_group: dict[int, tuple[int, int]] = {}

    def group(self, cell: tuple[int, int]) -> int:
        row = self.row_group.get(cell[0], (-1, -1))
        col = self.col_group.get(cell[1], (-1, -1))
        return max(row, col)[1]

    def mark_group(self, cell: tuple[int, int], group: int, seq: int) -> None:
        self.row_group[cell[0]] = (seq, group)
        self.col_group[cell[1]] = (seq, group)

    def reset_round(self) -> None:
        self.used.clear()
        self.packets.clear()
        self.row_group.clear()
        self.col_group.clear()

    def update_demand(self) -> None:
        self.demand = {
            cell: (DEMAND_BASE + OVER_CAPACITY_COEFF * self.over.get(cell, 0))
            * (DEMAND_BASE + USED_CAPACITY_COEFF * self.used.get(cell, 0))
            for cell in set(self.over) | set(self.used)
        }

    def bump(self, cell: tuple[int, int]) -> None:
        if self.used.get(cell, 0) >= MAX_CIRCUIT_STREAM_CAPACITY:
            factor = _INT_MAX if self.priority.get(cell, False) else DEMAND_COEFF
            self.demand[cell] = self.demand.get(cell, 1.0) * factor


@dataclass
class Flow:
    group: int
    priority: bool
    src: EndPoint
    dsts: list[EndPoint] = field(default_factory=list)


@dataclass
class Setting:
    """What one switch does for one flow: ``srcs[i]`` connects to ``dsts[i]``."""

    srcs: list[Port] = field(default_factory=list)
    dsts: list[Port] = field(default_factory=list)


Settings = dict[Coord, Setting]


class Pathfinder:
    def __init__(self, spec: DeviceSpec):
        self.spec = spec
        self.flows: list[Flow] = []
        self.graph: dict[tuple[Coord, Coord], _Edges] = {}
        self.channels: dict[EndPoint, list[tuple[EndPoint, _Edges, tuple[int, int]]]] = {}
        self._layouts: dict[tuple, tuple] = {}
        self._seq = 0
        self._lay_out()

    # --- the graph ---------------------------------------------------------------------------

    def _lay_out(self) -> None:
        spec = self.spec
        max_col, max_row = spec.columns, spec.rows
        for row in range(max_row + 1):
            for col in range(max_col + 1):
                dest_counts = self._intraconnect(col, row)
                links = []
                if row > 0:
                    links.append(((col, row - 1), "South", "North"))
                if row < max_row:
                    links.append(((col, row + 1), "North", "South"))
                if col > 0:
                    links.append(((col - 1, row), "West", "East"))
                if col < max_col:
                    links.append(((col + 1, row), "East", "West"))
                for target, src_b, dst_b in links:
                    n = dest_counts[src_b]
                    edges = _Edges(
                        [(bundle(src_b), c) for c in range(n)],
                        [(bundle(dst_b), c) for c in range(n)],
                    )
                    edges.available.update((c, c) for c in range(n))
                    self.graph[((col, row), target)] = edges

    def _intraconnect(self, col: int, row: int) -> dict[str, int]:
        signature = switch_signature(self.spec, col, row)
        layout = self._layouts.get(signature)
        if layout is None:
            layout = self._layouts[signature] = self._switch_layout(col, row)
        srcs, dsts, available, dest_counts = layout
        edges = _Edges(srcs, dsts)
        edges.available = set(available)
        self.graph[((col, row), (col, row))] = edges
        return dest_counts

    def _switch_layout(self, col: int, row: int):
        spec = self.spec
        kind = spec.tile_kind(col, row)
        shim = kind in (TileKind.SHIM_NOC, TileKind.SHIM_PL)
        srcs: list[Port] = []
        dsts: list[Port] = []
        dest_counts: dict[str, int] = {}
        for b, name in enumerate(BUNDLES):
            n = switchbox_ports(spec, col, row, name, False)
            if n == 0 and shim:
                n = shim_mux_ports(spec, col, row, name, False)
            srcs += [(b, c) for c in range(n)]
            n = switchbox_ports(spec, col, row, name, True)
            if n == 0 and shim:
                n = shim_mux_ports(spec, col, row, name, True)
            dsts += [(b, c) for c in range(n)]
            dest_counts[name] = n
        masters = {name: switchbox_ports(spec, col, row, name, True) for name in BUNDLES}
        slaves = {name: switchbox_ports(spec, col, row, name, False) for name in BUNDLES}
        mux = (bundle("DMA"), bundle("NOC"), bundle("PLIO"))
        available: set[tuple[int, int]] = set()
        for i, (sb, sc) in enumerate(srcs):
            for j, (db, dc) in enumerate(dsts):
                s_name, d_name = BUNDLES[sb], BUNDLES[db]
                legal = (
                    sc < slaves[s_name]
                    and dc < masters[d_name]
                    and is_legal_pair(spec, kind, s_name, sc, d_name, dc)
                )
                # the shim mux in front of the switch reaches its DMA, NOC and PLIO ports
                if legal or (shim and (sb in mux or db in mux)):
                    available.add((i, j))
        return srcs, dsts, frozenset(available), dest_counts

    # --- flows -------------------------------------------------------------------------------

    def add_flow(self, src: EndPoint, dst: EndPoint, packet: bool, priority: bool) -> None:
        for flow in self.flows:
            if flow.src == src:
                if priority:
                    flow.priority = True
                    flow.dsts.insert(0, dst)
                else:
                    flow.dsts.append(dst)
                return
        group = -1
        if packet:
            found = False
            for flow in self.flows:
                if flow.src == src:
                    group, found = flow.group, True
                    break
                if dst in flow.dsts:
                    group, found = flow.group, True
                    break
                group = max(group, flow.group)
            if not found:
                group += 1
        self.flows.append(Flow(group, priority, src, [dst]))

    def sort_flows(self) -> None:
        """Priority (control packet) flows first, by source; the rest in the order added."""
        first = sorted((f for f in self.flows if f.priority), key=lambda f: (f.src[0], f.src[1]))
        self.flows = first + [f for f in self.flows if not f.priority]

    def add_fixed_connection(self, coord: Coord, src: Port, dst: Port) -> bool:
        """Reserve a connection that a switchbox of the input already makes."""
        edges = self.graph[(coord, coord)]
        found = False
        i = edges.src_index.get(src)
        if i is None:
            return False
        for j, port in enumerate(edges.dst_ports):
            if port == dst and (i, j) in edges.available:
                found = True
            edges.available.discard((i, j))
        return found

    # --- Dijkstra ------------------------------------------------------------------------------

    def _channels(self, src: EndPoint) -> list[tuple[EndPoint, _Edges, tuple[int, int]]]:
        """Where ``src`` leads, sorted, each with the edge set and cell it goes through."""
        cached = self.channels.get(src)
        if cached is not None:
            return cached
        coord, port = src
        out: list[tuple[EndPoint, _Edges, tuple[int, int]]] = []
        edges = self.graph[(coord, coord)]
        i = edges.src_index.get(port)
        if i is not None:
            for j, dst in enumerate(edges.dst_ports):
                if (i, j) in edges.available:
                    out.append(((coord, dst), edges, (i, j)))
        col, row = coord
        for target, name in (
            ((col, row - 1), "North"),
            ((col - 1, row), "East"),
            ((col, row + 1), "South"),
            ((col + 1, row), "West"),
        ):
            link = self.graph.get((coord, target))
            if link is None or port[0] != bundle(_CONNECTING[name]):
                continue
            neighbour_port = (bundle(name), port[1])
            j = link.dst_index.get(neighbour_port)
            if j is not None:
                out.append(((target, neighbour_port), link, (link.src_index[port], j)))
        out.sort(key=lambda entry: entry[0])
        self.channels[src] = out
        return out

    def shortest_paths(self, src: EndPoint, targets: list[EndPoint]) -> dict[EndPoint, EndPoint]:
        """Dijkstra from ``src`` until every target is final (the preds of a finished vertex
        never change, so stopping there gives the same paths as running to the end)."""
        distance: dict[EndPoint, float] = {src: 0.0}
        preds: dict[EndPoint, EndPoint] = {}
        color: dict[EndPoint, int] = {}  # 1 gray, 2 black
        pending = set(targets)
        heap = _Heap(distance)
        heap.push(src)
        while heap.data and pending:
            current = heap.pop()
            base = distance[current]
            for dest, edges, cell in self._channels(current):
                known = distance.get(dest, _INF)
                candidate = base + edges.demand.get(cell, 1.0)
                relax = candidate < known
                state = color.get(dest)
                if state is None:
                    if relax:
                        distance[dest] = candidate
                        preds[dest] = current
                        color[dest] = 1
                    else:
                        distance.setdefault(dest, _INF)
                    heap.push(dest)
                elif state == 1 and relax:
                    distance[dest] = candidate
                    preds[dest] = current
            color[current] = 2
            pending.discard(current)
        return preds

    def find_paths(self, max_iterations: int = MAX_ITERATIONS) -> dict[EndPoint, Settings] | None:
        for edges in self.graph.values():
            edges.used.clear()
            edges.over.clear()
            edges.priority.clear()
        groups: dict[int, list[Flow]] = {}
        for flow in self.flows:
            groups.setdefault(flow.group, []).append(flow)
        touched: set[_Edges] = set()
        iteration = -1
        while True:
            iteration += 1
            if iteration >= max_iterations:
                return None
            for edges in touched:
                edges.update_demand()
            solution: dict[EndPoint, Settings] = {}
            for edges in touched:
                edges.reset_round()
            self._seq = 0
            for flows in groups.values():
                for flow in flows:
                    solution[flow.src] = self._route(flow, touched)
                for edges in touched:
                    for cell in set(edges.packets) | set(edges.used):
                        if edges.packets.get(cell, 0) > 0:
                            edges.packets[cell] = 0
                            edges.used[cell] = edges.used.get(cell, 0) + 1
                        edges.bump(cell)
            illegal = 0
            for edges in touched:
                for cell, used in edges.used.items():
                    if used > MAX_CIRCUIT_STREAM_CAPACITY:
                        edges.over[cell] = edges.over.get(cell, 0) + 1
                        illegal += 1
            if illegal == 0:
                return solution

    def _route(self, flow: Flow, touched: set[_Edges]) -> Settings:
        preds = self.shortest_paths(flow.src, flow.dsts)
        processed = {flow.src}
        settings: Settings = {}
        for end in flow.dsts:
            if end == flow.src:
                setting = settings.setdefault(end[0], Setting())
                setting.srcs.append(end[1])
                setting.dsts.append(end[1])
            current = end
            while current not in processed:
                if current not in preds:
                    raise _Unreachable(flow.src, end)
                pred = preds[current]
                edges = self.graph[(pred[0], current[0])]
                touched.add(edges)
                cell = (edges.src_index[pred[1]], edges.dst_index[current[1]])
                edges.priority[cell] = flow.priority
                if flow.group >= 0 and edges.group(cell) in (-1, flow.group):
                    self._seq += 1
                    edges.mark_group(cell, flow.group, self._seq)
                    edges.packets[cell] = edges.packets.get(cell, 0) + 1
                    if edges.packets[cell] >= MAX_PACKET_STREAM_CAPACITY:
                        edges.packets[cell] = 0
                        edges.used[cell] = edges.used.get(cell, 0) + 1
                else:
                    edges.used[cell] = edges.used.get(cell, 0) + 1
                edges.bump(cell)
                if pred[0] == current[0]:
                    settings.setdefault(pred[0], Setting()).srcs.append(pred[1])
                    settings.setdefault(current[0], Setting()).dsts.append(current[1])
                processed.add(current)
                current = pred
        return dict(sorted(settings.items()))


class _Unreachable(Exception):
    def __init__(self, src: EndPoint, dst: EndPoint):
        super().__init__()
        self.src = src
        self.dst = dst


class _Heap:
    """A 4-ary min-heap on ``distance`` (boost's ``d_ary_heap_indirect``, op for op)."""

    ARITY = 4

    def __init__(self, distance: dict[EndPoint, float]):
        self.distance = distance
        self.data: list[EndPoint] = []

    def push(self, value: EndPoint) -> None:
        self.data.append(value)
        self._up(len(self.data) - 1)

    def pop(self) -> EndPoint:
        data = self.data
        top = data[0]
        last = data.pop()
        if data:
            data[0] = last
            self._down()
        return top

    def _up(self, index: int) -> None:
        if index == 0:
            return
        data, dist = self.data, self.distance
        moving = data[index]
        key = dist[moving]
        levels = 0
        probe = index
        while probe != 0:
            parent = (probe - 1) // self.ARITY
            if key < dist[data[parent]]:
                levels += 1
                probe = parent
            else:
                break
        for _ in range(levels):
            parent = (index - 1) // self.ARITY
            data[index] = data[parent]
            index = parent
        data[index] = moving

    def _down(self) -> None:
        data, dist = self.data, self.distance
        size = len(data)
        index = 0
        key = dist[data[0]]
        while True:
            first = index * self.ARITY + 1
            if first >= size:
                break
            best = 0
            best_key = dist[data[first]]
            for k in range(1, min(self.ARITY, size - first)):
                k_key = dist[data[first + k]]
                if k_key < best_key:
                    best, best_key = k, k_key
            if best_key < key:
                data[first + best], data[index] = data[index], data[first + best]
                index = first + best
            else:
                break
