"""Hardware trace set-up for placed designs: mlir-aie's ``aie.utils.trace`` helpers.

They build the ops that configure the AIE2 trace units: packet flows from the traced tiles'
Trace ports to a shim (``configure_packet_tracing_flow``), and, inside the runtime sequence,
the register writes (``aiex.npu.write32``), shim BD (``aiex.npu.writebd``) and address patch
that start the trace units and send their packets to a host buffer
(``configure_packet_tracing_aie2``, ``configure_simple_tracing_aie2``, ``gen_trace_done_aie2``,
...). The simulator does not model trace units: a run reports these writes as register
configuration it skipped. Register offsets and event numbers come from
:mod:`iron_ir.device.trace`; signatures and defaults are mlir-aie's.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum, IntEnum
from typing import Any

from iron_ir.device import TileKind
from iron_ir.device.trace import (
    BROADCAST_BASE,
    SHIM_DMA_BD_BASE,
    SHIM_DMA_BD_STRIDE,
    SHIM_DMA_CHANNEL_CONTROL,
    TRACE_UNITS,
    CoreEvent,
    MemEvent,
    MemTileEvent,
    ShimTileEvent,
    TraceUnit,
)
from iron_ir.dialects.aie import (
    ComboLogic,
    DMAChannelDir,
    EdgeTrigger,
    TraceComboEventOp,
    TraceEdgeEventOp,
    TraceEventOp,
    TraceModeOp,
    TraceOp,
    TracePacketOp,
    TracePacketType,
    TracePortOp,
    TraceStartConfigOp,
    TraceStartEventOp,
    TraceStopEventOp,
    TraceMode,
    WireBundle,
)
from iron_ir.errors import DeviceError, IronTypeError
from iron_ir.placed.builder import OpHandle, emit, inside, require_module
from iron_ir.placed.device import tile_value
from iron_ir.placed.dma import packetflow
from iron_ir.placed.runtime import (
    npu_address_patch,
    npu_maskwrite32,
    npu_sync,
    npu_write32,
    npu_writebd,
)


class PacketType(IntEnum):
    """The packet type a trace unit stamps on its packets, naming the module it traced."""

    CORE = 0
    MEM = 1
    SHIMTILE = 2
    MEMTILE = 3


# --- events -------------------------------------------------------------------------------------


class GenericEvent:
    """An event to trace; subclasses add the register writes some events need."""

    def __init__(self, code: Any):
        if isinstance(code, int) and not isinstance(code, Enum):
            code = CoreEvent(code)
        self.code = code

    def get_register_writes(self) -> dict[int, int]:
        return {}


def _port_slot(code: Enum) -> int | None:
    for kind in ("IDLE", "RUNNING", "STALLED", "TLAST"):
        if code.name.startswith(f"PORT_{kind}_"):
            return int(code.name.rsplit("_", 1)[1])
    return None


class _PortEventBase(GenericEvent):
    """A PORT_IDLE/RUNNING/STALLED/TLAST_<slot> event watching one stream-switch port.

    Two spellings, as mlir-aie's releases have them: ``(code, port_number, master=True)``
    names the switch port by its number (the register-writing helpers of 2025), and
    ``(code, WireBundle.DMA, channel, master)`` by bundle and channel (2026's declarative
    ``configure_trace``, whose ``aie.trace.port`` op trace lowering turns into the number).
    """

    enum: type[Enum] = CoreEvent
    unit = "core"

    def __init__(self, code: Any, port: Any, channel_or_master: Any = True, master: Any = None):
        if isinstance(code, int) and not isinstance(code, Enum):
            code = self.enum(code)
        slot = _port_slot(code)
        if slot is None:
            raise IronTypeError(
                f"{type(self).__name__}: {code} is not a port event (PORT_IDLE/RUNNING/STALLED/"
                "TLAST_0..7)"
            )
        super().__init__(code)
        self.event_number = self.slot = slot
        if isinstance(port, WireBundle):
            self.port: WireBundle | None = port
            self.channel = int(channel_or_master)
            self.master = True if master is None else bool(master)
            self.port_number: int | None = None
        else:
            if master is not None:
                raise IronTypeError(
                    f"{type(self).__name__}(code, port, channel, master): the port is a "
                    f"WireBundle (WireBundle.DMA, ...), got {port!r}; or give "
                    f"{type(self).__name__}(code, port_number, master)"
                )
            self.port = None
            self.channel = None
            self.port_number = int(port)
            self.master = bool(channel_or_master)

    @property
    def direction(self) -> DMAChannelDir:
        """The stream direction the port carries: into the tile (master, S2MM) or out (MM2S)."""
        return DMAChannelDir.S2MM if self.master else DMAChannelDir.MM2S

    def get_register_writes(self) -> dict[int, int]:
        if self.port_number is None:
            raise DeviceError(
                f"{type(self).__name__}({self.code.name}, {self.port}, {self.channel}) names its "
                "port by bundle and channel, which only configure_trace (aie.trace ops) "
                "resolves; the register-writing helpers take the switch port number: "
                f"{type(self).__name__}({self.code.name}, N, master={self.master})"
            )
        low, high = TRACE_UNITS[self.unit].port_select
        selection = (self.port_number | (1 << 5)) if self.master else self.port_number
        writes = {low: 0, high: 0}
        writes[low if self.event_number < 4 else high] = (selection & 0xFF) << (8 * (self.event_number % 4))
        return writes


class PortEvent(_PortEventBase):
    """A core's port event: ``PortEvent(CoreEvent.PORT_RUNNING_0, port, master=True)``."""


class MemTilePortEvent(_PortEventBase):
    enum = MemTileEvent
    unit = "mem_tile"


class ShimTilePortEvent(_PortEventBase):
    enum = ShimTileEvent
    unit = "shim"


BasePortEvent = _PortEventBase

PortEventCodes = {e for e in CoreEvent if _port_slot(e) is not None}
MemTilePortEventCodes = {e for e in MemTileEvent if _port_slot(e) is not None}
ShimTilePortEventCodes = {e for e in ShimTileEvent if _port_slot(e) is not None}


# --- tiles --------------------------------------------------------------------------------------


def _coords(tile: Any) -> tuple[int, int]:
    try:
        return int(tile.col), int(tile.row)
    except (AttributeError, TypeError):
        raise IronTypeError(f"expected a tile (the result of tile(col, row)), got {tile!r}") from None


def isShimTile(tile: Any) -> bool:  # noqa: N802 - mlir-aie's names
    return _coords(tile)[1] == 0


def isMemTile(tile: Any) -> bool:  # noqa: N802
    return _coords(tile)[1] == 1


def isCoreTile(tile: Any) -> bool:  # noqa: N802
    return _coords(tile)[1] > 1


def pack4bytes(b3: int, b2: int, b1: int, b0: int) -> int:
    return ((b3 & 0xFF) << 24) | ((b2 & 0xFF) << 16) | ((b1 & 0xFF) << 8) | (b0 & 0xFF)


def _write(tile: Any, address: int, value: int) -> None:
    col, row = _coords(tile)
    npu_write32(column=col, row=row, address=address, value=value)


# --- trace units --------------------------------------------------------------------------------


def _configure_unit(
    tile: Any,
    unit: TraceUnit,
    enum: type[Enum],
    start: Any,
    stop: Any,
    events: Sequence[Any],
    enable_packet: int,
    packet_id: int,
    packet_type: int,
    port_codes: set,
    port_event: type[GenericEvent],
) -> None:
    start = enum(start) if isinstance(start, int) and not isinstance(start, Enum) else start
    stop = enum(stop) if isinstance(stop, int) and not isinstance(stop, Enum) else stop
    if len(events) > 8:
        raise DeviceError(f"At most 8 events can be traced at once, have {len(events)}.")
    events = (list(events) + [enum.NONE] * 8)[:8]
    # The trace display reads the slots in this order.
    ordered = [events[p] for p in (3, 2, 1, 0, 7, 6, 5, 4)]
    ordered = [e if isinstance(e, GenericEvent) else GenericEvent(e) for e in ordered]
    for event in ordered:
        if event.code in port_codes and not isinstance(event, _PortEventBase):
            raise DeviceError(
                f"Tracing: {event.code.name} is a port event and needs the port it watches: "
                f"{port_event.__name__}({enum.__name__}.{event.code.name}, N, master=True) "
                "selects master port N (master=False a slave port)"
            )
    _write(tile, unit.control0, pack4bytes(stop.value, start.value, 0, 0))
    _write(tile, unit.control1, ((packet_type & 0x7) << 12) | (packet_id & 0x1F) if enable_packet else 0)
    _write(tile, unit.events[0], pack4bytes(*(e.code.value for e in ordered[0:4])))
    _write(tile, unit.events[1], pack4bytes(*(e.code.value for e in ordered[4:8])))
    merged: dict[int, int] = {}
    for event in ordered:
        for address, value in event.get_register_writes().items():
            merged[address] = merged.get(address, 0) | value
    for address, value in merged.items():
        _write(tile, address, value)


_CORE_EVENTS = [
    CoreEvent.INSTR_EVENT_0,
    CoreEvent.INSTR_EVENT_1,
    CoreEvent.INSTR_VECTOR,
    PortEvent(CoreEvent.PORT_RUNNING_0, 1, True),
    PortEvent(CoreEvent.PORT_RUNNING_1, 1, False),
    CoreEvent.INSTR_LOCK_ACQUIRE_REQ,
    CoreEvent.INSTR_LOCK_RELEASE_REQ,
    CoreEvent.LOCK_STALL,
]
_COREMEM_EVENTS = [
    MemEvent.DMA_S2MM_0_START_TASK,
    MemEvent.DMA_MM2S_0_START_TASK,
    MemEvent.CONFLICT_DM_BANK_0,
    MemEvent.CONFLICT_DM_BANK_1,
    MemEvent.CONFLICT_DM_BANK_2,
    MemEvent.CONFLICT_DM_BANK_3,
    MemEvent.EDGE_DETECTION_EVENT_0,
    MemEvent.EDGE_DETECTION_EVENT_1,
]
_MEMTILE_EVENTS = [
    MemTilePortEvent(MemTileEvent.PORT_RUNNING_0, 0, True),
    MemTilePortEvent(MemTileEvent.PORT_RUNNING_1, 14, False),
    *(MemTilePortEvent(MemTileEvent[f"PORT_RUNNING_{i}"], i - 2, False) for i in range(2, 8)),
]
_SHIMTILE_EVENTS = [
    ShimTileEvent.DMA_S2MM_0_START_TASK,
    ShimTileEvent.DMA_S2MM_1_START_TASK,
    ShimTileEvent.DMA_MM2S_0_START_TASK,
    ShimTileEvent.DMA_S2MM_0_FINISHED_TASK,
    ShimTileEvent.DMA_S2MM_1_FINISHED_TASK,
    ShimTileEvent.DMA_MM2S_0_FINISHED_TASK,
    ShimTileEvent.DMA_S2MM_0_STREAM_STARVATION,
    ShimTileEvent.DMA_S2MM_1_STREAM_STARVATION,
]


def configure_coretile_tracing_aie2(
    tile, start, stop, events=None, enable_packet=0, packet_id=0, packet_type=PacketType.CORE
):
    """The core's trace unit: start/stop events, eight events, optional packet header."""
    _configure_unit(tile, TRACE_UNITS["core"], CoreEvent, start, stop, _CORE_EVENTS if events is None else events,
                    enable_packet, packet_id, packet_type, PortEventCodes, PortEvent)


def configure_coremem_tracing_aie2(
    tile, start=MemEvent.TRUE, stop=MemEvent.NONE, events=None, enable_packet=0, packet_id=0,
    packet_type=PacketType.MEM,
):
    """The trace unit of a compute tile's memory module."""
    _configure_unit(tile, TRACE_UNITS["core_memory"], MemEvent, start, stop,
                    _COREMEM_EVENTS if events is None else events, enable_packet, packet_id,
                    packet_type, PortEventCodes, PortEvent)


def configure_memtile_tracing_aie2(
    tile, start=MemTileEvent.TRUE, stop=MemTileEvent.NONE, events=None, enable_packet=0,
    packet_id=0, packet_type=PacketType.MEMTILE,
):
    """A mem tile's trace unit."""
    _configure_unit(tile, TRACE_UNITS["mem_tile"], MemTileEvent, start, stop,
                    _MEMTILE_EVENTS if events is None else events, enable_packet, packet_id,
                    packet_type, MemTilePortEventCodes, MemTilePortEvent)


def configure_shimtile_tracing_aie2(
    tile, start=ShimTileEvent.TRUE, stop=ShimTileEvent.NONE, events=None, enable_packet=0,
    packet_id=0, packet_type=PacketType.SHIMTILE,
):
    """A shim tile's trace unit."""
    _configure_unit(tile, TRACE_UNITS["shim"], ShimTileEvent, start, stop,
                    _SHIMTILE_EVENTS if events is None else events, enable_packet, packet_id,
                    packet_type, ShimTilePortEventCodes, ShimTilePortEvent)


def _timer(unit: str):
    def configure(tile, event):
        _write(tile, TRACE_UNITS[unit].timer_control, (event.value & 0x7F) << 8)

    configure.__doc__ = f"Reset the {unit.replace('_', ' ')} timer on ``event``."
    return configure


configure_timer_ctrl_coremem_aie2 = _timer("core_memory")
configure_timer_ctrl_coretile_aie2 = _timer("core")
configure_timer_ctrl_memtile_aie2 = _timer("mem_tile")
configure_timer_ctrl_shimtile_aie2 = _timer("shim")


def _unit_of(tile: Any) -> TraceUnit:
    if isShimTile(tile):
        return TRACE_UNITS["shim"]
    if isMemTile(tile):
        return TRACE_UNITS["mem_tile"]
    return TRACE_UNITS["core"]


def configure_broadcast_core_aie2(tile, num, event):
    """Broadcast ``event`` on broadcast line ``num`` from ``tile``."""
    _write(tile, _unit_of(tile).broadcast + int(num) * 4, event.value)


def configure_event_gen_core_aie2(tile, event):
    """Raise ``event`` at ``tile`` (a user event other tiles synchronise on)."""
    _write(tile, TRACE_UNITS["shim"].event_generate, event.value & 0x7F)


# --- the shim DMA that writes trace packets to the host -----------------------------------------


def _shim_bd(shim, bd_id, size, offset, enable_packet, packet_id, packet_type, burst_length, ddr_id):
    col, row = _coords(shim)
    device = next(op for op in require_module("trace").op.walk() if op.name == "aie.device")
    spec = device.spec
    if spec.tile_kind(col, row) is not TileKind.SHIM_NOC:
        raise DeviceError(f"tile ({col}, {row}) is not a shim NOC tile of {spec.name}: trace output needs one")
    zero = {f"d{d}_{f}": 0 for d in range(3) for f in ("size", "stride", "zero_after", "zero_before")}
    npu_writebd(
        bd_id=bd_id, buffer_length=size, buffer_offset=offset, enable_packet=enable_packet,
        out_of_order_id=0, packet_id=packet_id, packet_type=packet_type, column=col, **zero,
        burst_length=burst_length, iteration_current=0, iteration_size=0, iteration_stride=0,
        lock_acq_enable=0, lock_acq_id=0, lock_acq_val=0, lock_rel_id=0, lock_rel_val=0,
        next_bd=0, row=0, use_next_bd=0, valid_bd=1,
    )
    column_shift, _ = spec.address_shifts
    address = (col << column_shift) | (SHIM_DMA_BD_BASE + bd_id * SHIM_DMA_BD_STRIDE + 4)
    npu_address_patch(addr=address, arg_idx=ddr_id, arg_plus=offset)


def push_bd_to_task_queue(shim, bd_id, direction, channel, enable_token):
    """Start BD ``bd_id`` on a shim channel (direction 0 = S2MM, 1 = MM2S)."""
    control = SHIM_DMA_CHANNEL_CONTROL[("MM2S" if direction else "S2MM", int(channel))]
    _write(shim, control + 4, ((enable_token & 0x1) << 31) | bd_id)


def configure_shimtile_dma_tracing_aie2(
    shim, channel=1, bd_id=13, ddr_id=4, size=8192, offset=0, enable_token=0, enable_packet=0,
    packet_id=0, packet_type=PacketType.CORE, shim_burst_length=64,
):
    """A shim BD writing the trace packets routed to ``shim`` into host buffer ``ddr_id``."""
    _shim_bd(shim, bd_id, size, offset, enable_packet, packet_id, packet_type, shim_burst_length, ddr_id)
    push_bd_to_task_queue(shim, bd_id, 0, channel, enable_token)


def configure_shimtile_dma_aie2(
    shim, channel=1, direction=0, bd_id=13, ddr_id=4, size=8192, offset=0, enable_token=0,
    enable_packet=0, packet_id=0, packet_type=PacketType.CORE, shim_burst_length=64,
):
    """A shim BD between host buffer ``ddr_id`` and a shim channel, started on the channel."""
    _shim_bd(shim, bd_id, size, offset, enable_packet, packet_id, packet_type, shim_burst_length, ddr_id)
    control = SHIM_DMA_CHANNEL_CONTROL[("MM2S" if direction else "S2MM", int(channel))]
    col, row = _coords(shim)
    # Controller id 15 matches the tile-control -> south 0 route, so task tokens reach the host.
    npu_maskwrite32(column=col, row=row, address=control, value=0xF00, mask=0x1F00)
    push_bd_to_task_queue(shim, bd_id, direction, channel, enable_token)


# --- packet-switched tracing of several tiles ---------------------------------------------------


def _packet_tracing(configure_unit, timer, packet_type):
    def configure(
        tile, shim, flow_id=0, bd_id=15, size=8192, offset=0, enable_token=0, channel=1, ddr_id=4,
        start=None, stop=None, events=None, shim_burst_length=64,
    ):
        enum = {PacketType.CORE: CoreEvent, PacketType.MEM: MemEvent, PacketType.MEMTILE: MemTileEvent}.get(
            packet_type, ShimTileEvent
        )
        base = BROADCAST_BASE[enum]
        if packet_type is PacketType.SHIMTILE:
            start = ShimTileEvent.USER_EVENT_1 if start is None else start
            stop = ShimTileEvent.USER_EVENT_0 if stop is None else stop
        else:
            start = enum(base + 15) if start is None else start
            stop = enum(base + 14) if stop is None else stop
        configure_unit(tile=tile, start=start, stop=stop, events=events, enable_packet=1,
                       packet_id=flow_id, packet_type=packet_type)
        timer(tile, start)
        configure_shimtile_dma_aie2(shim, channel, 0, bd_id, ddr_id, size, offset, enable_token, 1,
                                    flow_id, packet_type, shim_burst_length)

    configure.__doc__ = "A tile's trace unit with packets of ``flow_id`` and the shim BD they go to."
    return configure


configure_coretile_packet_tracing_aie2 = _packet_tracing(
    configure_coretile_tracing_aie2, configure_timer_ctrl_coretile_aie2, PacketType.CORE
)
configure_coremem_packet_tracing_aie2 = _packet_tracing(
    configure_coremem_tracing_aie2, configure_timer_ctrl_coremem_aie2, PacketType.MEM
)
configure_memtile_packet_tracing_aie2 = _packet_tracing(
    configure_memtile_tracing_aie2, configure_timer_ctrl_memtile_aie2, PacketType.MEMTILE
)
configure_shimtile_packet_tracing_aie2 = _packet_tracing(
    configure_shimtile_tracing_aie2, configure_timer_ctrl_shimtile_aie2, PacketType.SHIMTILE
)


def configure_packet_tracing_flow(tiles_to_trace, shim, packet_id=16):
    """A packet flow from each traced tile's Trace port to the shim's DMA channel 1 (a tile
    listed twice traces its memory module too, on Trace port 1)."""
    seen: list = []
    for t in tiles_to_trace:
        port = 1 if t in seen else 0
        seen.append(t)
        packetflow(packet_id, t, WireBundle.Trace, port,
                   dests={"dest": shim, "port": WireBundle.DMA, "channel": 1}, keep_pkt_header=True)


def configure_shim_trace_start_aie2(shim, brdcst_num=15, user_event=ShimTileEvent.USER_EVENT_1):
    """Reset the shim's timer on, broadcast and raise ``user_event``: every traced tile starts
    (and resets its timer) on that broadcast."""
    configure_timer_ctrl_coretile_aie2(shim, user_event)
    configure_broadcast_core_aie2(shim, brdcst_num, user_event)
    configure_event_gen_core_aie2(shim, user_event)


def gen_trace_done_aie2(shim, brdcst_num=14, user_event=ShimTileEvent.USER_EVENT_0):
    """Broadcast and raise the user event the traced tiles stop on."""
    configure_broadcast_core_aie2(shim, brdcst_num, user_event)
    configure_event_gen_core_aie2(shim, user_event)


def configure_packet_tracing_aie2(
    tiles_to_trace, shim, trace_size, trace_offset=0, enable_token=1, ddr_id=4,
    start_user_event=ShimTileEvent.USER_EVENT_1, stop_user_event=ShimTileEvent.USER_EVENT_0,
    start_broadcast_num=15, stop_broadcast_num=14, coretile_events=None, memtile_events=None,
    shimtile_events=None, coremem_events=None, packet_id=16, shim_burst_length=64,
):
    """Trace every tile of ``tiles_to_trace`` (a compute tile listed twice: its memory module
    too) with packets to ``shim``, started and stopped by broadcast user events."""

    def broadcast(enum, num):
        return enum(BROADCAST_BASE[enum] + num)

    seen_cores: list = []
    for t in tiles_to_trace:
        if isShimTile(t):
            start = start_user_event if t == shim else broadcast(ShimTileEvent, start_broadcast_num)
            stop = stop_user_event if t == shim else broadcast(ShimTileEvent, stop_broadcast_num)
            configure_shimtile_tracing_aie2(t, start, stop, shimtile_events, 1, packet_id, PacketType.SHIMTILE)
            configure_timer_ctrl_shimtile_aie2(t, start)
        elif isMemTile(t):
            start = broadcast(MemTileEvent, start_broadcast_num)
            configure_memtile_tracing_aie2(t, start, broadcast(MemTileEvent, stop_broadcast_num),
                                           memtile_events, 1, packet_id, PacketType.MEMTILE)
            configure_timer_ctrl_memtile_aie2(t, start)
        elif t not in seen_cores:
            start = broadcast(CoreEvent, start_broadcast_num)
            configure_coretile_tracing_aie2(t, start, broadcast(CoreEvent, stop_broadcast_num),
                                            coretile_events, 1, packet_id, PacketType.CORE)
            configure_timer_ctrl_coretile_aie2(t, start)
            seen_cores.append(t)
        else:
            start = broadcast(MemEvent, start_broadcast_num)
            configure_coremem_tracing_aie2(t, start, broadcast(MemEvent, stop_broadcast_num),
                                           coremem_events, 1, packet_id, PacketType.MEM)
            configure_timer_ctrl_coremem_aie2(t, start)
    configure_shimtile_dma_aie2(shim, channel=1, bd_id=15, ddr_id=ddr_id, size=trace_size,
                                offset=trace_offset, enable_token=enable_token, enable_packet=1,
                                shim_burst_length=shim_burst_length)
    configure_shim_trace_start_aie2(shim, start_broadcast_num, start_user_event)


def configure_simple_tracing_aie2(
    tile, shim, channel=1, bd_id=13, ddr_id=4, size=8192, offset=0, start=CoreEvent.TRUE,
    stop=CoreEvent.NONE, events=None,
):
    """One core traced over a circuit-switched flow (mlir-aie marks this form deprecated)."""
    configure_coretile_tracing_aie2(tile, start, stop, events)
    configure_shimtile_dma_aie2(shim, channel, 0, bd_id, ddr_id, size, offset)


def configure_packet_ctrl_flow(tiles_to_trace, shim, tile2shim_pkt_id=28, shim2tile_pkt_id=29):
    """Control-packet flows between the shim and each traced tile's TileControl port."""
    seen: list = []
    for t in tiles_to_trace:
        if t in seen:
            continue
        seen.append(t)
        packetflow(tile2shim_pkt_id, t, WireBundle.TileControl, 0,
                   dests={"dest": shim, "port": WireBundle.DMA, "channel": 0}, keep_pkt_header=True)
        packetflow(shim2tile_pkt_id, shim, WireBundle.DMA, 0,
                   dests={"dest": t, "port": WireBundle.TileControl, "channel": 0})


def config_ctrl_pkts_aie(
    tiles_to_trace, shim, shim2tile_pkt_id=29, output_offset=0, num_pkts=1, channel=0,
    mm2s_bd_id=14, s2mm_bd_id=15,
):
    """Send ``num_pkts`` control packets from host buffer 3 and read the replies into host
    buffer 4 at ``output_offset``."""
    col = _coords(shim)[0]
    for i in range(num_pkts):
        configure_shimtile_dma_aie2(shim, channel, 1, mm2s_bd_id, 3, 1, i * 4, 1, 1, shim2tile_pkt_id, 0)
        npu_sync(column=col, row=0, direction=1, channel=channel, column_num=1)
        configure_shimtile_dma_aie2(shim, channel, 0, s2mm_bd_id, 4, 2, output_offset + i * 8, 1, 0, 0, 0)
        npu_sync(column=col, row=0, direction=0, channel=channel, column_num=1)


# --- aie.trace ops (the declarative form trace lowering turns into the writes above) ----------


def _event_name(event: Any) -> str | int:
    if isinstance(event, GenericEvent):
        return _event_name(event.code)
    if isinstance(event, Enum):
        return event.name
    if isinstance(event, str | int):
        return event
    raise IronTypeError(f"a trace event is an event enum member, a name or a number, got {event!r}")


def trace(tile: Any, sym_name: str, *, buffer_size: int | None = None):
    """``@trace(tile, "name")``: ``aie.trace @name(%tile) { ... }`` holding the trace ops the
    decorated function builds."""
    op = TraceOp(sym_name, tile_value(tile, "trace(tile)"), buffer_size)

    def decorate(body):
        emit(op, "@trace")
        with inside(op.body.block, "@trace"):
            body()
        return OpHandle(op)

    return decorate


def trace_mode(mode: Any) -> None:
    emit(TraceModeOp(TraceMode(int(mode))), "trace_mode")


def trace_event(event: Any, *, label: str | None = None) -> None:
    emit(TraceEventOp(_event_name(event), label), "trace_event")


def trace_packet(id: int | None = None, type: Any = None) -> None:  # noqa: A002 - mlir-aie's keywords
    emit(TracePacketOp(int(id or 0), TracePacketType(int(type or 0))), "trace_packet")


def trace_port(slot: int, port: Any, channel: int, direction: Any) -> None:
    emit(TracePortOp(int(slot), WireBundle(int(port)), int(channel), DMAChannelDir(int(direction))), "trace_port")


def trace_start(*, broadcast: int | None = None, event: Any = None) -> None:
    emit(TraceStartEventOp(broadcast, None if event is None else _event_name(event)), "trace_start")


def trace_stop(*, broadcast: int | None = None, event: Any = None) -> None:
    emit(TraceStopEventOp(broadcast, None if event is None else _event_name(event)), "trace_stop")


def trace_combo_event(slot: int, eventA: Any, logic: Any, eventB: Any) -> None:  # noqa: N803
    emit(TraceComboEventOp(int(slot), _event_name(eventA), ComboLogic(int(logic)), _event_name(eventB)), "trace_combo_event")


def trace_edge_event(slot: int, event: Any, trigger: Any) -> None:
    emit(TraceEdgeEventOp(int(slot), _event_name(event), EdgeTrigger(int(trigger))), "trace_edge_event")


def trace_start_config(name: str) -> None:
    """``aie.trace.start_config @name`` in the runtime sequence: start that trace."""
    emit(TraceStartConfigOp(name), "trace_start_config")


from iron_ir.placed.trace_declarative import (  # noqa: E402 - built on the names above
    configure_trace,
    start_trace,
    trace_host_config,
)

__all__ = [
    "BasePortEvent",
    "configure_trace",
    "start_trace",
    "trace_host_config",
    "CoreEvent",
    "GenericEvent",
    "MemEvent",
    "MemTileEvent",
    "MemTilePortEvent",
    "PacketType",
    "PortEvent",
    "ShimTileEvent",
    "ShimTilePortEvent",
    "config_ctrl_pkts_aie",
    "configure_broadcast_core_aie2",
    "configure_coremem_packet_tracing_aie2",
    "configure_coremem_tracing_aie2",
    "configure_coretile_packet_tracing_aie2",
    "configure_coretile_tracing_aie2",
    "configure_event_gen_core_aie2",
    "configure_memtile_packet_tracing_aie2",
    "configure_memtile_tracing_aie2",
    "configure_packet_ctrl_flow",
    "configure_packet_tracing_aie2",
    "configure_packet_tracing_flow",
    "configure_shim_trace_start_aie2",
    "configure_shimtile_dma_aie2",
    "configure_shimtile_dma_tracing_aie2",
    "configure_shimtile_packet_tracing_aie2",
    "configure_shimtile_tracing_aie2",
    "configure_simple_tracing_aie2",
    "configure_timer_ctrl_coremem_aie2",
    "configure_timer_ctrl_coretile_aie2",
    "configure_timer_ctrl_memtile_aie2",
    "configure_timer_ctrl_shimtile_aie2",
    "gen_trace_done_aie2",
    "isCoreTile",
    "isMemTile",
    "isShimTile",
    "pack4bytes",
    "push_bd_to_task_queue",
    "trace",
    "trace_combo_event",
    "trace_edge_event",
    "trace_event",
    "trace_mode",
    "trace_packet",
    "trace_port",
    "trace_start",
    "trace_start_config",
    "trace_stop",
]
