"""Targeted behaviours of the BD legalizer: IRON's exact output, each rewrite rule, each error."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iron_ir.device import TileKind, get_device
from iron_ir.dialects.aie.bd_rules import check_bd_dims, verify_dma_bd
from iron_ir.dma.access import BdDims, BufferDescriptor, task_offsets
from iron_ir.dma.legalize import (
    AccessPattern,
    BdLowering,
    DmaPatternError,
    is_legal,
    legalize,
)

NPU1 = get_device("npu1_1col")
NPU2 = get_device("npu2_1col")
SHIM = NPU2.kinds[TileKind.SHIM_NOC]
MEM = NPU2.kinds[TileKind.MEM]
COMPUTE = NPU2.kinds[TileKind.COMPUTE]


def expected_order(pattern: AccessPattern) -> np.ndarray:
    index = np.unravel_index(np.arange(math.prod(pattern.sizes)), pattern.sizes)
    once = pattern.offset + sum(i * s for i, s in zip(index, pattern.strides))
    return np.tile(once, pattern.repeat_count + 1)


def lower(pattern, element_bytes, buffer_elements, tile, runtime_task=True, **kw) -> BdLowering:
    """Lower, then check the lowering is exact and every BD legal (ours and the verifier's)."""
    lowering = legalize(
        pattern, element_bytes, buffer_elements, tile, runtime_task=runtime_task, **kw
    )
    assert np.array_equal(task_offsets(lowering.task), expected_order(pattern))
    for bd in lowering.bds:
        assert is_legal(
            bd, tile, element_bytes, buffer_elements=buffer_elements,
            repeat_count=lowering.repeat_count,
        ) is None
        dims = lowering.ir_dims(bd)
        assert check_bd_dims(
            [n for n, _ in dims], [s for _, s in dims], bd.offset, bd.length, element_bytes,
            buffer_elements, tile, allow_iteration_dim=runtime_task,
        ) is None
    return lowering


def dma_bd_text(lowering: BdLowering, bd: BufferDescriptor) -> str:
    dims = ", ".join(f"<size = {n}, stride = {s}>" for n, s in lowering.ir_dims(bd))
    return f"{bd.offset}, {bd.length}, [{dims}]"


# --- legal as written: IRON's own output, byte for byte ------------------------------------------


@pytest.mark.parametrize(
    "sizes, strides, element_bytes, elements, device, text, repeat_count",
    [
        # test/lit/reference/Inputs/dma_transpose_npu2_1col.mlir, @in_L3L2_fifo and @out_fifo
        ((8, 16, 64, 32), (32768, 32, 512, 1), 4, 512 * 512, NPU2,
         "0, 32768, [<size = 8, stride = 32768>, <size = 16, stride = 32>, "
         "<size = 64, stride = 512>, <size = 32, stride = 1>]", 7),
        ((8, 16, 32, 64), (64, 16384, 512, 1), 4, 512 * 512, NPU2,
         "0, 32768, [<size = 8, stride = 64>, <size = 16, stride = 16384>, "
         "<size = 32, stride = 512>, <size = 64, stride = 1>]", 7),
        # test/lit/reference/Inputs/passthrough_pykernel_npu2.mlir: 16384 x i8, linear (4096 words)
        ((1, 1, 1, 16384), (0, 0, 0, 1), 1, 16384, NPU2,
         "0, 16384, [<size = 1, stride = 0>, <size = 1, stride = 0>, "
         "<size = 1, stride = 0>, <size = 16384, stride = 1>]", 0),
        # test/lit/reference/Inputs/vector_scalar_mul_npu1_1col.mlir: 4096 x i16 and the 1 x i32 factor
        ((1, 1, 1, 4096), (0, 0, 0, 1), 2, 4096, NPU1,
         "0, 4096, [<size = 1, stride = 0>, <size = 1, stride = 0>, "
         "<size = 1, stride = 0>, <size = 4096, stride = 1>]", 0),
        ((1, 1, 1, 1), (0, 0, 0, 1), 4, 1, NPU1,
         "0, 1, [<size = 1, stride = 0>, <size = 1, stride = 0>, "
         "<size = 1, stride = 0>, <size = 1, stride = 1>]", 0),
    ],
    ids=["transpose-in", "transpose-out", "passthrough-i8", "scale-i16", "scale-factor-i32"],
)
def test_reference_dma_bd_lines_reproduced(
    sizes, strides, element_bytes, elements, device, text, repeat_count
):
    shim = device.kinds[TileKind.SHIM_NOC]
    lowering = lower(AccessPattern(0, sizes, strides), element_bytes, elements, shim)
    assert len(lowering.bds) == 1 and lowering.rewrites == ()
    assert dma_bd_text(lowering, lowering.bds[0]) == text
    assert lowering.repeat_count == repeat_count


def test_short_tap_padded_on_the_left_and_size_one_dims_kept():
    lowering = lower(AccessPattern(0, (1, 4, 1, 8), (0, 64, 0, 1)), 4, 600, SHIM)
    assert lowering.ir_dims(lowering.bds[0]) == [(1, 0), (4, 64), (1, 0), (8, 1)]
    lowering = lower(AccessPattern(0, (4, 8), (16, 1)), 4, 64, SHIM)
    assert lowering.ir_dims(lowering.bds[0]) == [(1, 0), (1, 0), (4, 16), (8, 1)]


def test_fifo_dims_legal_as_written_are_kept():
    # whole_array matmul A operand dims_to_stream on a mem tile (reference §12.5)
    dims = ((16, 256), (8, 8), (4, 64), (8, 1))
    pattern = AccessPattern(0, tuple(n for n, _ in dims), tuple(s for _, s in dims))
    lowering = lower(pattern, 2, 64 * 64, MEM, runtime_task=False)
    assert lowering.ir_dims(lowering.bds[0]) == list(dims) and lowering.repeat_count == 0


# --- rewrites ------------------------------------------------------------------------------------


def test_contiguous_dims_fold_into_a_linear_transfer_issue_2825():
    # IRON's default tap of a 32x2048 bf16 buffer: d0 is 1024 words, too big unless linear.
    lowering = lower(AccessPattern(0, (1, 1, 32, 2048), (0, 0, 2048, 1)), 2, 65536, SHIM)
    assert lowering.ir_dims(lowering.bds[0]) == [(1, 0), (1, 0), (1, 0), (65536, 1)]
    assert lowering.bds[0].length == 65536


def test_linear_8192_elements_split_into_two_legal_dims():
    # A mem tile has no linear-mode exemption: 8192 words become 16 x 512 (largest inner factor).
    lowering = lower(AccessPattern(0, (1, 1, 1, 8192), (0, 0, 0, 1)), 4, 8192, MEM)
    assert lowering.ir_dims(lowering.bds[0])[-2:] == [(16, 512), (512, 1)]
    # As the inner dim of a strided pattern on the shim: 4 rows of 8192 in one BD.
    lowering = lower(AccessPattern(0, (4, 8192), (10000, 1)), 4, 40000, SHIM)
    assert lowering.ir_dims(lowering.bds[0]) == [(1, 0), (4, 10000), (16, 512), (512, 1)]
    # As objectfifo dims (no iteration dim): one linear BD with no dims.
    lowering = lower(AccessPattern(0, (8192,), (1,)), 4, 8192, MEM, runtime_task=False)
    assert lowering.bds[0].dims == BdDims() and lowering.bds[0].length == 8192


def test_sub_word_sizes_are_checked_in_words():
    # 2048 x i8 is 512 words in d0 (legal); 2048 x i16 is 1024 words (split needed).
    tap = AccessPattern(0, (1, 1, 3, 2048), (0, 0, 4096, 1))
    assert lower(tap, 1, 3 * 4096, SHIM).rewrites == ()
    lowering = lower(tap, 2, 3 * 4096, SHIM)
    assert lowering.rewrites and lowering.ir_dims(lowering.bds[0])[-1][0] * 2 // 4 <= 1023


def test_prime_length_is_sliced_into_a_chain():
    # 1031 is prime and above the mem tile's 1023: the largest legal piece, then the rest.
    lowering = lower(AccessPattern(0, (1, 1, 1, 1031), (0, 0, 0, 1)), 4, 2048, MEM)
    assert [bd.length for bd in lowering.bds] == [1030, 1]
    assert [bd.offset for bd in lowering.bds] == [0, 1030]


def test_prime_row_on_a_compute_tile_becomes_a_chain_of_rows():
    tap = AccessPattern(0, (4, 257), (600, 1))
    with pytest.raises(DmaPatternError, match="one BD per object"):
        legalize(tap, 4, 2400, COMPUTE, runtime_task=False)
    lowering = lower(tap, 4, 2400, COMPUTE, runtime_task=False, max_bds=4)
    assert [bd.offset for bd in lowering.bds] == [0, 600, 1200, 1800]
    assert all(bd.dims == BdDims() and bd.length == 257 for bd in lowering.bds)


def test_fifth_dim_moves_to_the_iteration_dimension_and_a_chain():
    # Five dims that do not fold: the iteration dim takes the outermost, a chain the next.
    tap = AccessPattern(0, (3, 4, 5, 6, 8), (5000, 1000, 100, 10, 1))
    lowering = lower(tap, 4, 15000, SHIM)
    assert lowering.repeat_count == 2
    assert [bd.offset for bd in lowering.bds] == [0, 1000, 2000, 3000]
    assert lowering.ir_dims(lowering.bds[0]) == [(3, 5000), (5, 100), (6, 10), (8, 1)]


def test_outer_dim_too_big_for_the_iteration_dim_is_split_with_a_chain():
    # 128 outer steps: the iteration dim holds at most 64, so 2 BDs x 64 iterations.
    tap = AccessPattern(0, (128, 2, 2, 16), (5000, 1000, 32, 1))
    lowering = lower(tap, 4, 128 * 5000, SHIM)
    assert lowering.repeat_count == 63
    assert [bd.offset for bd in lowering.bds] == [0, 5000]
    assert lowering.ir_dims(lowering.bds[0]) == [(64, 10000), (2, 1000), (2, 32), (16, 1)]


def test_outermost_shim_dim_has_no_wrap_limit():
    tap = AccessPattern(0, (128, 2, 16), (64, 32, 1))
    lowering = lower(tap, 4, 128 * 64, SHIM)
    assert lowering.rewrites == () and lowering.ir_dims(lowering.bds[0])[1] == (128, 64)


def test_repeats_beyond_the_iteration_wrap_use_repeat_count():
    lowering = lower(AccessPattern(0, (200, 16), (0, 1)), 4, 16, SHIM)
    assert lowering.repeat_count == 199 and len(lowering.bds) == 1
    assert lowering.bds[0].iteration_size == 1
    lowering = lower(AccessPattern(0, (1000, 8), (0, 1)), 4, 8, SHIM)
    assert lowering.repeat_count + 1 == 250 and len(lowering.bds) == 4


def test_stride_beyond_every_field_becomes_a_chain():
    big = SHIM.bd.max_stride * 2
    lowering = lower(AccessPattern(0, (2, 8), (big, 1)), 4, big + 8, SHIM)
    assert [bd.offset for bd in lowering.bds] == [0, big]


def test_fifo_dims_bound_the_outermost_size_as_the_dma_bd_verifier_does():
    # The compute tile's d2 has no wrap field in hardware, but objectfifo dims become an
    # aie.dma_bd whose verifier bounds every size (255 here): 5000 steps are factorised.
    lowering = lower(AccessPattern(0, (5000,), (3,)), 4, 15000, COMPUTE, runtime_task=False)
    dims = lowering.ir_dims(lowering.bds[0])
    assert all(n <= 255 for n, _ in dims) and math.prod(n for n, _ in dims) == 5000
    # Found by the resource-report property test: 256 x 4 words as written had d2 = 256.
    lowering = lower(AccessPattern(0, (256, 4), (1, 256)), 4, 1024, COMPUTE, runtime_task=False)
    assert lowering.ir_dims(lowering.bds[0]) == [(2, 128), (128, 1), (4, 256)]
    for bd in lowering.bds:
        dims = lowering.ir_dims(bd)
        assert verify_dma_bd(
            [n for n, _ in dims], [s for _, s in dims], bd.offset, bd.length, 4, 1024, COMPUTE
        ) is None


# --- no legal form -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "pattern, element_bytes, tile, messages",
    [
        (AccessPattern(0, (4, 3), (4, 1)), 1, SHIM,
         ["shim NOC tile", "d0 size", "3 bytes", "try: use a 4-byte multiple"]),
        (AccessPattern(0, (4, 8), (16, 2)), 2, SHIM,
         ["d0 stride", "try: make the innermost dimension contiguous"]),
        (AccessPattern(2, (4, 8), (16, 1)), 1, SHIM, ["offset", "not 4-byte aligned"]),
        (AccessPattern(0, (4, 8), (18, 1)), 1, MEM,
         ["mem tile", "stride of dim 0", "18 bytes"]),
        (AccessPattern(0, (1,), (1,)), 2, SHIM, ["buffer_length", "2 bytes"]),
        (AccessPattern(0, (100, 8), (2**21, 1)), 4, SHIM,
         ["shim NOC tile", "d1 stride", "limit of 1048576", "at most 16 BD(s)", "try:"]),
        (AccessPattern(0, (2, 8), (0, 1)), 4, COMPUTE,
         ["compute tile", "d1 stride: 0 on a dimension of size 2", "one BD per object"]),
        (AccessPattern(0, (257, 2, 4), (1, 1000, 300)), 4, COMPUTE,
         ["compute tile", "the aie.dma_bd rule: Size may not exceed 255", "try: split"]),
    ],
    ids=["i8-run", "i16-strided", "i8-offset", "i8-stride", "i16-single", "huge-stride",
         "fifo-repeat", "fifo-outer-size"],
)
def test_no_legal_form_fails_with_a_message(pattern, element_bytes, tile, messages):
    runtime_task = tile is SHIM
    with pytest.raises(DmaPatternError) as error:
        legalize(pattern, element_bytes, 2**28, tile, runtime_task=runtime_task)
    text = str(error.value)
    assert str(pattern) in text
    for message in messages:
        assert message in text


def test_out_of_bounds_pattern_fails():
    with pytest.raises(DmaPatternError, match="reaches element 55 of a buffer of 50 elements"):
        legalize(AccessPattern(0, (4, 8), (16, 1)), 4, 50, SHIM, runtime_task=True)


def test_malformed_pattern_fails():
    with pytest.raises(DmaPatternError, match="one stride per size"):
        AccessPattern(0, (4, 8), (16,))
    with pytest.raises(DmaPatternError, match="sizes must be >= 1"):
        AccessPattern(0, (0,), (1,))


# --- is_legal ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bd, tile, element_bytes, field",
    [
        (BufferDescriptor(0, 1024, BdDims((1024,), (2,))), MEM, 4, "d0 size"),
        (BufferDescriptor(0, 16, BdDims((2, 8), (2**18, 1))), MEM, 4, "d1 stride"),
        (BufferDescriptor(0, 2**15, BdDims()), COMPUTE, 4, "buffer_length"),
        (BufferDescriptor(0, 8, BdDims((2, 2, 2, 1), (1, 1, 1, 1))), SHIM, 4, "dims"),
        (BufferDescriptor(0, 8, BdDims(), iteration_size=65, iteration_stride=8), SHIM, 4,
         "iteration size"),
        (BufferDescriptor(0, 6, BdDims((2, 3), (4, 1))), SHIM, 2, "d0 size"),
    ],
)
def test_is_legal_names_the_field(bd, tile, element_bytes, field):
    assert is_legal(bd, tile, element_bytes).startswith(field)


def test_is_legal_agrees_with_the_verifier_on_limits():
    # Both reject a 1024-element d0 on a mem tile and accept 1023.
    for size, legal in [(1023, True), (1024, False)]:
        bd = BufferDescriptor(0, 2 * size, BdDims((2, size), (size + 1, 1)))
        ours = is_legal(bd, MEM, 4) is None
        theirs = check_bd_dims([2, size], [size + 1, 1], 0, 2 * size, 4, None, MEM, False) is None
        assert ours == theirs == legal
    assert is_legal(BufferDescriptor(0, 8, BdDims(), 4, 8), SHIM, 4, repeat_count=300) \
        .startswith("repeat_count")


def test_is_legal_is_stricter_than_the_verifier_where_the_hardware_needs_it():
    # A sub-word BD whose innermost listed dim is a size-1 dim: d0 would be half a word.
    bd = BufferDescriptor(0, 70, BdDims((70, 1), (16, 0)))
    assert is_legal(bd, SHIM, 2).startswith("d0 size")
    assert check_bd_dims([70, 1], [16, 0], 0, 70, 2, None, SHIM, False) is None
    # A contiguous shim BD not in IRON's linear form keeps its wraps: legalize linearises it.
    bd = BufferDescriptor(0, 1024, BdDims((1024, 1), (1, 1)))
    assert is_legal(bd, SHIM, 4).startswith("d1 size")
    assert check_bd_dims([1024, 1], [1, 1], 0, 1024, 4, None, SHIM, False) is None


@settings(max_examples=250, deadline=None)
@given(data=st.data())
def test_is_legal_never_accepts_what_the_verifier_rejects(data):
    """Our rules are the verifier's or stricter (the two stricter cases are documented)."""
    tile = data.draw(st.sampled_from([SHIM, MEM, COMPUTE]))
    lim = tile.bd
    b = data.draw(st.sampled_from([1, 2, 4]))
    runtime_task = data.draw(st.booleans())
    n = data.draw(st.integers(0, lim.dims + runtime_task))
    sizes = data.draw(st.lists(
        st.sampled_from([1, 2, 3, 4, 8, 70, lim.max_size, lim.max_size + 1, 2 * lim.max_size + 2]),
        min_size=n, max_size=n,
    ))
    strides = data.draw(st.lists(
        st.sampled_from([0, 1, 2, 4, 8, lim.max_stride, lim.max_stride + 4, 4 * lim.max_stride]),
        min_size=n, max_size=n,
    ))
    has_iteration = runtime_task and n > lim.dims
    inner = sizes[1:] if has_iteration else sizes
    length = math.prod(inner) if n else data.draw(st.sampled_from([4, 8, 4092]))
    offset = data.draw(st.sampled_from([0, 2, 4]))
    pairs = list(zip(sizes, strides))
    bd = (BufferDescriptor.from_ir(offset, length, pairs, lim.dims) if has_iteration
          else BufferDescriptor(offset, length, BdDims.from_pairs(pairs)))
    if is_legal(bd, tile, b, buffer_elements=2**40) is None:
        assert check_bd_dims(sizes, strides, offset, length, b, 2**40, tile, runtime_task) is None
