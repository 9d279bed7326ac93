"""The ``aiex.npu.*`` instruction ops and ``aiex.control_packet``: what a runtime sequence
lowers to (host DMAs, register writes, buffer descriptors, queue pushes, syncs, PDI loads)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    I64,
    BoolAttr,
    DenseArrayBase,
    FlatSymbolRefAttr,
    MemRefType,
    SymbolRefAttr,
    UnrankedMemRefType,
    i1,
    i32,
    i64,
)
from xdsl.dialects.utils import (
    get_dynamic_index_list,
    split_dynamic_index_list,
    verify_dynamic_index_list,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    var_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import MAX_TASK_REPEAT_COUNT, BdLimits, DeviceSpec, TileKind
from iron_ir.dialects.aie import DMAChannelDir, DMAChannelDirAttr, PacketInfoAttr
from iron_ir.dialects.aiex._support import (
    FALSE,
    ZERO_I32,
    ZERO_I64,
    ZERO_UI64,
    device_spec,
    dma_endpoint,
    element_bits,
    int_value,
    lookup_in_device,
    symbol_text,
)
from iron_ir.ir.constraints import I32Attr, I64Attr, UI8Attr, UI32Attr, UI64Attr, int_attr
from iron_ir.ir.syntax import CustomDirective, DynamicIndexList, FormattedOp
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers

# --- aiex.npu.dma_memcpy_nd -----------------------------------------------------------------

_LISTS = ("offsets", "sizes", "strides")


class MemcpyMemref(CustomDirective):
    """The host buffer of ``aiex.npu.dma_memcpy_nd``; the 2024 spelling's two leading integers
    (``(0, 0, %buf[...]...)``, meaningless since) are accepted and dropped."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> UnresolvedOperand:
        if parser.parse_optional_integer(allow_boolean=False) is not None:
            parser.parse_punctuation(",")
            parser.parse_integer(allow_boolean=False)
            parser.parse_punctuation(",")
        return parser.parse_unresolved_operand()

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        (memref,) = values
        printer.print_ssa_value(memref)  # pyright: ignore[reportArgumentType]


class _MemcpyList(CustomDirective):
    """One of the 4-entry offset/size/stride lists, outermost first: MLIR's DynamicIndexList with
    the op's length check; three strides are the older spelling (innermost stride 1 implied)."""

    WHICH: ClassVar[str] = ""

    @classmethod
    def parse(cls, parser: Parser, *refs: object) -> tuple[object, Attribute]:
        pos = parser.pos
        dynamic, static = DynamicIndexList.parse(parser)
        values = static.get_values()  # pyright: ignore[reportAttributeAccessIssue]
        if cls.WHICH == "strides" and len(values) == 3:
            values = [*values, 1]
        if len(values) != 4:
            parser.raise_error(
                f"aiex.npu.dma_memcpy_nd takes 4 {cls.WHICH} (outermost first), got {len(values)}",
                at_position=pos,
                end_position=parser.pos,
            )
        return dynamic, DenseArrayBase.from_list(i64, values)

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        DynamicIndexList.print(printer, op, *values)


class MemcpyOffsets(_MemcpyList):
    WHICH = "offsets"


class MemcpySizes(_MemcpyList):
    WHICH = "sizes"


class MemcpyStrides(_MemcpyList):
    WHICH = "strides"


@irdl_op_definition
class NpuDmaMemcpyNdOp(FormattedOp):
    """A half-DMA between host memory and the array through the shim channel named by
    ``metadata`` (an ``aie.shim_dma_allocation`` or an ``aie.objectfifo``).

    Offsets/sizes/strides are outermost first, in elements; each list holds 4 entries, each
    an integer or an i64 SSA value.
    """

    name = "aiex.npu.dma_memcpy_nd"

    memref = operand_def(MemRefType | UnrankedMemRefType)
    offsets = var_operand_def(I64)
    sizes = var_operand_def(I64)
    strides = var_operand_def(I64)
    static_offsets = prop_def(DenseArrayBase.constr(I64))
    static_sizes = prop_def(DenseArrayBase.constr(I64))
    static_strides = prop_def(DenseArrayBase.constr(I64))
    packet = opt_prop_def(PacketInfoAttr)
    metadata = prop_def(SymbolRefAttr)
    id = prop_def(I64Attr)
    issue_token = opt_prop_def(BoolAttr, default_value=FALSE)
    d0_zero_before = opt_prop_def(I64Attr, default_value=ZERO_I64)
    d1_zero_before = opt_prop_def(I64Attr, default_value=ZERO_I64)
    d2_zero_before = opt_prop_def(I64Attr, default_value=ZERO_I64)
    d0_zero_after = opt_prop_def(I64Attr, default_value=ZERO_I64)
    d1_zero_after = opt_prop_def(I64Attr, default_value=ZERO_I64)
    d2_zero_after = opt_prop_def(I64Attr, default_value=ZERO_I64)
    burst_length = opt_prop_def(I64Attr, default_value=ZERO_I64)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    FORMAT: ClassVar[str] = (
        "`(` custom<MemcpyMemref>($memref) "
        "`` custom<MemcpyOffsets>($offsets, $static_offsets) "
        "`` custom<MemcpySizes>($sizes, $static_sizes) "
        "`` custom<MemcpyStrides>($strides, $static_strides) "
        "(`,` `packet` `=` $packet^)? `)` attr-dict `:` type($memref)"
    )
    custom_directives = (MemcpyMemref, MemcpyOffsets, MemcpySizes, MemcpyStrides)

    def __init__(
        self,
        memref: SSAValue,
        offsets: Sequence[int | SSAValue],
        sizes: Sequence[int | SSAValue],
        strides: Sequence[int | SSAValue],
        *,
        metadata: str | SymbolRefAttr,
        id: int,
        issue_token: bool = False,
        packet: PacketInfoAttr | None = None,
        burst_length: int = 0,
    ):
        operands: list[SSAValue | Sequence[SSAValue]] = [memref]
        properties: dict[str, Attribute] = {
            "metadata": SymbolRefAttr(metadata) if isinstance(metadata, str) else metadata,
            "id": int_attr(id, i64),
        }
        for which, values in zip(_LISTS, (offsets, sizes, strides)):
            static, dynamic = split_dynamic_index_list(values, DYNAMIC_INDEX)
            operands.append(dynamic)
            properties[f"static_{which}"] = DenseArrayBase.from_list(i64, static)
        if issue_token:
            properties["issue_token"] = int_attr(1, i1)
        if packet is not None:
            properties["packet"] = packet
        if burst_length:
            properties["burst_length"] = int_attr(burst_length, i64)
        super().__init__(operands=operands, properties=properties)

    def mixed(self, which: str) -> list[int | SSAValue]:
        """``offsets``/``sizes``/``strides`` as ints and SSA values, outermost first."""
        static = getattr(self, f"static_{which}").get_values()
        return get_dynamic_index_list(static, getattr(self, which), DYNAMIC_INDEX)

    def static_values(self, which: str) -> list[int] | None:
        """The list as ints, or None when an entry is only known at run time."""
        values = self.mixed(which)
        if any(isinstance(v, SSAValue) for v in values):
            return None
        return values  # pyright: ignore[reportReturnType]

    def verify_(self) -> None:
        for which in _LISTS:
            static = getattr(self, f"static_{which}").get_values()
            if len(static) != 4:
                raise VerifyException(f"expects 4 {which}, got {len(static)}")
            verify_dynamic_index_list(
                static, getattr(self, which), DYNAMIC_INDEX, f" in static_{which}"
            )
        memref_type = self.memref.type
        assert isinstance(memref_type, MemRefType | UnrankedMemRefType)
        bits = element_bits(memref_type.element_type)
        if bits > 32:
            raise VerifyException("Maximum element bit width allowed is 32bits. ")
        if isinstance(memref_type, MemRefType) and memref_type.has_static_shape():
            if memref_type.element_count() * bits < 32:
                raise VerifyException("Minimum data transfer size required is 32bits. ")
        spec = device_spec(self)
        if spec is None:
            return
        burst = int_value(self.burst_length)
        if burst and burst not in spec.shim_burst_lengths:
            raise VerifyException(burst_length_message(spec))
        if spec.arch.value == "AIE1":
            return
        offsets = self.static_values("offsets")
        strides = self.static_values("strides")
        if offsets is not None and strides is not None:
            if sum(o * s for o, s in zip(offsets, strides)) * (bits // 8) % 4 != 0:
                raise VerifyException("Offset must be 4-byte-aligned.")
        # mlir-aie checks the pattern against the shim BD of a shim_dma_allocation; one
        # naming an objectfifo is checked once the stateful transform has made that
        # allocation (iron-lint warns before).
        target = dma_endpoint(self, self.metadata)
        if target is not None and target.name == "aie.shim_dma_allocation":
            self.verify_pattern(spec, target)
        if self.packet is not None:
            verify_packet(self.packet, spec.kinds[TileKind.SHIM_NOC].bd)

    def verify_pattern(self, spec: DeviceSpec, target: Operation) -> None:
        sizes, strides = self.static_values("sizes"), self.static_values("strides")
        if sizes is None or strides is None:
            return  # a pattern known only at run time is checked when it is lowered
        memref_type = self.memref.type
        assert isinstance(memref_type, MemRefType | UnrankedMemRefType)
        bits = element_bits(memref_type.element_type)
        verify_strides_wraps(bits, sizes[::-1], strides[::-1], _transfer_limits(spec, target))


def memcpy_pattern_problem(op: Operation) -> str | None:
    """iron-lint: what is wrong with a memcpy the verifier cannot check yet — its symbol names
    no allocation or objectfifo, or its pattern does not fit the shim BD of its objectfifo."""
    assert isinstance(op, NpuDmaMemcpyNdOp)
    spec = device_spec(op)
    if spec is None or spec.arch.value == "AIE1":
        return None
    target = dma_endpoint(op, op.metadata)
    if target is None:
        return (
            f"{symbol_text(op.metadata)} names no aie.objectfifo or aie.shim_dma_allocation in "
            "the enclosing aie.device: the transfer has no shim channel to run on"
        )
    if target.name != "aie.objectfifo":
        return None
    try:
        op.verify_pattern(spec, target)
    except VerifyException as error:
        return f"{error} (on the shim BD of objectfifo {symbol_text(op.metadata)})"
    return None


def _transfer_limits(spec: DeviceSpec, target: Operation) -> BdLimits:
    """BD field widths of the shim tile the transfer runs on: the allocation's tile or the
    fifo's shim endpoint (the device's shim NOC tile kind when neither is a placed shim)."""
    for tile in target.operands:
        owner = tile.owner
        if isinstance(owner, Operation) and owner.name == "aie.tile":
            kind = spec.tile_kind(*owner.col_row)  # pyright: ignore[reportAttributeAccessIssue]
            if kind is not None and kind.is_shim:
                return spec.kinds[kind].bd
    return spec.kinds[TileKind.SHIM_NOC].bd


def burst_length_message(spec: DeviceSpec) -> str:
    lengths = " ".join(str(b) for b in spec.shim_burst_lengths)
    return (
        "Requested burst length is not supported by the target. "
        f"Supported burst lengths: {lengths}"
    )


def verify_packet(packet: PacketInfoAttr, limits: BdLimits) -> None:
    if packet.pkt_type.data >= 1 << limits.packet_type_bits:
        raise VerifyException(f"Packet type field can only hold {limits.packet_type_bits} bits.")
    if packet.pkt_id.data >= 1 << limits.packet_id_bits:
        raise VerifyException(f"Packet ID field can only hold {limits.packet_id_bits} bits.")


def _is_contiguous(sizes: list[int], strides: list[int]) -> bool:
    """Innermost-first dims that walk memory linearly (size-1 dims ignored): such a
    transfer is lowered without a d0 wrap, so its d0 size is not limited."""
    if strides[0] != 1:
        return False
    span = sizes[0]
    for size, stride in zip(sizes[1:3], strides[1:3]):
        if size > 1 and stride != span:
            return False
        span *= size
    return True


def verify_strides_wraps(
    elem_bits: int, sizes: list[int], strides: list[int], limits: BdLimits
) -> None:
    """mlir-aie's ``verifyStridesWraps`` on innermost-first element sizes/strides, checked
    in hardware units (32-bit words) against the field widths of ``limits``."""
    for i in range(4):
        if sizes[i] <= 0:
            raise VerifyException(f"Size {i} must be a positive integer.")
    if sizes[0] * elem_bits % 32 != 0:
        raise VerifyException(
            f"Transfer sizes must be multiples of 4 bytes. {sizes[0]} elements at "
            f"{elem_bits // 8} bytes each equal {sizes[0] * elem_bits // 8} bytes, which is "
            "not divisible by 4. ",
        )
    for i in range(3):
        if sizes[i] > 1 and strides[i] < 1:
            raise VerifyException(f"Stride {i} must be a positive integer.")
    if sizes[3] > 1 and strides[3] < 0:
        raise VerifyException("Stride 3 must be a non-negative integer.")
    for i in range(4):
        if i == 0 and strides[i] == 1:
            continue
        if strides[i] * elem_bits % 32 != 0:
            raise VerifyException(
                f"Stride {i} is {strides[i]} elements * {elem_bits // 8} bytes = "
                f"{strides[i] * elem_bits // 8} bytes, which is not divisible by 4. ",
            )
    if sizes[0] * elem_bits // 32 > limits.max_size and not _is_contiguous(sizes, strides):
        raise VerifyException(f"Size 0 exceeds the [0:{limits.max_size}] range.")
    if sizes[1] > limits.max_size:
        raise VerifyException(f"Size 1 exceeds the [0:{limits.max_size}] range.")
    if sizes[3] > limits.iteration_wrap_max:
        raise VerifyException(f"Size 3 exceeds the [1:{limits.iteration_wrap_max}] range.")
    for i in range(4):
        if i == 0 and strides[0] * elem_bits <= 32:
            continue  # a unit (or sub-word) d0 stride is encoded as 1 word
        if i > 0 and sizes[i] <= 1:
            continue  # a dimension that never steps ignores its stride
        if strides[i] * elem_bits // 32 > limits.max_stride:
            raise VerifyException(f"Stride {i} exceeds the [1:{limits.max_stride}] range.")


# --- attr-dict-only instruction ops ----------------------------------------------------------


@irdl_op_definition
class NpuDmaWaitOp(FormattedOp):
    """Wait for the completion token of the shim DMA named by ``symbol``."""

    name = "aiex.npu.dma_wait"
    symbol = prop_def(FlatSymbolRefAttr)
    FORMAT: ClassVar[str] = "attr-dict"

    def __init__(self, symbol: str | SymbolRefAttr):
        super().__init__(
            properties={"symbol": SymbolRefAttr(symbol) if isinstance(symbol, str) else symbol}
        )

    def verify_rules(self) -> None:
        if device_spec(self) is not None and lookup_in_device(self, self.symbol) is None:
            raise VerifyException(
                "couldn't find symbol in parent device: nothing named "
                f"{symbol_text(self.symbol)} in the enclosing aie.device",
            )


def verify_address_target(op: Operation) -> None:
    """``buffer`` names an ``aie.buffer`` of the device; ``column``/``row`` come together
    and name a tile of the device."""
    spec = device_spec(op)
    buffer = op.properties.get("buffer")
    if spec is not None and isinstance(buffer, SymbolRefAttr):
        target = lookup_in_device(op, buffer)
        if target is None or target.name != "aie.buffer":
            raise VerifyException(f"buffer '{symbol_text(buffer)}' not found in device")
    column, row = op.properties.get("column"), op.properties.get("row")
    if (column is None) != (row is None):
        raise VerifyException(
            "column and row must be given together (a tile-relative address) or not at all"
        )
    if spec is not None and column is not None:
        col, r = int_value(column), int_value(row)
        if spec.tile_kind(col, r) is None:
            raise VerifyException(
                f"tile ({col}, {r}) is not on device {spec.name} ({spec.describe()})"
            )


@irdl_op_definition
class NpuWrite32Op(FormattedOp):
    """Write one 32-bit word; ``address`` is absolute, tile-relative (``column``/``row``)
    or buffer-relative (``buffer``, in words)."""

    name = "aiex.npu.write32"
    address = prop_def(UI32Attr)
    value = prop_def(UI32Attr)
    buffer = opt_prop_def(FlatSymbolRefAttr)
    column = opt_prop_def(I32Attr)
    row = opt_prop_def(I32Attr)
    FORMAT: ClassVar[str] = "attr-dict"

    def verify_rules(self) -> None:
        verify_address_target(self)


@irdl_op_definition
class NpuMaskWrite32Op(FormattedOp):
    """Read-modify-write of one word: only the bits set in ``mask`` take ``value``."""

    name = "aiex.npu.maskwrite32"
    address = prop_def(UI32Attr)
    value = prop_def(UI32Attr)
    mask = prop_def(UI32Attr)
    buffer = opt_prop_def(FlatSymbolRefAttr)
    column = opt_prop_def(I32Attr)
    row = opt_prop_def(I32Attr)
    FORMAT: ClassVar[str] = "attr-dict"

    def verify_rules(self) -> None:
        verify_address_target(self)


@irdl_op_definition
class NpuBlockWriteOp(FormattedOp):
    """Write a memref of words (usually a ``memref.get_global``) starting at ``address``."""

    name = "aiex.npu.blockwrite"
    data = operand_def(MemRefType)
    address = prop_def(UI32Attr)
    buffer = opt_prop_def(FlatSymbolRefAttr)
    column = opt_prop_def(I32Attr)
    row = opt_prop_def(I32Attr)
    FORMAT: ClassVar[str] = "`(` $data `)` attr-dict `:` type($data)"

    def verify_rules(self) -> None:
        verify_address_target(self)


@irdl_op_definition
class NpuWriteRTPOp(FormattedOp):
    """Write ``value`` at word ``index`` of the runtime-parameter ``aie.buffer``."""

    name = "aiex.npu.rtp_write"
    buffer = prop_def(FlatSymbolRefAttr)
    index = prop_def(UI32Attr)
    value = prop_def(I32Attr)
    FORMAT: ClassVar[str] = "`(` $buffer `,` $index `,` $value `)` attr-dict"

    def verify_rules(self) -> None:
        if device_spec(self) is None:
            return
        target = lookup_in_device(self, self.buffer)
        if target is None or target.name != "aie.buffer":
            raise VerifyException(
                f"runtime parameter buffer {symbol_text(self.buffer)} not found: expected an "
                "aie.buffer with that sym_name in the enclosing aie.device",
            )
        memref_type = target.results[0].type
        if isinstance(memref_type, MemRefType) and memref_type.has_static_shape():
            words = memref_type.element_count() * element_bits(memref_type.element_type) // 32
            if int_value(self.index) >= words:
                raise VerifyException(
                    f"index {int_value(self.index)} is past the end of buffer "
                    f"{symbol_text(self.buffer)} ({words} words)",
                )


@irdl_op_definition
class NpuAddressPatchOp(FormattedOp):
    """Patch the host address of runtime argument ``arg_idx`` (+ ``arg_plus`` bytes) into
    the BD address word at ``addr``."""

    name = "aiex.npu.address_patch"
    addr = prop_def(UI32Attr)
    arg_idx = prop_def(I32Attr)
    arg_plus = prop_def(I32Attr)
    FORMAT: ClassVar[str] = "attr-dict"


@irdl_op_definition
class NpuSyncOp(FormattedOp):
    """Wait for a task-complete token from ``column``/``row``'s ``direction``/``channel``
    (direction 0 = S2MM, 1 = MM2S) over ``column_num`` x ``row_num`` tiles."""

    name = "aiex.npu.sync"
    column = prop_def(I32Attr)
    row = prop_def(I32Attr)
    direction = prop_def(I32Attr)
    channel = prop_def(I32Attr)
    column_num = prop_def(I32Attr)
    row_num = prop_def(I32Attr)
    FORMAT: ClassVar[str] = "attr-dict"

    def __init__(
        self,
        column: int,
        row: int,
        direction: int,
        channel: int,
        column_num: int = 1,
        row_num: int = 1,
    ):
        fields = dict(
            column=column,
            row=row,
            direction=direction,
            channel=channel,
            column_num=column_num,
            row_num=row_num,
        )
        super().__init__(properties={k: int_attr(v) for k, v in fields.items()})

    def verify_rules(self) -> None:
        if int_value(self.direction) not in (DMAChannelDir.S2MM, DMAChannelDir.MM2S):
            raise VerifyException(
                f"direction = {int_value(self.direction)} must be 0 (S2MM) or 1 (MM2S)"
            )


@irdl_op_definition
class NpuPushQueueOp(FormattedOp):
    """Push BD ``bd_id`` onto the task queue of a tile's DMA channel."""

    name = "aiex.npu.push_queue"
    column = prop_def(I32Attr)
    row = prop_def(I32Attr)
    direction = prop_def(DMAChannelDirAttr)
    channel = prop_def(I32Attr)
    issue_token = prop_def(BoolAttr)
    repeat_count = prop_def(I32Attr)
    bd_id = prop_def(I32Attr)
    FORMAT: ClassVar[str] = "`(` $column `,` $row `,` $direction `:` $channel `)` attr-dict"

    def verify_rules(self) -> None:
        spec = device_spec(self)
        repeat = int_value(self.repeat_count)
        if not 0 <= repeat <= MAX_TASK_REPEAT_COUNT:
            raise VerifyException(f"Repeat count exceeds the [0:{MAX_TASK_REPEAT_COUNT}] range.")
        if spec is None:
            return
        col, row = int_value(self.column), int_value(self.row)
        kind = spec.tile_kind(col, row)
        if kind is None:
            raise VerifyException(
                f"tile ({col}, {row}) is not on device {spec.name} ({spec.describe()})"
            )
        bds = spec.kinds[kind].bds
        if not 0 <= int_value(self.bd_id) < bds:
            raise VerifyException(
                f"BD ID exceeds the maximum ID. bd_id = {int_value(self.bd_id)}, but a "
                f"{kind.human} has BDs 0..{bds - 1}",
            )


@irdl_op_definition
class NpuPreemptOp(FormattedOp):
    name = "aiex.npu.preempt"
    level = prop_def(UI8Attr)
    FORMAT: ClassVar[str] = "attr-dict"


@irdl_op_definition
class NpuLoadPdiOp(FormattedOp):
    """Load a PDI (device image), by ``device_ref`` symbol or ``id``/``size``/``address``."""

    name = "aiex.npu.load_pdi"
    device_ref = opt_prop_def(FlatSymbolRefAttr)
    id = opt_prop_def(I32Attr, default_value=ZERO_I32)
    size = opt_prop_def(I32Attr, default_value=ZERO_I32)
    address = opt_prop_def(UI64Attr, default_value=ZERO_UI64)
    FORMAT: ClassVar[str] = "attr-dict"


@irdl_op_definition
class NpuControlPacketOp(FormattedOp):
    """A control packet: ``opcode`` on ``stream_id`` writing/reading at ``address``."""

    name = "aiex.control_packet"
    address = prop_def(UI32Attr)
    length = opt_prop_def(I32Attr)
    opcode = prop_def(I32Attr)
    stream_id = prop_def(I32Attr)
    data = opt_prop_def(DenseArrayBase.constr(i32))
    FORMAT: ClassVar[str] = "attr-dict"


_WRITEBD_FIELDS = (
    "column", "bd_id", "buffer_length", "buffer_offset", "enable_packet", "out_of_order_id",
    "packet_id", "packet_type", "d0_size", "d0_stride", "d1_size", "d1_stride", "d2_size",
    "d2_stride", "iteration_current", "iteration_size", "iteration_stride", "next_bd", "row",
    "use_next_bd", "valid_bd", "lock_rel_val", "lock_rel_id", "lock_acq_enable",
    "lock_acq_val", "lock_acq_id", "d0_zero_before", "d1_zero_before", "d2_zero_before",
    "d0_zero_after", "d1_zero_after", "d2_zero_after",
)


def _field_range(max_value: int) -> str:
    return "1M-1" if max_value == (1 << 20) - 1 else str(max_value)


@irdl_op_definition
class NpuWriteBdOp(FormattedOp):
    """Write every field of one buffer descriptor of the tile at ``column``/``row``.

    Sizes and strides are hardware values (32-bit words; strides and the iteration size
    stored minus one)."""

    name = "aiex.npu.writebd"
    column = prop_def(I32Attr)
    bd_id = prop_def(I32Attr)
    buffer_length = prop_def(I32Attr)
    buffer_offset = prop_def(I32Attr)
    enable_packet = prop_def(I32Attr)
    out_of_order_id = prop_def(I32Attr)
    packet_id = prop_def(I32Attr)
    packet_type = prop_def(I32Attr)
    d0_size = prop_def(I32Attr)
    d0_stride = prop_def(I32Attr)
    d1_size = prop_def(I32Attr)
    d1_stride = prop_def(I32Attr)
    d2_size = prop_def(I32Attr)
    d2_stride = prop_def(I32Attr)
    iteration_current = prop_def(I32Attr)
    iteration_size = prop_def(I32Attr)
    iteration_stride = prop_def(I32Attr)
    next_bd = prop_def(I32Attr)
    row = prop_def(I32Attr)
    use_next_bd = prop_def(I32Attr)
    valid_bd = prop_def(I32Attr)
    lock_rel_val = prop_def(I32Attr)
    lock_rel_id = prop_def(I32Attr)
    lock_acq_enable = prop_def(I32Attr)
    lock_acq_val = prop_def(I32Attr)
    lock_acq_id = prop_def(I32Attr)
    d0_zero_before = prop_def(I32Attr)
    d1_zero_before = prop_def(I32Attr)
    d2_zero_before = prop_def(I32Attr)
    d0_zero_after = prop_def(I32Attr)
    d1_zero_after = prop_def(I32Attr)
    d2_zero_after = prop_def(I32Attr)
    burst_length = opt_prop_def(I32Attr, default_value=ZERO_I32)
    FORMAT: ClassVar[str] = "attr-dict"

    def __init__(self, *, burst_length: int = 0, **fields: int):
        missing = [f for f in _WRITEBD_FIELDS if f not in fields]
        if missing:
            raise TypeError(f"NpuWriteBdOp needs every BD field; missing {', '.join(missing)}")
        properties = {k: int_attr(v) for k, v in fields.items()}
        if burst_length:
            properties["burst_length"] = int_attr(burst_length)
        super().__init__(properties=properties)

    def field(self, name: str) -> int:
        return int_value(self.properties.get(name))

    def verify_rules(self) -> None:
        spec = device_spec(self)
        if spec is None:
            return
        col, row = self.field("column"), self.field("row")
        kind = spec.tile_kind(col, row)
        if kind is None:
            raise VerifyException(
                f"tile ({col}, {row}) is not on device {spec.name} ({spec.describe()})"
            )
        tile = spec.kinds[kind]
        limits = tile.bd
        get = self.field
        if not 0 <= get("bd_id") < tile.bds:
            raise VerifyException(
                f"BD ID exceeds the maximum ID. bd_id = {get('bd_id')}, but a {kind.human} "
                f"has BDs 0..{tile.bds - 1}",
            )
        if get("packet_id") >= 1 << limits.packet_id_bits:
            raise VerifyException(
                f"Packet ID exceeds the maximum supported by {limits.packet_id_bits} bits.",
            )
        if get("packet_type") >= 1 << limits.packet_type_bits:
            raise VerifyException(
                f"Packet Type exceeds the maximum supported by {limits.packet_type_bits} bits.",
            )
        linear = get("d0_size") >= 1 and get("d1_size") == 1 and get("iteration_size") == 0
        size_range = f"[0:{limits.max_size}]"
        step_max = (1 << limits.step_bits) - 1
        step_range = f"[0:{_field_range(step_max)}]"
        if not linear and get("d0_size") > limits.max_size:
            raise VerifyException(f"D0 Size exceeds the {size_range} range.")
        if get("d0_stride") > step_max:
            raise VerifyException(f"D0 Stride exceeds the {step_range} range.")
        if get("d1_size") > limits.max_size:
            raise VerifyException(f"D1 Size exceeds the {size_range} range.")
        if get("d1_stride") > step_max:
            raise VerifyException(f"D1 Stride exceeds the {step_range} range.")
        if not limits.last_dim_size_implicit and get("d2_size") > limits.max_size:
            raise VerifyException(f"D2 Size exceeds the {size_range} range.")
        if get("d2_stride") > step_max:
            raise VerifyException(f"D2 Stride exceeds the {step_range} range.")
        if get("iteration_size") > limits.iteration_wrap_max - 1:
            raise VerifyException(
                f"Iteration Size exceeds the [0:{limits.iteration_wrap_max - 1}] range."
            )
        if get("iteration_stride") > step_max:
            raise VerifyException(f"Iteration Stride exceeds the {step_range} range.")
        shim = kind is TileKind.SHIM_NOC
        if shim and get("d2_size") != 0:
            raise VerifyException("ShimTile only supports 3 dimensions of sizes.")
        padded = any(
            get(f"d{d}_zero_{w}") != 0 for d in range(3) for w in ("before", "after")
        )
        if padded and not limits.padding:
            name = "ShimTile" if shim else kind.human
            raise VerifyException(f"{name} doesn't support zero padding.")
        burst = get("burst_length")
        if burst != 0 and not shim:
            raise VerifyException("Only ShimTiles support burst length.")
        if burst and burst not in spec.shim_burst_lengths:
            raise VerifyException(burst_length_message(spec))


install_fast_verifiers(defined_ops(globals()))
