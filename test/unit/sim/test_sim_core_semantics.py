"""Core code runs with the element types' exact semantics (compiled once to Python)."""

import functools
import math

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iron_ir.ir.parse import parse_module
from iron_ir.sim import CoreExecutionError, compile_function

BF16 = ml_dtypes.bfloat16


def fn(body: str, name: str = "f"):
    return compile_function(parse_module(body, "test.mlir"), name)


@functools.lru_cache(maxsize=None)
def binop(op: str, ty: str):
    return fn(f"""func.func @f(%a: {ty}, %b: {ty}) -> {ty} {{
          %0 = arith.{op} %a, %b : {ty}
          return %0 : {ty}
        }}""")


def wrap(v: int, bits: int) -> int:
    return (v + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))


WIDTHS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}


@pytest.mark.parametrize("ty", sorted(WIDTHS))
def test_integer_add_mul_sub_wrap_at_width(ty):
    bits = WIDTHS[ty]
    top = (1 << (bits - 1)) - 1
    assert binop("addi", ty)(top, 1) == -(1 << (bits - 1))
    assert binop("subi", ty)(-(1 << (bits - 1)), 1) == top
    assert binop("muli", ty)(top, 3) == wrap(top * 3, bits)


@settings(max_examples=60, deadline=None)
@given(st.integers(-128, 127), st.integers(-128, 127))
def test_i8_ops_match_numpy(a, b):
    na, nb = np.int8(a), np.int8(b)
    with np.errstate(over="ignore"):
        assert binop("addi", "i8")(a, b) == int(na + nb)
        assert binop("muli", "i8")(a, b) == int(na * nb)
    assert binop("xori", "i8")(a, b) == int(na ^ nb)
    if b != 0 and not (a == -128 and b == -1):
        assert binop("divsi", "i8")(a, b) == int(math.trunc(a / b))
        assert binop("remsi", "i8")(a, b) == int(np.fmod(na, nb))
        assert binop("divui", "i8")(a, b) == wrap((a & 0xFF) // (b & 0xFF), 8)
        assert binop("remui", "i8")(a, b) == wrap((a & 0xFF) % (b & 0xFF), 8)
        assert binop("floordivsi", "i8")(a, b) == a // b
        assert binop("ceildivsi", "i8")(a, b) == -((-a) // b)


def test_unsigned_compare_and_min_max():
    cmp = fn("""func.func @f(%a: i32, %b: i32) -> (i1, i1, i32, i32) {
          %0 = arith.cmpi ult, %a, %b : i32
          %1 = arith.cmpi slt, %a, %b : i32
          %2 = arith.maxui %a, %b : i32
          %3 = arith.minsi %a, %b : i32
          return %0, %1, %2, %3 : i1, i1, i32, i32
        }""")
    assert cmp(-1, 1) == (0, 1, -1, -1)


def test_shifts_extensions_truncation():
    f = fn("""func.func @f(%a: i16, %s: i16) -> (i16, i16, i16, i32, i32, i8) {
          %0 = arith.shli %a, %s : i16
          %1 = arith.shrsi %a, %s : i16
          %2 = arith.shrui %a, %s : i16
          %3 = arith.extsi %a : i16 to i32
          %4 = arith.extui %a : i16 to i32
          %5 = arith.trunci %a : i16 to i8
          return %0, %1, %2, %3, %4, %5 : i16, i16, i16, i32, i32, i8
        }""")
    assert f(-256, 4) == (-4096, -16, 0x0FF0, -256, 0xFF00, 0)
    assert f(0x4001, 1) == (wrap(0x8002, 16), 0x2000, 0x2000, 0x4001, 0x4001, 1)
    with pytest.raises(CoreExecutionError, match="shift by 16"):
        f(1, 16)


def test_i1_extension_reads_true_as_minus_one_when_signed():
    f = fn("""func.func @f(%a: i32, %b: i32) -> (i32, i32) {
          %c = arith.cmpi eq, %a, %b : i32
          %0 = arith.extsi %c : i1 to i32
          %1 = arith.extui %c : i1 to i32
          return %0, %1 : i32, i32
        }""")
    assert f(3, 3) == (-1, 1)
    assert f(3, 4) == (0, 0)


def test_division_by_zero_is_reported():
    with pytest.raises(CoreExecutionError, match="division by zero"):
        binop("divsi", "i32")(1, 0)


def test_index_casts():
    f = fn("""func.func @f(%a: index) -> (i8, i32) {
          %0 = arith.index_cast %a : index to i8
          %1 = arith.index_cast %a : index to i32
          return %0, %1 : i8, i32
        }""")
    assert f(300) == (44, 300)


def test_f32_rounds_as_f32():
    add = binop("addf", "f32")
    r = add(np.float32(1.0), np.float32(1e-8))
    assert isinstance(r, np.float32) and r == np.float32(1.0)
    assert binop("mulf", "f32")(np.float32(1.1), np.float32(1.1)) == np.float32(1.1) * np.float32(
        1.1
    )


def test_bf16_arithmetic_and_conversions():
    f = fn("""func.func @f(%a: bf16, %b: bf16, %x: f32) -> (bf16, bf16, f32, bf16, i32) {
          %0 = arith.addf %a, %b : bf16
          %1 = arith.mulf %a, %b : bf16
          %2 = arith.extf %a : bf16 to f32
          %3 = arith.truncf %x : f32 to bf16
          %4 = arith.fptosi %a : bf16 to i32
          return %0, %1, %2, %3, %4 : bf16, bf16, f32, bf16, i32
        }""")
    a, b = BF16(1.5), BF16(0.0078125)
    s, p, e, t, i = f(a, b, np.float32(3.14159))
    assert s.dtype == BF16 and s == BF16(np.float32(a) + np.float32(b))
    assert p == BF16(np.float32(a) * np.float32(b))
    assert e == np.float32(1.5) and t == BF16(3.140625) and i == 1


def test_float_compare_min_max_nan():
    f = fn("""func.func @f(%a: f32, %b: f32) -> (i1, i1, f32, f32) {
          %0 = arith.cmpf olt, %a, %b : f32
          %1 = arith.cmpf ult, %a, %b : f32
          %2 = arith.maximumf %a, %b : f32
          %3 = arith.maxnumf %a, %b : f32
          return %0, %1, %2, %3 : i1, i1, f32, f32
        }""")
    nan = np.float32("nan")
    lt, ult, mx, mn = f(nan, np.float32(1))
    assert (lt, ult) == (0, 1) and math.isnan(mx) and mn == 1


def test_scf_for_iter_args_if_while_and_memrefs():
    f = fn("""func.func @f(%m: memref<8xi16>, %n: index) -> (i16, index) {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %z = arith.constant 0 : i16
          %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i16) {
            %v = memref.load %m[%i] : memref<8xi16>
            %two = arith.constant 2 : index
            %r = arith.remui %i, %two : index
            %even = arith.cmpi eq, %r, %c0 : index
            %next = scf.if %even -> (i16) {
              %s = arith.addi %acc, %v : i16
              scf.yield %s : i16
            } else {
              scf.yield %acc : i16
            }
            memref.store %next, %m[%i] : memref<8xi16>
            scf.yield %next : i16
          }
          %steps = scf.while (%k = %c0) : (index) -> index {
            %more = arith.cmpi slt, %k, %n : index
            scf.condition(%more) %k : index
          } do {
          ^bb0(%k2: index):
            %k3 = arith.addi %k2, %c1 : index
            scf.yield %k3 : index
          }
          return %sum, %steps : i16, index
        }""")
    m = np.array([30000, 1, 30000, 1, 5, 1, 1, 1], dtype=np.int16)
    total, steps = f(m, 8)
    assert total == wrap(30000 + 30000 + 5 + 1, 16)
    assert steps == 8
    assert m[2] == wrap(60000, 16)


def test_memref_alloc_subview_globals_and_calls():
    module = parse_module(
        """
        "memref.global"() <{sym_name = "lut", sym_visibility = "private", type = memref<4xi32>, initial_value = dense<[10, 20, 30, 40]> : tensor<4xi32>, constant}> : () -> ()
        func.func @inner(%m: memref<2xi32>) {
          %c0 = arith.constant 0 : index
          %c7 = arith.constant 7 : i32
          memref.store %c7, %m[%c0] : memref<2xi32>
          return
        }
        func.func @f(%i: index) -> i32 {
          %g = memref.get_global @lut : memref<4xi32>
          %a = memref.alloc() : memref<4xi32>
          "memref.copy"(%g, %a) : (memref<4xi32>, memref<4xi32>) -> ()
          %s = memref.subview %a[2] [2] [1] : memref<4xi32> to memref<2xi32, strided<[1], offset: 2>>
          %c = "memref.cast"(%s) : (memref<2xi32, strided<[1], offset: 2>>) -> memref<2xi32>
          func.call @inner(%c) : (memref<2xi32>) -> ()
          %v = memref.load %a[%i] : memref<4xi32>
          return %v : i32
        }""",
        "test.mlir",
    )
    f = compile_function(module, "f")
    assert [f(i) for i in range(4)] == [10, 20, 7, 40]


def test_unsupported_op_names_it():
    from iron_ir.sim import UnsupportedOpError

    with pytest.raises(UnsupportedOpError, match="arith.addui_extended"):
        fn("""func.func @f(%a: i32, %b: i32) -> i32 {
              %0, %1 = arith.addui_extended %a, %b : i32, i1
              return %0 : i32
            }""")


def test_memref_index_out_of_bounds_is_reported():
    f = fn("""func.func @f(%m: memref<4xi32>, %i: index) -> i32 {
          %v = memref.load %m[%i] : memref<4xi32>
          return %v : i32
        }""")
    m = np.arange(4, dtype=np.int32)
    assert f(m, 3) == 3
    with pytest.raises(CoreExecutionError, match=r"memref index \[-1\] is negative"):
        f(m, -1)
    with pytest.raises(IndexError):
        f(m, 4)


def test_scf_index_switch():
    f = fn("""func.func @f(%i: index) -> i32 {
          %r = scf.index_switch %i -> i32
          case 0 {
            %a = arith.constant 10 : i32
            scf.yield %a : i32
          }
          case 2 {
            %b = arith.constant 20 : i32
            scf.yield %b : i32
          }
          default {
            %c = arith.constant -1 : i32
            scf.yield %c : i32
          }
          return %r : i32
        }""")
    assert [f(i) for i in range(4)] == [10, -1, 20, -1]
