"""String literals lex in linear time and the same as before; an unclosed one says why."""

import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.utils.exceptions import ParseError

from iron_ir.ir.diagnostics import format_parse_error
from iron_ir.ir.lexer import STRING_LITERAL
from iron_ir.ir.parse import parse_module

# xDSL 0.74's own regex: the oracle for which strings are literals (exponential on a failure,
# so it only ever sees short inputs here).
XDSL_STRING_LITERAL = re.compile(r'"(?:[^"\\\n\v\f]+|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"')


@settings(max_examples=300)
@given(st.text(alphabet='ab"\\\n\t\x0b\x0cnt0F9gq', max_size=14))
def test_same_language_as_xdsl(text):
    ours = STRING_LITERAL.match('"' + text)
    theirs = XDSL_STRING_LITERAL.match('"' + text)
    assert (ours and ours.end()) == (theirs and theirs.end())


UNCLOSED = 'builtin.module attributes {s = "' + "a" * 60 + "\n} {\n}\n"


@pytest.mark.parametrize("how", [["iron-opt"], ["iron", "run", "--mlir"]])
def test_long_unclosed_string_answers_at_once(tmp_path, how):
    path = tmp_path / "long.mlir"
    path.write_text('"' + "a" * 200 + "\n")
    tool = "iron_ir.cli.iron_opt" if how[0] == "iron-opt" else "iron_ir.cli.iron"
    # Before the fix this never returned (the time doubled with every character).
    result = subprocess.run(
        [sys.executable, "-m", tool, *how[1:], str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert f"{path}:1:1: error: string literal is not closed: the line ends" in result.stderr


def _error(text: str) -> str:
    with pytest.raises(ParseError) as info:
        parse_module(text, "f.mlir")
    return format_parse_error(info.value)


def test_unclosed_string_points_at_its_quote():
    assert _error(UNCLOSED).startswith(
        "f.mlir:1:32: error: string literal is not closed: the line ends before its closing '\"'"
    )


def test_unclosed_string_at_end_of_file():
    assert _error('"abc').startswith(
        "f.mlir:1:1: error: string literal is not closed: the file ends before its closing"
    )


@pytest.mark.parametrize(("text", "col", "escape"), [('"a\\qb"', 3, "\\q"), ('"a\\0z"', 3, "\\0z")])
def test_bad_escape_is_named_where_it_is(text, col, escape):
    message = _error(text)
    assert message.startswith(f"f.mlir:1:{col}: error: invalid escape '{escape}' in string")
    assert message.endswith(" " * (col - 1) + "^" * len(escape) + "\n")


def test_escapes_still_parse():
    module = parse_module('builtin.module attributes {s = "a\\"b\\n\\0A\\\\"} {\n}', "f.mlir")
    assert module.attributes["s"].data == 'a"b\n\n\\'


def test_a_python_design_given_to_iron_opt(tmp_path):
    design = tmp_path / "design.py"
    design.write_text('"""A design."""\nimport numpy as np\n' + "x = 1\n" * 5)
    result = subprocess.run(
        [sys.executable, "-m", "iron_ir.cli.iron_opt", str(design)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert f"{design}: note: this is a Python file, not MLIR text: `iron run {design}`" in result.stderr


# ---- the fast path for common tokens: the same tokens, spans and errors as xDSL's lexer -------

from pathlib import Path  # noqa: E402

from xdsl.utils.lexer import Input  # noqa: E402
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind  # noqa: E402

from iron_ir.ir import lexer as iron_lexer  # noqa: E402

LIT = Path(__file__).resolve().parents[2] / "lit"


def _tokens(text: str, lex) -> list:
    """(kind, start, end) of every token, ending with EOF or with the error raised."""
    state = MLIRLexer(Input(text, "t.mlir"))
    out = []
    while True:
        try:
            token = lex(state)
        except ParseError as error:
            out.append(("error", str(error)))
            return out
        out.append((token.kind, token.span.start, token.span.end, type(token.span).__name__))
        if token.kind is MLIRTokenKind.EOF:
            return out


def _same(text: str) -> None:
    fast = _tokens(text, iron_lexer._lex)
    assert fast == _tokens(text, iron_lexer._original_lex), text


def test_fast_tokens_are_xdsls_on_every_lit_file():
    files = sorted(LIT.rglob("*.mlir"))
    assert len(files) > 50
    for path in files:
        _same(path.read_text())


@settings(max_examples=1500)
@given(st.text(alphabet="aZ_09x.$-%#!^@{}()[]<>:,=+*/?|\"\\ \n\té", max_size=24))
def test_fast_tokens_are_xdsls_on_any_text(text):
    _same(text)


@pytest.mark.parametrize(
    "text",
    [
        "//a\n/ /\n", "%0#1 %a.b$-c #-} #-x {-# {x ->-", "12 12. 1.5e3 0x1F 0xz 10x 1e5",
        "@a @\"b\" @ é ^bb0 !t<3>", "1" * (iron_lexer.MAX_INTEGER_DIGITS + 1), "", "   // end",
    ],
)
def test_fast_tokens_are_xdsls_on_the_edges(text):
    _same(text)


def test_the_fast_path_is_installed_and_takes_common_tokens():
    assert MLIRLexer.lex is iron_lexer._lex
    match = iron_lexer.FAST_TOKEN.match("  // c\n  %tile_0_2 = aie.tile(0, 2)")
    assert match.lastgroup == "PERCENT_IDENT" and match.group("PERCENT_IDENT") == "%tile_0_2"


def test_a_subclass_of_the_lexer_keeps_its_own_rules():
    # xDSL's declarative-format lexer reads `attr-dict` as one identifier.
    from xdsl.irdl.declarative_assembly_format_parser import FormatLexer

    state = FormatLexer(Input("attr-dict `:` type($x)", "format"))
    assert state.lex().span.text == "attr-dict"
