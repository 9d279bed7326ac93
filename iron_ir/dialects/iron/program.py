"""Program-level ops of the IRON dialect: the program (device), fifos, links, buffers, barriers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    IntAttr,
    MemRefType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region
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
from iron_ir.dialects.iron.attrs import EndpointAttr, TileAttr
from iron_ir.ir.constraints import KeywordStrAttr, symbol_ref
from iron_ir.ir.syntax import CustomDirective, FormattedOp, next_char


class FifoElementType(CustomDirective):
    """The memref type of one object of an ``iron.fifo``."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> Attribute:
        pos = parser.pos
        elem = parser.parse_type()
        if not isinstance(elem, MemRefType):
            parser.raise_error(f"fifo element type must be a memref, got {elem}", pos, parser.pos)
        return elem

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        printer.print_attribute(values[0])  # pyright: ignore[reportArgumentType]


class Endpoint(CustomDirective):
    """One fifo endpoint without its ``#iron.endpoint<>`` wrapper: ``worker @w depth 2 ...``."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> Attribute:
        return EndpointAttr.parse_body(parser)

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        printer.print_string(values[0].text())  # pyright: ignore[reportAttributeAccessIssue]


class EndpointList(CustomDirective):
    """Several endpoints, comma separated."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> Attribute:
        if next_char(parser) == ")":
            return ArrayAttr([])
        return ArrayAttr(
            parser.parse_comma_separated_list(
                parser.Delimiter.NONE, lambda: EndpointAttr.parse_body(parser)
            )
        )

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        endpoints = values[0]
        assert isinstance(endpoints, ArrayAttr)
        printer.print_string(", ".join(e.text() for e in endpoints.data))  # pyright: ignore


class InitialValue(CustomDirective):
    """`` = dense<...>`` after a buffer's type, its elements typed by the buffer's shape
    (nothing when there is none; the directive writes its own leading space)."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> Attribute | None:
        (memref,) = refs
        if parser.parse_optional_punctuation("=") is None:
            return None
        parser.parse_keyword("dense", " (a buffer's initial value is a dense<...> literal)")
        assert isinstance(memref, MemRefType)
        return parser.parse_dense_int_or_fp_elements_attr(
            TensorType(memref.get_element_type(), memref.get_shape())
        )

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        value = values[1]
        if isinstance(value, DenseIntOrFPElementsAttr):
            printer.print_string(" = ")
            value.print_without_type(printer)


@irdl_op_definition


class ProgramOp(FormattedOp):
    """``iron.program @name device(npu1_1col) { ... }``: the whole IRON program for one device.

    Holds fifos, links, kernels (``func.func``), buffers, barriers, workers and one runtime
    sequence. Its verifier checks the program's structure (see ``verify.py``).
    """

    name = "iron.program"
    sym_name = prop_def(SymbolNameConstraint())
    device = prop_def(KeywordStrAttr(check=get_device))
    body = region_def("single_block")
    traits = traits_def(SymbolTable(), SymbolOpInterface(), NoTerminator(), IsolatedFromAbove())
    FORMAT: ClassVar[str] = "$sym_name `device` `(` $device `)` attr-dict-with-keyword $body"

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


@irdl_op_definition
class FifoOp(FormattedOp):
    """``iron.fifo @name : memref<..> producer(<endpoint>) consumers(<endpoint>, ...)``.

    One producer endpoint and one or more consumer endpoints, each with its own depth and dims.
    Optional properties: ``plio``, ``disable_synchronization``, ``iter_count``, ``repeat_count``,
    ``pad_dimensions`` (shown in the trailing attribute dictionary).
    """

    name = "iron.fifo"
    sym_name = prop_def(SymbolNameConstraint())
    elem_type = prop_def(MemRefType)
    producer = prop_def(EndpointAttr)
    consumers = prop_def(ArrayAttr[EndpointAttr])
    plio = opt_prop_def(UnitAttr)
    disable_synchronization = opt_prop_def(UnitAttr)
    iter_count = opt_prop_def(IntAttr)
    repeat_count = opt_prop_def(IntAttr)
    pad_dimensions = opt_prop_def(ArrayAttr)
    traits = traits_def(SymbolOpInterface(), HasParent(ProgramOp))
    FORMAT: ClassVar[str] = (
        "$sym_name `:` custom<FifoElementType>($elem_type) "
        "`producer` `(` custom<Endpoint>($producer) `)` "
        "`consumers` `(` custom<EndpointList>($consumers) `)` attr-dict"
    )
    custom_directives = (FifoElementType, Endpoint, EndpointList)

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


@irdl_op_definition
class LinkOp(FormattedOp):
    """``iron.link @name [@srcs] -> [@dsts] offsets([src offsets] [dst offsets]) on #iron.tile<..>``.

    A forward (one source, one destination), a split (one source, several destinations, one
    destination offset each) or a join (several sources, one source offset each, one destination).
    Offsets are element offsets into the larger object.
    """

    name = "iron.link"
    sym_name = prop_def(SymbolNameConstraint())
    srcs = prop_def(ArrayAttr[SymbolRefAttr])
    dsts = prop_def(ArrayAttr[SymbolRefAttr])
    src_offsets = prop_def(ArrayAttr[IntAttr])
    dst_offsets = prop_def(ArrayAttr[IntAttr])
    tile = prop_def(TileAttr)
    traits = traits_def(SymbolOpInterface(), HasParent(ProgramOp))
    FORMAT: ClassVar[str] = (
        "$sym_name $srcs `->` $dsts `offsets` `(` $src_offsets $dst_offsets `)` "
        "`on` qualified($tile) attr-dict"
    )

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
                "srcs": ArrayAttr([symbol_ref(s) for s in srcs]),
                "dsts": ArrayAttr([symbol_ref(d) for d in dsts]),
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


@irdl_op_definition
class BufferOp(FormattedOp):
    """``%b = iron.buffer @name on #iron.tile<..> : memref<..> [= dense<..>]``.

    A buffer in a compute tile's memory: a global buffer / runtime parameter (``use_write_rtp``
    marks one the runtime writes with ``iron.rtp_write``) or a worker's local buffer
    (``owner = @worker``). Workers use its SSA value; the runtime names it by symbol.
    """

    name = "iron.buffer"
    sym_name = prop_def(SymbolNameConstraint())
    tile = prop_def(TileAttr)
    initial_value = opt_prop_def(DenseIntOrFPElementsAttr)
    """A ``dense<...> : tensor<...>`` of the buffer's shape and element type."""
    use_write_rtp = opt_prop_def(UnitAttr)
    owner = opt_prop_def(SymbolRefAttr)
    buffer = result_def(MemRefType)
    traits = traits_def(SymbolOpInterface(), HasParent(ProgramOp))
    FORMAT: ClassVar[str] = (
        "$sym_name `on` qualified($tile) attr-dict `:` type($buffer) "
        "`` custom<InitialValue>(ref(type($buffer)), $initial_value)"
    )
    custom_directives = (InitialValue,)

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
                "owner": symbol_ref(owner) if owner else None,
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


@irdl_op_definition
class BarrierOp(FormattedOp):
    """``iron.barrier @name initial 0``: a worker/runtime barrier (one lock per worker tile)."""

    name = "iron.barrier"
    sym_name = prop_def(SymbolNameConstraint())
    initial_value = prop_def(IntAttr)
    traits = traits_def(SymbolOpInterface(), HasParent(ProgramOp))
    FORMAT: ClassVar[str] = "$sym_name `initial` $initial_value attr-dict"

    def __init__(self, name: str, initial_value: int = 0):
        super().__init__(
            properties={"sym_name": StringAttr(name), "initial_value": IntAttr(initial_value)}
        )

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


class BarrierValueOp(FormattedOp):
    """Shared shape of ops that name a barrier and a lock value: ``@b(1)``."""

    barrier = prop_def(SymbolRefAttr)
    value = prop_def(IntAttr)
    FORMAT: ClassVar[str] = "$barrier `(` $value `)` attr-dict"

    def __init__(self, barrier: str, value: int):
        super().__init__(properties={"barrier": symbol_ref(barrier), "value": IntAttr(value)})

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

