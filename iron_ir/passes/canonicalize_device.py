"""``aie-canonicalize-device``: give a module written without ``aie.device`` one.

As mlir-aie's pass of that name: a module that already holds an ``aie.device`` is left alone;
otherwise everything in it moves, in order, into a new ``aie.device(xcvc1902)`` (the device
old designs were written for), so the passes that work per device can run on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from iron_ir.dialects import aie


@dataclass(frozen=True)
class AIECanonicalizeDevicePass(ModulePass):
    name = "aie-canonicalize-device"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if any(isinstance(child, aie.DeviceOp) for child in op.body.block.ops):
            return
        device = aie.DeviceOp("xcvc1902")
        terminator = device.body.last_op
        for child in list(op.body.block.ops):
            child.detach()
            if terminator is not None:
                device.body.insert_op_before(child, terminator)
            else:
                device.body.add_op(child)
        op.body.block.add_op(device)
