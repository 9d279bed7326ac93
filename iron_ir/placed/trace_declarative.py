"""The declarative trace set-up of mlir-aie's 2026 ``aie.utils.trace``: ``configure_trace`` and
``start_trace``.

Instead of writing trace-unit registers from the runtime sequence (the 2025 helpers of
:mod:`iron_ir.placed.trace`), a design declares *what* to trace: ``configure_trace`` (in the
device body) builds one ``aie.trace`` op per traced unit, and ``start_trace`` (in the runtime
sequence) builds ``aie.trace.host_config`` and one ``aie.trace.start_config`` per trace. mlir-aie's
trace lowering turns these into packet flows, register writes and a shim BD; the simulator does
not model trace units, so a run reports the traces as configuration it skipped.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

from iron_ir.device.trace import CoreEvent, MemEvent, MemTileEvent, ShimTileEvent
from iron_ir.dialects.aie import (
    TraceHostConfigOp,
    TraceMode,
    TracePacketType,
    TraceShimRouting,
    WireBundle,
)
from iron_ir.errors import DeviceError, IronTypeError
from iron_ir.placed.builder import emit, enclosing_op, point, require_module
from iron_ir.placed.trace import (
    _COREMEM_EVENTS,
    _SHIMTILE_EVENTS,
    GenericEvent,
    MemTilePortEvent,
    PortEvent,
    ShimTilePortEvent,
    _PortEventBase,
    trace,
    trace_event,
    trace_mode,
    trace_packet,
    trace_port,
    trace_start,
    trace_start_config,
    trace_stop,
)

# The events each kind of trace unit watches when the design names none (mlir-aie's choice).
_DEFAULT_EVENTS: dict[str, list[Any]] = {
    "core": [
        CoreEvent.INSTR_EVENT_0,
        CoreEvent.INSTR_EVENT_1,
        CoreEvent.INSTR_VECTOR,
        CoreEvent.MEMORY_STALL,
        CoreEvent.STREAM_STALL,
        CoreEvent.LOCK_STALL,
        PortEvent(CoreEvent.PORT_RUNNING_0, WireBundle.DMA, 0, True),
        PortEvent(CoreEvent.PORT_RUNNING_1, WireBundle.DMA, 0, False),
    ],
    "mem": _COREMEM_EVENTS,  # the same defaults as the 2025 register helpers'
    "memtile": [
        *(
            MemTilePortEvent(MemTileEvent[f"PORT_RUNNING_{i}"], WireBundle.DMA, i, True)
            for i in range(4)
        ),
        *(
            MemTilePortEvent(MemTileEvent[f"PORT_RUNNING_{i + 4}"], WireBundle.DMA, i, False)
            for i in range(4)
        ),
    ],
    "shim": _SHIMTILE_EVENTS,
}
_NONE = {
    "core": CoreEvent.NONE,
    "mem": MemEvent.NONE,
    "memtile": MemTileEvent.NONE,
    "shim": ShimTileEvent.NONE,
}
_PACKET_TYPE = {
    "core": TracePacketType.core,
    "mem": TracePacketType.mem,
    "memtile": TracePacketType.memtile,
    "shim": TracePacketType.shimtile,
}
_PORT_EVENT = {"core": PortEvent, "mem": PortEvent, "memtile": MemTilePortEvent, "shim": ShimTilePortEvent}


def _unit(tile: Any, seen_cores: set) -> str:
    """Which trace unit a listed tile stands for: a core tile's first listing traces its core,
    the second its memory module."""
    try:
        if tile.is_core_tile():
            key = (int(tile.col), int(tile.row))
            if key in seen_cores:
                return "mem"
            seen_cores.add(key)
            return "core"
        if tile.is_mem_tile():
            return "memtile"
        if tile.is_shim_tile():
            return "shim"
    except AttributeError:
        pass
    raise IronTypeError(
        f"configure_trace: tiles_to_trace holds {tile!r}, which is not a tile of this device "
        "(give the results of tile(col, row))"
    )


def _ports(unit: str, events: Sequence[GenericEvent]) -> dict[int, tuple[Any, int, Any]]:
    """The stream-switch port each port-event slot watches; events sharing a slot must agree."""
    ports: dict[int, tuple[Any, int, Any]] = {}
    names: dict[int, str] = {}
    for event in events:
        if not isinstance(event, _PortEventBase):
            continue
        if event.port is None:
            raise DeviceError(
                f"configure_trace: {type(event).__name__}({event.code.name}, "
                f"{event.port_number}, ...) names the switch port by number; the declarative "
                f"trace needs bundle and channel: {type(event).__name__}({event.code.name}, "
                "WireBundle.DMA, 0, True)"
            )
        config = (event.port, int(event.channel), event.direction)  # pyright: ignore[reportArgumentType]
        if event.slot in ports and ports[event.slot] != config:
            raise DeviceError(
                f"configure_trace: conflicting port configurations for slot {event.slot}: "
                f"{names[event.slot]} watches {_port_text(ports[event.slot])} but "
                f"{event.code.name} watches {_port_text(config)}; events sharing a slot must "
                "watch the same port"
            )
        ports.setdefault(event.slot, config)
        names.setdefault(event.slot, event.code.name)
    return ports


def _port_text(config: tuple[Any, int, Any]) -> str:
    port, channel, direction = config
    return f"{port.name}:{channel} {direction.name}"


def _events(unit: str, events: Sequence[Any] | None) -> list[GenericEvent]:
    chosen = list(_DEFAULT_EVENTS[unit] if events is None else events)
    if len(chosen) > 8:
        raise DeviceError(f"At most 8 events can be traced at once, have {len(chosen)}.")
    wrapped = [e if isinstance(e, GenericEvent) else GenericEvent(e) for e in chosen]
    for event in wrapped:
        if not isinstance(event.code, Enum | str | int):
            raise IronTypeError(
                f"configure_trace: {event.code!r} is not a trace event (an event enum member "
                "such as CoreEvent.INSTR_VECTOR, its name, or its number)"
            )
        port_event = _PORT_EVENT[unit]
        if (
            isinstance(event.code, Enum)
            and event.code.name.startswith("PORT_")
            and not isinstance(event, _PortEventBase)
        ):
            raise DeviceError(
                f"configure_trace: {event.code.name} is a port event and needs the port it "
                f"watches: {port_event.__name__}({type(event.code).__name__}."
                f"{event.code.name}, WireBundle.DMA, 0, True)"
            )
    return (wrapped + [GenericEvent(_NONE[unit])] * 8)[:8]


def _trace_names(module: Any) -> list[str]:
    names = getattr(module, "_trace_names", None)
    if names is None:
        names = module._trace_names = []
    return names


def configure_trace(
    tiles_to_trace: Sequence[Any],
    start_broadcast: int = 15,
    stop_broadcast: int = 14,
    coretile_events: Sequence[Any] | None = None,
    coremem_events: Sequence[Any] | None = None,
    memtile_events: Sequence[Any] | None = None,
    shimtile_events: Sequence[Any] | None = None,
) -> None:
    """One ``aie.trace`` op per traced unit (in the device body): list a core tile twice to
    trace its memory module too. Each trace starts and stops on the given broadcast events;
    packet ids count from 1 in list order, the trace names are ``trace_<unit>_<id>``."""
    module = require_module("configure_trace")
    names = _trace_names(module)
    names.clear()
    chosen = {
        "core": coretile_events,
        "mem": coremem_events,
        "memtile": memtile_events,
        "shim": shimtile_events,
    }
    seen_cores: set = set()
    for packet_id, tile in enumerate(tiles_to_trace, start=1):
        unit = _unit(tile, seen_cores)
        events = _events(unit, chosen[unit])
        ports = _ports(unit, events)
        name = f"trace_{unit}_{packet_id}"

        @trace(tile, name)
        def _body(unit=unit, events=events, ports=ports, packet_id=packet_id):
            if unit == "core":
                trace_mode(TraceMode.EventTime)
            trace_packet(packet_id, _PACKET_TYPE[unit])
            for event in events:
                trace_event(event)
            for slot, (port, channel, direction) in ports.items():
                trace_port(slot, port, channel, direction)
            trace_start(broadcast=start_broadcast)
            trace_stop(broadcast=stop_broadcast)

        names.append(name)


def trace_host_config(
    buffer_size: int,
    arg_idx: int = 4,
    routing: str | TraceShimRouting = "single",
    trace_after_last_tensor: bool = False,
    *,
    reuse_output_buffer: bool = False,
    egress_shim_col: int = 0,
) -> None:
    """``aie.trace.host_config``: the size of the host trace buffer (bytes) and which runtime
    argument it is (``arg_idx``; mlir-aie's newest releases append a buffer unless
    ``reuse_output_buffer``, and send the trace out through shim column ``egress_shim_col``)."""
    if isinstance(routing, str):
        try:
            routing = TraceShimRouting[routing]
        except KeyError:
            known = ", ".join(f'"{r.name}"' for r in TraceShimRouting)
            raise IronTypeError(
                f"trace routing {routing!r} is not known; use one of {known}"
            ) from None
    if isinstance(buffer_size, bool) or not isinstance(buffer_size, int) or buffer_size <= 0:
        raise IronTypeError(
            f"trace buffer size must be a positive number of bytes, got {buffer_size!r}"
        )
    op = TraceHostConfigOp(
        int(buffer_size), int(arg_idx), TraceShimRouting(routing), bool(trace_after_last_tensor),
        bool(reuse_output_buffer), int(egress_shim_col),
    )
    emit(op, "trace_host_config")


def start_trace(
    trace_size: int = 8192,
    ddr_id: int = 4,
    routing: str = "single",
    *,
    reuse_output_buffer: bool = False,
    egress_shim_col: int = 0,
) -> None:
    """In the runtime sequence: the host trace buffer (``trace_size`` bytes) and one
    ``aie.trace.start_config`` per trace ``configure_trace`` declared, in its order."""
    point("start_trace")
    if enclosing_op("aie.runtime_sequence") is None:
        raise DeviceError(
            "start_trace() belongs in the runtime sequence (inside the @runtime_sequence "
            "function); configure_trace(...) is the part that goes in the device body"
        )
    trace_host_config(
        trace_size, ddr_id, routing,
        reuse_output_buffer=reuse_output_buffer, egress_shim_col=egress_shim_col,
    )
    for name in _trace_names(require_module("start_trace")):
        trace_start_config(name)
