"""The IRON dialect: the whole unplaced (or placed) IRON program, as printable, verifiable IR.

See ``docs/iron-dialect.md`` for the op reference. This package only hands names on.
"""

from xdsl.ir import Dialect

from iron_ir.ir.fast_verify import install as install_fast_verifiers

from iron_ir.dialects.iron.attrs import (
    IRON_ATTRIBUTES,
    DimsAttr,
    EndpointAttr,
    EndpointKind,
    TaskGroupType,
    TileAttr,
    TileHint,
)
from iron_ir.dialects.iron.bd import BdAttr
from iron_ir.dialects.iron.program import BarrierOp, BufferOp, FifoOp, LinkOp, ProgramOp
from iron_ir.dialects.iron.runtime import (
    DrainOp,
    FillOp,
    FinishTaskGroupOp,
    RtpWriteOp,
    RuntimeSequenceOp,
    SetBarrierOp,
    StartOp,
    TaskGroupOp,
)
from iron_ir.dialects.iron.worker import (
    AcquireOp,
    BarrierReleaseOp,
    BarrierWaitOp,
    Port,
    ReleaseOp,
    WorkerOp,
)

IRON = Dialect(
    "iron",
    [
        ProgramOp,
        FifoOp,
        LinkOp,
        BufferOp,
        BarrierOp,
        WorkerOp,
        AcquireOp,
        ReleaseOp,
        BarrierWaitOp,
        BarrierReleaseOp,
        RuntimeSequenceOp,
        StartOp,
        TaskGroupOp,
        FinishTaskGroupOp,
        FillOp,
        DrainOp,
        RtpWriteOp,
        SetBarrierOp,
    ],
    [*IRON_ATTRIBUTES, BdAttr],
)
install_fast_verifiers(IRON.operations)

__all__ = [
    "IRON",
    "AcquireOp",
    "BarrierOp",
    "BdAttr",
    "BarrierReleaseOp",
    "BarrierWaitOp",
    "BufferOp",
    "DimsAttr",
    "DrainOp",
    "EndpointAttr",
    "EndpointKind",
    "FifoOp",
    "FillOp",
    "FinishTaskGroupOp",
    "LinkOp",
    "Port",
    "ProgramOp",
    "ReleaseOp",
    "RtpWriteOp",
    "RuntimeSequenceOp",
    "SetBarrierOp",
    "StartOp",
    "TaskGroupOp",
    "TaskGroupType",
    "TileAttr",
    "TileHint",
    "WorkerOp",
]
