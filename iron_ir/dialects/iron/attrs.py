"""Attributes and types of the IRON dialect: tiles, stream dimensions, fifo endpoints, task groups.

Every attribute prints the same text inside an op's custom form and inside its generic form
(``#iron.tile<any_mem>``, ``#iron.dims<[<size = 8, stride = 1>]>``,
``#iron.endpoint<worker @worker_0 depth 2>``), so a placed or unplaced program reads the same way
in both forms.
"""

from __future__ import annotations

from collections.abc import Sequence
from xdsl.utils.str_enum import StrEnum

from xdsl.dialects.builtin import IntAttr, NoneAttr, StringAttr, SymbolRefAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import DeviceSpec, TileKind
from iron_ir.ir.constraints import symbol_ref


class TileHint(StrEnum):
    """A placement that a placer still has to choose (IRON's ``Any*Tile`` sentinels)."""

    any_compute = "any_compute"
    any_mem = "any_mem"
    any_shim = "any_shim"

    @property
    def kinds(self) -> tuple[TileKind, ...]:
        return {
            TileHint.any_compute: (TileKind.COMPUTE,),
            TileHint.any_mem: (TileKind.MEM,),
            TileHint.any_shim: (TileKind.SHIM_NOC, TileKind.SHIM_PL),
        }[self]


@irdl_attr_definition
class TileAttr(ParametrizedAttribute):
    """``#iron.tile<any_compute>`` (a hint the placer resolves) or ``#iron.tile<col, row>`` (placed).

    A placed tile stores ``hint = ""`` and its coordinates; a hint stores ``col = row = -1``.
    """

    name = "iron.tile"
    hint: StringAttr
    col: IntAttr
    row: IntAttr

    @staticmethod
    def any(hint: TileHint | str) -> TileAttr:
        return TileAttr(StringAttr(TileHint(hint).value), IntAttr(-1), IntAttr(-1))

    @staticmethod
    def at(col: int, row: int) -> TileAttr:
        return TileAttr(StringAttr(""), IntAttr(col), IntAttr(row))

    @property
    def is_placed(self) -> bool:
        return self.hint.data == ""

    @property
    def tile_hint(self) -> TileHint | None:
        return None if self.is_placed else TileHint(self.hint.data)

    @property
    def col_row(self) -> tuple[int, int]:
        if not self.is_placed:
            raise ValueError(f"tile {self.text()} is not placed yet")
        return self.col.data, self.row.data

    def text(self) -> str:
        if self.is_placed:
            return f"({self.col.data}, {self.row.data})"
        return self.hint.data

    def verify(self) -> None:
        if self.is_placed:
            if self.col.data < 0 or self.row.data < 0:
                raise VerifyException(
                    f"tile ({self.col.data}, {self.row.data}) has a negative coordinate"
                )
            return
        if self.hint.data not in TileHint._value2member_map_:
            raise VerifyException(
                f"unknown tile hint {self.hint.data!r}: expected any_compute, any_mem, any_shim "
                "or a placed tile `col, row`"
            )

    def check_on(self, device: DeviceSpec, kinds: Sequence[TileKind], what: str) -> None:
        """Raise VerifyException unless this tile may hold ``what`` on ``device``."""
        wanted = " or ".join(k.human for k in kinds)
        if not self.is_placed:
            hint_kinds = self.tile_hint.kinds  # type: ignore[union-attr]
            if not set(hint_kinds) & set(kinds):
                raise VerifyException(
                    f"{what} is placed on #iron.tile<{self.text()}> but must be on a {wanted}"
                )
            return
        col, row = self.col_row
        kind = device.tile_kind(col, row)
        if kind is None:
            raise VerifyException(
                f"{what} is placed on tile ({col}, {row}), which is not on device "
                f"{device.name} ({device.columns} columns x {device.rows} rows)"
            )
        if kind not in kinds:
            raise VerifyException(
                f"{what} is placed on tile ({col}, {row}), a {kind.human} of {device.name}, "
                f"but must be on a {wanted}"
            )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            col = parser.parse_optional_integer(allow_boolean=False)
            if col is not None:
                parser.parse_punctuation(",")
                row = parser.parse_integer(allow_boolean=False)
                return (StringAttr(""), IntAttr(col), IntAttr(row))
            hint = parser.parse_str_enum(TileHint)
            return (StringAttr(hint.value), IntAttr(-1), IntAttr(-1))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.text().strip('()')}>")


def parse_tile(parser: AttrParser) -> TileAttr:
    """``#iron.tile<...>`` in an op's custom form."""
    attr = parser.parse_attribute()
    if not isinstance(attr, TileAttr):
        parser.raise_error(f"expected a tile such as #iron.tile<any_compute>, got {attr}")
    return attr


@irdl_attr_definition
class DimsAttr(ParametrizedAttribute):
    """A DMA layout transform: (size, stride) pairs, outermost first, in elements.

    Printed like mlir-aie's ``bd_dim_layout_array``: ``[<size = 8, stride = 1>, ...]``.
    """

    name = "iron.dims"
    sizes: Attribute
    strides: Attribute

    def __init__(self, pairs: Sequence[Sequence[int]] = ()):
        from xdsl.dialects.builtin import ArrayAttr

        super().__init__(
            ArrayAttr([IntAttr(int(p[0])) for p in pairs]),
            ArrayAttr([IntAttr(int(p[1])) for p in pairs]),
        )

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return [
            (s.data, t.data)
            for s, t in zip(self.sizes.data, self.strides.data)  # type: ignore[attr-defined]
        ]

    def verify(self) -> None:
        from xdsl.dialects.builtin import ArrayAttr

        for p in (self.sizes, self.strides):
            if not isinstance(p, ArrayAttr) or not all(isinstance(x, IntAttr) for x in p.data):
                raise VerifyException("#iron.dims holds two arrays of integers")
        if len(self.sizes.data) != len(self.strides.data):  # type: ignore[attr-defined]
            raise VerifyException("#iron.dims needs as many sizes as strides")
        for size, stride in self.pairs:
            if size < 1 or stride < 0:
                raise VerifyException(
                    f"dimension <size = {size}, stride = {stride}>: sizes must be >= 1 and "
                    "strides >= 0"
                )

    def __bool__(self) -> bool:
        return bool(self.pairs)

    @staticmethod
    def parse_list(parser: AttrParser) -> DimsAttr:
        def one() -> tuple[int, int]:
            with parser.in_angle_brackets():
                parser.parse_keyword("size")
                parser.parse_punctuation("=")
                size = parser.parse_integer(allow_boolean=False)
                parser.parse_punctuation(",")
                parser.parse_keyword("stride")
                parser.parse_punctuation("=")
                stride = parser.parse_integer(allow_boolean=False)
            return size, stride

        return DimsAttr(parser.parse_comma_separated_list(parser.Delimiter.SQUARE, one))

    def print_list(self, printer: Printer) -> None:
        printer.print_string(
            "["
            + ", ".join(f"<size = {s}, stride = {t}>" for s, t in self.pairs)
            + "]"
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            dims = DimsAttr.parse_list(parser)
        return (dims.sizes, dims.strides)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        self.print_list(printer)
        printer.print_string(">")


class EndpointKind(StrEnum):
    """Who sits at one end of a fifo."""

    worker = "worker"
    runtime = "runtime"
    link = "link"


@irdl_attr_definition
class EndpointAttr(ParametrizedAttribute):
    """One end of a fifo: ``worker @w depth 2``, ``link @l depth 2`` or
    ``runtime @sequence depth 2 on #iron.tile<any_shim>``, optionally followed by
    ``dims [<size = .., stride = ..>, ...]`` (dims_to_stream on a producer, dims_from_stream on a
    consumer).

    Workers and links carry their tile on their own op; the runtime's end of a fifo (a shim DMA)
    carries it here.
    """

    name = "iron.endpoint"
    kind: StringAttr
    ref: SymbolRefAttr
    depth: IntAttr
    dims: DimsAttr
    tile: Attribute

    @staticmethod
    def make(
        kind: EndpointKind,
        ref: str,
        depth: int,
        dims: Sequence[Sequence[int]] | DimsAttr = (),
        tile: TileAttr | None = None,
    ) -> EndpointAttr:
        dims_attr = dims if isinstance(dims, DimsAttr) else DimsAttr(dims)
        return EndpointAttr(
            StringAttr(kind.value),
            symbol_ref(ref),
            IntAttr(depth),
            dims_attr,
            tile if tile is not None else NoneAttr(),
        )

    @property
    def endpoint_kind(self) -> EndpointKind:
        return EndpointKind(self.kind.data)

    @property
    def ref_name(self) -> str:
        return self.ref.root_reference.data

    @property
    def tile_attr(self) -> TileAttr | None:
        return self.tile if isinstance(self.tile, TileAttr) else None

    def with_tile(self, tile: TileAttr) -> EndpointAttr:
        return EndpointAttr(self.kind, self.ref, self.depth, self.dims, tile)

    def verify(self) -> None:
        if self.kind.data not in EndpointKind._value2member_map_:
            raise VerifyException(
                f"unknown endpoint kind {self.kind.data!r}: expected worker, runtime or link"
            )
        if self.depth.data < 1:
            raise VerifyException(
                f"endpoint {self.kind.data} @{self.ref_name} has depth {self.depth.data}; "
                "a depth must be at least 1"
            )
        is_runtime = self.kind.data == EndpointKind.runtime.value
        if is_runtime != isinstance(self.tile, TileAttr):
            raise VerifyException(
                "the runtime's end of a fifo needs a tile (`on #iron.tile<...>`); worker and "
                "link ends take the tile of their worker or link"
            )

    def text(self) -> str:
        out = f"{self.kind.data} @{self.ref_name} depth {self.depth.data}"
        if self.dims:
            dims = ", ".join(f"<size = {s}, stride = {t}>" for s, t in self.dims.pairs)
            out += f" dims [{dims}]"
        if isinstance(self.tile, TileAttr):
            out += f" on #iron.tile<{self.tile.text().strip('()')}>"
        return out

    @staticmethod
    def parse_body(parser: AttrParser) -> EndpointAttr:
        kind = parser.parse_str_enum(EndpointKind)
        ref = parser.parse_symbol_name()
        parser.parse_keyword("depth")
        depth = parser.parse_integer(allow_boolean=False)
        dims = DimsAttr()
        if parser.parse_optional_keyword("dims"):
            dims = DimsAttr.parse_list(parser)
        tile = None
        if parser.parse_optional_keyword("on"):
            tile = parse_tile(parser)
        return EndpointAttr.make(kind, ref.data, depth, dims, tile)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            ep = EndpointAttr.parse_body(parser)
        return (ep.kind, ep.ref, ep.depth, ep.dims, ep.tile)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.text()}>")


@irdl_attr_definition
class TaskGroupType(ParametrizedAttribute, TypeAttribute):
    """``!iron.task_group``: a runtime task group, finished by ``iron.finish_task_group``."""

    name = "iron.task_group"


IRON_ATTRIBUTES = [TileAttr, DimsAttr, EndpointAttr, TaskGroupType]
