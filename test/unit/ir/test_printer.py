"""The printer against mlir-aie's own output (test/lit/reference/Inputs, copied verbatim)."""

from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp, i32
from xdsl.dialects.func import FuncOp, ReturnOp

from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module

INPUTS = Path(__file__).resolve().parents[2] / "lit" / "reference" / "Inputs"
CURRENT = sorted(
    p for p in INPUTS.glob("*.mlir") if p.name != "dma_transpose_npu2_1col_v11_input.mlir"
)


@pytest.mark.parametrize("path", CURRENT, ids=lambda p: p.stem)
def test_reference_prints_back_byte_for_byte(path: Path):
    text = path.read_text()
    module = parse_module(text, path.name)
    module.verify()
    assert print_module(module) == text


@pytest.mark.parametrize("path", CURRENT, ids=lambda p: p.stem)
def test_reference_survives_generic_round_trip(path: Path):
    text = path.read_text()
    generic = print_module(parse_module(text, path.name), generic=True)
    assert "%tile_0_2" not in generic
    again = parse_module(generic, "generic.mlir")
    again.verify()
    assert print_module(again) == text


def test_v11_spelling_prints_as_current_spelling():
    old = (INPUTS / "dma_transpose_npu2_1col_v11_input.mlir").read_text()
    new = (INPUTS / "dma_transpose_npu2_1col.mlir").read_text()
    module = parse_module(old, "v11.mlir")
    module.verify()
    assert print_module(module) == new


def test_name_hints_on_values_are_ignored():
    # MLIR names come only from the ops; a name_hint set by a builder must not leak in
    # (xDSL would print it, stripped of its trailing digits).
    func = FuncOp("f", ((i32,), ()))
    func.body.block.args[0].name_hint = "value_7"
    func.body.block.add_op(ReturnOp())
    assert print_module(ModuleOp([func])) == (
        "module {\n  func.func @f(%arg0: i32) {\n    return\n  }\n}\n"
    )


def test_empty_module():
    assert print_module(ModuleOp([])) == "module {\n}\n"
    assert print_module(parse_module("// only a comment\n", "e.mlir")) == "module {\n}\n"


def test_debuginfo_prints_parsed_locations():
    module = parse_module('%0 = arith.constant 1 : i32\n', "loc.mlir")
    printed = print_module(module, debuginfo=True)
    assert '%c1_i32 = arith.constant 1 : i32 loc("loc.mlir":1:1)' in printed
