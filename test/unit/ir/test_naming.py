"""MLIR's SSA naming rules (iron_ir/ir/naming.py) on small IR."""

import pytest
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, StringAttr, i8
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    prop_def,
    result_def,
    var_result_def,
)

from iron_ir.ir.naming import compute_names, sanitize_name
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module


@pytest.mark.parametrize(
    ("hint", "name"),
    [
        ("tile_0_2", "tile_0_2"),
        ("c0_0", "c0_0"),
        ("0abc", "_0abc"),
        ("#x", "_23x"),
        ("a:b", "a3Ab"),
        ("x/y", "x2Fy"),
        ("in buf", "in_buf"),
        ("$.-_", "$.-_"),
        ("c-1_i8", "c-1_i8"),
    ],
)
def test_sanitize_name(hint, name):
    assert sanitize_name(hint) == name


def _names_of_constants(text: str) -> list[str]:
    module = parse_module(text, "t.mlir")
    names = compute_names(module, generic=False)
    return [names.uses[op.results[0]] for op in module.walk() if op.name == "arith.constant"]


def test_constant_hints_follow_value_and_type():
    text = """
    %a = arith.constant 0 : index
    %b = arith.constant -1 : index
    %c = arith.constant 4096 : i32
    %d = arith.constant true
    %e = arith.constant false
    %f = arith.constant 1.0 : f32
    %g = arith.constant dense<0> : vector<4xi32>
    %h = arith.constant 9223372036854775807 : index
    """
    assert _names_of_constants(text) == [
        "%c0",
        "%c-1",
        "%c4096_i32",
        "%true",
        "%false",
        "%cst",
        "%cst_0",
        "%c9223372036854775807",
    ]


def test_constant_hint_reads_stored_bits_as_signed():
    module = parse_module("%x = arith.constant 0 : i8", "t.mlir")
    constant = next(op for op in module.walk() if op.name == "arith.constant")
    # The attribute may hold the unsigned spelling of the bits; the hint is signed.
    constant.properties["value"] = IntegerAttr(-1, i8)
    assert compute_names(module, generic=False).uses[constant.results[0]] == "%c-1_i8"


@irdl_op_definition
class _NamedOp(IRDLOperation):
    """Names its result after its `hint` property, like aie.buffer's sym_name."""

    name = "test.named"
    hint = prop_def(StringAttr)
    out = result_def()

    def asm_result_names(self) -> list[str | None]:
        return [self.hint.data]


def test_conflict_counter_skips_taken_candidates():
    # `c0_0` is already a name in the scope chain, so the clashing `c0` probes c0_0 (taken,
    # counter 0 -> 1) and takes c0_1 (counter 1 -> 2); the next clash continues at 2.
    text = """
    func.func @f(%n: index) {
      %a = arith.constant 0 : index
      %b = arith.constant 1 : index
      scf.for %i = %a to %n step %b {
        %z = arith.constant 0 : index
        %o = arith.constant 1 : index
      }
      func.return
    }
    """
    module = parse_module(text, "t.mlir")
    body = next(op for op in module.walk() if op.name == "func.func").regions[0].blocks[0]
    named = _NamedOp.build(properties={"hint": StringAttr("c0_0")}, result_types=[i8])
    body.insert_op_before(named, body.first_op)
    names = compute_names(module, generic=False)
    constants = [op for op in module.walk() if op.name == "arith.constant"]
    assert names.uses[named.results[0]] == "%c0_0"
    assert [names.uses[op.results[0]] for op in constants] == ["%c0", "%c1", "%c0_1", "%c1_2"]


def test_generic_form_uses_no_hints():
    text = "%a = arith.constant 0 : index\n%b = arith.constant 7 : i32\n"
    printed = print_module(parse_module(text, "t.mlir"), generic=True)
    assert '%0 = "arith.constant"() <{value = 0 : index}>' in printed
    assert '%1 = "arith.constant"() <{value = 7 : i32}>' in printed


@irdl_op_definition
class _GroupedOp(IRDLOperation):
    name = "test.grouped"
    outs = var_result_def()

    def asm_result_names(self) -> list[str | None]:
        return ["quot", None, "rem"][: len(self.results)]


def test_result_groups_from_partial_hints():
    op = _GroupedOp.build(result_types=[[i8, i8, i8]])
    user = _GroupedOp.build(result_types=[[i8]])
    module = ModuleOp([op, user])
    names = compute_names(module, generic=False)
    assert names.defs[op] == "%quot:2, %rem"
    assert [names.uses[r] for r in op.results] == ["%quot#0", "%quot#1", "%rem"]
    assert names.defs[user] == "%quot_0"
