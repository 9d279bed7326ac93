"""Proof of ``iron-tile-to-dma-bd``'s algorithm: for random taps, the lowered BDs (chains and
repeats), enumerated by the numpy DMA model, visit exactly the tap's access order, and every
emitted BD is legal by our rules and by the ``aie.dma_bd`` verifier's (``bd_rules``)."""

import math
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from iron_ir.device import TileKind, get_device
from iron_ir.dialects.aie.bd_rules import check_bd_dims, verify_dma_bd
from iron_ir.dma.access import task_offsets
from iron_ir.dma.legalize import AccessPattern, DmaPatternError, is_legal, legalize

NPU2 = get_device("npu2")
SHIM = NPU2.kinds[TileKind.SHIM_NOC]
MEM = NPU2.kinds[TileKind.MEM]
COMPUTE = NPU2.kinds[TileKind.COMPUTE]
# A shim with tiny fields, so that small random taps hit every rewrite (splits, slices, chains).
TINY_SHIM = replace(
    SHIM, bd=replace(SHIM.bd, wrap_bits=3, step_bits=7, length_bits=9, iteration_wrap_max=4)
)
TINY_MEM = replace(MEM, bd=replace(MEM.bd, wrap_bits=3, step_bits=7, length_bits=10))

ELEMENT_BYTES = [1, 2, 4]  # i8; i16 and bf16; i32


def oracle(pattern: AccessPattern) -> list[int]:
    """The tap's access order from its definition: access number k has the row-major
    multi-index ``unravel(k, sizes)`` and visits ``offset + sum(index_d * stride_d)``."""
    total = math.prod(pattern.sizes)
    index = np.unravel_index(np.arange(total), pattern.sizes)
    one = pattern.offset + sum(i * s for i, s in zip(index, pattern.strides))
    return np.tile(one, pattern.repeat_count + 1).tolist()


def assert_lowering_exact(pattern, element_bytes, buffer_elements, tile, runtime_task):
    lowering = legalize(pattern, element_bytes, buffer_elements, tile, runtime_task=runtime_task)
    assert task_offsets(lowering.task).tolist() == oracle(pattern)
    for bd in lowering.bds:
        assert is_legal(
            bd, tile, element_bytes, buffer_elements=buffer_elements,
            repeat_count=lowering.repeat_count,
        ) is None
        dims = lowering.ir_dims(bd)
        verdict = check_bd_dims(
            [n for n, _ in dims], [s for _, s in dims], bd.offset, bd.length, element_bytes,
            buffer_elements, tile, allow_iteration_dim=runtime_task,
        )
        assert verdict is None, (bd, verdict)
        if not runtime_task:
            verdict = verify_dma_bd(
                [n for n, _ in dims], [s for _, s in dims], bd.offset, bd.length, element_bytes,
                buffer_elements, tile,
            )
            assert verdict is None, (bd, verdict)
    return lowering


@st.composite
def taps(draw, tile, runtime_task):
    """Up to 4-D taps around the tile's field limits, word-aligned for the element type
    (repeats and stride-0 dims only where a runtime task can repeat)."""
    b = draw(st.sampled_from(ELEMENT_BYTES))
    per_word = 4 // b
    lim = tile.bd
    big_sizes = st.one_of(
        st.integers(max(1, lim.max_size - 2), lim.max_size + 3),
        st.sampled_from([lim.max_size * 2 + 1, lim.max_size * 3, 13, 17]),
    )
    ndims = draw(st.integers(1, 4))
    sizes = [draw(st.integers(1, 5)) for _ in range(ndims)]
    sizes[draw(st.integers(0, ndims - 1))] = draw(big_sizes)  # one dim around the field limit
    sizes[-1] *= per_word  # the innermost run is whole words
    strides = [1]
    for d in range(ndims - 2, -1, -1):
        inner = sizes[d + 1] * strides[0]
        kinds = ["contiguous", "gap", "big", "small"] + (["zero"] if runtime_task else [])
        kind = draw(st.sampled_from(kinds))
        stride = {
            "contiguous": inner,
            "gap": inner + per_word * draw(st.integers(1, 3)),
            "big": lim.max_stride * per_word + per_word * draw(st.integers(0, 2)),
            "zero": 0,
            "small": per_word * draw(st.integers(1, 3)),
        }[kind]
        strides.insert(0, stride)
    offset = per_word * draw(st.integers(0, 4))
    repeats = [0, 0, 0, 1, 3, lim.iteration_wrap_max + 1, 300] if runtime_task else [0]
    repeat = draw(st.sampled_from(repeats))
    assume(math.prod(sizes) * (repeat + 1) <= 20000)
    return AccessPattern(offset, tuple(sizes), tuple(strides), repeat), b


def reach(pattern):
    return pattern.offset + sum((n - 1) * s for n, s in zip(pattern.sizes, pattern.strides)) + 1


def examples_settings(max_examples):
    return settings(
        max_examples=max_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.filter_too_much],
    )


@pytest.mark.parametrize(
    "tile, runtime_task, examples",
    [
        (TINY_SHIM, True, 200),
        (TINY_MEM, False, 200),
        (TINY_MEM, True, 200),
        (SHIM, True, 80),
        (COMPUTE, False, 80),
    ],
    ids=["tiny-shim-task", "tiny-mem-fifo", "tiny-mem-task", "shim-task", "compute-fifo"],
)
def test_lowered_bds_visit_exactly_the_tap(tile, runtime_task, examples):
    @examples_settings(max_examples=examples)
    @given(taps(tile, runtime_task))
    def check(tap):
        check_tap(tile, runtime_task, *tap)

    check()


def check_tap(tile, runtime_task, pattern, b):
    try:
        assert_lowering_exact(pattern, b, reach(pattern), tile, runtime_task)
    except DmaPatternError as error:
        # Failing is allowed only with a message that names the tile kind, a field and a fix.
        text = str(error)
        assert tile.kind.human in text and "try:" in text and str(pattern) in text


@settings(max_examples=80, deadline=None)
@given(
    b=st.sampled_from(ELEMENT_BYTES),
    rows=st.integers(1, 40),
    cols_words=st.integers(1, 600),
    row_gap=st.integers(0, 8),
    repeat=st.integers(0, 5),
)
def test_row_tiles_always_lower_on_the_shim(b, rows, cols_words, row_gap, repeat):
    """Row tiles of a matrix (any width, sub-word types too) always have a legal form."""
    per_word = 4 // b
    cols = cols_words * per_word
    pattern = AccessPattern(0, (rows, cols), ((cols_words + row_gap) * per_word, 1), repeat)
    assert_lowering_exact(pattern, b, reach(pattern), SHIM, True)


@st.composite
def constructible(draw, tile, runtime_task):
    """A tap built from a known legal lowering (repeat part + chain + one legal BD; fifo dims:
    the BD alone), flattened into plain dims; returns it with the number of BDs it needs."""
    b = draw(st.sampled_from(ELEMENT_BYTES))
    per_word = 4 // b
    lim = tile.bd
    # Objectfifo dims become an aie.dma_bd, whose verifier counts sizes in elements and bounds
    # the outermost one too; a runtime task's BD has the hardware's word-counted, open d2.
    words = draw(st.integers(1, lim.max_size if runtime_task else max(1, lim.max_size // per_word)))
    bd_dims = [(words * per_word, 1)]
    for position in range(draw(st.integers(0, lim.dims - 1))):
        inner_extent = bd_dims[0][0] * bd_dims[0][1]
        stride = draw(st.sampled_from([inner_extent, inner_extent + per_word, per_word]))
        assume((stride // per_word if runtime_task else stride) <= lim.max_stride)
        outermost = runtime_task and position == lim.dims - 2 and lim.last_dim_size_implicit
        size = draw(st.integers(2, 3 * lim.max_size if outermost else lim.max_size))
        bd_dims.insert(0, (size, stride))
    assume(math.prod(n for n, _ in bd_dims) // per_word <= lim.max_length)
    def stride_over(inner):
        """A random stride, or the one that makes this dim contiguous with ``inner``."""
        random_stride = per_word * draw(st.integers(1, 2 * lim.max_stride))
        return draw(st.sampled_from([random_stride, inner[0] * inner[1]]))

    chain = []
    for _ in range(draw(st.integers(0, 2 if runtime_task else 0))):
        chain.insert(0, (draw(st.integers(2, 4)), stride_over((chain + bd_dims)[0])))
    repeat = draw(st.sampled_from(["none", "iteration", "plain"] if runtime_task else ["none"]))
    outer = []
    if repeat == "iteration":
        stride = stride_over((chain + bd_dims)[0])
        assume(stride // per_word <= lim.max_stride)
        outer = [(draw(st.integers(2, lim.iteration_wrap_max)), stride)]
    elif repeat == "plain":
        outer = [(draw(st.integers(2, 256)), 0)]
    dims = outer + chain + bd_dims
    offset = per_word * draw(st.integers(0, 3))
    pattern = AccessPattern(offset, tuple(n for n, _ in dims), tuple(s for _, s in dims))
    assume(math.prod(pattern.sizes) <= 20000)
    return pattern, b, math.prod(n for n, _ in chain)


@pytest.mark.parametrize(
    "tile, runtime_task",
    [(TINY_SHIM, True), (TINY_MEM, False), (TINY_MEM, True)],
    ids=["tiny-shim-task", "tiny-mem-fifo", "tiny-mem-task"],
)
def test_patterns_with_a_known_lowering_always_lower(tile, runtime_task):
    """No false failures, no worse chains: whatever the folding of a known-good structure, the
    legalizer finds a lowering with at most as many BDs."""

    @examples_settings(max_examples=200)
    @given(constructible(tile, runtime_task))
    def check(case):
        pattern, b, bds_needed = case
        lowering = assert_lowering_exact(pattern, b, reach(pattern), tile, runtime_task)
        assert len(lowering.bds) <= bds_needed

    check()
