"""AIE2 (AIE-ML) trace hardware: the events each tile module can trace, by number, and the
registers of its trace unit.

Each tile module has its own numbering: the core (``CoreEvent``), the core tile's memory module
(``MemEvent``), the mem tile (``MemTileEvent``) and the shim tile (``ShimTileEvent``). The
names are the hardware's (AM025, the AIE-ML register reference), the enums those mlir-aie's
``aie.utils.trace_events_enum`` exposes to designs. The tables are written as runs of numbered
families; :func:`_numbered` spells them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


def _numbered(*parts: str | tuple[str, int] | tuple[tuple[str, ...], int]) -> list[str]:
    """Event names in number order: a name, ``(prefix, n)`` for ``prefix0..n-1``, or
    ``((a, b, ...), n)`` for the interleaved families ``a_0, b_0, a_1, b_1, ...``."""
    names: list[str] = []
    for part in parts:
        if isinstance(part, str):
            names.append(part)
        elif isinstance(part[0], str):
            prefix, count = part
            names += [f"{prefix}{i}" for i in range(count)]
        else:
            families, count = part
            names += [f.format(i=i) for i in range(count) for f in families]
    return names


_PORTS = (("PORT_IDLE_{i}", "PORT_RUNNING_{i}", "PORT_STALLED_{i}", "PORT_TLAST_{i}"), 8)
_DMA_CHANNELS = ("S2MM_0", "S2MM_1", "MM2S_0", "MM2S_1")


def _dma(channels: tuple[str, ...], *events: str) -> list[str]:
    return [f"DMA_{c}_{e}" for e in events for c in channels]


_CORE = _numbered(
    "NONE", "TRUE", "GROUP_0", "TIMER_SYNC", "TIMER_VALUE_REACHED", ("PERF_CNT_", 4),
    ("COMBO_EVENT_", 4), ("EDGE_DETECTION_EVENT_", 2), "GROUP_PC_EVENT", ("PC_", 4),
    "PC_RANGE_0_1", "PC_RANGE_2_3", "GROUP_STALL", "MEMORY_STALL", "STREAM_STALL",
    "CASCADE_STALL", "LOCK_STALL", "DEBUG_HALTED", "ACTIVE", "DISABLED", "ECC_ERROR_STALL",
    "ECC_SCRUBBING_STALL", "GROUP_PROGRAM_FLOW", "INSTR_EVENT_0", "INSTR_EVENT_1", "INSTR_CALL",
    "INSTR_RETURN", "INSTR_VECTOR", "INSTR_LOAD", "INSTR_STORE", "INSTR_STREAM_GET",
    "INSTR_STREAM_PUT", "INSTR_CASCADE_GET", "INSTR_CASCADE_PUT", "INSTR_LOCK_ACQUIRE_REQ",
    "INSTR_LOCK_RELEASE_REQ", "GROUP_ERRORS_0", "GROUP_ERRORS_1", "SRS_OVERFLOW", "UPS_OVERFLOW",
    "FP_HUGE", "INT_FP_0", "FP_INVALID", "FP_INF", "rsvd_54", "PM_REG_ACCESS_FAILURE",
    "STREAM_PKT_PARITY_ERROR", "CONTROL_PKT_ERROR", "AXI_MM_SLAVE_ERROR", "INSTR_DECOMPRSN_ERROR",
    "DM_ADDRESS_OUT_OF_RANGE", "PM_ECC_ERROR_SCRUB_CORRECTED", "PM_ECC_ERROR_SCRUB_2BIT",
    "PM_ECC_ERROR_1BIT", "PM_ECC_ERROR_2BIT", "PM_ADDRESS_OUT_OF_RANGE", "DM_ACCESS_TO_UNAVAILABLE",
    "LOCK_ACCESS_TO_UNAVAILABLE", "INSTR_WARNING", "INSTR_ERROR", "DECOMPRESSION_UNDERFLOW",
    "STREAM_SWITCH_PORT_PARITY_ERROR", "PROCESSOR_BUS_ERROR", "GROUP_STREAM_SWITCH", _PORTS,
    "GROUP_BROADCAST", ("BROADCAST_", 16), "GROUP_USER_EVENT", ("USER_EVENT_", 4),
)

_MEM = _numbered(
    "NONE", "TRUE", "GROUP_0", "TIMER_SYNC", "TIMER_VALUE_REACHED", ("PERF_CNT_", 2),
    ("COMBO_EVENT_", 4), ("EDGE_DETECTION_EVENT_", 2), "rsvd_13", "rsvd_14", "GROUP_WATCHPOINT",
    ("WATCHPOINT_", 2), "GROUP_DMA_ACTIVITY",
    *_dma(_DMA_CHANNELS, "START_TASK", "FINISHED_BD", "FINISHED_TASK", "STALLED_LOCK"),
    "DMA_S2MM_0_STREAM_STARVATION", "DMA_S2MM_1_STREAM_STARVATION",
    "DMA_MM2S_0_STREAM_BACKPRESSURE", "DMA_MM2S_1_STREAM_BACKPRESSURE",
    "DMA_S2MM_0_MEMORY_BACKPRESSURE", "DMA_S2MM_1_MEMORY_BACKPRESSURE",
    "DMA_MM2S_0_MEMORY_STARVATION", "DMA_MM2S_1_MEMORY_STARVATION", "GROUP_LOCK",
    (("LOCK_SEL{i}_ACQ_EQ", "LOCK_SEL{i}_ACQ_GE", "LOCK_{i}_REL", "LOCK_SEL{i}_EQUAL_TO_VALUE"), 8),
    "GROUP_MEMORY_CONFLICT", ("CONFLICT_DM_BANK_", 8), "rsvd_85", "GROUP_ERRORS",
    "DM_ECC_ERROR_SCRUB_CORRECTED", "DM_ECC_ERROR_SCRUB_2BIT", "DM_ECC_ERROR_1BIT",
    "DM_ECC_ERROR_2BIT", *(f"DM_PARITY_ERROR_BANK_{b}" for b in range(2, 8)),
    *_dma(_DMA_CHANNELS, "ERROR"), "LOCK_ERROR", "DMA_TASK_TOKEN_STALL", "rsvd_103", "rsvd_104",
    "rsvd_105", "GROUP_BROADCAST", ("BROADCAST_", 16), "GROUP_USER_EVENT", ("USER_EVENT_", 4),
)

_SHIM = _numbered(
    "NONE", "TRUE", "GROUP_0", "TIMER_SYNC", "TIMER_VALUE_REACHED", ("PERF_CNT_", 2),
    ("COMBO_EVENT_", 4), ("EDGE_DETECTION_EVENT_", 2), "GROUP_DMA_ACTIVITY",
    *_dma(_DMA_CHANNELS, "START_TASK", "FINISHED_BD", "FINISHED_TASK", "STALLED_LOCK"),
    "DMA_S2MM_0_STREAM_STARVATION", "DMA_S2MM_1_STREAM_STARVATION",
    "DMA_MM2S_0_STREAM_BACKPRESSURE", "DMA_MM2S_1_STREAM_BACKPRESSURE",
    "DMA_S2MM_0_MEMORY_BACKPRESSURE", "DMA_S2MM_1_MEMORY_BACKPRESSURE",
    "DMA_MM2S_0_MEMORY_STARVATION", "DMA_MM2S_1_MEMORY_STARVATION", "GROUP_LOCK",
    (("LOCK_{i}_ACQ_EQ", "LOCK_{i}_ACQ_GE", "LOCK_{i}_REL", "LOCK_{i}_EQUAL_TO_VALUE"), 6),
    "GROUP_ERRORS", "AXI_MM_SLAVE_ERROR", "CONTROL_PKT_ERROR", "STREAM_SWITCH_PARITY_ERROR",
    "AXI_MM_DECODE_NSU_ERROR", "AXI_MM_SLAVE_NSU_ERROR", "AXI_MM_UNSUPPORTED_TRAFFIC",
    "AXI_MM_UNSECURE_ACCESS_IN_SECURE_MODE", "AXI_MM_BYTE_STROBE_ERROR", "DMA_S2MM_ERROR",
    "DMA_MM2S_ERROR", "LOCK_ERROR", "DMA_TASK_TOKEN_STALL", "GROUP_STREAM_SWITCH", _PORTS,
    "GROUP_BROADCAST_A", ("BROADCAST_A_", 16), ("USER_EVENT_", 2),
)

_MEMTILE_CHANNELS = ("S2MM_SEL0", "S2MM_SEL1", "MM2S_SEL0", "MM2S_SEL1")
_MEMTILE = _numbered(
    "NONE", "TRUE", "GROUP_0", "TIMER_SYNC", "TIMER_VALUE_REACHED",
    *(f"PERF_CNT{i}_EVENT" for i in range(4)), ("COMBO_EVENT_", 4), ("EDGE_DETECTION_EVENT_", 2),
    "GROUP_WATCHPOINT", ("WATCHPOINT_", 4), "GROUP_DMA_ACTIVITY",
    *_dma(_MEMTILE_CHANNELS, "START_TASK", "FINISHED_BD", "FINISHED_TASK", "STALLED_LOCK"),
    "DMA_S2MM_SEL0_STREAM_STARVATION", "DMA_S2MM_SEL1_STREAM_STARVATION",
    "DMA_MM2S_SEL0_STREAM_BACKPRESSURE", "DMA_MM2S_SEL1_STREAM_BACKPRESSURE",
    "DMA_S2MM_SEL0_MEMORY_BACKPRESSURE", "DMA_S2MM_SEL1_MEMORY_BACKPRESSURE",
    "DMA_MM2S_SEL0_MEMORY_STARVATION", "DMA_MM2S_SEL1_MEMORY_STARVATION", "GROUP_LOCK",
    (("LOCK_SEL{i}_ACQ_EQ", "LOCK_SEL{i}_ACQ_GE", "LOCK_SEL{i}_REL", "LOCK_SEL{i}_EQUAL_TO_VALUE"), 8),
    "GROUP_STREAM_SWITCH", _PORTS, "GROUP_MEMORY_CONFLICT", ("CONFLICT_DM_BANK_", 16),
    "GROUP_ERRORS", "DM_ECC_ERROR_SCRUB_CORRECTED", "DM_ECC_ERROR_SCRUB_2BIT", "DM_ECC_ERROR_1BIT",
    "DM_ECC_ERROR_2BIT", "DMA_S2MM_ERROR", "DMA_MM2S_ERROR", "STREAM_SWITCH_PARITY_ERROR",
    "STREAM_PKT_ERROR", "CONTROL_PKT_ERROR", "AXI_MM_SLAVE_ERROR", "LOCK_ERROR",
    "DMA_TASK_TOKEN_STALL", "GROUP_BROADCAST", ("BROADCAST_", 16), "GROUP_USER_EVENT",
    ("USER_EVENT_", 2),
)

CoreEvent = Enum("CoreEvent", [(n, i) for i, n in enumerate(_CORE)])
MemEvent = Enum("MemEvent", [(n, i) for i, n in enumerate(_MEM)])
ShimTileEvent = Enum("ShimTileEvent", [(n, i) for i, n in enumerate(_SHIM)])
MemTileEvent = Enum("MemTileEvent", [(n, i) for i, n in enumerate(_MEMTILE)])
for _enum in (CoreEvent, MemEvent, ShimTileEvent, MemTileEvent):
    _enum.__module__ = __name__
del _enum

# Where the first broadcast event sits in each module's numbering (BROADCAST_0).
BROADCAST_BASE = {
    CoreEvent: CoreEvent.BROADCAST_0.value,
    MemEvent: MemEvent.BROADCAST_0.value,
    MemTileEvent: MemTileEvent.BROADCAST_0.value,
    ShimTileEvent: ShimTileEvent.BROADCAST_A_0.value,
}



@dataclass(frozen=True)
class TraceUnit:
    """Register offsets (within the tile) of one module's trace unit and event logic."""

    control0: int
    """Trace Control 0: stop event [30:24], start event [22:16], mode [1:0]."""
    control1: int
    """Trace Control 1: packet type [14:12], packet id [4:0]."""
    events: tuple[int, int]
    """Trace Event 0/1: four 7-bit event slots each."""
    timer_control: int
    """Timer control: the event resetting the module's timer, at [14:8]."""
    broadcast: int
    """Event Broadcast 0 (broadcast n at + 4n)."""
    event_generate: int
    """Event Generate: writing an event number raises it."""
    port_select: tuple[int, int]
    """Stream Switch Event Port Selection 0/1 (ports 0-3, 4-7)."""


TRACE_UNITS: dict[str, TraceUnit] = {
    "core": TraceUnit(0x340D0, 0x340D4, (0x340E0, 0x340E4), 0x34000, 0x34010, 0x34008, (0x3FF00, 0x3FF04)),
    "core_memory": TraceUnit(0x140D0, 0x140D4, (0x140E0, 0x140E4), 0x14000, 0x14010, 0x14008, (0x3FF00, 0x3FF04)),
    "mem_tile": TraceUnit(0x940D0, 0x940D4, (0x940E0, 0x940E4), 0x94000, 0x94010, 0x94008, (0xB0F00, 0xB0F04)),
    "shim": TraceUnit(0x340D0, 0x340D4, (0x340E0, 0x340E4), 0x34000, 0x34010, 0x34008, (0x3FF00, 0x3FF04)),
}
"""The trace units by module: a compute tile's core and memory module, a mem tile, a shim."""

SHIM_DMA_BD_BASE = 0x1D000
"""Shim DMA buffer descriptor 0; BD n is at + 0x20 n, its address word at + 4."""
SHIM_DMA_BD_STRIDE = 0x20
SHIM_DMA_CHANNEL_CONTROL = {("S2MM", 0): 0x1D200, ("S2MM", 1): 0x1D208, ("MM2S", 0): 0x1D210, ("MM2S", 1): 0x1D218}
"""Shim DMA channel control registers; the channel's task queue is the next word."""

__all__ = [
    "BROADCAST_BASE",
    "SHIM_DMA_BD_BASE",
    "SHIM_DMA_BD_STRIDE",
    "SHIM_DMA_CHANNEL_CONTROL",
    "TRACE_UNITS",
    "CoreEvent",
    "MemEvent",
    "MemTileEvent",
    "ShimTileEvent",
    "TraceUnit",
]
