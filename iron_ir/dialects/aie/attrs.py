"""The parametrized attributes and types of the AIE dialect (mlir-aie AIEAttrs.td, AIETypes.td).

The enums and their ``I32EnumAttr`` constraints are in :mod:`iron_ir.dialects.aie.enums`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    IntAttr,
    IntegerAttr,
    MemRefType,
    StringAttr,
)
from xdsl.ir import (
    Attribute,
    OpaqueSyntaxAttribute,
    ParametrizedAttribute,
    TypeAttribute,
)
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from iron_ir.ir.constraints import int_attr
from iron_ir.ir.syntax.codecs import next_char

# --- struct-like attributes: `<name = int, ...>` --------------------------------------------


def _parse_int_struct(
    parser: AttrParser,
    fields: Sequence[str],
    what: str,
    aliases: Mapping[str, str] | None = None,
) -> list[int]:
    """Parse ``<f1 = v1, f2 = v2>`` with the fields in any order (mlir's struct(params));
    ``aliases`` maps older field names to the current ones."""
    start = parser.pos
    values: dict[str, int] = {}

    def entry() -> None:
        pos = parser.pos
        key = parser.parse_identifier()
        if aliases:
            key = aliases.get(key, key)
        if key not in fields:
            parser.raise_error(
                f"unknown field '{key}' in {what}; expected {', '.join(fields)}",
                at_position=pos,
                end_position=parser.pos,
            )
        if key in values:
            parser.raise_error(f"duplicate field '{key}' in {what}", at_position=pos)
        parser.parse_punctuation("=")
        values[key] = parser.parse_integer(allow_boolean=False, allow_negative=False)

    parser.parse_comma_separated_list(parser.Delimiter.ANGLE, entry)
    missing = [f for f in fields if f not in values]
    if missing:
        parser.raise_error(
            f"{what} is missing {', '.join(missing)}", at_position=start, end_position=parser.pos
        )
    return [values[f] for f in fields]


class _IntPairAttr(ParametrizedAttribute):
    """Two unsigned integers printed like mlir-aie's ``struct(params)``: ``<a = 1, b = 2>``.

    Subclasses declare the two ``IntAttr`` parameters, ``FIELDS`` (their names in order) and
    ``BITS`` (the C++ field width the values must fit).
    """

    FIELDS: ClassVar[tuple[str, str]]
    BITS: ClassVar[int]
    ALIASES: ClassVar[Mapping[str, str]] = {}

    def __init__(self, first: int | IntAttr, second: int | IntAttr):
        super().__init__(*(v if isinstance(v, IntAttr) else IntAttr(v) for v in (first, second)))

    def as_tuple(self) -> tuple[int, int]:
        first, second = self.parameters
        return (first.data, second.data)  # type: ignore[attr-defined]

    def verify(self) -> None:
        for field, value in zip(self.FIELDS, self.as_tuple()):
            if not 0 <= value < (1 << self.BITS):
                raise VerifyException(
                    f"{self.name} {field} = {value} does not fit in {self.BITS} bits (unsigned)"
                )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values = _parse_int_struct(parser, cls.FIELDS, cls.name.removeprefix("aie."), cls.ALIASES)
        return tuple(IntAttr(v) for v in values)

    def print_parameters(self, printer: Printer) -> None:
        body = ", ".join(f"{f} = {v}" for f, v in zip(self.FIELDS, self.as_tuple()))
        printer.print_string(f"<{body}>")


@irdl_attr_definition
class BDDimLayoutAttr(_IntPairAttr):
    """One BD dimension ``<size = S, stride = T>`` (elements)."""

    name = "aie.bd_dim_layout"
    size: IntAttr
    stride: IntAttr
    FIELDS: ClassVar[tuple[str, str]] = ("size", "stride")
    BITS: ClassVar[int] = 32
    ALIASES: ClassVar[Mapping[str, str]] = {"wrap": "size", "step": "stride"}
    """The 2023 spelling ``<wrap = W, step = S>``, still in mlir-aie's tests."""


@irdl_attr_definition
class BDPadLayoutAttr(_IntPairAttr):
    """Zero padding of one BD dimension ``<const_pad_before = B, const_pad_after = A>``."""

    name = "aie.bd_pad_layout"
    const_pad_before: IntAttr
    const_pad_after: IntAttr
    FIELDS: ClassVar[tuple[str, str]] = ("const_pad_before", "const_pad_after")
    BITS: ClassVar[int] = 16


@irdl_attr_definition
class PacketInfoAttr(_IntPairAttr):
    """Packet header fields ``<pkt_type = T, pkt_id = I>``."""

    name = "aie.packet_info"
    pkt_type: IntAttr
    pkt_id: IntAttr
    FIELDS: ClassVar[tuple[str, str]] = ("pkt_type", "pkt_id")
    BITS: ClassVar[int] = 16


def parse_stripped(parser: AttrParser, attr_type: type[ParametrizedAttribute]) -> Attribute:
    """Parse an attribute written inside an op without its ``#aie.name`` prefix.

    The full form is accepted too (the Python bindings of mlir-aie build it).
    """
    if next_char(parser) in ("<", "["):
        return attr_type.new(attr_type.parse_parameters(parser))
    pos = parser.pos
    attr = parser.parse_attribute()
    if not isinstance(attr, attr_type):
        parser.raise_error(
            f"expected {attr_type.name} here", at_position=pos, end_position=parser.pos
        )
    return attr


def print_stripped(printer: Printer, attr: ParametrizedAttribute) -> None:
    """Print an attribute the way mlir-aie's op formats do: parameters only."""
    attr.print_parameters(printer)


class _StrippedArray(ParametrizedAttribute, OpaqueSyntaxAttribute):
    """An array of AIE attributes printed ``[<...>, ...]`` (full form ``#aie<name[...]>``)."""

    ELEMENT: ClassVar[type[ParametrizedAttribute]]

    def __init__(self, items: Iterable[Attribute] | ArrayAttr):
        super().__init__(items if isinstance(items, ArrayAttr) else ArrayAttr(tuple(items)))

    def verify(self) -> None:
        for item in self.value.data:
            if not isinstance(item, self.ELEMENT):
                raise VerifyException(
                    f"{self.name} holds {item}, expected {self.ELEMENT.name} elements"
                )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        items = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, lambda: parse_stripped(parser, cls.ELEMENT)
        )
        return (ArrayAttr(items),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("[")
        printer.print_list(self.value.data, lambda a: print_stripped(printer, a))
        printer.print_string("]")

    def __iter__(self) -> Iterator[Attribute]:
        return iter(self.value.data)

    def __len__(self) -> int:
        return len(self.value.data)


@irdl_attr_definition
class BDDimLayoutArrayAttr(_StrippedArray):
    name = "aie.bd_dim_layout_array"
    ELEMENT = BDDimLayoutAttr
    value: ArrayAttr[BDDimLayoutAttr]

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[int, int]]) -> BDDimLayoutArrayAttr:
        """``[(size, stride), ...]`` outermost first."""
        return cls([BDDimLayoutAttr(s, t) for s, t in pairs])

    def pairs(self) -> list[tuple[int, int]]:
        return [d.as_tuple() for d in self.value.data]  # pyright: ignore


@irdl_attr_definition
class BDDimLayoutArrayArrayAttr(_StrippedArray):
    name = "aie.bd_dim_layout_array_array"
    ELEMENT = BDDimLayoutArrayAttr
    value: ArrayAttr[BDDimLayoutArrayAttr]


@irdl_attr_definition
class BDPadLayoutArrayAttr(_StrippedArray):
    name = "aie.bd_pad_layout_array"
    ELEMENT = BDPadLayoutAttr
    value: ArrayAttr[BDPadLayoutAttr]

    def pairs(self) -> list[tuple[int, int]]:
        return [d.as_tuple() for d in self.value.data]  # pyright: ignore


@irdl_attr_definition
class TraceEventAttr(ParametrizedAttribute):
    """A trace event: a name (``"LOCK_STALL"``), an enum path (``CoreEventAIE2::X``) or a number."""

    name = "aie.trace_event"
    value: Attribute

    def __init__(self, value: str | int | Attribute):
        if isinstance(value, str):
            value = StringAttr(value)
        elif isinstance(value, int):
            value = int_attr(value)
        super().__init__(value)

    def verify(self) -> None:
        if not isinstance(self.value, StringAttr | IntegerAttr):
            raise VerifyException("trace_event value must be a string or an integer")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            return (parse_trace_event_value(parser),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        print_trace_event_value(printer, self.value)
        printer.print_string(">")


def parse_trace_event_value(parser: AttrParser) -> Attribute:
    if (text := parser.parse_optional_str_literal()) is not None:
        return StringAttr(text)
    if (number := parser.parse_optional_integer(allow_boolean=False)) is not None:
        return int_attr(number)
    first = parser.parse_identifier(" (a trace event: a quoted name, Enum::NAME or an integer)")
    parser.parse_punctuation(":")
    parser.parse_punctuation(":")
    return StringAttr(f"{first}::{parser.parse_identifier()}")


def print_trace_event_value(printer: Printer, value: Attribute) -> None:
    if isinstance(value, StringAttr):
        if "::" in value.data:
            printer.print_string(value.data)
        else:
            printer.print_string_literal(value.data)
    elif isinstance(value, IntegerAttr):
        printer.print_string(str(value.value.data))
    else:
        printer.print_attribute(value)


# --- types -------------------------------------------------------------------------------------


@irdl_attr_definition
class ObjectFifoType(ParametrizedAttribute, TypeAttribute):
    """``!aie.objectfifo<memref<...>>``: the type of one objectfifo's elements."""

    name = "aie.objectfifo"
    element_type: MemRefType

    @classmethod
    def get(cls, element_type: MemRefType) -> ObjectFifoType:
        """mlir-aie's Python binding spelling (``ObjectFifoType.get(memref_type)``)."""
        return cls(element_type)


@irdl_attr_definition
class ObjectFifoSubviewType(ParametrizedAttribute, TypeAttribute):
    """``!aie.objectfifosubview<memref<...>>``: the acquired elements of an objectfifo."""

    name = "aie.objectfifosubview"
    element_type: MemRefType


AIE_ATTRIBUTES: tuple[type[Attribute], ...] = (
    BDDimLayoutAttr,
    BDDimLayoutArrayAttr,
    BDDimLayoutArrayArrayAttr,
    BDPadLayoutAttr,
    BDPadLayoutArrayAttr,
    PacketInfoAttr,
    TraceEventAttr,
    ObjectFifoType,
    ObjectFifoSubviewType,
)

__all__ = [
    "AIE_ATTRIBUTES",
    "BDDimLayoutArrayArrayAttr",
    "BDDimLayoutArrayAttr",
    "BDDimLayoutAttr",
    "BDPadLayoutArrayAttr",
    "BDPadLayoutAttr",
    "ObjectFifoSubviewType",
    "ObjectFifoType",
    "PacketInfoAttr",
    "TraceEventAttr",
    "parse_stripped",
    "parse_trace_event_value",
    "print_stripped",
    "print_trace_event_value",
]
