"""From the router's paths to switchbox, shim-mux, packet-rule and wire ops (see the package
docstring for what is written where)."""

from __future__ import annotations

from xdsl.ir import Block, Operation, SSAValue

from iron_ir.device import TileKind
from iron_ir.dialects import aie
from iron_ir.dialects.aie.enums import WireBundle, enum_attr
from iron_ir.ir.diagnostics import OpError
from iron_ir.passes.pathfinder.router import (
    BUNDLES,
    Coord,
    EndPoint,
    Pathfinder,
    Port,
    Settings,
    _Unreachable,
    bundle,
)

_DMA, _NOC, _PLIO = bundle("DMA"), bundle("NOC"), bundle("PLIO")
_NORTH, _SOUTH = bundle("North"), bundle("South")
_ARBITERS = 6
_MSELS = 4


def _wb(index: int) -> WireBundle:
    return WireBundle[BUNDLES[index]]


def _port(op_bundle: int, channel: int) -> Port:
    return (int(op_bundle), channel)


def _coord(value: SSAValue) -> Coord:
    tile = value.owner
    assert isinstance(tile, aie.TileOp)
    return tile.col_row


def _end(block: Block) -> Operation:
    last = block.last_op
    assert isinstance(last, aie.EndOp)
    return last


class _Device:
    """The device's tiles, switchboxes and shim muxes by coordinates; new ones go where the
    builder of the current phase would put them."""

    def __init__(self, device: aie.DeviceOp):
        self.device = device
        self.tiles: dict[Coord, aie.TileOp] = {}
        self.switchboxes: dict[Coord, aie.SwitchboxOp] = {}
        self.muxes: dict[Coord, aie.ShimMuxOp] = {}
        for op in device.body.ops:
            if isinstance(op, aie.TileOp):
                self.tiles[op.col_row] = op
            elif isinstance(op, aie.SwitchboxOp):
                self.switchboxes[_coord(op.tile)] = op
            elif isinstance(op, aie.ShimMuxOp):
                self.muxes[_coord(op.tile)] = op

    def insert(self, op: Operation, after: Operation | None) -> Operation:
        body = self.device.body
        if after is None:
            body.insert_op_before(op, _end(body))
        else:
            body.insert_op_after(op, after)
        return op

    def tile(self, coord: Coord, after: Operation | None = None) -> aie.TileOp:
        if coord not in self.tiles:
            self.tiles[coord] = self.insert(aie.TileOp(*coord), after)  # type: ignore[assignment]
        return self.tiles[coord]

    def switchbox(self, coord: Coord, after: Operation | None = None) -> aie.SwitchboxOp:
        if coord not in self.switchboxes:
            tile = self.tile(coord, after)
            self.switchboxes[coord] = self.insert(  # type: ignore[assignment]
                aie.SwitchboxOp(tile), after if after is not None else None
            )
        return self.switchboxes[coord]

    def mux(self, coord: Coord, after: Operation | None = None) -> aie.ShimMuxOp:
        if coord not in self.muxes:
            tile = self.tile(coord, after)
            self.muxes[coord] = self.insert(aie.ShimMuxOp(tile), after)  # type: ignore[assignment]
        return self.muxes[coord]


def _connect(box: Operation, src: Port, dst: Port, at: Operation) -> None:
    op = aie.ConnectOp(_wb(src[0]), src[1], _wb(dst[0]), dst[1])
    op.location = at.location
    block = box.regions[0].blocks.first
    assert block is not None
    block.insert_op_before(op, _end(block))


def route_device(device: aie.DeviceOp, *, circuit: bool, packet: bool, keep_flows: bool) -> None:
    spec = device.spec
    router = Pathfinder(spec)
    packet_flows = [op for op in device.body.ops if isinstance(op, aie.PacketFlowOp)]
    for flow in packet_flows:
        ports = list(flow.ports.block.ops)
        sources = [(_coord(p.tile), _port(p.bundle.value.data, p.channel.value.data))
                   for p in ports if isinstance(p, aie.PacketSourceOp)]
        if not sources:
            raise OpError(flow, "packet_flow has no packet_source")
        priority = flow.priority_route is not None and flow.priority_route.value.data
        for p in ports:
            if isinstance(p, aie.PacketDestOp):
                dst = (_coord(p.tile), _port(p.bundle.value.data, p.channel.value.data))
                for src in sources:
                    router.add_flow(src, dst, True, priority)
    router.sort_flows()
    flows = [op for op in device.body.ops if isinstance(op, aie.FlowOp)]
    for flow in flows:
        router.add_flow(
            (_coord(flow.source), _port(flow.source_bundle.value.data, flow.source_channel.value.data)),
            (_coord(flow.dest), _port(flow.dest_bundle.value.data, flow.dest_channel.value.data)),
            False,
            False,
        )
    for box in [op for op in device.body.ops if isinstance(op, aie.SwitchboxOp)]:
        coord = _coord(box.tile)
        for c in box.connections.block.ops:
            if isinstance(c, aie.ConnectOp):
                src = _port(c.source_bundle.value.data, c.source_channel.value.data)
                dst = _port(c.dest_bundle.value.data, c.dest_channel.value.data)
                if not router.add_fixed_connection(coord, src, dst):
                    raise OpError(box, "Unable to add fixed connections")
    try:
        solution = router.find_paths()
    except _Unreachable:
        solution = None
    if solution is None:
        raise OpError(device, "Unable to find a legal routing")
    processed = {src: False for src in solution}
    state = _Device(device)
    if circuit:
        _route_circuits(state, flows, solution, processed, keep_flows)
    if packet:
        _route_packets(state, packet_flows, solution, processed)
    _wires(state, spec)


# --- circuits -------------------------------------------------------------------------------------


def _route_circuits(
    state: _Device,
    flows: list[aie.FlowOp],
    solution: dict[EndPoint, Settings],
    processed: dict[EndPoint, bool],
    keep_flows: bool,
) -> None:
    for flow in flows:
        src_coord = _coord(flow.source)
        src_bundle = flow.source_bundle.value.data
        src_channel = flow.source_channel.value.data
        src = (src_coord, (src_bundle, src_channel))
        if not processed.get(src, False):
            _route_circuit(state, flow, src_coord, src_bundle, src_channel, solution.get(src, {}))
            processed[src] = True
        if not keep_flows:
            flow.detach()
            flow.erase()


def _route_circuit(
    state: _Device, flow: aie.FlowOp, src_coord: Coord, src_bundle: int, src_channel: int,
    settings: Settings,
) -> None:
    for coord, setting in settings.items():
        box = state.switchbox(coord)
        shim_ch = src_channel
        shim = state.tile(coord).kind in (TileKind.SHIM_NOC, TileKind.SHIM_PL)
        at_source = shim and coord == src_coord
        if at_source:
            if src_bundle == _DMA:
                shim_ch = 3 if src_channel == 0 else 7
            elif src_bundle == _NOC:
                shim_ch = src_channel + 4 if src_channel >= 2 else src_channel + 2
            elif src_bundle == _PLIO:
                shim_ch = src_channel
            _connect(state.mux(coord), (src_bundle, src_channel), (_NORTH, shim_ch), flow)
        for src, dst in zip(setting.srcs, setting.dsts):
            if at_source:
                _connect(box, (_SOUTH, shim_ch), dst, flow)
            elif shim and dst[0] in (_DMA, _PLIO, _NOC):
                if dst[0] == _DMA:
                    shim_ch = 2 if dst[1] == 0 else 3
                elif dst[0] == _NOC:
                    shim_ch = dst[1] + 2
                else:
                    shim_ch = dst[1]
                _connect(state.mux(coord), (_NORTH, shim_ch), dst, flow)
                _connect(box, src, (_SOUTH, shim_ch), flow)
            else:
                _connect(box, src, dst, flow)


# --- packets --------------------------------------------------------------------------------------


def _leads_to(settings: Settings, coord: Coord, dst: Port, final: Coord, final_port: Port) -> bool:
    """Does master ``dst`` of ``coord`` reach ``final_port`` of ``final`` in these settings?"""
    if coord == final and dst == final_port:
        return True
    name = BUNDLES[dst[0]]
    step = {"East": ("West", (1, 0)), "West": ("East", (-1, 0)),
            "North": ("South", (0, 1)), "South": ("North", (0, -1))}.get(name)
    if step is None:
        return False
    enter, (dc, dr) = step
    neighbour = (coord[0] + dc, coord[1] + dr)
    setting = settings.get(neighbour)
    if setting is None:
        return False
    for s, d in zip(setting.srcs, setting.dsts):
        if s == (bundle(enter), dst[1]) and _leads_to(settings, neighbour, d, final, final_port):
            return True
    return False


PhysPort = tuple[Coord, Port]


def _route_packets(
    state: _Device,
    packet_flows: list[aie.PacketFlowOp],
    solution: dict[EndPoint, Settings],
    processed: dict[EndPoint, bool],
) -> None:
    boxes: dict[Coord, list[tuple[tuple[Port, Port], int]]] = {}
    control: dict[tuple[PhysPort, int], bool] = {}
    keep_header: dict[PhysPort, bool | None] = {}
    for flow in packet_flows:
        flow_id = flow.ID.value.data
        ports = list(flow.ports.block.ops)
        sources = [(_coord(p.tile), _port(p.bundle.value.data, p.channel.value.data))
                   for p in ports if isinstance(p, aie.PacketSourceOp)]
        priority = flow.priority_route is not None and flow.priority_route.value.data
        keep = None if flow.keep_pkt_header is None else flow.keep_pkt_header.value.data
        for p in ports:
            if not isinstance(p, aie.PacketDestOp):
                continue
            dst_coord = _coord(p.tile)
            dst_port = _port(p.bundle.value.data, p.channel.value.data)
            keep_header[(dst_coord, dst_port)] = keep
            for src in sources:
                if processed.get(src, False):
                    continue
                settings = solution.get(src, {})
                for coord, setting in settings.items():
                    for s, d in zip(setting.srcs, setting.dsts):
                        if not _leads_to(settings, coord, d, dst_coord, dst_port):
                            continue
                        entry = ((s, d), flow_id)
                        connects = boxes.setdefault(coord, [])
                        if entry not in connects:
                            connects.append(entry)
                        control[((coord, d), flow_id)] = priority

    flows: dict[tuple[PhysPort, int], list[PhysPort]] = {}
    control_flows: dict[tuple[PhysPort, int], list[PhysPort]] = {}
    slaves: list[tuple[PhysPort, int]] = []
    for coord in sorted(boxes):
        for (s, d), flow_id in boxes[coord]:
            key = ((coord, s), flow_id)
            target = control_flows if control.get(((coord, d), flow_id), False) else flows
            target.setdefault(key, []).append((coord, d))
            slaves.append(key)
    ordered = sorted(control_flows.items()) + sorted(flows.items())
    for key, dests in control_flows.items():
        flows.setdefault(key, dests)

    masters, slave_amsels = _assign_amsels(state, ordered, control)
    mastersets: dict[PhysPort, list[int]] = {}
    for (coord, amsel), ports in sorted(masters.items()):
        for port in ports:
            mastersets.setdefault((coord, port), []).append(amsel)
    for (coord, port), amsels in sorted(mastersets.items()):
        arbiters = {a % _ARBITERS for a in amsels}
        if len(arbiters) > 1:
            first, second = sorted(arbiters)[:2]
            raise OpError(
                state.tile(coord),
                f"port {BUNDLES[port[0]]}:{port[1]} assigned to multiple arbiters: {first} and "
                f"{second} (amsels: {', '.join(map(str, amsels))})",
            )

    groups = _slave_groups(slaves, flows)
    masks = _masks(groups)

    for coord in sorted(mastersets):
        state.tile(coord[0])
    for coord, tile in sorted(state.tiles.items()):
        box = state.switchbox(coord, after=tile)
        block = box.regions[0].blocks.first
        assert block is not None
        needed = {a for (c, _), amsels in mastersets.items() if c == coord for a in amsels}
        amsel_ops: dict[int, aie.AMSelOp] = {}
        for msel in range(_MSELS):
            for arbiter in range(_ARBITERS):
                value = arbiter + msel * _ARBITERS
                if value in needed:
                    op = aie.AMSelOp(arbiter, msel)
                    op.location = tile.location
                    block.insert_op_before(op, _end(block))
                    amsel_ops[value] = op
        for port in sorted(p for (c, p) in mastersets if c == coord):
            op = aie.MasterSetOp(
                _wb(port[0]), port[1], [amsel_ops[a] for a in mastersets[(coord, port)]]
            )
            keep = keep_header.get((coord, port))
            if keep is not None:
                op.keep_pkt_header = _bool(keep)
            op.location = tile.location
            block.insert_op_before(op, _end(block))
        rules_by_slave: dict[Port, aie.PacketRulesOp] = {}
        for group in groups:
            (g_coord, slave), first_id = group[0]
            if g_coord != coord:
                continue
            mask = masks[group[0]]
            value = first_id & mask
            rules = rules_by_slave.get(slave)
            if rules is None:
                rules = aie.PacketRulesOp(_wb(slave[0]), slave[1])
                rules.location = tile.location
                _ensure_end(rules.rules.block, tile)
                block.insert_op_before(rules, _end(block))
                rules_by_slave[slave] = rules
            for rule in rules.rules.block.ops:
                if isinstance(rule, aie.PacketRuleOp) and (
                    first_id & rule.mask.value.data
                ) == rule.value.value.data:
                    raise OpError(
                        rule,
                        f"can lead to false packet id match for id {value}, which is not "
                        "supposed to pass through this port.",
                    )
            rule = aie.PacketRuleOp(mask, value, amsel_ops[slave_amsels[group[0]]])
            rule.location = tile.location
            rules.rules.block.insert_op_before(rule, _end(rules.rules.block))
    _shim_packet_ports(state)


def _bool(value: bool):
    from xdsl.dialects.builtin import BoolAttr

    return BoolAttr.from_bool(value)


def _ensure_end(block: Block, at: Operation) -> None:
    if not isinstance(block.last_op, aie.EndOp):
        end = aie.EndOp()
        end.location = at.location
        block.add_op(end)


def _assign_amsels(
    state: _Device,
    ordered: list[tuple[tuple[PhysPort, int], list[PhysPort]]],
    control: dict[tuple[PhysPort, int], bool],
) -> tuple[dict[tuple[Coord, int], list[Port]], dict[tuple[PhysPort, int], int]]:
    """Arbiter/msel pairs (``amsel = arbiter + 6 * msel``): each packet flow leaving a switch
    gets one, a multicast shares one, and a master port stays on one arbiter."""
    masters: dict[tuple[Coord, int], list[Port]] = {}
    port_arbiter: dict[PhysPort, int] = {}
    slave_amsels: dict[tuple[PhysPort, int], int] = {}

    def new_amsel(coord: Coord, high_first: bool) -> int:
        msels = range(_MSELS - 1, -1, -1) if high_first else range(_MSELS)
        for msel in msels:
            arbiters = range(_ARBITERS - 1, -1, -1) if high_first else range(_ARBITERS)
            for arbiter in arbiters:
                if (coord, arbiter + msel * _ARBITERS) not in masters:
                    return arbiter + msel * _ARBITERS
        raise OpError(state.tile(coord), "tile op has used up all arbiter-msel combinations")

    def amsel_on(coord: Coord, arbiter: int) -> int:
        for msel in range(_MSELS):
            if (coord, arbiter + msel * _ARBITERS) not in masters:
                return arbiter + msel * _ARBITERS
        raise OpError(
            state.tile(coord), f"tile op arbiter {arbiter} has used up all its msels"
        )

    def assign(coord: Coord, amsel: int, dests: list[PhysPort]) -> None:
        arbiter = amsel % _ARBITERS
        for _, port in dests:
            phys = (coord, port)
            if phys in port_arbiter and port_arbiter[phys] != arbiter:
                continue
            masters.setdefault((coord, amsel), []).append(port)
            port_arbiter[phys] = arbiter

    for key, dests in ordered:
        (coord, _), flow_id = key
        existing = next(
            (port_arbiter[(coord, p)] for _, p in dests if (coord, p) in port_arbiter), -1
        )
        matched = False
        partial = -1
        amsel = 0
        for (c, value), ports in sorted(masters.items()):
            if c != coord:
                continue
            amsel = value
            arbiter = value % _ARBITERS
            if existing != -1 and existing != arbiter:
                continue
            overlap = any(p in ports for _, p in dests)
            missing = any(p not in ports for _, p in dests)
            if overlap:
                matched = True
                if missing or len(ports) != len(dests):
                    partial = arbiter
                break
        if not matched:
            if existing == -1:
                high = any(control.get(((coord, p), flow_id), False) for _, p in dests)
                amsel = new_amsel(coord, high)
            else:
                try:
                    amsel = amsel_on(coord, existing)
                except OpError:
                    raise OpError(
                        state.tile(coord),
                        f"cannot assign flow: arbiter {existing} has no free msels, but flow "
                        "requires this arbiter due to existing port assignments",
                    ) from None
            assign(coord, amsel, dests)
        elif partial != -1:
            amsel = amsel_on(coord, partial)
            assign(coord, amsel, dests)
        else:
            for _, p in dests:
                port_arbiter.setdefault((coord, p), amsel % _ARBITERS)
        slave_amsels[key] = amsel
    return masters, slave_amsels


def _slave_groups(
    slaves: list[tuple[PhysPort, int]], flows: dict[tuple[PhysPort, int], list[PhysPort]]
) -> list[list[tuple[PhysPort, int]]]:
    """Flows entering one slave port with the same destinations, to share one packet rule."""
    groups: list[list[tuple[PhysPort, int]]] = []
    work = list(slaves)
    while work:
        slave = work.pop()
        for group in groups:
            other = group[0]
            if other[0][1] != slave[0][1]:
                continue
            mine, theirs = flows.get(slave, []), flows.get(other, [])
            if len(mine) != len(theirs):
                continue
            if all(d in theirs for d in mine):
                group.append(slave)
                break
        else:
            groups.append([slave])
    return groups


def _masks(groups: list[list[tuple[PhysPort, int]]]) -> dict[tuple[PhysPort, int], int]:
    """Per group, a 5-bit mask with a 0 wherever the group's packet ids differ."""
    out: dict[tuple[PhysPort, int], int] = {}
    for group in groups:
        bits = [-1] * 5
        for _, flow_id in group:
            for i in range(5):
                bit = flow_id >> i & 1
                if bits[i] == -1:
                    bits[i] = bit
                elif bits[i] != bit:
                    bits[i] = 2
        mask = 0
        for i in range(4, -1, -1):
            mask = (mask << 1) + (0 if bits[i] == 2 else 1)
        for member in group:
            out[member] = mask
    return out


def _shim_packet_ports(state: _Device) -> None:
    """A shim's packet DMA ports go through its mux (MM2S 0/1 -> South 3/7, South 2/3 -> S2MM 0/1)."""
    for box in [op for op in state.device.body.ops if isinstance(op, aie.SwitchboxOp)]:
        tile = box.tile.owner
        assert isinstance(tile, aie.TileOp)
        if tile.kind is not TileKind.SHIM_NOC:
            continue
        block = box.connections.block
        if isinstance(block.first_op, aie.EndOp):
            continue
        mux = state.muxes.get(tile.col_row)
        for op in list(block.ops):
            if isinstance(op, aie.PacketRulesOp) and op.source_bundle.value.data == WireBundle.DMA:
                mux = mux or state.mux(tile.col_row, after=tile)
                op.source_bundle = enum_attr(WireBundle.South)
                for channel, north in ((0, 3), (1, 7)):
                    if op.source_channel.value.data == channel:
                        _set_int(op, "source_channel", north)
                        _connect_first(mux, (_DMA, channel), (_NORTH, north), tile)
            if isinstance(op, aie.MasterSetOp) and op.dest_bundle.value.data == WireBundle.DMA:
                mux = mux or state.mux(tile.col_row, after=tile)
                op.dest_bundle = enum_attr(WireBundle.South)
                for channel, north in ((0, 2), (1, 3)):
                    if op.dest_channel.value.data == channel:
                        _set_int(op, "dest_channel", north)
                        _connect_first(mux, (_NORTH, north), (_DMA, channel), tile)


def _set_int(op: Operation, name: str, value: int) -> None:
    from xdsl.dialects.builtin import IntegerAttr, i32

    op.properties[name] = IntegerAttr(value, i32)


def _connect_first(box: Operation, src: Port, dst: Port, at: Operation) -> None:
    op = aie.ConnectOp(_wb(src[0]), src[1], _wb(dst[0]), dst[1])
    op.location = at.location
    block = box.regions[0].blocks.first
    assert block is not None
    block.insert_op_before(op, block.first_op)  # type: ignore[arg-type]


# --- wires ----------------------------------------------------------------------------------------


def _wires(state: _Device, spec) -> None:
    def wire(src: Operation, sb: WireBundle, dst: Operation, db: WireBundle, at: Operation) -> None:
        op = aie.WireOp(src, sb, dst, db)
        op.location = at.location
        state.insert(op, None)

    for col in range(spec.columns + 1):
        for row in range(spec.rows + 1):
            tile = state.tiles.get((col, row))
            box = state.switchboxes.get((col, row))
            if tile is None or box is None:
                continue
            if col > 0 and (col - 1, row) in state.switchboxes:
                wire(state.switchboxes[(col - 1, row)], WireBundle.East, box, WireBundle.West, tile)
            if row > 0:
                wire(tile, WireBundle.Core, box, WireBundle.Core, tile)
                wire(tile, WireBundle.DMA, box, WireBundle.DMA, tile)
                if (col, row - 1) in state.switchboxes:
                    wire(state.switchboxes[(col, row - 1)], WireBundle.North, box, WireBundle.South, tile)
            elif tile.kind is TileKind.SHIM_NOC and (col, 0) in state.muxes:
                mux = state.muxes[(col, 0)]
                wire(mux, WireBundle.North, box, WireBundle.South, tile)
                wire(tile, WireBundle.DMA, mux, WireBundle.DMA, tile)
