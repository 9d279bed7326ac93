"""Buffer descriptors: aie.dma_bd, aie.dma_bd_packet, aie.bd_chain, and the tile that decides
the limits of a BD wherever it sits (a DMA program or a runtime DMA task)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    IntegerAttr,
    MemRefType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    UnrankedMemRefType,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import DeviceSpec, TileKind, TileKindSpec
from iron_ir.dialects.aie.attrs import (
    BDDimLayoutArrayAttr,
    BDPadLayoutArrayAttr,
    BDPadLayoutAttr,
    PacketInfoAttr,
)
from iron_ir.dialects.aie.bd_rules import verify_dma_bd
from iron_ir.dialects.aie.device import (
    BufferOp,
    DeviceOp,
    ExternalBufferOp,
    element_bytes,
    memref_elements,
    parent_device,
    tile_kind_of,
)
from iron_ir.ir.constraints import I32Attr, int_attr
from iron_ir.ir.symbols import lookup_in
from iron_ir.ir.syntax import CustomDirective, EntryArguments, FormattedOp, next_char
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers

# --- aie.dma_bd ---------------------------------------------------------------------------------

# The ops whose regions are a tile's DMA program.
DMA_PROGRAMS = ("aie.mem", "aie.memtile_dma", "aie.shim_dma")


class BDFields(CustomDirective):
    """The positional fields of ``aie.dma_bd``: ``, offset, len, [dims], [pads], pad_value = v``
    (mlir-aie's hand-written ``DMABDOp`` syntax). Each field may follow a comma; offset and len
    are printed when len is set or offset is not 0, pad_value when it is not 0. The older keyword
    form ``offset = 0 len = 4096 sizes = [512, 4] strides = [8, 1]`` is accepted."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> tuple[Attribute | None, ...]:
        fields: dict[str, Attribute] = {}
        positional = iter(("offset", "len"))
        keyword_sizes: list[int] | None = None
        keyword_strides: list[int] | None = None
        while next_char(parser) != ")":
            comma = parser.parse_optional_punctuation(",") is not None
            pos = parser.pos
            if (number := parser.parse_optional_integer(allow_boolean=False)) is not None:
                key = next(positional, None)
                if key is None:
                    parser.raise_error("aie.dma_bd takes at most two integers (offset, len)", pos)
                fields[key] = int_attr(number)
            elif next_char(parser) == "[":
                if "dimensions" not in fields:
                    fields["dimensions"] = BDDimLayoutArrayAttr.new(
                        BDDimLayoutArrayAttr.parse_parameters(parser)
                    )
                elif "pad_dimensions" not in fields:
                    fields["pad_dimensions"] = BDPadLayoutArrayAttr.new(
                        BDPadLayoutArrayAttr.parse_parameters(parser)
                    )
                else:
                    parser.raise_error("aie.dma_bd takes at most two lists (dims, pads)", pos)
            elif (word := parser.parse_optional_identifier()) is not None:
                if word == "pad":
                    fields["pad_dimensions"] = BDPadLayoutArrayAttr.new(
                        BDPadLayoutArrayAttr.parse_parameters(parser)
                    )
                    continue
                parser.parse_punctuation("=")
                if word in ("offset", "len", "pad_value"):
                    fields[word] = int_attr(parser.parse_integer(allow_boolean=False))
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
            fields["dimensions"] = BDDimLayoutArrayAttr.from_pairs(
                zip(keyword_sizes, keyword_strides)
            )
        fields.setdefault("offset", int_attr(0))
        return tuple(
            fields.get(name) for name in ("offset", "len", "dimensions", "pad_dimensions", "pad_value")
        )

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        offset, length, dimensions, pad_dimensions, pad_value = values
        offset_value = 0 if offset is None else offset.value.data  # pyright: ignore
        if length is not None or offset_value != 0:
            printer.print_string(f", {offset_value}")
        if length is not None:
            printer.print_string(f", {length.value.data}")  # pyright: ignore
        if dimensions is not None:
            printer.print_string(", ")
            dimensions.print_parameters(printer)  # pyright: ignore
        if pad_dimensions is not None:
            printer.print_string(", ")
            pad_dimensions.print_parameters(printer)  # pyright: ignore
        if pad_value is not None and pad_value.value.data != 0:  # pyright: ignore
            printer.print_string(f", pad_value = {pad_value.value.data}")  # pyright: ignore




@irdl_op_definition
class DMABDOp(FormattedOp):
    """One buffer descriptor: ``aie.dma_bd(%buf : T, offset, len, [dims], [pads], pad_value = v)``."""

    name = "aie.dma_bd"
    buffer = operand_def(MemRefType | UnrankedMemRefType)
    offset = opt_prop_def(I32Attr)
    len = opt_prop_def(I32Attr)
    dimensions = opt_prop_def(BDDimLayoutArrayAttr)
    pad_dimensions = opt_prop_def(BDPadLayoutArrayAttr)
    pad_value = opt_prop_def(I32Attr)
    bd_id = opt_prop_def(I32Attr)
    packet = opt_prop_def(PacketInfoAttr)
    burst_length = opt_prop_def(I32Attr)
    next_bd_id = opt_prop_def(I32Attr)
    FORMAT: ClassVar[str] = (
        "`(` $buffer `:` type($buffer) `` "
        "custom<BDFields>($offset, $len, $dimensions, $pad_dimensions, $pad_value) `)` attr-dict"
    )
    custom_directives = (BDFields,)

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
        props: dict[str, Attribute] = {"offset": int_attr(offset)}
        if length is not None:
            props["len"] = int_attr(length)
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
                props[key] = int_attr(number)
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

    # -- verification --------------------------------------------------------------------------

    def verify_rules(self) -> None:
        """mlir-aie's ``DMABDOp::verify``: the full rules inside a tile's DMA program; a BD of a
        runtime task only gets its burst-length rule (mlir-aie verifies the rest when the task
        is lowered; iron-lint checks it against the hardware before that)."""
        context = bd_tile_context(self)
        if context is None:
            return
        spec, kind_spec, owner = context
        if owner.name not in DMA_PROGRAMS:
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
        if parent.name in DMA_PROGRAMS:
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
    target = lookup_in(device, symbol.root_reference.data)
    if target is None:
        return None
    if target.name == "aie.shim_dma_allocation":
        tile = _named_operand(target, "tile")
        return None if tile is None else _context_from_tile(tile, owner)
    # An objectfifo: the runtime side of its transfer is the shim endpoint.
    for tile in target.operands:
        found = tile_kind_of(tile)
        if found is not None and found[2].is_shim:
            return found[1], found[1].kinds[found[2]], owner
    return None


# --- aie.dma_bd_packet --------------------------------------------------------------------------


@irdl_op_definition
class DMABDPACKETOp(FormattedOp):
    name = "aie.dma_bd_packet"
    packet_type = prop_def(I32Attr)
    packet_id = prop_def(I32Attr)
    FORMAT: ClassVar[str] = "`(` $packet_type `,` $packet_id `)` attr-dict"

    def __init__(self, packet_type: int, packet_id: int):
        super().__init__(
            properties={
                "packet_type": int_attr(packet_type),
                "packet_id": int_attr(packet_id),
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
    sym_name = prop_def(SymbolNameConstraint())
    body = region_def()
    traits = traits_def(SymbolOpInterface())
    FORMAT: ClassVar[str] = "$sym_name `` custom<EntryArguments>($body)"
    custom_directives = (EntryArguments,)

    def __init__(self, sym_name: str, arg_types: Sequence[Attribute], body: Region | None = None):
        if body is None:
            body = Region(Block(arg_types=arg_types))
        super().__init__(properties={"sym_name": StringAttr(sym_name)}, regions=[body])


__all__ = ["DMA_PROGRAMS", "BDChainOp", "BDFields", "DMABDOp", "DMABDPACKETOp", "bd_tile_context"]


install_fast_verifiers(defined_ops(globals()))
