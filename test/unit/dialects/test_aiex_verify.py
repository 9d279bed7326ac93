"""aiex verifiers against the device table, and parsing of older spellings."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, bf16, i8
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import TileKind, get_device
from iron_ir.dialects.aie import AIE, RuntimeSequenceOp
from iron_ir.dialects.aiex import AIEX, BlockFloatType
from iron_ir.dialects.aiex._support import element_bits
from iron_ir.dialects.aiex.npu import verify_strides_wraps
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module

SHIM = get_device("npu1").kinds[TileKind.SHIM_NOC].bd
MEM = get_device("npu1").kinds[TileKind.MEM].bd


def _check(sizes, strides, bits=32, limits=SHIM):
    """verify_strides_wraps on outermost-first lists, as they are written in the IR."""
    verify_strides_wraps(bits, sizes[::-1], strides[::-1], limits)


def test_limits_come_from_the_device_table():
    with pytest.raises(VerifyException, match=r"Size 1 exceeds the \[0:1023\] range\."):
        _check([1, 1, 1024, 4], [0, 0, 4, 1])
    with pytest.raises(VerifyException, match=r"Stride 1 exceeds the \[1:131072\] range\."):
        _check([1, 1, 2, 4], [0, 0, 131073, 1], limits=MEM)
    _check([1, 1, 2, 4], [0, 0, 131073, 1])  # a shim step has 20 bits


def test_d0_size_is_checked_in_words():
    _check([1, 2, 2, 2048], [0, 8192, 4096, 1], bits=8)  # 512 words
    with pytest.raises(VerifyException, match=r"Size 0 exceeds the \[0:1023\] range\."):
        _check([1, 2, 2, 2048], [0, 8192, 4096, 1], bits=16)  # 1024 words


@given(
    repeat=st.integers(1, 64),
    d2=st.integers(1, 8),
    d1=st.integers(1, 8),
    d0=st.integers(1, 4096),
)
def test_contiguous_patterns_pass_whatever_their_d0_size(repeat, d2, d1, d0):
    _check([repeat, d2, d1, d0], [d2 * d1 * d0, d1 * d0, d0, 1])


@given(d1=st.integers(2, 8), d0=st.integers(1024, 4096), gap=st.integers(1, 64))
def test_strided_patterns_keep_the_d0_wrap_limit(d1, d0, gap):
    with pytest.raises(VerifyException, match=r"Size 0 exceeds"):
        _check([1, 1, d1, d0], [0, 0, d0 + gap, 1])


@given(size=st.integers(1, 200), bits=st.sampled_from([8, 16]))
def test_sub_word_transfers_must_fill_whole_words(size, bits):
    if size * bits % 32 == 0:
        _check([1, 1, 1, size], [0, 0, 0, 1], bits=bits)
    else:
        with pytest.raises(VerifyException, match="Transfer sizes must be multiples of 4 bytes"):
            _check([1, 1, 1, size], [0, 0, 0, 1], bits=bits)


def test_repeat_dimension_range():
    _check([64, 1, 1, 4], [0, 0, 0, 1])
    with pytest.raises(VerifyException, match=r"Size 3 exceeds the \[1:64\] range\."):
        _check([65, 1, 1, 4], [0, 0, 0, 1])


def test_element_bits():
    assert element_bits(i8) == 8
    assert element_bits(bf16) == 16
    assert element_bits(BlockFloatType("v8bfp16ebs8")) == 72
    assert element_bits(BlockFloatType("v16bfp16ebs16")) == 136


def test_unknown_block_float_type():
    with pytest.raises(VerifyException, match="Invalid block type: v2bfp4"):
        BlockFloatType("v2bfp4")


LEGACY = """
aie.device(npu1_1col) {
  %t = aie.tile(0, 0)
  aie.shim_dma_allocation @a(%t, MM2S, 0)
  aiex.runtime_sequence @sequence(%arg0: memref<64xi32>) {
    aiex.npu.dma_memcpy_nd(0, 0, %arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0]) {id = 0 : i32, metadata = @a} : memref<64xi32>
  }
}
"""


def test_legacy_runtime_sequence_parses_into_the_aie_op_with_plain_xdsl():
    ctx = Context()
    for dialect in (Builtin, AIE, AIEX):
        ctx.load_dialect(dialect)
    module = Parser(ctx, LEGACY).parse_module()
    module.verify()
    seqs = [op for op in module.walk() if op.name.endswith("runtime_sequence")]
    assert len(seqs) == 1 and isinstance(seqs[0], RuntimeSequenceOp)


def test_old_dma_memcpy_nd_spelling_is_normalised():
    module = parse_module(LEGACY, "legacy.mlir")
    module.verify()
    (memcpy,) = [op for op in module.walk() if op.name == "aiex.npu.dma_memcpy_nd"]
    assert memcpy.mixed("strides") == [0, 0, 0, 1]
    assert memcpy.id.type.width.data == 64


def test_dma_memcpy_nd_needs_four_entries_per_list():
    bad = LEGACY.replace("[1, 1, 1, 64]", "[1, 64]")
    with pytest.raises(Exception, match="takes 4 sizes"):
        parse_module(bad, "bad.mlir")


def test_memref_element_width_message():
    text = LEGACY.replace("memref<64xi32>", "memref<64xi64>")
    module = parse_module(text, "wide.mlir")
    with pytest.raises(VerifyException, match="Maximum element bit width allowed is 32bits."):
        module.verify()



LEGACY_GENERIC = """
"aie.device"() <{device = 5 : i32}> ({
  %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
  %1 = "aie.lock"(%0) <{lockID = 3 : i32}> : (index) -> index
  "aiex.runtime_sequence"() <{sym_name = "sequence"}> ({
  ^bb0(%arg0: memref<64xi32>):
    "aiex.set_lock"(%1) <{value = 1 : i32}> : (index) -> ()
  }) : () -> ()
  "aie.end"() : () -> ()
}) : () -> ()
"""


def test_legacy_generic_form_verifies_and_prints_in_the_current_syntax():
    ctx = Context()
    for dialect in (Builtin, AIE, AIEX):
        ctx.load_dialect(dialect)
    module = Parser(ctx, LEGACY_GENERIC).parse_module()
    module.verify()
    text = print_module(module)
    assert "aiex.runtime_sequence(%arg0: memref<64xi32>) {" in text
    reparsed = parse_module(text, "printed.mlir")
    reparsed.verify()
    assert "  aie.runtime_sequence(%arg0: memref<64xi32>) {\n" in print_module(reparsed)
