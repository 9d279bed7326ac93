"""The AIE dialect: mlir-aie's ``aie.*`` ops, attributes and types (syntax of commit 1e400306).

The modules hold the ops by family; this package only hands their names on and builds the
``AIE`` dialect object listing every op and attribute.
"""

from xdsl.ir import Dialect

from iron_ir.ir.fast_verify import install as install_fast_verifiers

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
from iron_ir.dialects.aie.dma_bd import *  # noqa: F403
from iron_ir.dialects.aie.dma_bd import BDChainOp, DMABDOp, DMABDPACKETOp
from iron_ir.dialects.aie.dma import *  # noqa: F403
from iron_ir.dialects.aie.dma import (
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
from iron_ir.dialects.aie.misc import *  # noqa: F403
from iron_ir.dialects.aie.misc import (
    DebugOp,
    EventOp,
    GetStreamOp,
    LogicalTileOp,
    ObjectFifoAllocateOp,
    ObjectFifoRegisterExternalBuffersOp,
    ObjectFifoRegisterProcessOp,
    PLIOOp,
    PutStreamOp,
)
from iron_ir.dialects.aie.routing import *  # noqa: F403
from iron_ir.dialects.aie.routing import (
    AMSelOp,
    CascadeFlowOp,
    ConfigureCascadeOp,
    ConnectOp,
    FlowOp,
    GetCascadeOp,
    MasterSetOp,
    PacketDestOp,
    PacketFlowOp,
    PacketRuleOp,
    PacketRulesOp,
    PacketSourceOp,
    PutCascadeOp,
    ShimMuxOp,
    ShimSwitchboxOp,
    SwitchboxOp,
    WireOp,
)
from iron_ir.dialects.aie.runtime import RuntimeSequenceOp
from iron_ir.dialects.aie.trace import *  # noqa: F403
from iron_ir.dialects.aie.trace import (
    TraceComboEventOp,
    TraceConfigOp,
    TraceEdgeEventOp,
    TraceEventOp,
    TraceHostConfigOp,
    TraceModeOp,
    TraceOp,
    TracePacketOp,
    TracePortOp,
    TraceRegOp,
    TraceStartConfigOp,
    TraceStartEventOp,
    TraceStopEventOp,
)

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
    FlowOp,
    PacketFlowOp,
    PacketSourceOp,
    PacketDestOp,
    SwitchboxOp,
    ShimSwitchboxOp,
    ShimMuxOp,
    ConnectOp,
    WireOp,
    AMSelOp,
    MasterSetOp,
    PacketRulesOp,
    PacketRuleOp,
    CascadeFlowOp,
    ConfigureCascadeOp,
    GetCascadeOp,
    PutCascadeOp,
    DebugOp,
    PLIOOp,
    EventOp,
    GetStreamOp,
    PutStreamOp,
    LogicalTileOp,
    ObjectFifoAllocateOp,
    ObjectFifoRegisterExternalBuffersOp,
    ObjectFifoRegisterProcessOp,
    TraceOp,
    TraceModeOp,
    TraceEventOp,
    TracePacketOp,
    TracePortOp,
    TraceStartEventOp,
    TraceStopEventOp,
    TraceConfigOp,
    TraceRegOp,
    TraceComboEventOp,
    TraceEdgeEventOp,
    TraceStartConfigOp,
    TraceHostConfigOp,
]

AIE = Dialect("aie", AIE_OPS, list(AIE_ATTRIBUTES))
install_fast_verifiers(AIE_OPS)
