"""``aie-find-flows``: read the flows back out of a routed design (mlir-aie's ``AIEFindFlows``).

From every tile's Core and DMA ports (in tile order; as many channels as the tile's switch, or
a shim's mux, has masters of that bundle) the pass follows ``aie.wire``s into switchboxes and
shim muxes, through their ``aie.connect``s and packet rules (``aie.packet_rules`` matched to
``aie.masterset``s by arbiter select, keeping the mask/value a packet must carry), until it
reaches a tile again. Each end reached becomes an ``aie.flow`` (circuit) or, when a packet
mask was collected, an ``aie.packet_flow`` with that packet id, appended to the device. Used
after ``aie-create-pathfinder-flows`` to check what the router built: the flows found should be
the flows asked for.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, Region
from xdsl.passes import ModulePass

from iron_ir.device import TileKind
from iron_ir.device.stream_switch import shim_mux_ports, switchbox_ports
from iron_ir.dialects import aie
from iron_ir.dialects.aie.enums import WireBundle

Port = tuple[int, int]
"""(bundle, channel)"""


@dataclass(frozen=True)
class _Reach:
    op: Operation
    port: Port
    mask: int
    value: int


def _through_wire(wires: list[aie.WireOp], op: Operation, port: Port) -> tuple[Operation, Port] | None:
    """The op and input port at the other end of the wire leaving ``op`` from ``port``'s
    bundle (the first wire that matches, either way round, as mlir-aie looks them up)."""
    bundle, channel = port
    for wire in wires:
        if wire.source.owner is op and wire.source_bundle.value.data == bundle:
            return wire.dest.owner, (wire.dest_bundle.value.data, channel)  # type: ignore[return-value]
        if wire.dest.owner is op and wire.dest_bundle.value.data == bundle:
            return wire.source.owner, (wire.source_bundle.value.data, channel)  # type: ignore[return-value]
    return None


def _switch_outputs(block: Block, port: Port) -> list[tuple[Port, int, int]]:
    """The master ports a switch sends input ``port`` to, with the packet mask/value each
    needs (0/0 for a circuit connection)."""
    outputs: list[tuple[Port, int, int]] = []
    for op in block.ops:
        if isinstance(op, aie.ConnectOp) and _source(op) == port:
            outputs.append(((op.dest_bundle.value.data, op.dest_channel.value.data), 0, 0))
    for rules in block.ops:
        if not isinstance(rules, aie.PacketRulesOp) or _source(rules) != port:
            continue
        for master in block.ops:
            if not isinstance(master, aie.MasterSetOp):
                continue
            for amsel in master.amsels:
                for rule in rules.rules.block.ops:
                    if isinstance(rule, aie.PacketRuleOp) and rule.amsel is amsel:
                        dest = (master.dest_bundle.value.data, master.dest_channel.value.data)
                        outputs.append((dest, rule.mask.value.data, rule.value.value.data))
    return outputs


def _source(op: aie.ConnectOp | aie.PacketRulesOp) -> Port:
    return (op.source_bundle.value.data, op.source_channel.value.data)


def connected_tiles(wires: list[aie.WireOp], tile: aie.TileOp, port: Port) -> list[_Reach]:
    """Every tile input that data leaving ``tile`` on ``port`` reaches, in mlir-aie's order
    (a depth-first walk taking the last branch found first)."""
    found: list[_Reach] = []
    start = _through_wire(wires, tile, port)
    if start is None:
        return found
    work = [_Reach(start[0], start[1], 0, 0)]
    seen: set[tuple[int, Port, int, int]] = set()
    while work:
        reach = work.pop()
        key = (id(reach.op), reach.port, reach.mask, reach.value)
        if key in seen:  # a loop in the switch configuration: walk it once
            continue
        seen.add(key)
        if isinstance(reach.op, aie.TileOp):
            found.append(reach)
            continue
        if not isinstance(reach.op, (aie.SwitchboxOp, aie.ShimMuxOp)):
            continue  # the connection ends at something that is not a flow end
        region: Region = reach.op.regions[0]
        for dest, mask, value in _switch_outputs(region.block, reach.port):
            conflicts = mask & reach.mask
            if conflicts & value != conflicts & reach.value:
                continue  # no packet arriving here can match this rule
            nxt = _through_wire(wires, reach.op, dest)
            if nxt is None:
                continue
            work.append(_Reach(nxt[0], nxt[1], reach.mask | mask, reach.value | (mask & value)))
    return found


def _source_channels(spec, tile: aie.TileOp, bundle: str) -> int:
    col, row = tile.col_row
    if spec.tile_kind(col, row) in (TileKind.SHIM_NOC, TileKind.SHIM_PL):
        return shim_mux_ports(spec, col, row, bundle, True)
    return switchbox_ports(spec, col, row, bundle, True)


def find_flows(device: aie.DeviceOp) -> None:
    spec = device.spec
    ops = list(device.body.ops)
    wires = [op for op in ops if isinstance(op, aie.WireOp)]
    terminator = device.body.last_op if isinstance(device.body.last_op, aie.EndOp) else None
    for tile in (op for op in ops if isinstance(op, aie.TileOp)):
        for bundle in (WireBundle.Core, WireBundle.DMA):
            for channel in range(_source_channels(spec, tile, bundle.name)):
                for reach in connected_tiles(wires, tile, (bundle.value, channel)):
                    dest_bundle, dest_channel = reach.port
                    if reach.mask == 0:
                        new: Operation = aie.FlowOp(
                            tile, bundle, channel, reach.op, WireBundle(dest_bundle), dest_channel
                        )
                    else:
                        new = aie.PacketFlowOp(reach.value)
                        body = new.regions[0].block
                        body.insert_ops_before(
                            [
                                aie.PacketSourceOp(tile, bundle, channel),
                                aie.PacketDestOp(reach.op, WireBundle(dest_bundle), dest_channel),
                            ],
                            body.last_op,  # type: ignore[arg-type]
                        )
                    new.location = tile.location
                    if terminator is not None:
                        device.body.insert_op_before(new, terminator)
                    else:
                        device.body.add_op(new)


@dataclass(frozen=True)
class AIEFindFlowsPass(ModulePass):
    name = "aie-find-flows"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for device in [d for d in op.walk() if isinstance(d, aie.DeviceOp)]:
            find_flows(device)
