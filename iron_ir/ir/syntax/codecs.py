"""How one attribute or type reads and writes inside a custom format, derived from its constraint.

MLIR's rules (OpFormatGen): an attribute whose constraint fixes its type is written without it
(``I32Attr`` → ``2``); a symbol name is ``@name``; a string is a quoted literal; an enum is its
keyword; a dialect attribute or type is written without its ``#dialect.name`` prefix unless the
format says ``qualified(...)``; anything else is written in full. :func:`attribute_codec` and
:func:`type_codec` apply these rules to an IRDL constraint.

Codecs only use xDSL's public parser API; peeking at the next character reads the input at
``parser.pos``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    ArrayAttr,
    ArrayOfConstraint,
    Builtin,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Data, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import (
    AllOf,
    AnyAttr,
    AnyRange,
    AttrConstraint,
    RangeConstraint,
    RangeOf,
    SingleOf,
    ParamAttrConstraint,
    VarConstraint,
    VerificationContext,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from iron_ir.ir.constraints import I32EnumAttr, KeywordStrAttr, int_attr, int_data


def next_char(parser: Parser) -> str:
    """The first character of the next token ('' at the end of the input)."""
    return parser.lexer.input.content[parser.pos : parser.pos + 1]


class Codec:
    """Reads and writes one attribute inside an op's custom format."""

    __slots__ = ()
    expected: str = "an attribute"

    def parse_optional(self, parser: Parser) -> Attribute | None:
        raise NotImplementedError

    def print(self, printer: Printer, attr: Attribute) -> None:
        raise NotImplementedError


class _Integer(Codec):
    """An IntegerAttr of a fixed type, written bare (``I32Attr``, ``I64Attr``, ``IndexAttr``)."""

    __slots__ = ("type",)
    expected = "an integer"

    def __init__(self, type_: IntegerType | IndexType):
        self.type = type_

    def parse_optional(self, parser: Parser) -> Attribute | None:
        pos = parser.pos
        value = parser.parse_optional_integer(allow_boolean=False)
        if value is None:
            return None
        try:
            return int_attr(value, self.type)
        except VerifyException as error:
            parser.raise_error(str(error), at_position=pos, end_position=parser.pos)

    def print(self, printer: Printer, attr: Attribute) -> None:
        printer.print_string(str(attr.value.data))  # pyright: ignore[reportAttributeAccessIssue]


class _IntData(Codec):
    """``#builtin.int`` (IntAttr), written bare."""

    __slots__ = ()
    expected = "an integer"

    def parse_optional(self, parser: Parser) -> Attribute | None:
        value = parser.parse_optional_integer(allow_boolean=False)
        return None if value is None else int_data(value)

    def print(self, printer: Printer, attr: Attribute) -> None:
        printer.print_string(str(attr.data))  # pyright: ignore[reportAttributeAccessIssue]


class _IntDataList(Codec):
    """An array of ``#builtin.int``, written ``[1, 2]``."""

    __slots__ = ()
    expected = "a list of integers `[...]`"

    def parse_optional(self, parser: Parser) -> Attribute | None:
        values = parser.parse_optional_comma_separated_list(
            parser.Delimiter.SQUARE, lambda: parser.parse_integer(allow_boolean=False)
        )
        return None if values is None else ArrayAttr([int_data(v) for v in values])

    def print(self, printer: Printer, attr: Attribute) -> None:
        assert isinstance(attr, ArrayAttr)
        printer.print_string(
            "[" + ", ".join(str(v.data) for v in attr.data) + "]"  # pyright: ignore
        )


_BARE_KEYWORD = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*\Z")


class _Enum(Codec):
    """An :class:`I32EnumAttr`: the keyword of its case (bare, or quoted as older inputs write
    it when the keyword is not an identifier)."""

    __slots__ = ("enum",)

    def __init__(self, enum: I32EnumAttr):
        self.enum = enum

    @property
    def expected(self) -> str:  # pyright: ignore[reportIncompatibleVariableOverride]
        return f"a {self.enum.enum.__name__} keyword ({', '.join(self.enum.keywords())})"

    def parse_optional(self, parser: Parser) -> Attribute | None:
        pos = parser.pos
        word = parser.parse_optional_identifier()
        if word is None:
            word = parser.parse_optional_str_literal()
        if word is None:
            return None
        value = self.enum.value_of(word)
        if value is None:
            parser.raise_error(
                f"'{word}' is not a valid {self.enum.enum.__name__}; expected one of "
                f"{', '.join(self.enum.keywords())}",
                at_position=pos,
                end_position=parser.pos,
            )
        return int_attr(value)

    def print(self, printer: Printer, attr: Attribute) -> None:
        assert isinstance(attr, IntegerAttr)
        word = self.enum.keyword(attr.value.data)
        if word is None:
            # The generic form can carry any integer; the verifier reports it.
            printer.print_string(str(attr.value.data))
        elif _BARE_KEYWORD.match(word):
            printer.print_string(word)
        else:
            printer.print_string_literal(word)


class _Keyword(Codec):
    """A :class:`KeywordStrAttr`: a string written as a bare word."""

    __slots__ = ("constraint",)
    expected = "a keyword"

    def __init__(self, constraint: KeywordStrAttr):
        self.constraint = constraint

    def parse_optional(self, parser: Parser) -> Attribute | None:
        pos = parser.pos
        word = parser.parse_optional_identifier()
        if word is None:
            return None
        problem: str | None = None
        if self.constraint.check is not None:
            try:
                self.constraint.check(word)
            except ValueError as error:
                problem = str(error)
        if problem is None and self.constraint.choices is not None:
            if word not in self.constraint.choices:
                problem = f"expected one of {', '.join(self.constraint.choices)}, got '{word}'"
        if problem is not None:
            parser.raise_error(problem, at_position=pos, end_position=parser.pos)
        return StringAttr(word)

    def print(self, printer: Printer, attr: Attribute) -> None:
        printer.print_string(attr.data)  # pyright: ignore[reportAttributeAccessIssue]


class _SymbolName(Codec):
    """``SymbolNameAttr``: a string written ``@name``."""

    __slots__ = ()
    expected = "a symbol name `@name`"

    def parse_optional(self, parser: Parser) -> Attribute | None:
        return parser.parse_optional_symbol_name()

    def print(self, printer: Printer, attr: Attribute) -> None:
        printer.print_symbol_name(attr.data)  # pyright: ignore[reportAttributeAccessIssue]


class _SymbolRef(Codec):
    """``(Flat)SymbolRefAttr``: ``@name`` or ``@a::@b``."""

    __slots__ = ()
    expected = "a symbol reference `@name`"

    def parse_optional(self, parser: Parser) -> Attribute | None:
        if next_char(parser) != "@":
            return None
        return parser.parse_attribute()

    def print(self, printer: Printer, attr: Attribute) -> None:
        printer.print_attribute(attr)


class _String(Codec):
    """``StrAttr``: a quoted string."""

    __slots__ = ()
    expected = 'a string literal `"..."`'

    def parse_optional(self, parser: Parser) -> Attribute | None:
        text = parser.parse_optional_str_literal()
        return None if text is None else StringAttr(text)

    def print(self, printer: Printer, attr: Attribute) -> None:
        printer.print_string_literal(attr.data)  # pyright: ignore[reportAttributeAccessIssue]


class _TypeValue(Codec):
    """A type stored as an attribute (``TypeAttrOf<...>``), written as the type."""

    __slots__ = ()
    expected = "a type"

    def parse_optional(self, parser: Parser) -> Attribute | None:
        first = next_char(parser)
        if first != "!" and not first.isalpha():
            return None
        return parser.parse_type()

    def print(self, printer: Printer, attr: Attribute) -> None:
        printer.print_attribute(attr)


class _Stripped(Codec):
    """A dialect attribute written without its ``#dialect.name`` prefix (``<pkt_type = 0, ...>``).

    The full form is accepted too (mlir-aie's Python bindings build it)."""

    __slots__ = ("base",)

    def __init__(self, base: type[ParametrizedAttribute] | type[Data]):
        self.base = base

    @property
    def expected(self) -> str:  # pyright: ignore[reportIncompatibleVariableOverride]
        return f"a {self.base.name} attribute"

    def parse_optional(self, parser: Parser) -> Attribute | None:
        first = next_char(parser)
        if first == "#":
            pos = parser.pos
            attr = parser.parse_attribute()
            if not isinstance(attr, self.base):
                parser.raise_error(
                    f"expected {self.base.name} here", at_position=pos, end_position=parser.pos
                )
            return attr
        if issubclass(self.base, ParametrizedAttribute):
            if first not in ("<", "["):
                return None
            return self.base.new(self.base.parse_parameters(parser))
        return self.base.new(self.base.parse_parameter(parser))  # pyright: ignore

    def print(self, printer: Printer, attr: Attribute) -> None:
        if isinstance(attr, ParametrizedAttribute):
            attr.print_parameters(printer)
        else:
            attr.print_parameter(printer)  # pyright: ignore[reportAttributeAccessIssue]


class _Full(Codec):
    """Any attribute, written in full (``2 : i32``, ``[@a, @b]``, ``true``, ``"s"``)."""

    __slots__ = ()

    def parse_optional(self, parser: Parser) -> Attribute | None:
        return parser.parse_optional_attribute()

    def print(self, printer: Printer, attr: Attribute) -> None:
        printer.print_attribute(attr)


FULL = _Full()
SYMBOL_NAME = _SymbolName()
_SYMBOL_REF = _SymbolRef()
_STRING = _String()
_TYPE_VALUE = _TypeValue()
_INT_DATA = _IntData()
_INT_DATA_LIST = _IntDataList()
_INTEGERS: dict[Attribute, _Integer] = {}
_BUILTIN = frozenset(Builtin.attributes)


def _unwrap(constraint: AttrConstraint) -> AttrConstraint:
    while isinstance(constraint, VarConstraint):
        constraint = constraint.constraint
    return constraint


def element_constraint(constraint: AttrConstraint | RangeConstraint) -> AttrConstraint:
    """The constraint on each value of an operand or result definition's range."""
    while isinstance(constraint, RangeConstraint):
        if isinstance(constraint, RangeOf | SingleOf):
            constraint = constraint.constr
        elif isinstance(constraint, AnyRange):
            return AnyAttr()
        else:
            constraint = constraint.constraint  # pyright: ignore[reportAttributeAccessIssue]
    return constraint


def fixed_attribute(constraint: AttrConstraint | RangeConstraint) -> Attribute | None:
    """The single attribute ``constraint`` allows, when it allows exactly one."""
    constraint = element_constraint(constraint)
    if not constraint.can_infer(set()):
        return None
    return constraint.infer(VerificationContext())


def unique_base(constraint: AttrConstraint) -> type[Attribute] | None:
    bases = _unwrap(constraint).get_bases()
    if bases is None or len(bases) != 1:
        return None
    return next(iter(bases))


def attribute_codec(constraint: AttrConstraint, qualified: bool = False) -> Codec:
    """How an attribute variable constrained by ``constraint`` reads and writes."""
    constraint = _unwrap(constraint)
    if isinstance(constraint, I32EnumAttr):
        return _Enum(constraint)
    if isinstance(constraint, KeywordStrAttr):
        return _Keyword(constraint)
    if isinstance(constraint, SymbolNameConstraint):
        return SYMBOL_NAME
    if qualified:
        return FULL
    integer = _integer_type(constraint)
    if integer is not None:
        codec = _INTEGERS.get(integer)
        if codec is None:
            codec = _INTEGERS[integer] = _Integer(integer)
        return codec
    if isinstance(constraint, ArrayOfConstraint):
        element = getattr(constraint.elem_range_constraint, "constr", None)
        if isinstance(element, AttrConstraint) and unique_base(element) is IntAttr:
            return _INT_DATA_LIST
    base = unique_base(constraint)
    if base is SymbolRefAttr:
        return _SYMBOL_REF
    if base is StringAttr:
        return _STRING
    if base is IntAttr:
        return _INT_DATA
    if base is None or base is UnitAttr:
        return FULL
    if issubclass(base, TypeAttribute):
        return _TYPE_VALUE
    if base not in _BUILTIN and issubclass(base, ParametrizedAttribute | Data):
        return _Stripped(base)
    return FULL


def _integer_type(constraint: AttrConstraint) -> IntegerType | IndexType | None:
    """The type of an IntegerAttr constraint that fixes it, except ``i1`` (``true``/``false``)."""
    if isinstance(constraint, AllOf):
        for inner in constraint.attr_constrs:
            found = _integer_type(_unwrap(inner))
            if found is not None:
                return found
        return None
    if not isinstance(constraint, ParamAttrConstraint) or constraint.base_attr is not IntegerAttr:
        return None
    type_ = fixed_attribute(constraint.param_constrs[1])
    if isinstance(type_, IndexType):
        return type_
    if isinstance(type_, IntegerType) and type_.width.data != 1:
        return type_
    return None


def is_unit(constraint: AttrConstraint) -> bool:
    return unique_base(constraint) is UnitAttr


# --- types of operands and results ----------------------------------------------------------


class TypeCodec:
    """Reads and writes the type of an operand or result in a ``type(...)`` directive."""

    __slots__ = ()

    def parse_optional(self, parser: Parser) -> Attribute | None:
        return parser.parse_optional_type()

    def parse(self, parser: Parser) -> Attribute:
        return parser.parse_type()

    def print(self, printer: Printer, type_: Attribute) -> None:
        printer.print_attribute(type_)


@dataclass(frozen=True)
class _StrippedType(TypeCodec):
    """A dialect type named by the constraint, written without ``!dialect.name`` (mlir-tblgen's
    ``printStrippedAttrOrType``); the full spelling parses too."""

    base: type[ParametrizedAttribute]

    def parse_optional(self, parser: Parser) -> Attribute | None:
        if next_char(parser) == "<":
            return self.base.new(self.base.parse_parameters(parser))
        return parser.parse_optional_type()

    def parse(self, parser: Parser) -> Attribute:
        if next_char(parser) == "<":
            return self.base.new(self.base.parse_parameters(parser))
        return parser.parse_type()

    def print(self, printer: Printer, type_: Attribute) -> None:
        if isinstance(type_, self.base):
            type_.print_parameters(printer)
        else:
            printer.print_attribute(type_)


FULL_TYPE = TypeCodec()


def type_codec(constraint: AttrConstraint | RangeConstraint, qualified: bool) -> TypeCodec:
    """How ``type($x)`` reads and writes for an operand or result constrained by ``constraint``."""
    base = None if qualified else unique_base(element_constraint(constraint))
    if (
        base is not None
        and base not in _BUILTIN
        and issubclass(base, TypeAttribute)
        and issubclass(base, ParametrizedAttribute)
    ):
        return _StrippedType(base)
    return FULL_TYPE


__all__ = [
    "FULL",
    "FULL_TYPE",
    "SYMBOL_NAME",
    "Codec",
    "TypeCodec",
    "attribute_codec",
    "fixed_attribute",
    "is_unit",
    "next_char",
    "type_codec",
    "unique_base",
]
