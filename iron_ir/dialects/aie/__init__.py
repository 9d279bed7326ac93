"""The AIE dialect: mlir-aie's ``aie.*`` ops, attributes and types (syntax of commit 1e400306).

The modules hold the ops by family; this package only hands their names on and builds the
``AIE`` dialect object listing every op and attribute.
"""

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
from iron_ir.dialects.aie.dma import *  # noqa: F403
from iron_ir.dialects.aie.dma import (
    BDChainOp,
    DMABDOp,
    DMABDPACKETOp,
    DMAOp,
    DMAStartOp,
    MemOp,
    MemTileDMAOp,
    NextBDOp,
    ShimDMAAllocationOp,
    ShimDMAOp,
    UseLockOp,
)
from iron_ir.dialects.aie.objectfifo import *  # noqa: F403
from iron_ir.dialects.aie.objectfifo import (
    ObjectFifoAcquireOp,
    ObjectFifoCreateOp,
    ObjectFifoLinkOp,
    ObjectFifoReleaseOp,
    ObjectFifoSubviewAccessOp,
)
from iron_ir.dialects.aie.runtime import RuntimeSequenceOp

AIE_OPS = [
    EndOp,
    DeviceOp,
    TileOp,
    CoreOp,
    BufferOp,
    ExternalBufferOp,
    LockOp,
    ObjectFifoCreateOp,
    ObjectFifoLinkOp,
    ObjectFifoAcquireOp,
    ObjectFifoSubviewAccessOp,
    ObjectFifoReleaseOp,
    RuntimeSequenceOp,
    DMABDOp,
    MemOp,
    MemTileDMAOp,
    ShimDMAOp,
    DMAStartOp,
    NextBDOp,
    DMAOp,
    UseLockOp,
    DMABDPACKETOp,
    BDChainOp,
    ShimDMAAllocationOp,
]

AIE = Dialect("aie", AIE_OPS, list(AIE_ATTRIBUTES))
