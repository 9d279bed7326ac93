"""The enums of the AIE dialect (mlir-aie AIEAttrs.td) and their ``I32EnumAttr`` constraints.

Enums are mlir-aie ``I32EnumAttr``s: stored as an i32 ``IntegerAttr`` (so the generic form reads
``port = 1 : i32`` exactly as mlir-aie writes it) and spelled as bare keywords inside op formats.
The Python ``IntEnum``s below carry mlir-aie's integer values. They are a family of their own,
apart from the parametrized attributes and types (:mod:`iron_ir.dialects.aie.attrs`), so the
ops that only need enums (devices, tiles, locks) load without defining those.
"""

from __future__ import annotations

from enum import IntEnum

from xdsl.dialects.builtin import IntegerAttr

from iron_ir.ir.constraints import I32EnumAttr, int_attr

# --- enums -------------------------------------------------------------------------------------


class AIEDevice(IntEnum):
    xcvc1902 = 1
    xcve2302 = 2
    xcve2802 = 3
    npu1 = 4
    ipu = 4  # the 2023-2024 name of npu1 (an alias: it prints as npu1)
    npu1_1col = 5
    npu1_2col = 6
    npu1_3col = 7
    npu2 = 8
    npu2_1col = 9
    npu2_2col = 10
    npu2_3col = 11
    npu2_4col = 12
    npu2_5col = 13
    npu2_6col = 14
    npu2_7col = 15


class ObjectFifoPort(IntEnum):
    Produce = 0
    Consume = 1


class DMAChannelDir(IntEnum):
    S2MM = 0
    MM2S = 1


class LockAction(IntEnum):
    Acquire = 0
    Release = 1
    AcquireGreaterEqual = 2


class LockBlocking(IntEnum):
    NonBlocking = 0
    Blocking = 1


class WireBundle(IntEnum):
    Core = 0
    DMA = 1
    FIFO = 2
    South = 3
    West = 4
    North = 5
    East = 6
    PLIO = 7
    NOC = 8
    Trace = 9
    TileControl = 10


class CascadeDir(IntEnum):
    South = 3
    West = 4
    North = 5
    East = 6


class AIEArch(IntEnum):
    AIE1 = 1
    AIE2 = 2
    AIE2p = 3


class AIETileType(IntEnum):
    CoreTile = 0
    MemTile = 1
    ShimNOCTile = 2
    ShimPLTile = 3


class TraceMode(IntEnum):
    EventTime = 0
    EventPC = 1
    Execution = 2


class TracePacketType(IntEnum):
    core = 0
    mem = 1
    shimtile = 2
    memtile = 3


class ComboLogic(IntEnum):
    AND = 0
    AND_NOT = 1
    OR = 2
    OR_NOT = 3


class EdgeTrigger(IntEnum):
    RISING = 1
    FALLING = 2
    BOTH = 3


class TraceShimRouting(IntEnum):
    """Which shim the trace packets of a design leave through (``aie.trace.host_config``)."""

    single = 0


# The property constraint of each enum (mlir-aie's I32EnumAttr): stored as i32, written as the
# keyword, with the keywords that differ from the Python member name and the older spellings
# accepted on input.
AIEDeviceAttr = I32EnumAttr(
    AIEDevice, legacy=(("npu1_4col", AIEDevice.npu1), ("ipu", AIEDevice.npu1))
)
ObjectFifoPortAttr = I32EnumAttr(ObjectFifoPort)
DMAChannelDirAttr = I32EnumAttr(DMAChannelDir)
LockActionAttr = I32EnumAttr(LockAction)
LockBlockingAttr = I32EnumAttr(LockBlocking)
WireBundleAttr = I32EnumAttr(WireBundle)
CascadeDirAttr = I32EnumAttr(CascadeDir)
AIEArchAttr = I32EnumAttr(AIEArch)
AIETileTypeAttr = I32EnumAttr(AIETileType)
TraceModeAttr = I32EnumAttr(
    TraceMode, spellings=((0, "Event-Time"), (1, "Event-PC"), (2, "Execution"))
)
TracePacketTypeAttr = I32EnumAttr(TracePacketType)
ComboLogicAttr = I32EnumAttr(ComboLogic)
EdgeTriggerAttr = I32EnumAttr(EdgeTrigger)
TraceShimRoutingAttr = I32EnumAttr(TraceShimRouting)

_ENUM_ATTRS: dict[type[IntEnum], I32EnumAttr] = {
    c.enum: c
    for c in (
        AIEDeviceAttr,
        ObjectFifoPortAttr,
        DMAChannelDirAttr,
        LockActionAttr,
        LockBlockingAttr,
        WireBundleAttr,
        CascadeDirAttr,
        AIEArchAttr,
        AIETileTypeAttr,
        TraceModeAttr,
        TracePacketTypeAttr,
        ComboLogicAttr,
        EdgeTriggerAttr,
        TraceShimRoutingAttr,
    )
}


def enum_keyword(enum: type[IntEnum], value: int) -> str:
    """The mlir-aie keyword of ``value`` (raises ValueError for a value outside the enum)."""
    word = _ENUM_ATTRS[enum].keyword(int(value))
    if word is None:
        raise ValueError(f"{value} is not a valid {enum.__name__}")
    return word


def enum_attr(value: int) -> IntegerAttr:
    """The i32 storage of an enum value."""
    return int_attr(int(value))


AIE_ENUMS: tuple[type[IntEnum], ...] = tuple(_ENUM_ATTRS)
"""Every enum of the dialect."""

__all__ = [
    "AIEArch",
    "AIEArchAttr",
    "AIEDevice",
    "AIEDeviceAttr",
    "AIETileType",
    "AIETileTypeAttr",
    "AIE_ENUMS",
    "CascadeDir",
    "CascadeDirAttr",
    "ComboLogic",
    "ComboLogicAttr",
    "DMAChannelDir",
    "DMAChannelDirAttr",
    "EdgeTrigger",
    "EdgeTriggerAttr",
    "LockAction",
    "LockActionAttr",
    "LockBlocking",
    "LockBlockingAttr",
    "ObjectFifoPort",
    "ObjectFifoPortAttr",
    "TraceMode",
    "TraceModeAttr",
    "TracePacketType",
    "TracePacketTypeAttr",
    "TraceShimRouting",
    "TraceShimRoutingAttr",
    "WireBundle",
    "WireBundleAttr",
    "enum_attr",
    "enum_keyword",
]
