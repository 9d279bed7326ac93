"""Hostile text gets a located message, not a crash: truncated regions, deep nesting, huge
numbers."""

import pytest
from xdsl.utils.exceptions import ParseError

from iron_ir.ir.diagnostics import format_parse_error
from iron_ir.ir.lexer import MAX_INTEGER_DIGITS
from iron_ir.ir.parse import parse_module


def _error(text: str) -> str:
    with pytest.raises(ParseError) as info:
        parse_module(text, "f.mlir")
    return format_parse_error(info.value)


def test_truncated_file_names_the_open_region():
    text = "aie.device(npu1) {\n  %t = aie.tile(0, 2)\n  %c = aie.core(%t) {\n"
    assert _error(text).startswith(
        "f.mlir:4:1: error: the input ends inside the region of 'aie.core' opened at 3:21: "
        "a '}' is missing"
    )


def test_stray_token_in_region_says_what_could_come_next():
    message = _error("aie.device(npu1) {\n  %t = aie.tile(0, 2)\n  )\n}\n")
    assert message.startswith(
        "f.mlir:3:3: error: expected an operation, a block label ('^bb1:') or '}' closing the "
        "region of 'aie.device' opened at 1:18, found ')'"
    )


def test_truncated_generic_form():
    message = _error('"builtin.module"() ({\n  "func.func"() ({\n')
    assert "the input ends inside the region of 'func.func' opened at 2:18" in message


@pytest.mark.parametrize(
    "text",
    [
        "builtin.module {\n" * 3000 + "}\n" * 3000,
        "builtin.module attributes {a = " + "[" * 3000 + "]" * 3000 + "} {\n}",
        "builtin.module attributes {a = " + "memref<" * 3000 + "i32" + ">" * 3000 + "} {\n}",
        '"builtin.module"() ({\n' * 2000 + "}) : () -> ()\n" * 2000,
    ],
    ids=["regions", "arrays", "types", "generic"],
)
def test_deep_nesting_is_an_input_limit(text):
    assert "error: nested too deeply" in _error(text)


@pytest.mark.parametrize("digits", ["9" * 5000, "0x" + "F" * 5000])
def test_huge_integer_literal(digits):
    message = _error(f"%0 = arith.constant {digits} : i32\n")
    assert message.startswith(
        f"f.mlir:1:21: error: integer literal of 5000 digits is too long: at most "
        f"{MAX_INTEGER_DIGITS} digits"
    )


def test_long_integer_within_the_limit_is_read():
    module = parse_module(f"builtin.module attributes {{a = {'9' * 900} : i4096}} {{\n}}", "f")
    assert module.attributes["a"].value.data == int("9" * 900)
