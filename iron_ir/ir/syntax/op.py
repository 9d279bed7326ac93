"""``FormattedOp``: an IRDL op parsed and printed from its declarative assembly format.

An op class states its fields with IRDL (``prop_def``, ``operand_def``, ...) and its syntax in
``FORMAT``, a string in mlir-tblgen's format language. The first parse or print of the class
compiles the format against the IRDL definition into a parse plan and a print plan:

* each attribute variable reads and writes by the rules of its constraint
  (:mod:`iron_ir.ir.syntax.codecs`);
* spacing follows mlir-tblgen's printer generator (``OpFormatGen.cpp``): whether a space comes
  before an element is decided once, from the elements before it in the format, whether or not
  those were printed — so an absent optional group or an empty custom directive still leaves
  the spacing MLIR would (``aie.objectfifo ... : !aie.objectfifo<...> `` ends in a space);
* ``attr-dict`` holds the properties and attributes the format does not name, sorted, without
  ``operandSegmentSizes`` and without default-valued entries equal to their default
  (``opt_prop_def(..., default_value=...)``, MLIR's ``DefaultValuedAttr``); an optional group
  anchored on a default-valued attribute prints only when the value differs;
* regions of ``SingleBlockImplicitTerminator`` ops hide a bare terminator and get it back on
  parsing; an empty ``{}`` single-block region gets its block back.

Verification: :meth:`FormattedOp.verify_` checks that every ``I32EnumAttr`` field holds a case of
its enum (naming the field), then calls ``verify_rules``, the op's own rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    OpDef,
    OptionalDef,
    SingleBlockRegionDef,
    VariadicDef,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import SingleBlockImplicitTerminator, ensure_terminator
from xdsl.utils.mlir_lexer import MLIRTokenKind

from iron_ir.ir.constraints import I32EnumAttr
from iron_ir.ir.fast_build import init_op
from iron_ir.ir.syntax import format as fmt
from iron_ir.ir.syntax.codecs import (
    Codec,
    TypeCodec,
    attribute_codec,
    fixed_attribute,
    is_unit,
    type_codec,
)
from iron_ir.ir.syntax.directives import CustomDirective
from iron_ir.ir.upgrade import PARSED_OP_UPGRADES

_SEGMENT_SIZES = frozenset({"operandSegmentSizes", "resultSegmentSizes"})


class ParseState:
    """What a format parse has collected so far, by field name."""

    __slots__ = ("operands", "types", "properties", "attributes", "regions", "successors")

    def __init__(self) -> None:
        self.operands: dict[str, list[UnresolvedOperand]] = {}
        self.types: dict[str, list[Attribute]] = {}
        self.properties: dict[str, Attribute] = {}
        self.attributes: dict[str, Attribute] = {}
        self.regions: dict[str, list[Region]] = {}
        self.successors: dict[str, list[Block]] = {}


ParseStep = Callable[[Parser, ParseState], None]
OptionalParseStep = Callable[[Parser, ParseState], bool]
PrintStep = Callable[[Printer, Operation], None]


class FormattedOp(IRDLOperation):
    """An op whose custom syntax is its ``FORMAT``."""

    FORMAT: ClassVar[str] = ""

    def __init__(
        self,
        *,
        operands: Sequence | None = None,
        result_types: Sequence | None = None,
        properties: Mapping[str, Attribute | None] | None = None,
        attributes: Mapping[str, Attribute | None] | None = None,
        successors: Sequence | None = None,
        regions: Sequence | None = None,
    ):
        # IRDLOperation.__init__, without its per-op bookkeeping where the definition allows.
        init_op(self, operands, result_types, properties, attributes, successors, regions)

    @classmethod
    def parse(cls, parser: Parser) -> FormattedOp:
        plan = _plan(cls)
        state = ParseState()
        for step in plan.parse_steps:
            step(parser, state)
        return plan.build(parser, state)  # pyright: ignore[reportReturnType]

    def print(self, printer: Printer) -> None:
        for step in _plan(type(self)).print_steps:
            step(printer, self)

    def verify_(self) -> None:
        for name, constraint, is_property in _enum_fields(type(self)):
            attr = (self.properties if is_property else self.attributes).get(name)
            if attr is not None:
                constraint.check_value(attr, name)
        self.verify_rules()

    def verify_rules(self) -> None:
        """The op's own rules (mlir-aie's ``verify()``); raise VerifyException."""


# --- compiled plans --------------------------------------------------------------------------


@dataclass
class _Plan:
    parse_steps: list[ParseStep]
    print_steps: list[PrintStep]
    build: Callable[[Parser, ParseState], Operation]


_PLANS: dict[type, _Plan] = {}
_ENUMS: dict[type, list[tuple[str, I32EnumAttr, bool]]] = {}


def _plan(cls: type[IRDLOperation]) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _Compiler(cls).compile()
    return plan


def compile_format(cls: type[IRDLOperation]) -> None:
    """Compile ``cls.FORMAT`` now (raises FormatError for a format that does not fit the op)."""
    _plan(cls)


def _enum_fields(cls: type[IRDLOperation]) -> list[tuple[str, I32EnumAttr, bool]]:
    found = _ENUMS.get(cls)
    if found is None:
        op_def = cls.get_irdl_definition()
        found = []
        for source, is_property in ((op_def.properties, True), (op_def.attributes, False)):
            for name, attr_def in source.items():
                constraint = attr_def.constr
                if isinstance(constraint, I32EnumAttr):
                    found.append((name, constraint, is_property))
        _ENUMS[cls] = found
    return found


@dataclass
class _Field:
    """What a ``$name`` of the format is in the op definition."""

    kind: str  # "operand", "result", "attribute", "region", "successor"
    name: str
    definition: Any
    variadic: bool = False
    optional: bool = False
    is_property: bool = False


@dataclass
class _Spacing:
    """mlir-tblgen's ``shouldEmitSpace`` / ``lastWasPunctuation``, tracked at compile time."""

    should_emit_space: bool = True
    last_was_punctuation: bool = False

    def before_literal(self, text: str) -> bool:
        space = self.should_emit_space and _space_before(text, self.last_was_punctuation)
        self.should_emit_space = len(text) != 1 or text not in "<({["
        self.last_was_punctuation = text[0] != "_" and not text[0].isalpha()
        return space

    def before_element(self) -> bool:
        space = self.should_emit_space or not self.last_was_punctuation
        self.last_was_punctuation = False
        self.should_emit_space = True
        return space

    def whitespace(self, text: str) -> None:
        self.last_was_punctuation = text == ""
        self.should_emit_space = False


def _is_variadic(definition: object) -> bool:
    """A list of any length (xDSL's optional definitions are variadic ones of length <= 1)."""
    return isinstance(definition, VariadicDef) and not isinstance(definition, OptionalDef)


def _space_before(text: str, last_was_punctuation: bool) -> bool:
    """mlir-tblgen's ``shouldEmitSpaceBefore``."""
    if len(text) != 1 and text != "->":
        return True
    if last_was_punctuation:
        return text[0] not in ">)}],"
    return text[0] not in "<>(){}[],"


class _Compiler:
    def __init__(self, cls: type[IRDLOperation]):
        self.cls = cls
        self.op_def: OpDef = cls.get_irdl_definition()
        self.fields: dict[str, _Field] = {}
        for name, definition in self.op_def.operands:
            self.fields[name] = _Field(
                "operand",
                name,
                definition,
                _is_variadic(definition),
                isinstance(definition, OptionalDef),
            )
        for name, definition in self.op_def.results:
            self.fields[name] = _Field(
                "result",
                name,
                definition,
                _is_variadic(definition),
                isinstance(definition, OptionalDef),
            )
        for name, definition in self.op_def.regions:
            self.fields[name] = _Field(
                "region",
                name,
                definition,
                _is_variadic(definition),
                isinstance(definition, OptionalDef),
            )
        for name, definition in self.op_def.successors:
            self.fields[name] = _Field(
                "successor",
                name,
                definition,
                _is_variadic(definition),
                isinstance(definition, OptionalDef),
            )
        for name, definition in self.op_def.attributes.items():
            self.fields[name] = _Field(
                "attribute", name, definition, optional=isinstance(definition, OptionalDef)
            )
        for name, definition in self.op_def.properties.items():
            self.fields[name] = _Field(
                "attribute",
                name,
                definition,
                optional=isinstance(definition, OptionalDef),
                is_property=True,
            )
        self.bound: set[str] = set()  # attribute names the format writes outside attr-dict
        self.implicit_terminator = next(
            (t for t in self.op_def.traits if isinstance(t, SingleBlockImplicitTerminator)),
            None,
        )

    def fail(self, message: str) -> fmt.FormatError:
        return fmt.FormatError(f"{self.cls.name}: {message} (format {self.cls.FORMAT!r})")

    def field(self, name: str) -> _Field:
        found = self.fields.get(name)
        if found is None:
            raise self.fail(f"${name} is not a field of the op")
        return found

    # -- the whole format ----------------------------------------------------------------------

    def compile(self) -> _Plan:
        if not self.cls.FORMAT:
            raise self.fail("the op has no FORMAT")
        try:
            elements = fmt.read_format(self.cls.FORMAT)
        except fmt.FormatError as error:
            raise self.fail(str(error)) from None
        self.collect_bound(elements)
        parse_steps = [self.parse_step(e) for e in elements]
        print_steps = _merge(self.print_steps(elements, _Spacing()))
        return _Plan(parse_steps, print_steps, self.builder())

    def collect_bound(self, elements: Sequence[fmt.Element]) -> None:
        for element in elements:
            if isinstance(element, fmt.Var):
                if self.field(element.name).kind == "attribute":
                    self.bound.add(element.name)
            elif isinstance(element, fmt.Custom):
                for arg in element.args:
                    if isinstance(arg.element, fmt.Var):
                        self.field(arg.element.name)
                        if self.fields[arg.element.name].kind == "attribute":
                            self.bound.add(arg.element.name)
            elif isinstance(element, fmt.Group):
                self.collect_bound(element.then)
                self.collect_bound(element.else_)

    # -- parsing -------------------------------------------------------------------------------

    def parse_step(self, element: fmt.Element) -> ParseStep:
        if isinstance(element, fmt.Literal):
            return _literal_parser(element.text, self.cls.name, optional=False)  # pyright: ignore
        if isinstance(element, fmt.Space):
            return _nothing
        if isinstance(element, fmt.Var):
            return self.var_parser(element)
        if isinstance(element, fmt.TypeOf):
            return self.type_parser(element)
        if isinstance(element, fmt.FunctionalType):
            return self.functional_type_parser(element)
        if isinstance(element, fmt.AttrDict):
            return self.attr_dict_parser(element.with_keyword)
        if isinstance(element, fmt.Operands):
            return self.all_parser("operand")
        if isinstance(element, fmt.Regions):
            return self.regions_parser()
        if isinstance(element, fmt.Successors):
            return self.all_parser("successor")
        if isinstance(element, fmt.Custom):
            return self.custom_parser(element)
        assert isinstance(element, fmt.Group)
        return self.group_parser(element)

    def optional_parse_step(self, element: fmt.Element) -> OptionalParseStep:
        """Parse ``element`` if it is next; True when it was (the first element of a group)."""
        if isinstance(element, fmt.Literal):
            return _literal_parser(element.text, self.cls.name, optional=True)  # pyright: ignore
        if isinstance(element, fmt.Var):
            found = self.field(element.name)
            if found.kind == "attribute":
                codec = self.codec(found, element.qualified)
                return _attribute_parser(found, codec, optional=True)  # pyright: ignore
            if found.kind == "operand":
                return _operand_parser(found.name, found.variadic, optional=True)  # pyright: ignore
            if found.kind == "region":
                return _region_parser(found.name, optional=True)  # pyright: ignore
            if found.kind == "successor":
                return _successor_parser(found.name, optional=True)  # pyright: ignore
        raise self.fail(f"an optional group cannot start with {element}")

    def codec(self, found: _Field, qualified: bool) -> Codec:
        return attribute_codec(found.definition.constr, qualified)

    def type_codec(self, found: _Field, qualified: bool) -> TypeCodec:
        return type_codec(found.definition.constr, qualified)

    def var_parser(self, element: fmt.Var) -> ParseStep:
        found = self.field(element.name)
        if found.kind == "attribute":
            return _attribute_parser(found, self.codec(found, element.qualified), optional=False)
        if found.kind == "operand":
            return _operand_parser(found.name, found.variadic, optional=found.optional)
        if found.kind == "region":
            return _region_parser(found.name, optional=found.optional)
        if found.kind == "successor":
            return _successor_parser(found.name, optional=found.optional)
        raise self.fail(f"${element.name} is a result: write its type with type(${element.name})")

    def typed_fields(self, name: str) -> list[_Field]:
        if name in ("operands", "results"):
            kind = name[:-1]
            return [f for f in self.fields.values() if f.kind == kind]
        found = self.field(name)
        if found.kind not in ("operand", "result"):
            raise self.fail(f"type(${name}): ${name} is not an operand or result")
        return [found]

    def type_parser(self, element: fmt.TypeOf) -> ParseStep:
        fields = self.typed_fields(element.name)
        if len(fields) == 1 and element.name not in ("operands", "results"):
            found = fields[0]
            codec = self.type_codec(found, element.qualified)
            name = found.name
            if found.variadic:

                def parse_types(parser: Parser, state: ParseState) -> None:
                    state.types[name] = _parse_type_list(parser, codec)

                return parse_types

            def parse_type(parser: Parser, state: ParseState) -> None:
                state.types[name] = [codec.parse(parser)]

            return parse_type
        distribute = self.distributor(fields)

        def parse_all_types(parser: Parser, state: ParseState) -> None:
            types = _parse_type_list(parser, FULL_TYPE_CODEC)
            distribute(parser, state.types, types)

        return parse_all_types

    def functional_type_parser(self, element: fmt.FunctionalType) -> ParseStep:
        inputs = self.type_list_setter(element.inputs)
        results = self.type_list_setter(element.results)

        def parse_functional_type(parser: Parser, state: ParseState) -> None:
            parser.parse_punctuation("(")
            inputs(parser, state, _parse_type_list(parser, FULL_TYPE_CODEC))
            parser.parse_punctuation(")")
            parser.parse_punctuation("->")
            if parser.parse_optional_punctuation("(") is not None:
                outputs = _parse_type_list(parser, FULL_TYPE_CODEC)
                parser.parse_punctuation(")")
            else:
                outputs = [parser.parse_type()]
            results(parser, state, outputs)

        return parse_functional_type

    def type_list_setter(
        self, element: fmt.TypeOf
    ) -> Callable[[Parser, ParseState, list[Attribute]], None]:
        distribute = self.distributor(self.typed_fields(element.name))

        def set_types(parser: Parser, state: ParseState, types: list[Attribute]) -> None:
            distribute(parser, state.types, types)

        return set_types

    def distributor(self, fields: list[_Field]) -> Callable[[Parser, dict, list], None]:
        """Split one list (``operands``, ``type(results)``) over the fields it covers: one value
        per non-variadic field, the rest to the one variadic field."""
        variadic = [f for f in fields if f.variadic or f.optional]
        if len(variadic) > 1:
            raise self.fail("a list directive over several variadic fields is ambiguous")
        names = [(f.name, f.variadic or f.optional) for f in fields]
        fixed = len(fields) - len(variadic)

        def distribute(parser: Parser, target: dict, values: list) -> None:
            if len(values) < fixed or (not variadic and len(values) != fixed):
                parser.raise_error(
                    f"{self.cls.name} takes {fixed}{' or more' if variadic else ''} "
                    f"values here, got {len(values)}"
                )
            rest = len(values) - fixed
            index = 0
            for name, is_variadic in names:
                count = rest if is_variadic else 1
                target[name] = values[index : index + count]
                index += count

        return distribute

    def all_parser(self, kind: str) -> ParseStep:
        fields = [f for f in self.fields.values() if f.kind == kind]
        distribute = self.distributor(fields)
        if kind == "operand":

            def parse_operands(parser: Parser, state: ParseState) -> None:
                values = parser.parse_optional_undelimited_comma_separated_list(
                    parser.parse_optional_unresolved_operand, parser.parse_unresolved_operand
                )
                distribute(parser, state.operands, values or [])

            return parse_operands

        def parse_successors(parser: Parser, state: ParseState) -> None:
            values = parser.parse_optional_undelimited_comma_separated_list(
                parser.parse_optional_successor, parser.parse_successor
            )
            distribute(parser, state.successors, values or [])

        return parse_successors

    def regions_parser(self) -> ParseStep:
        fields = [f for f in self.fields.values() if f.kind == "region"]

        def parse_regions(parser: Parser, state: ParseState) -> None:
            regions: list[Region] = []
            first = parser.parse_optional_region()
            if first is not None:
                regions.append(first)
                while parser.parse_optional_punctuation(",") is not None:
                    regions.append(parser.parse_region())
            distribute(parser, state.regions, regions)

        distribute = self.distributor(fields)
        return parse_regions

    def attr_dict_parser(self, with_keyword: bool) -> ParseStep:
        properties = self.op_def.properties
        op_name = self.cls.name

        def parse_attr_dict(parser: Parser, state: ParseState) -> None:
            pos = parser.pos
            if with_keyword:
                found = parser.parse_optional_attr_dict_with_keyword()
                entries = {} if found is None else dict(found.data)
            else:
                entries = parser.parse_optional_attr_dict()
            if not entries:
                return
            for name, attr in entries.items():
                if name in state.properties or name in state.attributes:
                    parser.raise_error(
                        f"'{name}' of {op_name} is already given in the op's syntax; remove it "
                        "from the attribute dictionary",
                        at_position=pos,
                        end_position=parser.pos,
                    )
                if name in properties:
                    state.properties[name] = attr
                else:
                    state.attributes[name] = attr

        return parse_attr_dict

    def custom_parser(self, element: fmt.Custom) -> ParseStep:
        directive = self.directive(element.name)
        refs = [self.custom_value_reader(a.element) for a in element.args if a.ref]
        outputs = [self.custom_value_setter(a.element) for a in element.args if not a.ref]
        parse = directive.parse
        if len(outputs) == 1:
            (only,) = outputs

            def parse_custom_one(parser: Parser, state: ParseState) -> None:
                only(state, parse(parser, *(read(state) for read in refs)))

            return parse_custom_one

        def parse_custom(parser: Parser, state: ParseState) -> None:
            values = parse(parser, *(read(state) for read in refs))
            assert isinstance(values, tuple) and len(values) == len(outputs), (
                f"custom<{element.name}> must return {len(outputs)} values"
            )
            for set_value, value in zip(outputs, values):
                set_value(state, value)

        return parse_custom

    def directive(self, name: str) -> type[CustomDirective]:
        directive = self.op_def.custom_directives.get(name)
        if directive is None:
            raise self.fail(
                f"custom<{name}> is not in the op's custom_directives = (...) tuple"
            )
        return directive  # pyright: ignore[reportReturnType]

    def custom_value_reader(self, element: fmt.Var | fmt.TypeOf) -> Callable[[ParseState], Any]:
        if isinstance(element, fmt.TypeOf):
            found = self.typed_fields(element.name)[0]
            name, variadic = found.name, found.variadic

            def read_type(state: ParseState) -> Any:
                types = state.types.get(name, [])
                return types if variadic else (types[0] if types else None)

            return read_type
        found = self.field(element.name)
        name, variadic = found.name, found.variadic
        if found.kind == "attribute":
            source = "properties" if found.is_property else "attributes"
            return lambda state: getattr(state, source).get(name)
        store = {"operand": "operands", "region": "regions", "successor": "successors"}.get(
            found.kind
        )
        if store is None:
            raise self.fail(f"custom directives cannot read the result ${name}")

        def read(state: ParseState) -> Any:
            values = getattr(state, store).get(name, [])
            return values if variadic else (values[0] if values else None)

        return read

    def custom_value_setter(
        self, element: fmt.Var | fmt.TypeOf
    ) -> Callable[[ParseState, Any], None]:
        if isinstance(element, fmt.TypeOf):
            found = self.typed_fields(element.name)[0]
            name, variadic = found.name, found.variadic

            def set_type(state: ParseState, value: Any) -> None:
                state.types[name] = list(value) if variadic else ([] if value is None else [value])

            return set_type
        found = self.field(element.name)
        name, variadic = found.name, found.variadic
        if found.kind == "attribute":
            is_property = found.is_property

            def set_attribute(state: ParseState, value: Any) -> None:
                if value is not None:
                    (state.properties if is_property else state.attributes)[name] = value

            return set_attribute
        store = {"operand": "operands", "region": "regions", "successor": "successors"}.get(
            found.kind
        )
        if store is None:
            raise self.fail(f"custom directives cannot set the result ${name}")

        def set_value(state: ParseState, value: Any) -> None:
            getattr(state, store)[name] = (
                list(value) if variadic else ([] if value is None else [value])
            )

        return set_value

    def group_parser(self, group: fmt.Group) -> ParseStep:
        then = [e for e in group.then if not isinstance(e, fmt.Space)]
        unit = self.elided_unit_anchor(group)
        first = self.optional_parse_step(then[0])
        rest = [self.parse_step(e) for e in then[1:] if e is not unit]
        otherwise = [self.parse_step(e) for e in group.else_]
        unit_name = None if unit is None else unit.name
        unit_is_property = unit is not None and self.fields[unit.name].is_property

        def parse_group(parser: Parser, state: ParseState) -> None:
            if first(parser, state):
                for step in rest:
                    step(parser, state)
                if unit_name is not None:
                    (state.properties if unit_is_property else state.attributes)[
                        unit_name
                    ] = UnitAttr()
            else:
                for step in otherwise:
                    step(parser, state)

        return parse_group

    def elided_unit_anchor(self, group: fmt.Group) -> fmt.Var | None:
        """MLIR's rule: a UnitAttr anchor is not written; the group's presence is its value."""
        anchor = group.anchor
        if not isinstance(anchor, fmt.Var):
            return None
        found = self.field(anchor.name)
        if found.kind != "attribute" or not is_unit(found.definition.constr):
            return None
        return anchor

    # -- building ------------------------------------------------------------------------------

    def builder(self) -> Callable[[Parser, ParseState], Operation]:
        cls = self.cls
        op_name = cls.name
        operands: list[tuple[str, bool, bool, Attribute | None]] = []
        for name, definition in self.op_def.operands:
            operands.append(
                (
                    name,
                    _is_variadic(definition),
                    isinstance(definition, OptionalDef),
                    fixed_attribute(definition.constr),
                )
            )
        results: list[tuple[str, bool, Attribute | None]] = []
        for name, definition in self.op_def.results:
            results.append(
                (name, _is_variadic(definition), fixed_attribute(definition.constr))
            )
        regions = [
            (
                name,
                _is_variadic(definition),
                isinstance(definition, SingleBlockRegionDef)
                and not _is_variadic(definition),
            )
            for name, definition in self.op_def.regions
        ]
        successors = [
            (name, _is_variadic(definition)) for name, definition in self.op_def.successors
        ]
        terminator = self.implicit_terminator
        upgrade = PARSED_OP_UPGRADES.get(cls.name)
        # Segment-size options (operandSegmentSizes, ...) need xDSL's builder to be filled in.
        direct = not self.op_def.options

        def build(parser: Parser, state: ParseState) -> Operation:
            operand_values: list[SSAValue | list[SSAValue]] = []
            for name, variadic, optional, fixed in operands:
                unresolved = state.operands.get(name, ())
                types = state.types.get(name)
                if types is None:
                    if fixed is None and unresolved:
                        raise AssertionError(f"{op_name}: the format gives no type for ${name}")
                    types = [fixed] * len(unresolved)
                if len(types) != len(unresolved):
                    parser.raise_error(
                        f"{op_name}: {len(unresolved)} '{name}' operands but {len(types)} types"
                    )
                values = [parser.resolve_operand(u, t) for u, t in zip(unresolved, types)]
                if variadic:
                    operand_values.append(values)
                elif values:
                    operand_values.append(values[0])
                elif optional:
                    operand_values.append([])
                else:
                    parser.raise_error(f"{op_name} needs its operand '{name}'")
            result_types: list[Attribute | list[Attribute]] = []
            for name, variadic, fixed in results:
                types = state.types.get(name)
                if types is None:
                    if fixed is None:
                        raise AssertionError(f"{op_name}: the format gives no type for ${name}")
                    types = [fixed]
                result_types.append(types if variadic else (types[0] if types else []))
            region_values: list[Region | list[Region]] = []
            for name, variadic, single_block in regions:
                found = state.regions.get(name, [])
                if variadic:
                    region_values.append(found)
                else:
                    region = found[0] if found else Region()
                    if single_block and not region.blocks:
                        region.add_block(Block())
                    region_values.append(region)
            successor_values = [
                found if variadic or not found else found[0]
                for found, variadic in (
                    (state.successors.get(name, []), variadic) for name, variadic in successors
                )
            ]
            if direct:
                # The plan has checked every count already: construct without xDSL's
                # per-argument builder checks (most of the time of building an op).
                op = cls.create(
                    operands=_flatten(operand_values),
                    result_types=_flatten(result_types),
                    properties=state.properties,
                    attributes=state.attributes,
                    successors=_flatten(successor_values),
                    regions=_flatten(region_values),
                )
            else:
                op = cls.build(
                    operands=operand_values,
                    result_types=result_types,
                    properties=state.properties,
                    attributes=state.attributes,
                    regions=region_values,
                    successors=successor_values,
                )
            if terminator is not None:
                for region in op.regions:
                    if not region.blocks:
                        region.add_block(Block())
                ensure_terminator(op, terminator)
            if upgrade is not None:
                upgrade(op)
            return op

        return build

    # -- printing ------------------------------------------------------------------------------

    def print_steps(self, elements: Sequence[fmt.Element], spacing: _Spacing) -> list[Any]:
        """Print steps, with literal runs as plain strings (merged by :func:`_merge`)."""
        steps: list[Any] = []
        for element in elements:
            if isinstance(element, fmt.Literal):
                space = spacing.before_literal(element.text)
                steps.append((" " if space else "") + element.text)
            elif isinstance(element, fmt.Space):
                if element.text == "\n":
                    raise self.fail("the `\\n` literal is not supported")
                steps.append(element.text)
                spacing.whitespace(element.text)
            elif isinstance(element, fmt.AttrDict):
                steps.append(self.attr_dict_printer(element.with_keyword))
                spacing.last_was_punctuation = False
            elif isinstance(element, fmt.Group):
                steps.append(self.group_printer(element, spacing))
            else:
                if spacing.before_element():
                    steps.append(" ")
                steps.append(self.element_printer(element))
        return steps

    def element_printer(self, element: fmt.Element) -> PrintStep:
        if isinstance(element, fmt.Var):
            return self.var_printer(element)
        if isinstance(element, fmt.TypeOf):
            return self.type_printer(element)
        if isinstance(element, fmt.FunctionalType):
            inputs = self.types_getter(element.inputs)
            outputs = self.types_getter(element.results)
            return _functional_type_printer(inputs, outputs)
        if isinstance(element, fmt.Operands):
            return _print_operands
        if isinstance(element, fmt.Regions):
            hide = self.region_hider()
            return lambda printer, op: printer.print_list(
                op.regions, lambda r: _print_region(printer, r, hide)
            )
        if isinstance(element, fmt.Successors):
            return lambda printer, op: printer.print_list(op.successors, printer.print_block_name)
        assert isinstance(element, fmt.Custom)
        return self.custom_printer(element)

    def region_hider(self) -> bool:
        return self.implicit_terminator is not None

    def var_printer(self, element: fmt.Var) -> PrintStep:
        found = self.field(element.name)
        name = found.name
        if found.kind == "attribute":
            codec = self.codec(found, element.qualified)
            source = "properties" if found.is_property else "attributes"
            print_attr = codec.print

            def print_attribute(printer: Printer, op: Operation) -> None:
                attr = getattr(op, source).get(name)
                if attr is not None:
                    print_attr(printer, attr)

            return print_attribute
        if found.kind == "operand":
            if found.variadic:
                return lambda printer, op: printer.print_list(
                    getattr(op, name), printer.print_ssa_value
                )

            def print_operand(printer: Printer, op: Operation) -> None:
                value = getattr(op, name)
                if value is not None:
                    printer.print_ssa_value(value)

            return print_operand
        if found.kind == "region":
            hide = self.region_hider()
            if found.variadic:
                return lambda printer, op: printer.print_list(
                    getattr(op, name), lambda r: _print_region(printer, r, hide)
                )

            def print_region(printer: Printer, op: Operation) -> None:
                region = getattr(op, name)
                if region is not None:
                    _print_region(printer, region, hide)

            return print_region
        if found.kind == "successor":
            if found.variadic:
                return lambda printer, op: printer.print_list(
                    getattr(op, name), printer.print_block_name
                )

            def print_successor(printer: Printer, op: Operation) -> None:
                block = getattr(op, name)
                if block is not None:
                    printer.print_block_name(block)

            return print_successor
        raise self.fail(f"${name} is a result: write its type with type(${name})")

    def types_getter(self, element: fmt.TypeOf) -> Callable[[Operation], Sequence[Attribute]]:
        if element.name == "operands":
            return lambda op: op.operand_types
        if element.name == "results":
            return lambda op: op.result_types
        found = self.typed_fields(element.name)[0]
        name = found.name
        if found.variadic:
            return lambda op: [v.type for v in getattr(op, name)]

        def get(op: Operation) -> Sequence[Attribute]:
            value = getattr(op, name)
            return () if value is None else (value.type,)

        return get

    def type_printer(self, element: fmt.TypeOf) -> PrintStep:
        get = self.types_getter(element)
        if element.name in ("operands", "results"):
            codec: TypeCodec = FULL_TYPE_CODEC
        else:
            codec = self.type_codec(self.typed_fields(element.name)[0], element.qualified)
        print_type = codec.print

        def print_types(printer: Printer, op: Operation) -> None:
            printer.print_list(get(op), lambda t: print_type(printer, t))

        return print_types

    def attr_dict_printer(self, with_keyword: bool) -> PrintStep:
        elided = frozenset(self.bound | _SEGMENT_SIZES)
        defaults: dict[str, Attribute] = {}
        for source in (self.op_def.properties, self.op_def.attributes):
            for name, definition in source.items():
                if definition.default_value is not None:
                    defaults[name] = definition.default_value

        def print_attr_dict(printer: Printer, op: Operation) -> None:
            merged: dict[str, Attribute] = {}
            for source in (op.properties, op.attributes):
                for name, attr in source.items():
                    if name in elided or (name in defaults and defaults[name] == attr):
                        continue
                    merged[name] = attr
            if merged:
                printer.print_op_attributes(merged, print_keyword=with_keyword)

        return print_attr_dict

    def custom_printer(self, element: fmt.Custom) -> PrintStep:
        directive = self.directive(element.name)
        getters = [self.custom_value_getter(a.element) for a in element.args]
        print_custom = directive.print

        def print_directive(printer: Printer, op: Operation) -> None:
            print_custom(printer, op, *(get(op) for get in getters))

        return print_directive

    def custom_value_getter(self, element: fmt.Var | fmt.TypeOf) -> Callable[[Operation], Any]:
        if isinstance(element, fmt.TypeOf):
            found = self.typed_fields(element.name)[0]
            name = found.name
            if found.variadic:
                return lambda op: [v.type for v in getattr(op, name)]
            return lambda op: None if getattr(op, name) is None else getattr(op, name).type
        found = self.field(element.name)
        name = found.name
        if found.kind == "attribute":
            source = "properties" if found.is_property else "attributes"
            return lambda op: getattr(op, source).get(name)
        return lambda op: getattr(op, name)

    def presence(self, anchor: fmt.Var | fmt.TypeOf) -> Callable[[Operation], bool]:
        """MLIR's test of an optional group's anchor."""
        found = self.field(anchor.name)
        name = found.name
        if found.kind == "attribute":
            source = "properties" if found.is_property else "attributes"
            default = found.definition.default_value

            def attribute_present(op: Operation) -> bool:
                attr = getattr(op, source).get(name)
                return attr is not None and attr != default

            return attribute_present
        if found.kind == "region":
            return lambda op: bool(getattr(op, name).blocks)
        if found.variadic:
            return lambda op: len(getattr(op, name)) > 0
        return lambda op: getattr(op, name) is not None

    def group_printer(self, group: fmt.Group, spacing: _Spacing) -> PrintStep:
        unit = self.elided_unit_anchor(group)
        then = _merge(self.print_steps([e for e in group.then if e is not unit], spacing))
        otherwise = _merge(self.print_steps(group.else_, spacing))
        present = self.presence(group.anchor)

        def print_group(printer: Printer, op: Operation) -> None:
            for step in then if present(op) else otherwise:
                step(printer, op)

        return print_group


FULL_TYPE_CODEC = TypeCodec()


# --- parse and print helpers -------------------------------------------------------------------


def _nothing(parser: Parser, state: ParseState) -> None:
    return None


def _literal_parser(text: str, op_name: str, optional: bool) -> Callable[..., Any]:
    if text[0].isalpha() or text[0] == "_":
        if optional:
            return lambda parser, state: parser.parse_optional_keyword(text) is not None

        def parse_keyword(parser: Parser, state: ParseState) -> None:
            parser.parse_keyword(text, f" in {op_name}")

        return parse_keyword
    if MLIRTokenKind.is_spelling_of_punctuation(text):
        if optional:
            return lambda parser, state: parser.parse_optional_punctuation(text) is not None
    if optional:
        return lambda parser, state: parser.parse_optional_characters(text) is not None
    return lambda parser, state: parser.parse_characters(text, f" in {op_name}")


def _attribute_parser(found: _Field, codec: Codec, optional: bool) -> Callable[..., Any]:
    name = found.name
    is_property = found.is_property
    parse = codec.parse_optional

    def parse_attribute(parser: Parser, state: ParseState) -> bool:
        pos = parser.pos
        attr = parse(parser)
        if attr is None:
            if optional:
                return False
            parser.raise_error(f"expected {codec.expected} for '{name}' here", pos)
        (state.properties if is_property else state.attributes)[name] = attr
        return True

    return parse_attribute


def _operand_parser(name: str, variadic: bool, optional: bool) -> Callable[..., Any]:
    if variadic:

        def parse_operands(parser: Parser, state: ParseState) -> bool:
            values = parser.parse_optional_undelimited_comma_separated_list(
                parser.parse_optional_unresolved_operand, parser.parse_unresolved_operand
            )
            state.operands[name] = values or []
            return bool(values)

        return parse_operands

    def parse_operand(parser: Parser, state: ParseState) -> bool:
        value = parser.parse_optional_unresolved_operand()
        if value is None:
            if optional:
                return False
            parser.raise_error(f"expected an SSA value for '{name}' here")
        state.operands[name] = [value]
        return True

    return parse_operand


def _region_parser(name: str, optional: bool) -> Callable[..., Any]:
    def parse_region(parser: Parser, state: ParseState) -> bool:
        region = parser.parse_optional_region()
        if region is None:
            if optional:
                return False
            parser.raise_error(f"expected the region '{name}' here")
        state.regions[name] = [region]
        return True

    return parse_region


def _successor_parser(name: str, optional: bool) -> Callable[..., Any]:
    def parse_successor(parser: Parser, state: ParseState) -> bool:
        block = parser.parse_optional_successor()
        if block is None:
            if optional:
                return False
            parser.raise_error(f"expected a successor block for '{name}' here")
        state.successors[name] = [block]
        return True

    return parse_successor


def _parse_type_list(parser: Parser, codec: TypeCodec) -> list[Attribute]:
    first = codec.parse_optional(parser)
    if first is None:
        return []
    types = [first]
    while parser.parse_optional_punctuation(",") is not None:
        types.append(codec.parse(parser))
    return types


def _print_region(printer: Printer, region: Region, hide_bare_terminator: bool) -> None:
    # MLIR hides an implicit terminator only when it is bare (no operands, results or
    # attributes).
    hide = hide_bare_terminator and all(
        block.last_op is None
        or not (block.last_op.operands or block.last_op.results or block.last_op.attributes)
        for block in region.blocks
    )
    printer.print_region(region, print_block_terminators=not hide, print_empty_block=False)


def _print_operands(printer: Printer, op: Operation) -> None:
    printer.print_list(op.operands, printer.print_ssa_value)


def _functional_type_printer(
    inputs: Callable[[Operation], Sequence[Attribute]],
    outputs: Callable[[Operation], Sequence[Attribute]],
) -> PrintStep:
    from xdsl.dialects.builtin import FunctionType

    def print_functional_type(printer: Printer, op: Operation) -> None:
        printer.print_string("(")
        printer.print_list(inputs(op), printer.print_attribute)
        printer.print_string(") -> ")
        results = outputs(op)
        if len(results) == 1 and not isinstance(results[0], FunctionType):
            printer.print_attribute(results[0])
        else:
            printer.print_string("(")
            printer.print_list(results, printer.print_attribute)
            printer.print_string(")")

    return print_functional_type


def _flatten(values: Sequence[Any]) -> list[Any]:
    flat: list[Any] = []
    for value in values:
        if isinstance(value, list):
            flat.extend(value)
        else:
            flat.append(value)
    return flat


def _merge(steps: list[Any]) -> list[PrintStep]:
    """Join adjacent strings into one ``print_string`` step."""
    merged: list[Any] = []
    for step in steps:
        if isinstance(step, str):
            if not step:
                continue
            if merged and isinstance(merged[-1], str):
                merged[-1] += step
                continue
        merged.append(step)
    return [_text_printer(s) if isinstance(s, str) else s for s in merged]


def _text_printer(text: str) -> PrintStep:
    return lambda printer, op: printer.print_string(text)


__all__ = ["FormattedOp", "ParseState", "compile_format"]
