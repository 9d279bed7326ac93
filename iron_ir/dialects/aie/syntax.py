"""mlir-tblgen's declarative assembly formats, reproduced for AIE/AIEX ops.

An op class derived from :class:`FormattedOp` states mlir-aie's ``assemblyFormat`` verbatim in
``FORMAT`` and how each attribute variable reads and writes in ``CODECS``; this module parses
and prints it with mlir-tblgen's exact spacing rules (OpFormatGen ``shouldEmitSpaceBefore``),
MLIR's sorted attribute dictionary with default-valued entries elided, and the implicit
``aie.end`` of ``SingleBlockImplicitTerminator`` regions. xDSL's own declarative formats space
differently and keep dictionaries unsorted, so mlir-aie's text needs this.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    Signedness,
    StringAttr,
    SymbolRefAttr,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, ParametrizedAttribute, Region, SSAValue
from xdsl.irdl import BaseAttr, IRDLOperation, ParamAttrConstraint, VarOperandDef
from xdsl.irdl.operations import VariadicDef
from xdsl.irdl.constraints import EqAttrConstraint
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.traits import SingleBlockImplicitTerminator, ensure_terminator

from iron_ir.dialects.aie.attrs import (
    parse_optional_enum,
    parse_stripped,
    print_enum,
    verify_enum,
)
from iron_ir.dialects.aie.format_ast import (
    AttrDict,
    Custom,
    Element,
    Lit,
    Optional,
    Regions,
    TypeOf,
    Var,
    compile_format,
)

# --- type parsing --------------------------------------------------------------------------------

# Parsed types by their exact text. Building a memref type dominates parsing AIE IR (xDSL
# constructs and verifies it from scratch each time) and a design repeats a handful of types,
# so a type seen once is reused. Only self-contained spellings are cached: no aliases (`!x`,
# `#map`), whose meaning depends on the file.
_TYPE_CACHE: dict[str, Attribute] = {}
_TYPE_END = frozenset(" \t\n\r,)}]={")


def _type_text_end(text: str, start: int) -> int:
    depth = 0
    i = start
    while i < len(text):
        ch = text[i]
        if ch in "<([{":
            if ch == "{" and depth == 0:
                break
            depth += 1
        elif ch in ">)]}":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and (ch in _TYPE_END or text.startswith("->", i)):
            break
        i += 1
    return i


def _cacheable(key: str) -> bool:
    if "#" in key or not key:
        return False
    return not key.startswith("!") or "." in key.split("<", 1)[0]


def parse_type_cached(parser: Parser) -> Attribute:
    """``parser.parse_type()``, reusing the type built for the same text before."""
    text = parser.lexer.input.content
    start = parser.pos
    end = _type_text_end(text, start)
    key = text[start:end]
    cached = _TYPE_CACHE.get(key)
    if cached is not None:
        parser.lexer.pos = end
        parser._parser_state.current_token = parser.lexer.lex()  # pyright: ignore
        return cached
    parsed = parser.parse_type()
    if _cacheable(key) and text[start : parser.pos].rstrip() == key:
        _TYPE_CACHE[key] = parsed
    return parsed


# --- property constraints ----------------------------------------------------------------------


def integer_attr_of(type_: IntegerType) -> ParamAttrConstraint:
    """An IntegerAttr of exactly ``type_`` (mlir's I32Attr, AIEI32Attr, I64Attr, ...)."""
    return ParamAttrConstraint(IntegerAttr, (BaseAttr(IntAttr), EqAttrConstraint(type_)))


I32_ATTR = integer_attr_of(i32)
I64_ATTR = integer_attr_of(i64)
I8_ATTR = integer_attr_of(IntegerType(8))


# --- codecs: how one attribute variable reads and writes inside a format --------------------


class Codec:
    def parse_optional(self, parser: Parser) -> Attribute | None:
        raise NotImplementedError

    def print(self, printer: Printer, attr: Attribute) -> None:
        raise NotImplementedError

    def verify(self, attr: Attribute, name: str) -> None:
        """Extra checks beyond the IRDL constraint (enum ranges)."""


@dataclass(frozen=True)
class Int(Codec):
    """An integer attribute of a fixed type, written bare (``AIEI32Attr``, ``I64Attr``, ...)."""

    type: IntegerType = i32

    def parse_optional(self, parser: Parser) -> Attribute | None:
        pos = parser.pos
        value = parser.parse_optional_integer(allow_boolean=False)
        if value is None:
            return None
        try:
            return IntegerAttr(value, self.type)
        except VerifyException as error:
            parser.raise_error(str(error), at_position=pos, end_position=parser.pos)

    def print(self, printer: Printer, attr: Attribute) -> None:
        assert isinstance(attr, IntegerAttr)
        printer.print_string(str(attr.value.data))


I32 = Int(i32)
I64 = Int(i64)
I8 = Int(IntegerType(8))
I16 = Int(IntegerType(16))
UI32 = Int(IntegerType(32, Signedness.UNSIGNED))


@dataclass(frozen=True)
class Enum(Codec):
    """An ``I32EnumAttr``: stored as i32, written as its keyword."""

    enum: type[IntEnum]

    def parse_optional(self, parser: Parser) -> Attribute | None:
        return parse_optional_enum(parser, self.enum)

    def print(self, printer: Printer, attr: Attribute) -> None:
        assert isinstance(attr, IntegerAttr)
        print_enum(printer, self.enum, attr)

    def verify(self, attr: Attribute, name: str) -> None:
        assert isinstance(attr, IntegerAttr)
        verify_enum(self.enum, attr, name)


class _SymName(Codec):
    """``SymbolNameAttr``: a StringAttr written ``@name``."""

    def parse_optional(self, parser: Parser) -> Attribute | None:
        return parser.parse_optional_symbol_name()

    def print(self, printer: Printer, attr: Attribute) -> None:
        assert isinstance(attr, StringAttr)
        printer.print_symbol_name(attr.data)


SYM_NAME = _SymName()


class _SymRef(Codec):
    """``(Flat)SymbolRefAttr``: ``@name`` or ``@a::@b``."""

    def parse_optional(self, parser: Parser) -> Attribute | None:
        if parser._current_token.text[:1] != "@":  # pyright: ignore[reportPrivateUsage]
            return None
        pos = parser.pos
        attr = parser.parse_attribute()
        if not isinstance(attr, SymbolRefAttr):
            parser.raise_error("expected a symbol reference", at_position=pos)
        return attr

    def print(self, printer: Printer, attr: Attribute) -> None:
        printer.print_attribute(attr)


SYM_REF = _SymRef()


class _Typed(Codec):
    """Any attribute, written in full (``2 : i32``, ``[@a, @b]``, ``"str"``, a type)."""

    def parse_optional(self, parser: Parser) -> Attribute | None:
        return parser.parse_optional_attribute()

    def print(self, printer: Printer, attr: Attribute) -> None:
        printer.print_attribute(attr)


TYPED = _Typed()


class _Str(Codec):
    def parse_optional(self, parser: Parser) -> Attribute | None:
        text = parser.parse_optional_str_literal()
        return None if text is None else StringAttr(text)

    def print(self, printer: Printer, attr: Attribute) -> None:
        assert isinstance(attr, StringAttr)
        printer.print_string_literal(attr.data)


STR = _Str()


class _I64Array(Codec):
    """``I64ArrayAttr``: ``[0, 1024]`` (i64 elements print without their type)."""

    def parse_optional(self, parser: Parser) -> Attribute | None:
        items = parser.parse_optional_comma_separated_list(
            parser.Delimiter.SQUARE, lambda: parser.parse_integer(allow_boolean=False)
        )
        return None if items is None else ArrayAttr([IntegerAttr(v, i64) for v in items])

    def print(self, printer: Printer, attr: Attribute) -> None:
        assert isinstance(attr, ArrayAttr)
        values = [a.value.data for a in attr.data]  # pyright: ignore
        printer.print_string("[" + ", ".join(str(v) for v in values) + "]")


I64_ARRAY = _I64Array()


@dataclass(frozen=True)
class Stripped(Codec):
    """An AIE attribute written without its ``#aie.`` prefix (``<pkt_type = 0, pkt_id = 2>``)."""

    attr_type: type[ParametrizedAttribute]

    def parse_optional(self, parser: Parser) -> Attribute | None:
        if parser._current_token.text not in ("<", "[", "#"):  # pyright: ignore
            return None
        return parse_stripped(parser, self.attr_type)

    def print(self, printer: Printer, attr: Attribute) -> None:
        assert isinstance(attr, ParametrizedAttribute)
        attr.print_parameters(printer)


class _TypeAttr(Codec):
    """A type stored as an attribute (``TypeAttrOf<...>``), written as the type."""

    def parse_optional(self, parser: Parser) -> Attribute | None:
        first = parser._current_token.text[:1]  # pyright: ignore[reportPrivateUsage]
        if first != "!" and not first.isalpha():
            return None
        return parse_type_cached(parser)

    def print(self, printer: Printer, attr: Attribute) -> None:
        printer.print_attribute(attr)


TYPE_ATTR = _TypeAttr()


# --- printing state (mlir-tblgen's shouldEmitSpace / lastWasPunctuation) ---------------------


class _PrintState:
    __slots__ = ("printer", "space", "punct", "dry")

    def __init__(self, printer: Printer):
        self.printer = printer
        self.space = True
        self.punct = False
        self.dry = False

    def literal(self, text: str) -> None:
        if text == "":
            self.space, self.punct = False, True
            return
        if text == " ":
            if not self.dry:
                self.printer.print_string(" ")
            self.space, self.punct = False, False
            return
        if self.space and _space_before(text, self.punct) and not self.dry:
            self.printer.print_string(" ")
        if not self.dry:
            self.printer.print_string(text)
        self.space = len(text) != 1 or text not in "<({["
        self.punct = text[0] != "_" and not text[0].isalpha()

    def variable(self) -> bool:
        """Emit the space before a variable; False when printing is suppressed."""
        if self.space and not self.dry:
            self.printer.print_string(" ")
        self.space, self.punct = True, False
        return not self.dry


def _space_before(text: str, last_was_punct: bool) -> bool:
    if len(text) != 1 and text != "->":
        return True
    if last_was_punct:
        return text[0] not in ">)}],"
    return text[0] not in "<>(){}[],"


# --- attr-dict helpers (shared by hand-written printers) -----------------------------------


def print_attr_dict(
    printer: Printer,
    op: Operation,
    elided: Sequence[str] = (),
    defaults: Mapping[str, Attribute] | None = None,
    keyword: bool = False,
) -> None:
    """MLIR's ``printOptionalAttrDict``: properties and attributes merged, sorted by name,
    without the names printed elsewhere and without entries equal to their default."""
    merged: dict[str, Attribute] = {}
    for source in (op.properties, op.attributes):
        for name, attr in source.items():
            if name in elided:
                continue
            if defaults is not None and defaults.get(name) == attr:
                continue
            merged[name] = attr
    if merged:
        printer.print_op_attributes(dict(sorted(merged.items())), print_keyword=keyword)


def split_attr_dict(
    op_type: type[IRDLOperation], entries: Mapping[str, Attribute]
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """Split a parsed attr-dict into the op's properties and discardable attributes."""
    prop_names = op_type.get_irdl_definition().properties
    props = {k: v for k, v in entries.items() if k in prop_names}
    attrs = {k: v for k, v in entries.items() if k not in prop_names}
    return props, attrs


# --- the op base class ---------------------------------------------------------------------------

CustomParse = Callable[[Parser, "ParseState"], None]
CustomPrint = Callable[[Printer, Operation], None]


@dataclass
class ParseState:
    """What a format parse has collected so far (custom directives add to it)."""

    operands: dict[str, list[UnresolvedOperand]] = field(default_factory=dict)
    types: dict[str, list[Attribute]] = field(default_factory=dict)
    properties: dict[str, Attribute] = field(default_factory=dict)
    attributes: dict[str, Attribute] = field(default_factory=dict)
    regions: list[Region] = field(default_factory=list)
    successors: dict[str, Block] = field(default_factory=dict)


Codecs = Mapping[str, Codec]
Defaults = Mapping[str, Attribute]
Customs = Mapping[str, tuple[CustomParse, CustomPrint]]


class FormattedOp(IRDLOperation):
    """An op parsed and printed from its mlir-aie ``assemblyFormat``."""

    FORMAT: ClassVar[str] = ""
    CODECS: ClassVar[Mapping[str, Codec]] = {}
    DEFAULTS: ClassVar[Mapping[str, Attribute]] = {}
    """Default-valued attributes: elided from the attr-dict and optional groups when equal."""
    CUSTOM: ClassVar[Mapping[str, tuple[CustomParse, CustomPrint]]] = {}

    _COMPILED: ClassVar[dict[type, list[Element]]] = {}

    @classmethod
    def _format(cls) -> list[Element]:
        compiled = FormattedOp._COMPILED.get(cls)
        if compiled is None:
            compiled = compile_format(cls.FORMAT)
            FormattedOp._COMPILED[cls] = compiled
        return compiled

    @classmethod
    def _implicit_terminator(cls) -> bool:
        return any(
            isinstance(t, SingleBlockImplicitTerminator)
            for t in cls.get_irdl_definition().traits
        )

    # -- helpers ------------------------------------------------------------------------------

    @classmethod
    def _operand_def(cls, name: str) -> Any:
        for op_name, op_def in cls.get_irdl_definition().operands:
            if op_name == name:
                return op_def
        return None

    @classmethod
    def _fixed_type(cls, constr: Any) -> Attribute | None:
        """The single type a (possibly range-wrapped) constraint allows, if any."""
        while not isinstance(constr, EqAttrConstraint):
            inner = getattr(constr, "constraint", None) or getattr(constr, "constr", None)
            if inner is None:
                return None
            constr = inner
        return constr.attr

    def _format_names(self) -> set[str]:
        names: set[str] = set()

        def walk(elements: list[Element]) -> None:
            for e in elements:
                if isinstance(e, Var):
                    names.add(e.name)
                elif isinstance(e, Custom):
                    names.update(e.args)
                elif isinstance(e, Optional):
                    walk(e.elements)

        walk(self._format())
        return names

    # -- parsing ------------------------------------------------------------------------------

    @classmethod
    def parse(cls, parser: Parser) -> FormattedOp:
        state = ParseState()
        cls._parse_elements(parser, cls._format(), state)
        return cls._build_parsed(parser, state)

    @classmethod
    def _parse_var(cls, parser: Parser, name: str, state: ParseState, optional: bool) -> bool:
        op_def = cls.get_irdl_definition()
        if name in cls.CODECS:
            pos = parser.pos
            attr = cls.CODECS[name].parse_optional(parser)
            if attr is None:
                if optional:
                    return False
                parser.raise_error(f"expected the '{name}' attribute of {cls.name} here", pos)
            if name in op_def.properties:
                state.properties[name] = attr
            else:
                state.attributes[name] = attr
            return True
        operand_def = cls._operand_def(name)
        if operand_def is not None:
            if isinstance(operand_def, VarOperandDef):
                first = parser.parse_optional_unresolved_operand()
                values = [] if first is None else [first]
                while first is not None and parser.parse_optional_punctuation(",") is not None:
                    values.append(parser.parse_unresolved_operand())
                state.operands[name] = values
                return bool(values)
            value = parser.parse_optional_unresolved_operand()
            if value is None:
                if optional:
                    return False
                parser.raise_error(f"expected the SSA operand '{name}' of {cls.name} here")
            state.operands[name] = [value]
            return True
        if any(n == name for n, _ in op_def.successors):
            block = parser.parse_optional_successor()
            if block is None:
                if optional:
                    return False
                parser.raise_error(f"expected a successor block ('{name}') here")
            state.successors[name] = block
            return True
        if any(n == name for n, _ in op_def.regions):
            region = parser.parse_optional_region()
            if region is None:
                if optional:
                    return False
                parser.raise_error(f"expected the '{name}' region here")
            state.regions.append(region)
            return True
        raise AssertionError(f"{cls.name}: format variable ${name} is not defined")

    @classmethod
    def _parse_literal(cls, parser: Parser, text: str, optional: bool) -> bool:
        if text in ("", " "):
            return True
        if text[0].isalpha() or text[0] == "_":
            if optional:
                return parser.parse_optional_keyword(text) is not None
            parser.parse_keyword(text)
            return True
        if optional:
            return parser.parse_optional_characters(text) is not None
        parser.parse_characters(text, f" in {cls.name}")
        return True

    @classmethod
    def _parse_elements(cls, parser: Parser, elements: list[Element], state: ParseState) -> None:
        for element in elements:
            cls._parse_element(parser, element, state, optional=False)

    @classmethod
    def _parse_element(
        cls, parser: Parser, element: Element, state: ParseState, optional: bool
    ) -> bool:
        if isinstance(element, Lit):
            return cls._parse_literal(parser, element.text, optional)
        if isinstance(element, Var):
            return cls._parse_var(parser, element.name, state, optional)
        if isinstance(element, TypeOf):
            if optional:
                raise AssertionError("type() cannot start an optional group")
            if cls._operand_def(element.name) is not None and isinstance(
                cls._operand_def(element.name), VarOperandDef
            ):
                types = parser.parse_comma_separated_list(
                    parser.Delimiter.NONE, lambda: parse_type_cached(parser)
                ) if state.operands.get(element.name) else []
                state.types[element.name] = list(types)
            else:
                state.types[element.name] = [parse_type_cached(parser)]
            return True
        if isinstance(element, AttrDict):
            pos = parser.pos
            entries = parser.parse_optional_attr_dict()
            for name in entries:
                if name in state.properties or name in state.attributes:
                    parser.raise_error(
                        f"'{name}' of {cls.name} is already given in the op's syntax; remove it "
                        "from the attribute dictionary",
                        at_position=pos,
                        end_position=parser.pos,
                    )
            props, attrs = split_attr_dict(cls, entries)
            state.properties.update(props)
            state.attributes.update(attrs)
            return True
        if isinstance(element, Regions):
            region_defs = cls.get_irdl_definition().regions
            if region_defs and isinstance(region_defs[0][1], VariadicDef):
                first = parser.parse_optional_region()
                if first is not None:
                    state.regions.append(first)
                    while parser.parse_optional_punctuation(",") is not None:
                        state.regions.append(parser.parse_region())
            else:
                for _ in region_defs:
                    state.regions.append(parser.parse_region())
            return True
        if isinstance(element, Custom):
            cls.CUSTOM[element.name][0](parser, state)
            return True
        assert isinstance(element, Optional)
        if not cls._parse_element(parser, element.elements[0], state, optional=True):
            return False
        cls._parse_elements(parser, element.elements[1:], state)
        return True

    @classmethod
    def _build_parsed(cls, parser: Parser, state: ParseState) -> FormattedOp:
        op_def = cls.get_irdl_definition()
        operands: list[SSAValue | list[SSAValue]] = []
        for name, operand_def in op_def.operands:
            unresolved = state.operands.get(name, [])
            types = state.types.get(name)
            if types is None:
                fixed = cls._fixed_type(operand_def.constr)
                if fixed is None and unresolved:
                    raise AssertionError(f"{cls.name}: no type for operand {name}")
                types = [fixed] * len(unresolved)
            if len(types) != len(unresolved):
                parser.raise_error(
                    f"{cls.name}: {len(unresolved)} '{name}' operands but {len(types)} types"
                )
            values = [parser.resolve_operand(u, t) for u, t in zip(unresolved, types)]
            operands.append(values if isinstance(operand_def, VarOperandDef) else values[0])
        result_types: list[Attribute] = []
        for name, result_def in op_def.results:
            if name in state.types:
                result_types.extend(state.types[name])
            else:
                fixed = cls._fixed_type(result_def.constr)
                assert fixed is not None, f"{cls.name}: result {name} has no type in the format"
                result_types.append(fixed)
        regions: list[Region | list[Region]] = []
        region_defs = op_def.regions
        if region_defs and isinstance(region_defs[0][1], VariadicDef):
            regions.append(state.regions)
        else:
            regions.extend(state.regions)
        op = cls.build(
            operands=operands,
            result_types=result_types,
            properties=state.properties,
            attributes=state.attributes,
            regions=regions,
            successors=[state.successors[name] for name, _ in op_def.successors],
        )
        if cls._implicit_terminator():
            ensure_implicit_terminators(op)
        return op

    # -- printing -------------------------------------------------------------------------------

    def print(self, printer: Printer) -> None:
        state = _PrintState(printer)
        self._print_elements(self._format(), state)

    def _present(self, name: str) -> bool:
        if name in self.CODECS:
            attr = self.properties.get(name, self.attributes.get(name))
            return attr is not None and attr != self.DEFAULTS.get(name)
        operand_def = self._operand_def(name)
        if operand_def is not None:
            return bool(getattr(self, name)) if isinstance(operand_def, VarOperandDef) else True
        region = getattr(self, name)
        return isinstance(region, Region) and bool(region.blocks)

    def _print_elements(self, elements: list[Element], state: _PrintState) -> None:
        for element in elements:
            self._print_element(element, state)

    def _print_region(self, printer: Printer, region: Region) -> None:
        # MLIR hides an implicit terminator only when it is bare (no operands, results or
        # attributes).
        hide = self._implicit_terminator() and all(
            block.last_op is None
            or not (block.last_op.operands or block.last_op.results or block.last_op.attributes)
            for block in region.blocks
        )
        printer.print_region(region, print_block_terminators=not hide)

    def _print_element(self, element: Element, state: _PrintState) -> None:
        printer = state.printer
        if isinstance(element, Lit):
            state.literal(element.text)
        elif isinstance(element, Var):
            if not state.variable():
                return
            name = element.name
            if name in self.CODECS:
                attr = self.properties.get(name, self.attributes.get(name))
                assert attr is not None, f"{self.name}: missing {name}"
                self.CODECS[name].print(printer, attr)
                return
            operand_def = self._operand_def(name)
            if operand_def is not None:
                value = getattr(self, name)
                if isinstance(operand_def, VarOperandDef):
                    printer.print_list(value, printer.print_operand)
                else:
                    printer.print_operand(value)
                return
            attr = getattr(self, name)
            if isinstance(attr, Block):
                printer.print_block_name(attr)
            else:
                assert isinstance(attr, Region)
                self._print_region(printer, attr)
        elif isinstance(element, TypeOf):
            if not state.variable():
                return
            value = getattr(self, element.name)
            if isinstance(value, SSAValue):
                printer.print_attribute(value.type)
            else:
                printer.print_list([v.type for v in value], printer.print_attribute)
        elif isinstance(element, AttrDict):
            state.punct = False
            if not state.dry:
                print_attr_dict(printer, self, tuple(self._format_names()), self.DEFAULTS)
        elif isinstance(element, Regions):
            if not state.variable():
                return
            printer.print_list(self.regions, lambda r: self._print_region(printer, r))
        elif isinstance(element, Custom):
            if not state.variable():
                return
            self.CUSTOM[element.name][1](printer, self)
        else:
            assert isinstance(element, Optional)
            present = self._present(element.anchor)
            was_dry = state.dry
            state.dry = was_dry or not present
            self._print_elements(element.elements, state)
            state.dry = was_dry

    # -- verification -------------------------------------------------------------------------

    def verify_(self) -> None:
        for name, codec in self.CODECS.items():
            attr = self.properties.get(name, self.attributes.get(name))
            if attr is not None:
                codec.verify(attr, name)
        self.verify_rules()

    def verify_rules(self) -> None:
        """Op-specific rules (mlir-aie's ``verify()``); raise VerifyException."""


def ensure_implicit_terminators(op: Operation) -> None:
    """Re-insert the ``aie.end`` an implicit-terminator region omits in text."""
    trait = op.get_trait(SingleBlockImplicitTerminator)
    if trait is None:
        return
    for region in op.regions:
        if not region.blocks:
            region.add_block(Block())
    ensure_terminator(op, trait)
