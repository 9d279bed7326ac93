"""DMA programs: aie.mem / aie.memtile_dma / aie.shim_dma, their BDs, locks and chains."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    BoolAttr,
    ModuleOp,
    IndexType,
    IntegerAttr,
    MemRefType,
    StringAttr,
    SymbolRefAttr,
    UnrankedMemRefType,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    successor_def,
    traits_def,
    var_region_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsTerminator, NoTerminator, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import DeviceSpec, TileKind, TileKindSpec
from iron_ir.dialects.aie.attrs import (
    BDDimLayoutArrayAttr,
    BDPadLayoutArrayAttr,
    BDPadLayoutAttr,
    DMAChannelDir,
    LockAction,
    LockBlocking,
    PacketInfoAttr,
    enum_attr,
)
from iron_ir.dialects.aie.bd_rules import verify_dma_bd
from iron_ir.dialects.aie.device import (
    BufferOp,
    DeviceOp,
    VerifyAt,
    device_spec_for,
    ExternalBufferOp,
    LockOp,
    element_bytes,
    memref_elements,
    parent_device,
    require_parent,
    require_tile_kind,
    tile_element_name,
    tile_kind_of,
)
from iron_ir.dialects.aie.syntax import (
    I32_ATTR,
    I64_ATTR,
    I32,
    I64,
    SYM_NAME,
    Codecs,
    Defaults,
    Enum,
    FormattedOp,
    Stripped,
    parse_type_cached,
    print_attr_dict,
    split_attr_dict,
)

# --- aie.dma_bd ---------------------------------------------------------------------------------

_BD_POSITIONAL = ("offset", "len", "dimensions", "pad_dimensions", "pad_value")


@irdl_op_definition
class DMABDOp(FormattedOp):
    """One buffer descriptor: ``aie.dma_bd(%buf : T, offset, len, [dims], [pads], pad_value = v)``."""

    name = "aie.dma_bd"
    buffer = operand_def(MemRefType | UnrankedMemRefType)
    offset = opt_prop_def(I32_ATTR)
    len = opt_prop_def(I32_ATTR)
    dimensions = opt_prop_def(BDDimLayoutArrayAttr)
    pad_dimensions = opt_prop_def(BDPadLayoutArrayAttr)
    pad_value = opt_prop_def(I32_ATTR)
    bd_id = opt_prop_def(I32_ATTR)
    packet = opt_prop_def(PacketInfoAttr)
    burst_length = opt_prop_def(I32_ATTR)
    next_bd_id = opt_prop_def(I32_ATTR)

    def __init__(
        self,
        buffer: SSAValue | Operation,
        offset: int = 0,
        length: int | None = None,
        dims: BDDimLayoutArrayAttr | Sequence[tuple[int, int]] | None = None,
        *,
        pad_dimensions: BDPadLayoutArrayAttr | Sequence[tuple[int, int]] | None = None,
        pad_value: int | None = None,
        bd_id: int | None = None,
        packet: PacketInfoAttr | tuple[int, int] | None = None,
        burst_length: int | None = None,
        next_bd_id: int | None = None,
    ):
        props: dict[str, Attribute] = {"offset": IntegerAttr(offset, i32)}
        if length is not None:
            props["len"] = IntegerAttr(length, i32)
        if dims is not None:
            props["dimensions"] = (
                dims if isinstance(dims, BDDimLayoutArrayAttr) else BDDimLayoutArrayAttr.from_pairs(dims)
            )
        if pad_dimensions is not None:
            if not isinstance(pad_dimensions, BDPadLayoutArrayAttr):
                pad_dimensions = BDPadLayoutArrayAttr(
                    [BDPadLayoutAttr(b, a) for b, a in pad_dimensions]
                )
            props["pad_dimensions"] = pad_dimensions
        if packet is not None:
            props["packet"] = packet if isinstance(packet, PacketInfoAttr) else PacketInfoAttr(*packet)
        for key, number in (
            ("pad_value", pad_value),
            ("bd_id", bd_id),
            ("burst_length", burst_length),
            ("next_bd_id", next_bd_id),
        ):
            if number is not None:
                props[key] = IntegerAttr(number, i32)
        super().__init__(operands=[buffer], properties=props)

    # -- queries -------------------------------------------------------------------------------

    @property
    def offset_value(self) -> int:
        return 0 if self.offset is None else self.offset.value.data

    @property
    def length_value(self) -> int:
        """``len`` if given, else the whole buffer minus the offset."""
        if self.len is not None:
            return self.len.value.data
        buffer_type = self.buffer.type
        if isinstance(buffer_type, MemRefType):
            return memref_elements(buffer_type) - self.offset_value
        return 0

    def dims(self) -> list[tuple[int, int]]:
        return [] if self.dimensions is None else self.dimensions.pairs()

    # -- syntax --------------------------------------------------------------------------------

    @classmethod
    def parse(cls, parser: Parser) -> DMABDOp:
        props: dict[str, Attribute] = {}
        parser.parse_punctuation("(")
        buffer = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        buffer_type = parse_type_cached(parser)
        positional = iter(("offset", "len"))
        keyword_sizes: list[int] | None = None
        keyword_strides: list[int] | None = None
        while parser.parse_optional_punctuation(")") is None:
            comma = parser.parse_optional_punctuation(",") is not None
            pos = parser.pos
            if (number := parser.parse_optional_integer(allow_boolean=False)) is not None:
                key = next(positional, None)
                if key is None:
                    parser.raise_error("aie.dma_bd takes at most two integers (offset, len)", pos)
                props[key] = IntegerAttr(number, i32)
            elif parser._current_token.text == "[":  # pyright: ignore[reportPrivateUsage]
                if "dimensions" not in props:
                    props["dimensions"] = BDDimLayoutArrayAttr.new(
                        BDDimLayoutArrayAttr.parse_parameters(parser)
                    )
                elif "pad_dimensions" not in props:
                    props["pad_dimensions"] = BDPadLayoutArrayAttr.new(
                        BDPadLayoutArrayAttr.parse_parameters(parser)
                    )
                else:
                    parser.raise_error("aie.dma_bd takes at most two lists (dims, pads)", pos)
            elif (word := parser.parse_optional_identifier()) is not None:
                # `pad_value = N` and the keyword form `offset = 0 len = 4096
                # sizes = [512, 4] strides = [8, 1] pad [<const_pad_before = 0, ...>]`.
                if word == "pad":
                    props["pad_dimensions"] = BDPadLayoutArrayAttr.new(
                        BDPadLayoutArrayAttr.parse_parameters(parser)
                    )
                    continue
                parser.parse_punctuation("=")
                if word in ("offset", "len", "pad_value"):
                    props[word] = IntegerAttr(parser.parse_integer(allow_boolean=False), i32)
                    if word == "offset":
                        next(positional, None)
                    elif word == "len":
                        positional = iter(())
                elif word in ("sizes", "strides"):
                    values = parser.parse_comma_separated_list(
                        parser.Delimiter.SQUARE,
                        lambda: parser.parse_integer(allow_boolean=False, allow_negative=False),
                    )
                    if word == "sizes":
                        keyword_sizes = values
                    else:
                        keyword_strides = values
                else:
                    parser.raise_error(
                        f"unknown aie.dma_bd field '{word}'; expected offset, len, sizes, "
                        "strides or pad_value",
                        pos,
                    )
            elif not comma:
                parser.raise_error("expected ',' or ')' in aie.dma_bd")
            else:
                parser.raise_error("expected an integer, a '[...]' list or pad_value here")
        if (keyword_sizes is None) != (keyword_strides is None):
            parser.raise_error("aie.dma_bd: `sizes` and `strides` must be given together")
        if keyword_sizes is not None and keyword_strides is not None:
            if len(keyword_sizes) != len(keyword_strides):
                parser.raise_error(
                    f"aie.dma_bd: {len(keyword_sizes)} sizes but {len(keyword_strides)} strides"
                )
            props["dimensions"] = BDDimLayoutArrayAttr.from_pairs(
                zip(keyword_sizes, keyword_strides)
            )
        entries = parser.parse_optional_attr_dict()
        more_props, attrs = split_attr_dict(cls, entries)
        props.update(more_props)
        if "offset" not in props:
            props["offset"] = IntegerAttr(0, i32)
        value = parser.resolve_operand(buffer, buffer_type)
        return cls.build(operands=[value], properties=props, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        printer.print_operand(self.buffer)
        printer.print_string(" : ")
        printer.print_attribute(self.buffer.type)
        offset = self.offset_value
        if self.len is not None or offset != 0:
            printer.print_string(f", {offset}")
        if self.len is not None:
            printer.print_string(f", {self.len.value.data}")
        if self.dimensions is not None:
            printer.print_string(", ")
            self.dimensions.print_parameters(printer)
        if self.pad_dimensions is not None:
            printer.print_string(", ")
            self.pad_dimensions.print_parameters(printer)
        if self.pad_value is not None and self.pad_value.value.data != 0:
            printer.print_string(f", pad_value = {self.pad_value.value.data}")
        printer.print_string(")")
        print_attr_dict(printer, self, _BD_POSITIONAL)

    # -- verification --------------------------------------------------------------------------

    def verify_rules(self) -> None:
        """mlir-aie's ``DMABDOp::verify``: the full rules inside a tile's DMA program; a BD of a
        runtime task only gets its burst-length rule (mlir-aie verifies the rest when the task
        is lowered; iron-lint checks it against the hardware before that)."""
        context = bd_tile_context(self)
        if context is None:
            return
        spec, kind_spec, owner = context
        if owner.name not in _DMA_PARENTS:
            message = self._check_burst(spec, kind_spec)
            if message is not None:
                raise VerifyException(message)
            return
        self._verify_buffer_operand(owner)
        message = self._check_fields(spec, kind_spec)
        if message is not None:
            raise VerifyException(message)
        buffer_type = self.buffer.type
        static = isinstance(buffer_type, MemRefType) and all(
            d >= 0 for d in buffer_type.get_shape()
        )
        if self.len is None and not static:
            raise VerifyException("buffer with dynamic shape requires static length.")
        eb = element_bytes(buffer_type) if isinstance(buffer_type, MemRefType) else 4
        defining = self.buffer.owner
        address = defining.address if isinstance(defining, BufferOp) else None
        dims = self.dims()
        message = verify_dma_bd(
            [s for s, _ in dims],
            [t for _, t in dims],
            self.offset_value,
            None if self.len is None else self.len.value.data,
            eb,
            memref_elements(buffer_type) if static else None,
            kind_spec,
            None if self.pad_dimensions is None else self.pad_dimensions.pairs(),
            None if address is None else address.value.data,
        )
        if message is not None:
            raise VerifyException(message)

    def _verify_buffer_operand(self, owner: Operation) -> None:
        if isinstance(self.buffer.type, UnrankedMemRefType):
            return
        defining = self.buffer.owner
        if not isinstance(defining, BufferOp | ExternalBufferOp):
            raise VerifyException("BDs only support BufferOp or ExternalBufferOp operands.")
        if owner.name == "aie.mem" and isinstance(defining, BufferOp):
            if defining.tile is not owner.operands[0]:
                raise VerifyException(
                    "Core tile DMAs can only access a buffer in the same tile."
                )

    def _check_fields(self, spec: DeviceSpec, kind_spec: TileKindSpec) -> str | None:
        bd = kind_spec.bd
        for key, label in (("bd_id", "bdId"), ("next_bd_id", "nextBdId")):
            attr = self.properties.get(key)
            if isinstance(attr, IntegerAttr) and not 0 <= attr.value.data < kind_spec.bds:
                return f"{label} attribute exceeds max: {kind_spec.bds - 1}"
        if self.packet is not None:
            if self.packet.pkt_type.data >= 1 << bd.packet_type_bits:
                return f"Packet type field can only hold {bd.packet_type_bits} bits."
            if self.packet.pkt_id.data >= 1 << bd.packet_id_bits:
                return f"Packet ID field can only hold {bd.packet_id_bits} bits."
        return self._check_burst(spec, kind_spec)

    def _check_burst(self, spec: DeviceSpec, kind_spec: TileKindSpec) -> str | None:
        if self.burst_length is None or self.burst_length.value.data == 0:
            return None
        if kind_spec.kind is not TileKind.SHIM_NOC:
            return (
                "Burst length is only supported in Shim NOC tiles that are connected to the "
                "memory-mapped NOC."
            )
        if self.burst_length.value.data not in spec.shim_burst_lengths:
            return (
                "Requested burst length is not supported by the target. Supported burst "
                "lengths: " + " ".join(str(b) for b in spec.shim_burst_lengths)
            )
        return None


def bd_tile_context(op: Operation) -> tuple[DeviceSpec, TileKindSpec, Operation] | None:
    """The device, tile kind and owning op that decide the limits of a BD-like op.

    Found generically from the nearest enclosing op that names a tile: a DMA program
    (``aie.mem``/``aie.memtile_dma``/``aie.shim_dma``, via ``aie.dma``), a runtime DMA task on an
    explicit tile (an op with a ``tile`` operand, e.g. ``aiex.dma_configure_task``) or a task
    for a symbol (an op with an ``alloc`` symbol, e.g. ``aiex.dma_configure_task_for @fifo``: the
    shim tile of that objectfifo or shim_dma_allocation — runtime buffers live in DDR). None
    when no tile can be determined.
    """
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, DeviceOp):
        if parent.name in ("aie.mem", "aie.memtile_dma", "aie.shim_dma"):
            return _context_from_tile(parent.operands[0], parent)
        tile_operand = _named_operand(parent, "tile")
        if tile_operand is not None:
            return _context_from_tile(tile_operand, parent)
        alloc = parent.properties.get("alloc")
        if isinstance(alloc, SymbolRefAttr):
            return _context_from_symbol(parent, alloc)
        parent = parent.parent_op()
    return None


def _named_operand(op: Operation, name: str) -> SSAValue | None:
    value = getattr(op, name, None)
    return value if isinstance(value, SSAValue) else None


def _context_from_tile(
    tile: SSAValue, owner: Operation
) -> tuple[DeviceSpec, TileKindSpec, Operation] | None:
    found = tile_kind_of(tile)
    if found is None:
        return None
    _, spec, kind = found
    return spec, spec.kinds[kind], owner


def _context_from_symbol(
    owner: Operation, symbol: SymbolRefAttr
) -> tuple[DeviceSpec, TileKindSpec, Operation] | None:
    device = parent_device(owner)
    if device is None:
        return None
    target = None
    for child in device.body_region.block.ops:
        if child.properties.get("sym_name") == symbol.root_reference:
            target = child
            break
    if target is None:
        return None
    if isinstance(target, ShimDMAAllocationOp):
        return _context_from_tile(target.tile, owner)
    # An objectfifo: the runtime side of its transfer is the shim endpoint.
    for tile in target.operands:
        found = tile_kind_of(tile)
        if found is not None and found[2].is_shim:
            return found[1], found[1].kinds[found[2]], owner
    return None


# --- aie.mem / aie.memtile_dma / aie.shim_dma ----------------------------------------------------


class _DMAProgramOp(FormattedOp):
    """A tile's DMA program: blocks of dma_start / BD chains, ending in aie.end."""

    FORMAT: ClassVar[str] = "`(` $tile `)` regions attr-dict"
    TILE_KINDS: ClassVar[tuple[TileKind, ...]] = ()
    HINT: ClassVar[str] = ""

    def asm_result_names(self) -> list[str | None]:
        return [tile_element_name(self.HINT, self.operands[0])]

    def verify_rules(self) -> None:
        """mlir-aie's HasSomeTerminator, HasValidBDs and HasValidDMAChannels traits (and the
        local-only channels of a mem tile). A channel index the tile lacks and two
        dma_start ops on one channel are iron-lint's: aie-opt accepts both."""
        tile = self.operands[0]
        require_tile_kind(self, tile, self.TILE_KINDS, "where this DMA program runs")
        region = self.regions[0]
        for block in region.blocks:
            last = block.last_op
            if last is not None and last.name not in _PROGRAM_TERMINATORS:
                raise VerifyAt(last, f"is not an allowed terminator (in this '{self.name}')")
        found = tile_kind_of(tile)
        if found is None:
            return
        _, spec, kind = found
        kind_spec = spec.kinds[kind]
        bd_blocks = 0
        used: dict[int, set[int]] = {DMAChannelDir.S2MM: set(), DMAChannelDir.MM2S: set()}
        for block in region.blocks:
            bds = [op for op in block.ops if isinstance(op, DMABDOp)]
            if bds:
                bd_blocks += 1
                if bd_blocks > kind_spec.bds:
                    raise VerifyException(
                        f"has more than {kind_spec.bds} blocks (no space for the BD at "
                        f"{_where(bds[0])}; a {kind.human} has {kind_spec.bds} BDs)"
                    )
                if len(bds) != 1:
                    raise VerifyException(
                        f"BD block must have at most one DMABDOp, found {len(bds)}"
                    )
                locks = [op for op in block.ops if isinstance(op, UseLockOp)]
                acquires = sum(1 for op in locks if op.action.value.data != LockAction.Release)
                releases = len(locks) - acquires
                if acquires > 1:
                    raise VerifyException(
                        f"BD block must have at most one acquire UseLockOp, found {acquires}"
                    )
                if releases > 1:
                    raise VerifyException(
                        f"BD block must have at most one release UseLockOp, found {releases}"
                    )
            for op in block.ops:
                if isinstance(op, DMAStartOp | DMAOp):
                    used[op.channel_dir.value.data].add(op.channel_index.value.data)
                if isinstance(op, DMAStartOp) and op.channel_index.value.data in (
                    kind_spec.local_only_channels
                ):
                    _verify_local_only(op, tile)
        for direction, word in ((DMAChannelDir.S2MM, "input"), (DMAChannelDir.MM2S, "output")):
            available = kind_spec.dma_channels(DMAChannelDir(direction).name)
            if len(used[direction]) > available:
                raise VerifyException(
                    f"uses more {word} channels than available on this tile ({kind.human}: "
                    f"{available} {DMAChannelDir(direction).name} channels, used "
                    f"{sorted(used[direction])})"
                )


_PROGRAM_TERMINATORS = ("aie.dma_start", "aie.next_bd", "aie.end")


def _where(op: Operation) -> str:
    loc = op.location
    line = getattr(getattr(loc, "line", None), "data", None)
    return f"line {line}" if line is not None else f"'{op.name}'"


def _verify_local_only(start: DMAStartOp, tile: SSAValue) -> None:
    """Mem-tile channels 4 and 5 reach only the tile's own buffers and locks."""
    channel = start.channel_index.value.data
    seen: set[Block] = set()
    work = [start.dest]
    while work:
        block = work.pop()
        if block in seen:
            continue
        seen.add(block)
        for op in block.ops:
            if isinstance(op, DMABDOp):
                buffer = op.buffer.owner
                if isinstance(buffer, BufferOp) and buffer.tile is not tile:
                    raise VerifyAt(
                        op,
                        f"is reachable from DMA channel {channel} and attempts to access a "
                        "non-local buffer",
                    )
            elif isinstance(op, UseLockOp):
                lock = op.lock.owner
                if isinstance(lock, LockOp) and lock.tile is not tile:
                    raise VerifyAt(
                        op,
                        f"is reachable from DMA channel {channel} and attempts to access a "
                        "non-local lock",
                    )
        if block.last_op is not None:
            work.extend(block.last_op.successors)


def _dma_program_init(op: _DMAProgramOp, tile: SSAValue | Operation, body: Region | None) -> None:
    if body is None:
        body = Region(Block([_end()]))
    FormattedOp.__init__(op, operands=[tile], regions=[body], result_types=[IndexType()])


def _end() -> Operation:
    from iron_ir.dialects.aie.device import EndOp

    return EndOp()


@irdl_op_definition
class MemOp(_DMAProgramOp):
    name = "aie.mem"
    tile = operand_def(IndexType())
    body = region_def()
    result = result_def(IndexType())
    TILE_KINDS: ClassVar[tuple[TileKind, ...]] = (TileKind.COMPUTE,)
    HINT: ClassVar[str] = "mem"

    def __init__(self, tile: SSAValue | Operation, body: Region | None = None):
        _dma_program_init(self, tile, body)


@irdl_op_definition
class MemTileDMAOp(_DMAProgramOp):
    name = "aie.memtile_dma"
    tile = operand_def(IndexType())
    body = region_def()
    result = result_def(IndexType())
    TILE_KINDS: ClassVar[tuple[TileKind, ...]] = (TileKind.MEM,)
    HINT: ClassVar[str] = "memtile_dma"

    def __init__(self, tile: SSAValue | Operation, body: Region | None = None):
        _dma_program_init(self, tile, body)


@irdl_op_definition
class ShimDMAOp(_DMAProgramOp):
    name = "aie.shim_dma"
    tile = operand_def(IndexType())
    body = region_def()
    result = result_def(IndexType())
    TILE_KINDS: ClassVar[tuple[TileKind, ...]] = (TileKind.SHIM_NOC,)
    HINT: ClassVar[str] = "shim_dma"

    def __init__(self, tile: SSAValue | Operation, body: Region | None = None):
        _dma_program_init(self, tile, body)


_DMA_PARENTS = ("aie.mem", "aie.memtile_dma", "aie.shim_dma")


# --- aie.dma_start / aie.next_bd / aie.dma ----------------------------------------------------


@irdl_op_definition
class DMAStartOp(FormattedOp):
    name = "aie.dma_start"
    channel_dir = prop_def(I32_ATTR)
    channel_index = prop_def(I32_ATTR)
    repeat_count = opt_prop_def(I32_ATTR)
    dest = successor_def()
    chain = successor_def()
    valid = result_def(i1)
    traits = traits_def(IsTerminator())
    FORMAT: ClassVar[str] = (
        "`(` $channel_dir `,` $channel_index `,` $dest `,` $chain "
        "(`,` `repeat_count` `=` $repeat_count^)? `)` attr-dict"
    )
    CODECS: ClassVar[Codecs] = {
        "channel_dir": Enum(DMAChannelDir),
        "channel_index": I32,
        "repeat_count": I32,
    }
    DEFAULTS: ClassVar[Defaults] = {"repeat_count": IntegerAttr(0, i32)}

    def __init__(
        self,
        channel_dir: DMAChannelDir,
        channel_index: int,
        dest: Block,
        chain: Block,
        repeat_count: int | None = None,
    ):
        props: dict[str, Attribute] = {
            "channel_dir": enum_attr(channel_dir),
            "channel_index": IntegerAttr(channel_index, i32),
        }
        if repeat_count is not None:
            props["repeat_count"] = IntegerAttr(repeat_count, i32)
        super().__init__(properties=props, successors=[dest, chain], result_types=[i1])

    def verify_rules(self) -> None:
        require_parent(self, (*_DMA_PARENTS, "func.func"))
        if self.channel_index.value.data < 0:
            raise VerifyException("aie.dma_start channel index must be non-negative")


@irdl_op_definition
class NextBDOp(FormattedOp):
    name = "aie.next_bd"
    dest = successor_def()
    traits = traits_def(IsTerminator())
    FORMAT: ClassVar[str] = "$dest attr-dict"

    def __init__(self, dest: Block):
        super().__init__(successors=[dest])


@irdl_op_definition
class DMAOp(FormattedOp):
    """``aie.dma(S2MM, 0) [{bd-region}, ...]``: one channel's BD sequence, region per BD."""

    name = "aie.dma"
    channel_dir = prop_def(I32_ATTR)
    channel_index = prop_def(I32_ATTR)
    loop = opt_prop_def(BoolAttr)
    repeat_count = opt_prop_def(I32_ATTR)
    sym_name = opt_prop_def(StringAttr)
    bds = var_region_def("single_block")
    valid = result_def(i1)
    traits = traits_def(NoTerminator())
    FORMAT: ClassVar[str] = "`(` $channel_dir `,` $channel_index `)` attr-dict ` ` `[` regions `]`"
    CODECS: ClassVar[Codecs] = {"channel_dir": Enum(DMAChannelDir), "channel_index": I32}
    DEFAULTS: ClassVar[Defaults] = {
        "loop": BoolAttr.from_bool(True),
        "repeat_count": IntegerAttr(0, i32),
    }

    def __init__(
        self,
        channel_dir: DMAChannelDir,
        channel_index: int,
        bds: Sequence[Region],
        loop: bool | None = None,
        repeat_count: int | None = None,
        sym_name: str | None = None,
    ):
        props: dict[str, Attribute] = {
            "channel_dir": enum_attr(channel_dir),
            "channel_index": IntegerAttr(channel_index, i32),
        }
        if loop is not None:
            props["loop"] = BoolAttr.from_bool(loop)
        if repeat_count is not None:
            props["repeat_count"] = IntegerAttr(repeat_count, i32)
        if sym_name is not None:
            props["sym_name"] = StringAttr(sym_name)
        super().__init__(properties=props, regions=[list(bds)], result_types=[i1])

    def asm_result_names(self) -> list[str | None]:
        return [self.sym_name.data if self.sym_name is not None else None]

    def verify_rules(self) -> None:
        require_parent(self, _DMA_PARENTS)
        parent = self.parent_op()
        assert parent is not None
        if len(parent.regions[0].blocks) > 1:
            raise VerifyException("DMAOp can only appear in single block region")
        if any(isinstance(op, DMAStartOp) for op in parent.regions[0].block.ops):
            raise VerifyException("DMAOp is not compatible with DMAStart ops")
        for region in self.bds:
            if len(region.blocks) != 1:
                raise VerifyException("DMAOp regions must have only one block")
            ops = list(region.block.ops)
            if sum(isinstance(op, DMABDOp) for op in ops) != 1:
                raise VerifyException("DMAOp regions/blocks must have exactly one DMABDOp")
            if sum(isinstance(op, UseLockOp) for op in ops) != 2:
                raise VerifyException("DMAOp regions/blocks must have exactly two UseLock ops")


# --- aie.use_lock -------------------------------------------------------------------------------


@irdl_op_definition
class UseLockOp(FormattedOp):
    name = "aie.use_lock"
    lock = operand_def(IndexType())
    action = prop_def(I32_ATTR)
    value = opt_prop_def(I32_ATTR)
    blocking = opt_prop_def(I32_ATTR)
    acq_en = opt_prop_def(BoolAttr)
    FORMAT: ClassVar[str] = (
        "`(` $lock `,` $action (`,` $value^)? (`,` $blocking^)? `)` attr-dict"
    )
    CODECS: ClassVar[Codecs] = {
        "action": Enum(LockAction),
        "value": I32,
        "blocking": Enum(LockBlocking),
    }
    DEFAULTS: ClassVar[Defaults] = {"acq_en": BoolAttr.from_bool(True)}

    def __init__(
        self,
        lock: SSAValue | Operation,
        action: LockAction,
        value: int | None = None,
        blocking: LockBlocking | None = None,
    ):
        props: dict[str, Attribute] = {"action": enum_attr(action)}
        if value is not None:
            props["value"] = IntegerAttr(value, i32)
        if blocking is not None:
            props["blocking"] = enum_attr(blocking)
        super().__init__(operands=[lock], properties=props)

    @property
    def value_or_default(self) -> int:
        return 1 if self.value is None else self.value.value.data

    def verify_rules(self) -> None:
        """mlir-aie's ``UseLockOp::verify``. A value the lock cannot hold is iron-lint's."""
        parent = self.parent_op()
        if parent is None or isinstance(parent, DeviceOp | ModuleOp):
            raise VerifyException("must be used in a core or memory operation.")
        spec = device_spec_for(self)
        if (
            spec is not None
            and not spec.uses_semaphore_locks
            and self.action.value.data == LockAction.AcquireGreaterEqual
        ):
            raise VerifyException("AcquireGreaterEqual is not supported in AIE1.")
        program = parent
        while program is not None and program.name not in _DMA_PARENTS:
            program = program.parent_op()
        if program is not None:
            block = self.parent_block()
            assert block is not None
            uses = [op for op in block.ops if isinstance(op, UseLockOp)]
            if spec is not None and not spec.uses_semaphore_locks:
                ids = {
                    op.lock.owner.lockID.value.data  # pyright: ignore
                    for op in uses
                    if isinstance(op.lock.owner, LockOp) and op.lock.owner.lockID is not None
                }
                if len(ids) > 1:
                    raise VerifyException("used in a DMA block that have multiple locks.")
            for releasing in (False, True):
                values = {
                    op.value_or_default
                    for op in uses
                    if (op.action.value.data == LockAction.Release) == releasing
                }
                if len(values) > 1:
                    raise VerifyException(
                        "acquires/releases the lock in a DMA block from/to multiple states."
                    )
            lock = self.lock.owner
            if program.name == "aie.mem" and isinstance(lock, LockOp):
                if lock.tile is not program.operands[0]:
                    raise VerifyException("can only access a lock in the same tile")
            return
        current: Operation | None = parent
        while current is not None:
            if current.name in ("aie.core", "func.func", "aiex.dma_configure_task"):
                return
            current = current.parent_op()
        raise VerifyException(
            "expects some parent op to be one of AIE::device, AIE::core, func::func, AIE::mem, "
            "AIE::shimDMA, or AIEX::dma_configure_task"
        )


# --- aie.dma_bd_packet --------------------------------------------------------------------------


@irdl_op_definition
class DMABDPACKETOp(FormattedOp):
    name = "aie.dma_bd_packet"
    packet_type = prop_def(I32_ATTR)
    packet_id = prop_def(I32_ATTR)
    FORMAT: ClassVar[str] = "`(` $packet_type `,` $packet_id `)` attr-dict"
    CODECS: ClassVar[Codecs] = {"packet_type": I32, "packet_id": I32}

    def __init__(self, packet_type: int, packet_id: int):
        super().__init__(
            properties={
                "packet_type": IntegerAttr(packet_type, i32),
                "packet_id": IntegerAttr(packet_id, i32),
            }
        )

    def verify_rules(self) -> None:
        context = bd_tile_context(self)
        if context is None:
            return
        bd = context[1].bd
        if not 0 <= self.packet_type.value.data < 1 << bd.packet_type_bits:
            raise VerifyException(f"Packet type field can only hold {bd.packet_type_bits} bits.")
        if not 0 <= self.packet_id.value.data < 1 << bd.packet_id_bits:
            raise VerifyException(f"Packet ID field can only hold {bd.packet_id_bits} bits.")


# --- aie.bd_chain -------------------------------------------------------------------------------


@irdl_op_definition
class BDChainOp(FormattedOp):
    """``aie.bd_chain @name(%arg0: T, ...) { blocks }``: a reusable BD chain on runtime buffers."""

    name = "aie.bd_chain"
    sym_name = prop_def(StringAttr)
    body = region_def()
    traits = traits_def(SymbolOpInterface())

    def __init__(self, sym_name: str, arg_types: Sequence[Attribute], body: Region | None = None):
        if body is None:
            body = Region(Block(arg_types=arg_types))
        super().__init__(properties={"sym_name": StringAttr(sym_name)}, regions=[body])

    @classmethod
    def parse(cls, parser: Parser) -> BDChainOp:
        sym = parser.parse_symbol_name()
        args = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=True)
        )
        body = parser.parse_region(args)
        return cls.build(properties={"sym_name": sym}, regions=[body])

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string("(")
        block = self.body.blocks.first
        if block is not None:
            printer.print_list(block.args, printer.print_block_argument)
        printer.print_string(") ")
        printer.print_region(self.body, print_entry_block_args=False)


# --- aie.shim_dma_allocation --------------------------------------------------------------------


@irdl_op_definition
class ShimDMAAllocationOp(FormattedOp):
    name = "aie.shim_dma_allocation"
    sym_name = prop_def(StringAttr)
    tile = operand_def(IndexType())
    channel_dir = prop_def(I32_ATTR)
    channel_index = prop_def(I64_ATTR)
    plio = opt_prop_def(BoolAttr)
    packet = opt_prop_def(PacketInfoAttr)
    traits = lazy_traits_def(lambda: (HasParent(DeviceOp), SymbolOpInterface()))
    FORMAT: ClassVar[str] = (
        "$sym_name `(` $tile `,` $channel_dir `,` $channel_index (`,` $packet^)? `)` attr-dict"
    )
    CODECS: ClassVar[Codecs] = {
        "sym_name": SYM_NAME,
        "channel_dir": Enum(DMAChannelDir),
        "channel_index": I64,
        "packet": Stripped(PacketInfoAttr),
    }
    DEFAULTS: ClassVar[Defaults] = {"plio": BoolAttr.from_bool(False)}

    def __init__(
        self,
        sym_name: str,
        tile: SSAValue | Operation,
        channel_dir: DMAChannelDir,
        channel_index: int,
        plio: bool | None = None,
        packet: PacketInfoAttr | None = None,
    ):
        props: dict[str, Attribute] = {
            "sym_name": StringAttr(sym_name),
            "channel_dir": enum_attr(channel_dir),
            "channel_index": IntegerAttr(channel_index, i64),
        }
        if plio is not None:
            props["plio"] = BoolAttr.from_bool(plio)
        if packet is not None:
            props["packet"] = packet
        super().__init__(operands=[tile], properties=props)

    def verify_rules(self) -> None:
        require_tile_kind(
            self, self.tile, (TileKind.SHIM_NOC, TileKind.SHIM_PL), "shim DMA channels"
        )
        found = tile_kind_of(self.tile)
        if found is None:
            return
        _, spec, kind = found
        direction = DMAChannelDir(self.channel_dir.value.data).name
        available = spec.kinds[kind].dma_channels(direction)
        channel = self.channel_index.value.data
        if not 0 <= channel < available:
            raise VerifyException(
                f"aie.shim_dma_allocation @{self.sym_name.data}: {direction} channel {channel} "
                f"does not exist; a {kind.human} has {available} {direction} channels"
            )


__all__ = [
    "BDChainOp",
    "DMABDOp",
    "DMABDPACKETOp",
    "DMAOp",
    "DMAStartOp",
    "MemOp",
    "MemTileDMAOp",
    "NextBDOp",
    "ShimDMAAllocationOp",
    "ShimDMAOp",
    "UseLockOp",
    "bd_tile_context",
]
