"""The declarative syntax layer (iron_ir/ir/syntax): every registered op's format compiles, and
the rules it takes from mlir-tblgen (codecs from constraints, static spacing, defaults, unit
anchors, custom directives) hold on small ops of a test dialect."""

from __future__ import annotations

from enum import IntEnum
from typing import ClassVar

import pytest
from xdsl.dialects.builtin import (
    ArrayAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    StringAttr,
    SymbolNameConstraint,
    UnitAttr,
    i32,
)
from xdsl.ir import Attribute, Dialect, Operation
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, VerifyException

from iron_ir.ir.constraints import I32EnumAttr, I32Attr, KeywordStrAttr
from iron_ir.ir.context import DIALECTS, make_context
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module
from iron_ir.ir.syntax import CustomDirective, FormatError, FormattedOp, compile_format


def test_every_registered_op_format_compiles():
    ctx = make_context()
    count = 0
    for name, _, _ in DIALECTS:
        dialect = ctx.get_optional_dialect(name)
        assert dialect is not None
        for op in dialect.operations:
            if isinstance(op, type) and issubclass(op, FormattedOp):
                compile_format(op)
                count += 1
    assert count > 100


class Color(IntEnum):
    Red = 0
    Light_Green = 1


ColorAttr = I32EnumAttr(Color, spellings=((1, "Light-Green"),), legacy=(("Rouge", 0),))


class Maybe(CustomDirective):
    """``?`` or an integer."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> Attribute | None:
        if parser.parse_optional_punctuation("?") is not None:
            return None
        return IntegerAttr(parser.parse_integer(), i32)

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        (value,) = values
        printer.print_string("?" if value is None else str(value.value.data))  # pyright: ignore


class Nothing(CustomDirective):
    """Prints nothing, parses nothing (the spacing before it stays)."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> Attribute | None:
        return None

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        return None


@irdl_op_definition
class PaintOp(FormattedOp):
    name = "test_syntax.paint"
    tile = operand_def(IndexType())
    color = prop_def(ColorAttr)
    count = opt_prop_def(I32Attr, default_value=IntegerAttr(1, i32))
    label = opt_prop_def(StringAttr)
    FORMAT: ClassVar[str] = (
        "`(` $tile `,` $color (`,` $count^)? `)` (`label` $label^)? attr-dict"
    )


@irdl_op_definition
class WordsOp(FormattedOp):
    name = "test_syntax.words"
    sym_name = prop_def(SymbolNameConstraint())
    word = prop_def(KeywordStrAttr(choices=("up", "down")))
    sizes = prop_def(ArrayAttr[IntAttr])
    flag = opt_prop_def(UnitAttr)
    maybe = opt_prop_def(I32Attr)
    FORMAT: ClassVar[str] = (
        "$sym_name `go` $word $sizes (`flag` $flag^)? ` ` `for` ` ` custom<Maybe>($maybe) "
        "custom<Nothing>($maybe) attr-dict"
    )
    custom_directives = (Maybe, Nothing)


@irdl_op_definition
class SumOp(FormattedOp):
    name = "test_syntax.sum"
    values = var_operand_def(IndexType())
    result = result_def(IndexType())
    FORMAT: ClassVar[str] = "$values attr-dict `:` type($values)"


TEST = Dialect("test_syntax", [PaintOp, WordsOp, SumOp], [])


def _roundtrip(text: str) -> str:
    ctx = make_context()
    ctx.load_dialect(TEST)
    module = parse_module(text, "t.mlir", ctx=ctx)
    module.verify()
    printed = print_module(module)
    assert print_module(parse_module(printed, "t.mlir", ctx=ctx)) == printed
    generic = print_module(module, generic=True)
    assert print_module(parse_module(generic, "t.mlir", ctx=ctx)) == printed
    return printed


def _op_line(text: str) -> str:
    return _roundtrip(text).splitlines()[2].removeprefix("  ")


def _wrap(op: str) -> str:
    return "module {\n  %t = aie.tile(0, 2)\n  " + op + "\n}\n"


def test_enum_keyword_spelling_and_legacy_input():
    assert _op_line(_wrap('test_syntax.paint(%t, "Light-Green")')) == (
        'test_syntax.paint(%tile_0_2, "Light-Green")'
    )
    assert _op_line(_wrap("test_syntax.paint(%t, Rouge)")) == "test_syntax.paint(%tile_0_2, Red)"


def test_default_valued_anchor_prints_only_when_not_default():
    assert "Red)" in _op_line(_wrap("test_syntax.paint(%t, Red, 1)"))
    assert "Red, 3)" in _op_line(_wrap("test_syntax.paint(%t, Red, 3)"))


def test_optional_groups_print_their_own_spaces():
    assert _op_line(_wrap("test_syntax.paint(%t, Red)")) == "test_syntax.paint(%tile_0_2, Red)"
    line = _op_line(_wrap('test_syntax.paint(%t, Red) label "x" {z = 1 : i32}'))
    assert line == 'test_syntax.paint(%tile_0_2, Red) label "x" {z = 1 : i32}'


def test_spacing_is_decided_statically_like_mlir_tblgen():
    line = _op_line(_wrap("test_syntax.words @w go up [1, 2] flag for ?"))
    # ` ` then a custom directive gives MLIR's double space; an empty directive keeps its space.
    assert line == "test_syntax.words @w go up [1, 2] flag for  ? "
    line = _op_line(_wrap("test_syntax.words @w go down [] for 7 {extra}"))
    assert line == "test_syntax.words @w go down [] for  7  {extra}"


def test_variadic_operands_and_inferred_result_type():
    line = _op_line(_wrap("%s = test_syntax.sum %t, %t : index, index"))
    assert line == "%0 = test_syntax.sum %tile_0_2, %tile_0_2 : index, index"


def test_bad_input_names_the_field():
    with pytest.raises(ParseError, match="'Blue' is not a valid Color; expected one of Red, Light-Green"):
        _roundtrip(_wrap("test_syntax.paint(%t, Blue)"))
    with pytest.raises(ParseError, match="expected one of up, down, got 'sideways'"):
        _roundtrip(_wrap("test_syntax.words @w go sideways [] for ?"))
    with pytest.raises(ParseError, match="'count' of test_syntax.paint is already given"):
        _roundtrip(_wrap("test_syntax.paint(%t, Red, 2) {count = 3 : i32}"))


def test_enum_value_outside_the_enum_is_a_verifier_error_naming_the_field():
    ctx = make_context()
    ctx.load_dialect(TEST)
    text = _wrap('"test_syntax.paint"(%t) <{color = 7 : i32}> : (index) -> ()')
    module = parse_module(text, "t.mlir", ctx=ctx)
    with pytest.raises(VerifyException, match=r"color = 7 is not a valid Color; valid values"):
        module.verify()


def test_format_errors_name_the_op():
    @irdl_op_definition
    class BadOp(FormattedOp):
        name = "test_syntax.bad"
        FORMAT: ClassVar[str] = "`(` $missing `)` attr-dict"

    with pytest.raises(FormatError, match=r"test_syntax.bad: \$missing is not a field"):
        compile_format(BadOp)

    @irdl_op_definition
    class NoAnchorOp(FormattedOp):
        name = "test_syntax.no_anchor"
        x = opt_prop_def(I32Attr)
        FORMAT: ClassVar[str] = "(`,` $x)? attr-dict"

    with pytest.raises(FormatError, match="without an anchor"):
        compile_format(NoAnchorOp)
