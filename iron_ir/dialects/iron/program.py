"""Program-level ops of the IRON dialect: the program (device), fifos, links, buffers, barriers."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    IntAttr,
    MemRefType,
    StringAttr,
    SymbolRefAttr,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Region
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsolatedFromAbove,
    NoTerminator,
    SymbolOpInterface,
    SymbolTable,
)
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import (
    SEMAPHORE_LOCK_MAX_VALUE,
    DeviceSpec,
    TileKind,
    UnknownDeviceError,
    get_device,
)
from iron_ir.dialects.iron.attrs import EndpointAttr, TileAttr, parse_tile


def _parse_extra_attrs(parser: Parser, op: IRDLOperation) -> None:
    attrs = parser.parse_optional_attr_dict()
    for key, value in attrs.items():
        if key in type(op).get_irdl_definition().properties:
            op.properties[key] = value
        else:
            op.attributes[key] = value


def _print_extra_attrs(printer: Printer, op: IRDLOperation, shown: Sequence[str]) -> None:
    extra = {k: v for k, v in op.properties.items() if k not in shown}
    extra |= op.attributes
    if extra:
        printer.print_string(" ")
        printer.print_attr_dict(dict(sorted(extra.items())))


def _single_block(region: Region, arg_types: Sequence[Attribute] = ()) -> Region:
    """``{ }`` parses as a region without blocks; these ops always have their one block."""
    if not region.blocks:
        region.add_block(Block(arg_types=arg_types))
    return region


@irdl_op_definition
class ProgramOp(IRDLOperation):
    """``iron.program @name device(npu1_1col) { ... }``: the whole IRON program for one device.

    Holds fifos, links, kernels (``func.func``), buffers, barriers, workers and one runtime
    sequence. Its verifier checks the program's structure (see ``verify.py``).
    """

    name = "iron.program"
    sym_name = prop_def(StringAttr)
    device = prop_def(StringAttr)
    body = region_def("single_block")
    traits = traits_def(SymbolTable(), SymbolOpInterface(), NoTerminator(), IsolatedFromAbove())

    def __init__(self, name: str, device: str, body: Region | None = None):
        super().__init__(
            properties={"sym_name": StringAttr(name), "device": StringAttr(device)},
            regions=[body if body is not None else Region(Block())],
        )

    @property
    def spec(self) -> DeviceSpec:
        return get_device(self.device.data)

    def verify_(self) -> None:
        try:
            self.spec
        except UnknownDeviceError as err:
            raise VerifyException(str(err)) from None
        from iron_ir.dialects.iron.verify import verify_program

        verify_program(self)

    @classmethod
    def parse(cls, parser: Parser) -> ProgramOp:
        name = parser.parse_symbol_name().data
        parser.parse_keyword("device")
        with parser.in_parens():
            pos = parser.pos
            device = parser.parse_identifier()
            try:
                get_device(device)
            except UnknownDeviceError as err:
                parser.raise_error(str(err), pos, parser.pos)
        attrs = parser.parse_optional_attr_dict_with_keyword()
        op = cls(name, device, _single_block(parser.parse_region()))
        if attrs is not None:
            op.attributes |= attrs.data
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(f" device({self.device.data})")
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)


@irdl_op_definition
class FifoOp(IRDLOperation):
    """``iron.fifo @name : memref<..> producer(<endpoint>) consumers(<endpoint>, ...)``.

    One producer endpoint and one or more consumer endpoints, each with its own depth and dims.
    Optional properties: ``plio``, ``disable_synchronization``, ``iter_count``, ``repeat_count``,
    ``pad_dimensions`` (shown in the trailing attribute dictionary).
    """

    name = "iron.fifo"
    sym_name = prop_def(StringAttr)
    elem_type = prop_def(MemRefType)
    producer = prop_def(EndpointAttr)
    consumers = prop_def(ArrayAttr[EndpointAttr])
    plio = opt_prop_def(UnitAttr)
    disable_synchronization = opt_prop_def(UnitAttr)
    iter_count = opt_prop_def(IntAttr)
    repeat_count = opt_prop_def(IntAttr)
    pad_dimensions = opt_prop_def(ArrayAttr)
    traits = traits_def(SymbolOpInterface(), HasParent(ProgramOp))

    def __init__(
        self,
        name: str,
        elem_type: MemRefType,
        producer: EndpointAttr,
        consumers: Sequence[EndpointAttr],
        *,
        plio: bool = False,
    ):
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "elem_type": elem_type,
                "producer": producer,
                "consumers": ArrayAttr(consumers),
                "plio": UnitAttr() if plio else None,
            }
        )

    @property
    def fifo_name(self) -> str:
        return self.sym_name.data

    @property
    def endpoints(self) -> list[EndpointAttr]:
        return [self.producer, *self.consumers.data]

    def verify_(self) -> None:
        if not self.consumers.data:
            raise VerifyException(
                f"fifo @{self.fifo_name} has no consumer: give it at least one (a worker, the "
                "runtime or a link)"
            )
        if self.elem_type.get_num_dims() == 0 or any(
            d <= 0 for d in self.elem_type.get_shape()
        ):
            raise VerifyException(
                f"fifo @{self.fifo_name}: element type {self.elem_type} must be a memref with a "
                "static, non-empty shape"
            )
        if self.iter_count is not None and not 1 <= self.iter_count.data <= 256:
            raise VerifyException(
                f"fifo @{self.fifo_name}: iter_count {self.iter_count.data} is outside [1, 256]"
            )

    @classmethod
    def parse(cls, parser: Parser) -> FifoOp:
        name = parser.parse_symbol_name().data
        parser.parse_punctuation(":")
        pos = parser.pos
        elem = parser.parse_type()
        if not isinstance(elem, MemRefType):
            parser.raise_error(f"fifo element type must be a memref, got {elem}", pos, parser.pos)
        parser.parse_keyword("producer")
        with parser.in_parens():
            producer = EndpointAttr.parse_body(parser)
        parser.parse_keyword("consumers")
        consumers = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, lambda: EndpointAttr.parse_body(parser)
        )
        op = cls(name, elem, producer, consumers)
        _parse_extra_attrs(parser, op)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.fifo_name)
        printer.print_string(" : ")
        printer.print_attribute(self.elem_type)
        printer.print_string(f" producer({self.producer.text()}) consumers(")
        printer.print_string(", ".join(c.text() for c in self.consumers.data))
        printer.print_string(")")
        _print_extra_attrs(printer, self, ("sym_name", "elem_type", "producer", "consumers"))


@irdl_op_definition
class LinkOp(IRDLOperation):
    """``iron.link @name [@srcs] -> [@dsts] offsets([src offsets] [dst offsets]) on #iron.tile<..>``.

    A forward (one source, one destination), a split (one source, several destinations, one
    destination offset each) or a join (several sources, one source offset each, one destination).
    Offsets are element offsets into the larger object.
    """

    name = "iron.link"
    sym_name = prop_def(StringAttr)
    srcs = prop_def(ArrayAttr[SymbolRefAttr])
    dsts = prop_def(ArrayAttr[SymbolRefAttr])
    src_offsets = prop_def(ArrayAttr[IntAttr])
    dst_offsets = prop_def(ArrayAttr[IntAttr])
    tile = prop_def(TileAttr)
    traits = traits_def(SymbolOpInterface(), HasParent(ProgramOp))

    def __init__(
        self,
        name: str,
        srcs: Sequence[str],
        dsts: Sequence[str],
        src_offsets: Sequence[int],
        dst_offsets: Sequence[int],
        tile: TileAttr,
    ):
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "srcs": ArrayAttr([SymbolRefAttr(s) for s in srcs]),
                "dsts": ArrayAttr([SymbolRefAttr(d) for d in dsts]),
                "src_offsets": ArrayAttr([IntAttr(o) for o in src_offsets]),
                "dst_offsets": ArrayAttr([IntAttr(o) for o in dst_offsets]),
                "tile": tile,
            }
        )

    @property
    def src_names(self) -> list[str]:
        return [s.root_reference.data for s in self.srcs.data]

    @property
    def dst_names(self) -> list[str]:
        return [d.root_reference.data for d in self.dsts.data]

    @property
    def mode(self) -> str:
        if len(self.srcs.data) > 1:
            return "join"
        if len(self.dsts.data) > 1:
            return "split"
        return "forward"

    def verify_(self) -> None:
        name = f"link @{self.sym_name.data}"
        nsrc, ndst = len(self.srcs.data), len(self.dsts.data)
        if nsrc == 0 or ndst == 0:
            raise VerifyException(f"{name} needs at least one source and one destination fifo")
        if nsrc > 1 and ndst > 1:
            raise VerifyException(
                f"{name} joins {nsrc} fifos into {ndst} fifos: a link is a join (many to one), "
                "a split (one to many) or a forward (one to one), never many to many"
            )
        if nsrc > 1:
            if len(self.src_offsets.data) != nsrc or self.dst_offsets.data:
                raise VerifyException(
                    f"{name} is a join of {nsrc} fifos: it needs {nsrc} source offsets and no "
                    "destination offsets"
                )
        else:
            if self.src_offsets.data or len(self.dst_offsets.data) not in (0, ndst):
                raise VerifyException(
                    f"{name} has one source: it needs no source offsets and one destination "
                    f"offset per destination ({ndst})"
                )

    @classmethod
    def parse(cls, parser: Parser) -> LinkOp:
        name = parser.parse_symbol_name().data

        def syms() -> list[str]:
            return parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, lambda: parser.parse_symbol_name().data
            )

        def ints() -> list[int]:
            return parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, lambda: parser.parse_integer(allow_boolean=False)
            )

        srcs = syms()
        parser.parse_punctuation("->")
        dsts = syms()
        parser.parse_keyword("offsets")
        with parser.in_parens():
            src_off = ints()
            dst_off = ints()
        parser.parse_keyword("on")
        tile = parse_tile(parser)
        op = cls(name, srcs, dsts, src_off, dst_off, tile)
        _parse_extra_attrs(parser, op)
        return op

    def print(self, printer: Printer) -> None:
        def syms(names: list[str]) -> str:
            return "[" + ", ".join(f"@{n}" for n in names) + "]"

        def ints(arr: ArrayAttr[IntAttr]) -> str:
            return "[" + ", ".join(str(i.data) for i in arr.data) + "]"

        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(
            f" {syms(self.src_names)} -> {syms(self.dst_names)}"
            f" offsets({ints(self.src_offsets)} {ints(self.dst_offsets)}) on "
        )
        printer.print_attribute(self.tile)
        _print_extra_attrs(
            printer, self, ("sym_name", "srcs", "dsts", "src_offsets", "dst_offsets", "tile")
        )


@irdl_op_definition
class BufferOp(IRDLOperation):
    """``%b = iron.buffer @name on #iron.tile<..> : memref<..> [= dense<..>]``.

    A buffer in a compute tile's memory: a global buffer / runtime parameter (``use_write_rtp``
    marks one the runtime writes with ``iron.rtp_write``) or a worker's local buffer
    (``owner = @worker``). Workers use its SSA value; the runtime names it by symbol.
    """

    name = "iron.buffer"
    sym_name = prop_def(StringAttr)
    tile = prop_def(TileAttr)
    initial_value = opt_prop_def(DenseIntOrFPElementsAttr)
    """A ``dense<...> : tensor<...>`` of the buffer's shape and element type."""
    use_write_rtp = opt_prop_def(UnitAttr)
    owner = opt_prop_def(SymbolRefAttr)
    buffer = result_def(MemRefType)
    traits = traits_def(SymbolOpInterface(), HasParent(ProgramOp))

    def __init__(
        self,
        name: str,
        memref: MemRefType,
        tile: TileAttr,
        *,
        initial_value: DenseIntOrFPElementsAttr | None = None,
        use_write_rtp: bool = False,
        owner: str | None = None,
    ):
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "tile": tile,
                "initial_value": initial_value,
                "use_write_rtp": UnitAttr() if use_write_rtp else None,
                "owner": SymbolRefAttr(owner) if owner else None,
            },
            result_types=[memref],
        )
        self.buffer.name_hint = name

    def asm_result_names(self) -> list[str | None]:
        return [self.sym_name.data]

    def verify_(self) -> None:
        if self.initial_value is not None:
            init_type = self.initial_value.type
            if (
                tuple(init_type.get_shape()) != tuple(self.buffer.type.get_shape())
                or init_type.get_element_type() != self.buffer.type.get_element_type()
            ):
                raise VerifyException(
                    f"buffer @{self.sym_name.data}: initial value of type {init_type} does not "
                    f"match the buffer type {self.buffer.type}"
                )
        if self.owner is not None and self.use_write_rtp is not None:
            raise VerifyException(
                f"buffer @{self.sym_name.data} is local to a worker and cannot be a runtime "
                "parameter (use_write_rtp)"
            )

    @classmethod
    def parse(cls, parser: Parser) -> BufferOp:
        name = parser.parse_symbol_name().data
        parser.parse_keyword("on")
        tile = parse_tile(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        pos = parser.pos
        memref = parser.parse_type()
        if not isinstance(memref, MemRefType):
            parser.raise_error(f"a buffer's type must be a memref, got {memref}", pos, parser.pos)
        init = None
        if parser.parse_optional_punctuation("="):
            parser.parse_keyword("dense", " (a buffer's initial value is a dense<...> literal)")
            init = parser.parse_dense_int_or_fp_elements_attr(
                TensorType(memref.get_element_type(), memref.get_shape())
            )
        op = cls(name, memref, tile, initial_value=init)
        for key, value in attrs.items():
            if key in ("use_write_rtp", "owner"):
                op.properties[key] = value
            else:
                op.attributes[key] = value
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(" on ")
        printer.print_attribute(self.tile)
        _print_extra_attrs(printer, self, ("sym_name", "tile", "initial_value"))
        printer.print_string(" : ")
        printer.print_attribute(self.buffer.type)
        if self.initial_value is not None:
            printer.print_string(" = ")
            self.initial_value.print_without_type(printer)


@irdl_op_definition
class BarrierOp(IRDLOperation):
    """``iron.barrier @name initial 0``: a worker/runtime barrier (one lock per worker tile)."""

    name = "iron.barrier"
    sym_name = prop_def(StringAttr)
    initial_value = prop_def(IntAttr)
    traits = traits_def(SymbolOpInterface(), HasParent(ProgramOp))

    def __init__(self, name: str, initial_value: int = 0):
        super().__init__(
            properties={"sym_name": StringAttr(name), "initial_value": IntAttr(initial_value)}
        )

    @classmethod
    def parse(cls, parser: Parser) -> BarrierOp:
        name = parser.parse_symbol_name().data
        parser.parse_keyword("initial")
        op = cls(name, parser.parse_integer(allow_boolean=False))
        _parse_extra_attrs(parser, op)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(f" initial {self.initial_value.data}")
        _print_extra_attrs(printer, self, ("sym_name", "initial_value"))

    def verify_(self) -> None:
        top = _lock_max_value(self)
        if not 0 <= self.initial_value.data <= top:
            raise VerifyException(
                f"barrier @{self.sym_name.data}: initial value {self.initial_value.data} is "
                f"outside the lock range [0, {top}]"
            )


def _lock_max_value(op: IRDLOperation) -> int:
    """A barrier is a compute-tile lock of the program's device."""
    program = op.parent_op()
    while program is not None and not isinstance(program, ProgramOp):
        program = program.parent_op()
    if program is None:
        return SEMAPHORE_LOCK_MAX_VALUE
    try:
        return program.spec.kinds[TileKind.COMPUTE].lock_max_value
    except UnknownDeviceError:
        return SEMAPHORE_LOCK_MAX_VALUE


class BarrierValueOp(IRDLOperation):
    """Shared shape of ops that name a barrier and a lock value: ``@b(1)``."""

    barrier = prop_def(SymbolRefAttr)
    value = prop_def(IntAttr)

    def __init__(self, barrier: str, value: int):
        super().__init__(properties={"barrier": SymbolRefAttr(barrier), "value": IntAttr(value)})

    @property
    def barrier_name(self) -> str:
        return self.barrier.root_reference.data

    def verify_(self) -> None:
        top = _lock_max_value(self)
        if not 0 <= self.value.data <= top:
            raise VerifyException(
                f"{self.name} @{self.barrier_name}: value {self.value.data} is outside the lock "
                f"range [0, {top}]"
            )

    @classmethod
    def parse(cls, parser: Parser):
        name = parser.parse_symbol_name().data
        with parser.in_parens():
            value = parser.parse_integer(allow_boolean=False)
        op = cls(name, value)
        _parse_extra_attrs(parser, op)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.barrier_name)
        printer.print_string(f"({self.value.data})")
        _print_extra_attrs(printer, self, ("barrier", "value"))
