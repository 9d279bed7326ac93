"""``aie-create-pathfinder-flows``: route every ``aie.flow`` and ``aie.packet_flow`` through the
stream switches (mlir-aie's ``AIECreatePathFindFlows.cpp``).

The router (:mod:`.router`) finds a path per flow source; this pass writes the result as
mlir-aie does:

* circuit flows (``route-circuit``, default true): per flow, in IR order, an ``aie.connect`` in
  the ``aie.switchbox`` of every tile on the path (switchboxes made at the end of the device as
  needed), and for shim DMA/NOC/PLIO ends the ``aie.shim_mux`` connection with the shim's fixed
  port mapping (MM2S 0 -> North 3, MM2S 1 -> North 7; North 2 -> S2MM 0, North 3 -> S2MM 1);
  the ``aie.flow`` ops are then removed (kept with ``keep-flow-op``);
* packet flows (``route-packet``, default true): per tile an ``aie.amsel`` per arbiter/msel in
  use, an ``aie.masterset`` per master port, and ``aie.packet_rules`` with masks that merge the
  packet ids sharing a slave port and destinations; every tile gets a switchbox (empty if
  unused); the ``aie.packet_flow`` ops stay;
* finally the ``aie.wire`` ops between tiles, switchboxes and shim muxes.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from iron_ir.dialects import aie


@dataclass(frozen=True)
class AIECreatePathfinderFlowsPass(ModulePass):
    name = "aie-create-pathfinder-flows"

    route_circuit: bool = True
    route_packet: bool = True
    keep_flow_op: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from iron_ir.passes.pathfinder.lower import route_device

        for device in [d for d in op.walk() if isinstance(d, aie.DeviceOp)]:
            route_device(
                device,
                circuit=self.route_circuit,
                packet=self.route_packet,
                keep_flows=self.keep_flow_op,
            )


__all__ = ["AIECreatePathfinderFlowsPass"]
