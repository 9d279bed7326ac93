"""aie.objectfifo and the ops that link, acquire, access and release its elements."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TensorType,
    VectorType,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import TileKind
from iron_ir.dialects.aie.attrs import (
    BDDimLayoutArrayArrayAttr,
    BDDimLayoutArrayAttr,
    BDPadLayoutArrayAttr,
    BDPadLayoutAttr,
    ObjectFifoSubviewType,
    ObjectFifoType,
)
from iron_ir.dialects.aie.enums import ObjectFifoPort, ObjectFifoPortAttr, enum_attr
from iron_ir.dialects.aie.device import (
    CoreOp,
    DeviceOp,
    VerifyAt,
    tile_kind_of,
    tile_op_of,
)
from iron_ir.ir.constraints import I32Attr, int_attr, symbol_ref
from iron_ir.ir.symbols import lookup_in
from iron_ir.ir.syntax import CustomDirective, FormattedOp
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers

Dims = BDDimLayoutArrayAttr | Sequence[tuple[int, int]]


def _dims(value: Dims | None) -> BDDimLayoutArrayAttr:
    if value is None:
        return BDDimLayoutArrayAttr([])
    if isinstance(value, BDDimLayoutArrayAttr):
        return value
    return BDDimLayoutArrayAttr.from_pairs(value)


# --- custom directives of aie.objectfifo ------------------------------------------------------


def _parse_optional_dims(parser: Parser, keyword: str) -> BDDimLayoutArrayAttr:
    if parser.parse_optional_keyword(keyword) is None:
        return BDDimLayoutArrayAttr([])
    return BDDimLayoutArrayAttr.new(BDDimLayoutArrayAttr.parse_parameters(parser))


class ObjectFifoProducerTile(CustomDirective):
    """``%tile [dimensionsToStream [<size = .., stride = ..>, ...]]``."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> tuple[object, object]:
        tile = parser.parse_unresolved_operand()
        return tile, _parse_optional_dims(parser, "dimensionsToStream")

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        tile, dims = values
        assert isinstance(tile, SSAValue) and isinstance(dims, BDDimLayoutArrayAttr)
        printer.print_ssa_value(tile)
        if len(dims):
            printer.print_string(" dimensionsToStream ")
            dims.print_parameters(printer)


class ObjectFifoConsumerTiles(CustomDirective):
    """``%tile [dimensionsFromStream [...]], ...``: each consumer with its own dims."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> tuple[object, object]:
        tiles = []
        dims: list[BDDimLayoutArrayAttr] = []
        first = parser.parse_optional_unresolved_operand()
        while first is not None:
            tiles.append(first)
            dims.append(_parse_optional_dims(parser, "dimensionsFromStream"))
            if parser.parse_optional_punctuation(",") is None:
                break
            first = parser.parse_unresolved_operand()
        return tiles, BDDimLayoutArrayArrayAttr(dims)

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        tiles, per_consumer_attr = values
        assert isinstance(tiles, Sequence)
        per_consumer = list(per_consumer_attr)  # pyright: ignore[reportArgumentType]
        for i, tile in enumerate(tiles):
            if i:
                printer.print_string(", ")
            printer.print_ssa_value(tile)
            if i < len(per_consumer) and len(per_consumer[i]):
                printer.print_string(" dimensionsFromStream ")
                per_consumer[i].print_parameters(printer)


class ObjectFifoInitValues(CustomDirective):
    """``= [dense<...> : memref<...>, ...]``: initial element values, read with the element
    memref type; nothing when there are none."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> Attribute | None:
        _, fifo_type = refs
        if parser.parse_optional_punctuation("=") is None:
            return None
        memref = fifo_type.element_type if isinstance(fifo_type, ObjectFifoType) else None

        def init_value() -> Attribute:
            # Each value is written with its type (`dense<[...]> : memref<4xf16>`), which is the
            # element memref; read it with that type so memref-typed literals are accepted.
            if memref is None or parser.parse_optional_keyword("dense") is None:
                return parser.parse_attribute()
            value = parser.parse_dense_int_or_fp_elements_attr(memref)  # pyright: ignore
            if parser.parse_optional_punctuation(":") is not None:
                pos = parser.pos
                written = parser.parse_type()
                if written == memref:
                    return value
                if isinstance(written, MemRefType) or not (
                    isinstance(written, TensorType | VectorType)
                    and written.get_element_type() == memref.element_type
                ):
                    parser.raise_error(f"init value type must be {memref}", at_position=pos)
                # A tensor literal (the generic form allows one; iron-lint warns about it)
                # keeps its type, so the custom form prints it back as it was.
                return DenseIntOrFPElementsAttr(written, value.data)
            return value

        return ArrayAttr(parser.parse_comma_separated_list(parser.Delimiter.SQUARE, init_value))

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        init_values = values[-1]
        if isinstance(init_values, ArrayAttr):
            printer.print_string("= [")
            printer.print_list(init_values.data, printer.print_attribute)
            printer.print_string("]")


# --- aie.objectfifo -----------------------------------------------------------------------------


@irdl_op_definition
class ObjectFifoCreateOp(FormattedOp):
    name = "aie.objectfifo"
    sym_name = prop_def(SymbolNameConstraint())
    producerTile = operand_def(IndexType())
    consumerTiles = var_operand_def(IndexType())
    elemNumber = prop_def(I32Attr | ArrayAttr)
    elemType = prop_def(ObjectFifoType)
    dimensionsToStream = prop_def(BDDimLayoutArrayAttr)
    dimensionsFromStreamPerConsumer = prop_def(BDDimLayoutArrayArrayAttr)
    via_DMA = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    plio = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    disable_synchronization = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    repeat_count = opt_prop_def(I32Attr)
    aie_stream = opt_prop_def(I32Attr)
    aie_stream_port = opt_prop_def(I32Attr)
    initValues = opt_prop_def(ArrayAttr)
    padDimensions = opt_prop_def(BDPadLayoutArrayAttr)
    iter_count = opt_prop_def(I32Attr)
    traits = lazy_traits_def(lambda: (HasParent(DeviceOp), SymbolOpInterface()))

    FORMAT: ClassVar[str] = (
        "$sym_name `(` custom<ObjectFifoProducerTile>($producerTile, $dimensionsToStream) `,` "
        "`{` custom<ObjectFifoConsumerTiles>($consumerTiles, $dimensionsFromStreamPerConsumer) "
        "`}` `,` $elemNumber `)` attr-dict `:` $elemType "
        "custom<ObjectFifoInitValues>(ref($elemNumber), ref($elemType), $initValues)"
    )
    custom_directives = (ObjectFifoProducerTile, ObjectFifoConsumerTiles, ObjectFifoInitValues)

    def __init__(
        self,
        name: str,
        producer_tile: SSAValue | Operation,
        consumer_tiles: Sequence[SSAValue | Operation],
        depth: int | Sequence[int],
        elem_type: MemRefType | ObjectFifoType,
        dims_to_stream: Dims | None = None,
        dims_from_stream_per_consumer: Sequence[Dims | None] | None = None,
        *,
        via_DMA: bool | None = None,
        plio: bool | None = None,
        disable_synchronization: bool | None = None,
        repeat_count: int | None = None,
        aie_stream: int | None = None,
        aie_stream_port: int | None = None,
        init_values: Sequence[Attribute] | None = None,
        pad_dimensions: Sequence[tuple[int, int]] | BDPadLayoutArrayAttr | None = None,
        iter_count: int | None = None,
    ):
        if isinstance(elem_type, MemRefType):
            elem_type = ObjectFifoType(elem_type)
        if isinstance(depth, int):
            depth_attr: Attribute = int_attr(depth)
        else:
            depth_attr = ArrayAttr([int_attr(d) for d in depth])
        per_consumer = list(dims_from_stream_per_consumer or [])
        per_consumer += [None] * (len(consumer_tiles) - len(per_consumer))
        props: dict[str, Attribute] = {
            "sym_name": StringAttr(name),
            "elemNumber": depth_attr,
            "elemType": elem_type,
            "dimensionsToStream": _dims(dims_to_stream),
            "dimensionsFromStreamPerConsumer": BDDimLayoutArrayArrayAttr(
                [_dims(d) for d in per_consumer]
            ),
        }
        for key, flag in (
            ("via_DMA", via_DMA),
            ("plio", plio),
            ("disable_synchronization", disable_synchronization),
        ):
            if flag is not None:
                props[key] = BoolAttr.from_bool(flag)
        for key, number in (
            ("repeat_count", repeat_count),
            ("aie_stream", aie_stream),
            ("aie_stream_port", aie_stream_port),
            ("iter_count", iter_count),
        ):
            if number is not None:
                props[key] = int_attr(number)
        if init_values is not None:
            props["initValues"] = ArrayAttr(init_values)
        if pad_dimensions is not None:
            if not isinstance(pad_dimensions, BDPadLayoutArrayAttr):
                pad_dimensions = BDPadLayoutArrayAttr(
                    [BDPadLayoutAttr(b, a) for b, a in pad_dimensions]
                )
            props["padDimensions"] = pad_dimensions
        super().__init__(operands=[producer_tile, list(consumer_tiles)], properties=props)

    # -- queries -------------------------------------------------------------------------------

    @property
    def fifo_name(self) -> str:
        return self.sym_name.data

    @property
    def element_memref(self) -> MemRefType:
        return self.elemType.element_type

    def depth(self, endpoint: int = 0) -> int:
        """Depth at an endpoint: 0 = producer, i + 1 = consumer i."""
        if isinstance(self.elemNumber, IntegerAttr):
            return self.elemNumber.value.data
        items = self.elemNumber.data
        return items[endpoint].value.data if endpoint < len(items) else 0  # pyright: ignore

    def endpoint_tiles(self) -> list[SSAValue]:
        return [self.producerTile, *self.consumerTiles]

    # -- verification --------------------------------------------------------------------------

    def verify_rules(self) -> None:
        """mlir-aie's ``ObjectFifoCreateOp::verify``; legal fifos that cannot work (no
        consumer, depth 0, init values of the wrong shape) are iron-lint's."""
        name = self.sym_name.data
        consumers = len(self.consumerTiles)
        if isinstance(self.elemNumber, ArrayAttr):
            if len(self.elemNumber.data) != consumers + 1:
                raise VerifyException(
                    "does not have enough depths specified for producer and for each consumer. "
                    f"(@{name}: {len(self.elemNumber.data)} depths for the producer and "
                    f"{consumers} consumers)"
                )
            for item in self.elemNumber.data:
                if not isinstance(item, IntegerAttr):
                    raise VerifyException(f"objectfifo @{name}: depths must be integers")
        if len(self.dimensionsFromStreamPerConsumer) != consumers:
            raise VerifyException(
                f"objectfifo @{name}: dimensionsFromStreamPerConsumer has "
                f"{len(self.dimensionsFromStreamPerConsumer)} entries for {consumers} consumers"
            )
        producer = tile_kind_of(self.producerTile)
        producer_kind = None if producer is None else producer[2]
        producer_is_shim = producer_kind is not None and producer_kind.is_shim
        if producer_is_shim and len(self.dimensionsToStream):
            raise VerifyException(
                "`dimensionsToStream` data layout transformations are not supported on shim "
                f"tile producers (@{name}: express the layout in the runtime sequence's DMA "
                "task instead)"
            )
        for tile, dims in zip(self.consumerTiles, self.dimensionsFromStreamPerConsumer):
            found = tile_kind_of(tile)
            if found is not None and found[2].is_shim and len(dims):  # pyright: ignore
                raise VerifyException(
                    "`dimensionsFromStreamPerConsumer` data layout transformations are not "
                    f"supported on shim tile consumers (@{name}: express the layout in the "
                    "runtime sequence's DMA task instead)"
                )
        if producer_is_shim and self.repeat_count is not None:
            raise VerifyException(f"`repeat_count` unavailable for shim tiles (@{name})")
        if self.aie_stream_port is not None and self.aie_stream is None:
            raise VerifyException(f"`aie_stream` must be defined (@{name} sets aie_stream_port)")
        if self.aie_stream is not None:
            self._verify_aie_stream(name, producer_kind)
        if self.initValues is not None:
            if producer_is_shim:
                raise VerifyException(f"`init_values` unavailable for shim tiles (@{name})")
            if len(self.initValues.data) != self.depth(0):
                raise VerifyException(
                    f"`init_values` does not initialize all objects (@{name}: "
                    f"{len(self.initValues.data)} values for depth {self.depth(0)})"
                )
        if self.iter_count is not None and not 1 <= self.iter_count.value.data <= 256:
            raise VerifyException(f"`iter_count` must be between 1 and 256 (@{name})")

    def _verify_aie_stream(self, name: str, producer_kind: TileKind | None) -> None:
        """A fifo end on a core's stream port has no DMA: none of the DMA-side features."""
        assert self.aie_stream is not None
        mode = self.aie_stream.value.data
        if len(self.consumerTiles) > 1:
            raise VerifyException(f"`aie_stream` can only be used in 1-to-1 object FIFOs (@{name})")
        if self.aie_stream_port is None:
            raise VerifyException(f"`aie_stream_port` must be defined (@{name})")
        not_core = (TileKind.SHIM_NOC, TileKind.SHIM_PL, TileKind.MEM)
        if mode in (0, 2):
            if producer_kind in not_core:
                raise VerifyException(
                    f"`aie_stream` is not available for shim and mem tiles (@{name}: the "
                    f"producer is a {producer_kind.human})"  # pyright: ignore
                )
            for attr, text in (
                (self.repeat_count, "`repeat_count` unavailable on stream end"),
                (self.initValues, "`init_values` unavailable on stream end"),
                (self.iter_count, "`iter_count` unavailable on stream end"),
            ):
                if attr is not None:
                    raise VerifyException(f"{text} (@{name})")
            if len(self.dimensionsToStream):
                raise VerifyException(
                    "`dimensionsToStream` data layout transformations are unavailable on stream "
                    f"end (@{name})"
                )
        if mode in (1, 2) and self.consumerTiles:
            found = tile_kind_of(self.consumerTiles[0])
            if found is not None and found[2] in not_core:
                raise VerifyException(
                    f"`aie_stream` is not available for shim and mem tiles (@{name}: the "
                    f"consumer is a {found[2].human})"
                )
        per_consumer = list(self.dimensionsFromStreamPerConsumer)
        if per_consumer and len(per_consumer[0]):  # pyright: ignore
            raise VerifyException(
                "`dimensionsFromStreamPerConsumer` data layout transformations are unavailable "
                f"on stream end (@{name})"
            )


def lookup_objectfifo(op: Operation, symbol: SymbolRefAttr | StringAttr | str) -> ObjectFifoCreateOp | None:
    """The aie.objectfifo named ``symbol`` in the device enclosing ``op``."""
    if isinstance(symbol, SymbolRefAttr):
        symbol = symbol.root_reference.data
    elif isinstance(symbol, StringAttr):
        symbol = symbol.data
    parent = op
    while parent is not None and not isinstance(parent, DeviceOp):
        parent = parent.parent_op()
    if parent is None:
        return None
    found = lookup_in(parent, symbol)
    return found if isinstance(found, ObjectFifoCreateOp) else None


def _require_objectfifo(op: Operation, symbol: SymbolRefAttr) -> ObjectFifoCreateOp | None:
    fifo = lookup_objectfifo(op, symbol)
    if fifo is None and _inside_device(op):
        raise VerifyException(
            f"refers to @{symbol.root_reference.data}, but no aie.objectfifo of that "
            "name exists in the enclosing aie.device"
        )
    return fifo


def _inside_device(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, DeviceOp):
            return True
        parent = parent.parent_op()
    return False


# --- aie.objectfifo.link ------------------------------------------------------------------------


def _sym_refs(names: Iterable[str | SymbolRefAttr]) -> ArrayAttr:
    return ArrayAttr([n if isinstance(n, SymbolRefAttr) else symbol_ref(n) for n in names])


@irdl_op_definition
class ObjectFifoLinkOp(FormattedOp):
    name = "aie.objectfifo.link"
    fifoIns = prop_def(ArrayAttr[SymbolRefAttr])
    fifoOuts = prop_def(ArrayAttr[SymbolRefAttr])
    src_offsets = prop_def(ArrayAttr[IntegerAttr])
    dst_offsets = prop_def(ArrayAttr[IntegerAttr])
    traits = lazy_traits_def(lambda: (HasParent(DeviceOp),))
    FORMAT: ClassVar[str] = "$fifoIns `->` $fifoOuts `(` $src_offsets $dst_offsets `)` attr-dict"

    def __init__(
        self,
        fifo_ins: Sequence[str | SymbolRefAttr],
        fifo_outs: Sequence[str | SymbolRefAttr],
        src_offsets: Sequence[int] = (),
        dst_offsets: Sequence[int] = (),
    ):
        super().__init__(
            properties={
                "fifoIns": _sym_refs(fifo_ins),
                "fifoOuts": _sym_refs(fifo_outs),
                "src_offsets": ArrayAttr([int_attr(o, i64) for o in src_offsets]),
                "dst_offsets": ArrayAttr([int_attr(o, i64) for o in dst_offsets]),
            }
        )

    @property
    def in_names(self) -> list[str]:
        return [r.root_reference.data for r in self.fifoIns.data]

    @property
    def out_names(self) -> list[str]:
        return [r.root_reference.data for r in self.fifoOuts.data]

    def verify_rules(self) -> None:
        """mlir-aie's ``ObjectFifoLinkOp::verify``. Whether join/distribute offsets tile the
        joined object without overlap is iron-lint's (legal IR that mis-transfers)."""
        ins, outs = self.in_names, self.out_names
        src = [o.value.data for o in self.src_offsets.data]
        dst = [o.value.data for o in self.dst_offsets.data]
        if not ins or not outs:
            raise VerifyException("aie.objectfifo.link needs at least one input and one output")
        if len(ins) > 1 and len(outs) > 1:
            raise VerifyException(
                "ObjectFifoLinkOp does not support 'join' and 'distribute' at the same time"
            )
        if not _inside_device(self):
            return
        fifos_in = [_require_objectfifo(self, r) for r in self.fifoIns.data]
        fifos_out = [_require_objectfifo(self, r) for r in self.fifoOuts.data]
        self._verify_single_link(ins + outs)
        link_tile = self._link_point(fifos_in, fifos_out)  # pyright: ignore
        if len(ins) > 1 or len(outs) > 1:
            found = tile_kind_of(link_tile)
            if found is not None and found[2].is_shim:
                raise VerifyException(
                    "ObjectFifoLinkOp join and distribute are unavailable on shim tiles; link "
                    "through a mem tile"
                )
            if found is not None and not found[1].uses_semaphore_locks:
                raise VerifyException(
                    "ObjectFifoLinkOp join and distribute require semaphore locks, which this "
                    "device lacks"
                )
        if len(ins) > 1:
            if len(src) != len(ins):
                raise VerifyException(
                    "number of provided src offsets must be equal to the number of input "
                    f"objectFifos ({len(src)} offsets for {len(ins)} inputs)"
                )
            if dst:
                raise VerifyException("dst offsets should be empty for join")
        elif len(outs) > 1:
            if len(dst) != len(outs):
                raise VerifyException(
                    "number of provided dst offsets must be equal to the number of output "
                    f"objectFifos ({len(dst)} offsets for {len(outs)} outputs)"
                )
            if src:
                raise VerifyException("src offsets should be empty for distribute")
            counts = {
                0 if f.repeat_count is None else f.repeat_count.value.data
                for f in fifos_out  # pyright: ignore
            }
            if len(counts) > 1:
                raise VerifyException("repeat counts of output object FIFOs must be equal")
        elif src and dst:
            raise VerifyException("all offsets should be empty if there is no join or distribute")

    def _link_point(
        self, fifos_in: list[ObjectFifoCreateOp], fifos_out: list[ObjectFifoCreateOp]
    ) -> SSAValue:
        """The tile every input is consumed on and every output produced on."""
        shared: set[SSAValue] | None = None
        for fifo in fifos_in:
            tiles = set(fifo.consumerTiles) if len(fifos_out) == 1 and len(fifos_in) == 1 else {
                fifo.consumerTiles[0]
            }
            shared = tiles if shared is None else shared & tiles
        for fifo in fifos_out:
            shared = {fifo.producerTile} if shared is None else shared & {fifo.producerTile}
        if not shared:
            raise VerifyException(
                "ObjectFifoLinkOp must have a link point, i.e., a shared tile between "
                "objectFifos: every input must be consumed, and every output produced, on one tile"
            )
        return next(iter(shared))

    def _verify_single_link(self, names: list[str]) -> None:
        device = self.parent_op()
        if device is None:
            return
        for other in device.regions[0].block.ops:
            if other is self:
                return
            if not isinstance(other, ObjectFifoLinkOp):
                continue
            common = set(names) & set(other.in_names + other.out_names)
            if common:
                name = sorted(common)[0]
                fifo = lookup_objectfifo(self, name)
                raise VerifyAt(
                    fifo if fifo is not None else self,
                    f"objectfifo cannot be in more than one ObjectFifoLinkOp (@{name})",
                )


# --- acquire / subview.access / release ---------------------------------------------------------


def _verify_port_access(op: Operation, port: int, symbol: SymbolRefAttr) -> None:
    """acquire/release: inside an aie.core on the tile that owns the requested port.

    How many objects one acquire takes is not limited by the declared depth: the stateful
    transform raises a consumer's depth to what its core holds (iron-lint warns).
    """
    core = op.parent_op()
    while core is not None and not isinstance(core, CoreOp):
        core = core.parent_op()
    if core is None:
        raise VerifyException("must be called from inside a CoreOp")
    fifo = _require_objectfifo(op, symbol)
    if fifo is None:
        return
    fifo_name = fifo.sym_name.data
    core_tile = core.tile
    if port == ObjectFifoPort.Produce:
        if core_tile is not fifo.producerTile:
            raise VerifyAt(
                core,
                f"producer port of objectFifo accessed by core running on non-producer tile "
                f"(@{fifo_name}, core on tile{_tile_text(core_tile)})",
            )
    elif core_tile not in fifo.consumerTiles:
        raise VerifyAt(
            core,
            f"consumer port of objectFifo accessed by core running on non-consumer tile "
            f"(@{fifo_name}, core on tile{_tile_text(core_tile)})",
        )


def endpoint_depth(fifo: ObjectFifoCreateOp, port: int, core_tile: SSAValue) -> int:
    """The declared depth at the end of ``fifo`` a core on ``core_tile`` uses via ``port``."""
    if port == ObjectFifoPort.Produce or core_tile not in fifo.consumerTiles:
        return fifo.depth(0)
    return fifo.depth(1 + list(fifo.consumerTiles).index(core_tile))


def _tile_text(value: SSAValue) -> str:
    tile = tile_op_of(value)
    return "" if tile is None else f" ({tile.col_row[0]}, {tile.col_row[1]})"


@irdl_op_definition
class ObjectFifoAcquireOp(FormattedOp):
    name = "aie.objectfifo.acquire"
    port = prop_def(ObjectFifoPortAttr)
    objFifo_name = prop_def(SymbolRefAttr)
    size = prop_def(I32Attr)
    subview = result_def(ObjectFifoSubviewType)
    FORMAT: ClassVar[str] = (
        "attr-dict $objFifo_name `(` $port `,` $size `)` `:` qualified(type($subview))"
    )

    def __init__(
        self, fifo: str | SymbolRefAttr, port: ObjectFifoPort, size: int, element: MemRefType
    ):
        super().__init__(
            properties={
                "port": enum_attr(port),
                "objFifo_name": fifo if isinstance(fifo, SymbolRefAttr) else symbol_ref(fifo),
                "size": int_attr(size),
            },
            result_types=[ObjectFifoSubviewType(element)],
        )

    def verify_rules(self) -> None:
        if self.size.value.data < 1:
            raise VerifyException("must acquire at least one element")
        _verify_port_access(self, self.port.value.data, self.objFifo_name)
        fifo = lookup_objectfifo(self, self.objFifo_name)
        if fifo is not None and self.subview.type.element_type != fifo.element_memref:
            raise VerifyException(
                f"ObjectFifoAcquireOp return type {self.subview.type} must match the element "
                f"type of @{fifo.sym_name.data} ({fifo.element_memref})"
            )


@irdl_op_definition
class ObjectFifoSubviewAccessOp(FormattedOp):
    name = "aie.objectfifo.subview.access"
    subview = operand_def(ObjectFifoSubviewType)
    index = prop_def(I32Attr)
    output = result_def(MemRefType)
    FORMAT: ClassVar[str] = (
        "$subview `[` $index `]` attr-dict `:` qualified(type($subview)) `->` "
        "qualified(type($output))"
    )

    def __init__(self, subview: SSAValue | Operation, index: int):
        value = SSAValue.get(subview)
        assert isinstance(value.type, ObjectFifoSubviewType)
        super().__init__(
            operands=[value],
            properties={"index": int_attr(index)},
            result_types=[value.type.element_type],
        )

    def verify_rules(self) -> None:
        subview_type = self.subview.type
        assert isinstance(subview_type, ObjectFifoSubviewType)
        if self.output.type != subview_type.element_type:
            raise VerifyException(
                f"ObjectFifoSubviewAccessOp must return {subview_type.element_type}, the "
                f"element type of its subview, not {self.output.type}"
            )
        index = self.index.value.data
        if index < 0:
            raise VerifyException("aie.objectfifo.subview.access index must be non-negative")
        acquire = self.subview.owner
        if isinstance(acquire, ObjectFifoAcquireOp) and index >= acquire.size.value.data:
            raise VerifyException(
                f"ObjectFifoSubviewAccessOp cannot access an element at index {index}: the "
                f"acquire took {acquire.size.value.data} element(s)"
            )


@irdl_op_definition
class ObjectFifoReleaseOp(FormattedOp):
    name = "aie.objectfifo.release"
    port = prop_def(ObjectFifoPortAttr)
    objFifo_name = prop_def(SymbolRefAttr)
    size = prop_def(I32Attr)
    FORMAT: ClassVar[str] = "attr-dict $objFifo_name `(` $port `,` $size `)`"

    def __init__(self, fifo: str | SymbolRefAttr, port: ObjectFifoPort, size: int):
        super().__init__(
            properties={
                "port": enum_attr(port),
                "objFifo_name": fifo if isinstance(fifo, SymbolRefAttr) else symbol_ref(fifo),
                "size": int_attr(size),
            }
        )

    def verify_rules(self) -> None:
        if self.size.value.data < 1:
            raise VerifyException("must release at least one element")
        _verify_port_access(self, self.port.value.data, self.objFifo_name)


__all__ = [
    "ObjectFifoAcquireOp",
    "ObjectFifoCreateOp",
    "ObjectFifoLinkOp",
    "ObjectFifoReleaseOp",
    "ObjectFifoSubviewAccessOp",
    "endpoint_depth",
    "lookup_objectfifo",
]


install_fast_verifiers(defined_ops(globals()))
