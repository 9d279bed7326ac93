"""``aie-objectFifo-stateful-transform``: objectfifos to buffers, locks, DMA programs and flows.

mlir-aie's objectfifo lowering (``AIEObjectFifoStatefulTransform.cpp``) in Python, with its
name and options, producing the same ops in the same order:

* ``dynamic-objFifos`` (default false): pick each access's buffer at run time instead of
  unrolling loops to the fifo depths (per core also with ``dynamic_objfifo_lowering``);
* ``packet-sw-objFifos`` (default false): route every DMA fifo as an ``aie.packet_flow`` with
  its own packet id instead of a circuit ``aie.flow``.

The steps are in :mod:`.transform`; see docs/passes.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from iron_ir.dialects import aie


@dataclass(frozen=True)
class AIEObjectFifoStatefulTransformPass(ModulePass):
    name = "aie-objectFifo-stateful-transform"

    dynamic_objFifos: bool = False
    packet_sw_objFifos: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from iron_ir.passes.stateful_transform.transform import transform_device

        for device in [d for d in op.walk() if isinstance(d, aie.DeviceOp)]:
            transform_device(
                device, dynamic=self.dynamic_objFifos, packet_switched=self.packet_sw_objFifos
            )
