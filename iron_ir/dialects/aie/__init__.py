"""The AIE dialect: mlir-aie's ``aie.*`` ops, attributes and types (syntax of commit 1e400306)."""

from xdsl.ir import Dialect

from iron_ir.dialects.aie.attrs import *  # noqa: F403
from iron_ir.dialects.aie.attrs import AIE_ATTRIBUTES
from iron_ir.dialects.aie.device import *  # noqa: F403
from iron_ir.dialects.aie.device import (
    BufferOp,
    CoreOp,
    DeviceOp,
    EndOp,
    ExternalBufferOp,
    LockOp,
    TileOp,
)

AIE_OPS = [EndOp, DeviceOp, TileOp, CoreOp, BufferOp, ExternalBufferOp, LockOp]

AIE = Dialect("aie", AIE_OPS, list(AIE_ATTRIBUTES))
