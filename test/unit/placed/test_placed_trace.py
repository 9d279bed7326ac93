"""Trace helpers (aie.utils.trace): packet flows and the register writes that start tracing."""

import numpy as np
import pytest

from iron_ir.device.trace import CoreEvent, MemEvent, MemTileEvent, ShimTileEvent
from iron_ir.errors import DeviceError
from iron_ir.placed import trace as trace_utils
from iron_ir.placed.aie import AIEDevice, tile
from iron_ir.placed.aiex import runtime_sequence
from iron_ir.placed.trace import PortEvent, pack4bytes
from placed_helpers import build


def test_event_numbers_are_the_aie2_ones():
    assert (CoreEvent.LOCK_STALL.value, CoreEvent.INSTR_EVENT_0.value, CoreEvent.PORT_RUNNING_0.value) == (26, 33, 75)
    assert (CoreEvent.BROADCAST_15.value, CoreEvent.USER_EVENT_3.value) == (122, 127)
    assert (MemEvent.DMA_S2MM_0_START_TASK.value, MemEvent.LOCK_SEL1_ACQ_EQ.value, MemEvent.BROADCAST_0.value) == (19, 48, 107)
    assert (ShimTileEvent.BROADCAST_A_0.value, ShimTileEvent.USER_EVENT_1.value) == (110, 127)
    assert (MemTileEvent.PORT_RUNNING_0.value, MemTileEvent.BROADCAST_15.value, MemTileEvent.USER_EVENT_1.value) == (80, 157, 160)


def writes(text: str) -> list[tuple[int, int, int, int]]:
    """(column, row, address, value) of every aiex.npu.write32, in order."""
    import re

    found = []
    for m in re.finditer(r"aiex\.npu\.write32 \{([^}]*)\}", text):
        fields = dict(re.findall(r"(\w+) = (\d+)", m.group(1)))
        found.append((int(fields["column"]), int(fields["row"]), int(fields["address"]), int(fields["value"])))
    return found


def test_packet_tracing_of_a_core_and_its_memory():
    def body():
        shim, core = tile(0, 0), tile(0, 2)
        trace_utils.configure_packet_tracing_flow([core, core], shim)

        @runtime_sequence(np.ndarray[(64,), np.dtype[np.int32]])
        def sequence(a):
            trace_utils.configure_packet_tracing_aie2(
                [core, core], shim, 2048,
                coretile_events=[
                    CoreEvent.INSTR_EVENT_0, CoreEvent.INSTR_EVENT_1, CoreEvent.INSTR_VECTOR,
                    PortEvent(CoreEvent.PORT_RUNNING_0, 1, True), PortEvent(CoreEvent.PORT_RUNNING_1, 2, True),
                    PortEvent(CoreEvent.PORT_RUNNING_2, 1, False), CoreEvent.INSTR_LOCK_ACQUIRE_REQ,
                    CoreEvent.LOCK_STALL,
                ],
            )
            trace_utils.gen_trace_done_aie2(shim)

    text = build(body, AIEDevice.npu1)
    assert text.count("aie.packet_source<%tile_0_2, Trace : 0>") == 1
    assert text.count("aie.packet_source<%tile_0_2, Trace : 1>") == 1
    w = writes(text)
    # core trace unit: stop on broadcast 14, start on broadcast 15; packets of id 16, type core
    assert w[0] == (0, 2, 0x340D0, pack4bytes(121, 122, 0, 0))
    assert w[1] == (0, 2, 0x340D4, 16)
    assert w[2] == (0, 2, 0x340E0, pack4bytes(75, 37, 34, 33))  # slots 3, 2, 1, 0
    assert w[3] == (0, 2, 0x340E4, pack4bytes(26, 44, 83, 79))
    # the port events' stream-switch selections: master 1, master 2, slave 1
    assert w[4] == (0, 2, 0x3FF00, (1 | 32) | (2 | 32) << 8 | 1 << 16)
    assert w[6] == (0, 2, 0x34000, 122 << 8)  # the core timer resets on the start broadcast
    # the memory module, the second listing of the tile: packet type 1
    assert w[8] == (0, 2, 0x140D4, (1 << 12) | 16)
    assert "aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32" in text
    assert "aiex.npu.address_patch {addr = 119268 : ui32, arg_idx = 4 : i32, arg_plus = 0 : i32}" in text
    # the shim raises user event 1 (start) and, when done, user event 0 (stop)
    assert w[-5:] == [
        (0, 0, 0x34000, 127 << 8),
        (0, 0, 0x34010 + 15 * 4, 127),
        (0, 0, 0x34008, 127),
        (0, 0, 0x34010 + 14 * 4, 126),
        (0, 0, 0x34008, 126),
    ]


def test_a_port_event_without_its_port_is_refused():
    def body():
        shim, core = tile(0, 0), tile(0, 2)

        @runtime_sequence(np.ndarray[(64,), np.dtype[np.int32]])
        def sequence(a):
            trace_utils.configure_coretile_tracing_aie2(core, CoreEvent.TRUE, CoreEvent.NONE, [CoreEvent.PORT_RUNNING_0])

    with pytest.raises(DeviceError, match="PortEvent\\(CoreEvent.PORT_RUNNING_0, N, master=True\\)"):
        build(body)


def test_trace_output_needs_a_shim_noc_tile():
    def body():
        core = tile(0, 2)

        @runtime_sequence(np.ndarray[(64,), np.dtype[np.int32]])
        def sequence(a):
            trace_utils.configure_simple_tracing_aie2(core, core)

    with pytest.raises(DeviceError, match="not a shim NOC tile"):
        build(body)


def test_declarative_trace_ops():
    from iron_ir.placed.aie import (
        DMAChannelDir,
        TraceMode,
        TracePacketType,
        WireBundle,
        trace,
        trace_event,
        trace_mode,
        trace_packet,
        trace_port,
        trace_start,
        trace_stop,
    )

    def body():
        c = tile(0, 2)

        @trace(c, "core_trace")
        def _():
            trace_mode(TraceMode.EventTime)
            trace_packet(id=1, type=TracePacketType.core)
            trace_event(CoreEvent.INSTR_EVENT_0)
            trace_event("LOCK_STALL", label="stall")
            trace_port(0, WireBundle.DMA, 0, DMAChannelDir.S2MM)
            trace_start(broadcast=15)
            trace_stop(event=CoreEvent.BROADCAST_14)

    lines = build(body, AIEDevice.npu1).splitlines()[3:12]
    assert [line.strip() for line in lines] == [
        "aie.trace @core_trace(%tile_0_2) {",
        'aie.trace.mode "Event-Time"',
        "aie.trace.packet id = 1 type = core",
        'aie.trace.event <"INSTR_EVENT_0">',
        'aie.trace.event <"LOCK_STALL"> label = "stall"',
        "aie.trace.port<0> port = DMA channel = 0 direction = S2MM",
        "aie.trace.start broadcast = 15",
        'aie.trace.stop event = <"BROADCAST_14">',
        "}",
    ]
