"""aie.trace and its configuration ops (mlir-aie AIETraceOps.td)."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    BoolAttr,
    IndexType,
    IntegerAttr,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    AnyAttr,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    SingleBlockImplicitTerminator,
    SymbolOpInterface,
    ensure_terminator,
)
from xdsl.utils.exceptions import VerifyException

from iron_ir.dialects.aie.attrs import (
    TraceEventAttr,
    parse_trace_event_value,
    print_trace_event_value,
)
from iron_ir.dialects.aie.enums import (
    ComboLogic,
    ComboLogicAttr,
    DMAChannelDir,
    DMAChannelDirAttr,
    EdgeTrigger,
    EdgeTriggerAttr,
    TraceMode,
    TraceModeAttr,
    TracePacketType,
    TracePacketTypeAttr,
    TraceShimRouting,
    TraceShimRoutingAttr,
    WireBundle,
    WireBundleAttr,
    enum_attr,
)
from iron_ir.dialects.aie.device import DeviceOp, EndOp
from iron_ir.ir.constraints import I32Attr, int_attr
from iron_ir.ir.syntax import CustomDirective, FormattedOp, next_char
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers


def _event(value: str | int | TraceEventAttr) -> TraceEventAttr:
    return value if isinstance(value, TraceEventAttr) else TraceEventAttr(value)


# --- containers ---------------------------------------------------------------------------------


@irdl_op_definition
class TraceOp(FormattedOp):
    name = "aie.trace"
    tile = operand_def(IndexType())
    sym_name = prop_def(SymbolNameConstraint())
    buffer_size = opt_prop_def(I32Attr)
    body = region_def("single_block")
    traits = lazy_traits_def(
        lambda: (HasParent(DeviceOp), SingleBlockImplicitTerminator(EndOp), SymbolOpInterface())
    )
    FORMAT: ClassVar[str] = (
        "$sym_name `(` $tile `)` (`buffer_size` `=` $buffer_size^)? $body attr-dict"
    )

    def __init__(self, sym_name: str, tile: SSAValue | Operation, buffer_size: int | None = None):
        props: dict[str, Attribute] = {"sym_name": StringAttr(sym_name)}
        if buffer_size is not None:
            props["buffer_size"] = int_attr(buffer_size)
        super().__init__(operands=[tile], properties=props, regions=[Region(Block())])
        ensure_terminator(self, SingleBlockImplicitTerminator(EndOp))

    def asm_result_names(self) -> list[str | None]:
        return []


@irdl_op_definition
class TraceConfigOp(FormattedOp):
    name = "aie.trace.config"
    tile = operand_def(IndexType())
    sym_name = prop_def(SymbolNameConstraint())
    packet_type = opt_prop_def(TracePacketTypeAttr)
    body = region_def("single_block")
    traits = lazy_traits_def(
        lambda: (HasParent(DeviceOp), SingleBlockImplicitTerminator(EndOp), SymbolOpInterface())
    )
    FORMAT: ClassVar[str] = (
        "$sym_name `(` $tile `)` (`packet_type` `=` $packet_type^)? $body attr-dict"
    )

    def __init__(
        self, sym_name: str, tile: SSAValue | Operation, packet_type: TracePacketType | None = None
    ):
        props: dict[str, Attribute] = {"sym_name": StringAttr(sym_name)}
        if packet_type is not None:
            props["packet_type"] = enum_attr(packet_type)
        super().__init__(operands=[tile], properties=props, regions=[Region(Block())])
        ensure_terminator(self, SingleBlockImplicitTerminator(EndOp))


# --- ops inside aie.trace -----------------------------------------------------------------------

_IN_TRACE = lazy_traits_def(lambda: (HasParent(TraceOp),))


@irdl_op_definition
class TraceModeOp(FormattedOp):
    name = "aie.trace.mode"
    mode = prop_def(TraceModeAttr)
    traits = _IN_TRACE
    FORMAT: ClassVar[str] = "$mode attr-dict"

    def __init__(self, mode: TraceMode):
        super().__init__(properties={"mode": enum_attr(mode)})


@irdl_op_definition
class TraceEventOp(FormattedOp):
    name = "aie.trace.event"
    event = prop_def(TraceEventAttr)
    label = opt_prop_def(StringAttr)
    traits = _IN_TRACE
    FORMAT: ClassVar[str] = "$event (`label` `=` $label^)? attr-dict"

    def __init__(self, event: str | int | TraceEventAttr, label: str | None = None):
        props: dict[str, Attribute] = {"event": _event(event)}
        if label is not None:
            props["label"] = StringAttr(label)
        super().__init__(properties=props)


@irdl_op_definition
class TracePacketOp(FormattedOp):
    name = "aie.trace.packet"
    id = prop_def(I32Attr)
    type = prop_def(TracePacketTypeAttr)
    traits = _IN_TRACE
    FORMAT: ClassVar[str] = "`id` `=` $id `type` `=` $type attr-dict"

    def __init__(self, packet_id: int, packet_type: TracePacketType):
        super().__init__(
            properties={"id": int_attr(packet_id), "type": enum_attr(packet_type)}
        )

    def verify_rules(self) -> None:
        if not 1 <= self.id.value.data <= 31:
            raise VerifyException(
                f"aie.trace.packet id {self.id.value.data} is out of range 1..31 (5-bit packet id, "
                "0 reserved)"
            )


@irdl_op_definition
class TracePortOp(FormattedOp):
    name = "aie.trace.port"
    slot = prop_def(I32Attr)
    port = prop_def(WireBundleAttr)
    channel = prop_def(I32Attr)
    direction = prop_def(DMAChannelDirAttr)
    traits = _IN_TRACE
    FORMAT: ClassVar[str] = (
        "`<` $slot `>` `port` `=` $port `channel` `=` $channel `direction` `=` $direction "
        "attr-dict"
    )

    def __init__(self, slot: int, port: WireBundle, channel: int, direction: DMAChannelDir):
        super().__init__(
            properties={
                "slot": int_attr(slot),
                "port": enum_attr(port),
                "channel": int_attr(channel),
                "direction": enum_attr(direction),
            }
        )

    def verify_rules(self) -> None:
        if not 0 <= self.slot.value.data <= 7:
            raise VerifyException(f"aie.trace.port slot {self.slot.value.data} is out of range 0..7")


class _TraceStartStopOp(FormattedOp):
    """``aie.trace.start [broadcast = N] [event = <E>] {attrs}`` (custom C++ printer)."""

    broadcast = opt_prop_def(I32Attr)
    event = opt_prop_def(TraceEventAttr)
    traits = _IN_TRACE
    FORMAT: ClassVar[str] = "(`broadcast` `=` $broadcast^)? (`event` `=` $event^)? attr-dict"

    def __init__(self, broadcast: int | None = None, event: str | TraceEventAttr | None = None):
        props: dict[str, Attribute] = {}
        if broadcast is not None:
            props["broadcast"] = int_attr(broadcast)
        if event is not None:
            props["event"] = _event(event)
        super().__init__(properties=props)


@irdl_op_definition
class TraceStartEventOp(_TraceStartStopOp):
    name = "aie.trace.start"


@irdl_op_definition
class TraceStopEventOp(_TraceStartStopOp):
    name = "aie.trace.stop"


@irdl_op_definition
class TraceComboEventOp(FormattedOp):
    name = "aie.trace.combo_event"
    slot = prop_def(I32Attr)
    eventA = prop_def(TraceEventAttr)
    logic = prop_def(ComboLogicAttr)
    eventB = prop_def(TraceEventAttr)
    traits = _IN_TRACE
    FORMAT: ClassVar[str] = "`<` $slot `>` $eventA $logic $eventB attr-dict"

    def __init__(
        self,
        slot: int,
        event_a: str | TraceEventAttr,
        logic: ComboLogic,
        event_b: str | TraceEventAttr,
    ):
        super().__init__(
            properties={
                "slot": int_attr(slot),
                "eventA": _event(event_a),
                "logic": enum_attr(logic),
                "eventB": _event(event_b),
            }
        )


@irdl_op_definition
class TraceEdgeEventOp(FormattedOp):
    """``aie.trace.edge_event<SLOT> event = <E> trigger = RISING`` (custom C++ printer)."""

    name = "aie.trace.edge_event"
    slot = prop_def(I32Attr)
    event = prop_def(TraceEventAttr)
    trigger = prop_def(EdgeTriggerAttr)
    traits = _IN_TRACE
    FORMAT: ClassVar[str] = "`<` $slot `>` `event` `=` $event `trigger` `=` $trigger attr-dict"

    def __init__(self, slot: int, event: str | TraceEventAttr, trigger: EdgeTrigger):
        super().__init__(
            properties={
                "slot": int_attr(slot),
                "event": _event(event),
                "trigger": enum_attr(trigger),
            }
        )


# --- aie.trace.reg / aie.trace.start_config -----------------------------------------------------


class TraceRegValue(CustomDirective):
    """The value of ``aie.trace.reg``: an event ``<...>``, a quoted name, ``Enum::NAME`` or an
    integer."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> Attribute:
        if next_char(parser) == "<":
            return TraceEventAttr.new(TraceEventAttr.parse_parameters(parser))
        return parse_trace_event_value(parser)

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        (value,) = values
        if isinstance(value, TraceEventAttr):
            value.print_parameters(printer)
        else:
            print_trace_event_value(printer, value)  # pyright: ignore[reportArgumentType]


@irdl_op_definition
class TraceRegOp(FormattedOp):
    name = "aie.trace.reg"
    reg_name = prop_def(StringAttr)
    field = opt_prop_def(StringAttr)
    value = prop_def(AnyAttr())
    mask = opt_prop_def(I32Attr)
    comment = opt_prop_def(StringAttr)
    traits = lazy_traits_def(lambda: (HasParent(TraceConfigOp),))
    FORMAT: ClassVar[str] = (
        "`register` `=` $reg_name (`field` `=` $field^)? `value` `=` "
        "custom<TraceRegValue>($value) (`mask` `=` $mask^)? (`comment` `=` $comment^)? attr-dict"
    )
    custom_directives = (TraceRegValue,)

    def __init__(
        self,
        reg_name: str,
        value: int | str | Attribute,
        field: str | None = None,
        mask: int | None = None,
        comment: str | None = None,
    ):
        if isinstance(value, int):
            value = int_attr(value)
        elif isinstance(value, str):
            value = StringAttr(value)
        props: dict[str, Attribute] = {"reg_name": StringAttr(reg_name), "value": value}
        if field is not None:
            props["field"] = StringAttr(field)
        if mask is not None:
            props["mask"] = int_attr(mask)
        if comment is not None:
            props["comment"] = StringAttr(comment)
        super().__init__(properties=props)


@irdl_op_definition
class TraceStartConfigOp(FormattedOp):
    name = "aie.trace.start_config"
    trace_config = prop_def(SymbolRefAttr)
    FORMAT: ClassVar[str] = "$trace_config attr-dict"

    def __init__(self, trace_config: str):
        super().__init__(properties={"trace_config": SymbolRefAttr(trace_config)})


@irdl_op_definition
class TraceHostConfigOp(FormattedOp):
    """``aie.trace.host_config buffer_size = N [arg_idx = I] [routing = R]
    [trace_after_last_tensor = true]``: the host buffer the runtime sequence's traces land in.

    mlir-aie's printer writes only the values that differ from their defaults (``arg_idx`` 4,
    ``routing`` single, ``trace_after_last_tensor`` false); the releases that dropped
    ``arg_idx`` for ``reuse_output_buffer`` and ``egress_shim_col`` (default false, 0) carry
    those in the attribute dictionary.
    """

    name = "aie.trace.host_config"
    buffer_size = prop_def(I32Attr)
    arg_idx = opt_prop_def(I32Attr, default_value=IntegerAttr(4, i32))
    routing = opt_prop_def(TraceShimRoutingAttr, default_value=IntegerAttr(0, i32))
    trace_after_last_tensor = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    reuse_output_buffer = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    egress_shim_col = opt_prop_def(I32Attr, default_value=IntegerAttr(0, i32))
    # The newest releases print every field in the attribute dictionary
    # (``aie.trace.host_config {buffer_size = 8192 : i32}``): read that too.
    FORMAT: ClassVar[str] = (
        "(`buffer_size` `=` $buffer_size^)? (`arg_idx` `=` $arg_idx^)? "
        "(`routing` `=` $routing^)? "
        "(`trace_after_last_tensor` `=` $trace_after_last_tensor^)? attr-dict"
    )

    def __init__(
        self,
        buffer_size: int,
        arg_idx: int = 4,
        routing: TraceShimRouting = TraceShimRouting.single,
        trace_after_last_tensor: bool = False,
        reuse_output_buffer: bool = False,
        egress_shim_col: int = 0,
    ):
        props: dict[str, Attribute] = {"buffer_size": int_attr(buffer_size)}
        if arg_idx != 4:
            props["arg_idx"] = int_attr(arg_idx)
        if routing != TraceShimRouting.single:
            props["routing"] = enum_attr(routing)
        if trace_after_last_tensor:
            props["trace_after_last_tensor"] = BoolAttr.from_bool(True)
        if reuse_output_buffer:
            props["reuse_output_buffer"] = BoolAttr.from_bool(True)
        if egress_shim_col:
            props["egress_shim_col"] = int_attr(egress_shim_col)
        super().__init__(properties=props)

    def verify_rules(self) -> None:
        if self.buffer_size.value.data <= 0:
            raise VerifyException("buffer_size must be positive")


__all__ = [
    "TraceComboEventOp",
    "TraceConfigOp",
    "TraceEdgeEventOp",
    "TraceEventOp",
    "TraceHostConfigOp",
    "TraceModeOp",
    "TraceOp",
    "TracePacketOp",
    "TracePortOp",
    "TraceRegOp",
    "TraceStartConfigOp",
    "TraceStartEventOp",
    "TraceStopEventOp",
]


install_fast_verifiers(defined_ops(globals()))
