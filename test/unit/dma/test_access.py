"""The numpy DMA model against a naive Python enumeration of the same hardware behaviour."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iron_ir.dma.access import (
    BdDims,
    BufferDescriptor,
    DmaBoundsError,
    DmaTask,
    bd_offsets,
    gather,
    scatter,
    task_offsets,
)


def naive_bd(bd: BufferDescriptor, execution: int = 0) -> list[int]:
    """A counter per dim, innermost fastest; every counter but the outermost wraps; stop at len."""
    base = bd.offset + (execution % bd.iteration_size) * bd.iteration_stride
    sizes, strides = list(bd.dims.sizes), list(bd.dims.strides)
    if not sizes:
        return [base + i for i in range(bd.length)]
    counters = [0] * len(sizes)
    out = []
    while len(out) < bd.length:
        out.append(base + sum(c * s for c, s in zip(counters, strides)))
        d = len(sizes) - 1
        counters[d] += 1
        while d > 0 and counters[d] == sizes[d]:
            counters[d] = 0
            d -= 1
            counters[d] += 1
    return out


def naive_task(task: DmaTask) -> list[int]:
    out = []
    for k in range(task.repeat_count + 1):
        for bd in task.bds:
            out += naive_bd(bd, k)
    return out


dims_st = st.lists(
    st.tuples(st.integers(1, 5), st.integers(0, 40)), min_size=0, max_size=4
).map(BdDims.from_pairs)


@st.composite
def bds(draw):
    dims = draw(dims_st)
    nominal = int(np.prod(dims.sizes)) if len(dims) else draw(st.integers(0, 30))
    length = draw(st.sampled_from([nominal, max(nominal - 3, 0), nominal + 7, 0]))
    return BufferDescriptor(
        offset=draw(st.integers(0, 50)),
        length=length,
        dims=dims,
        iteration_size=draw(st.integers(1, 4)),
        iteration_stride=draw(st.integers(0, 100)),
    )


@settings(max_examples=150, deadline=None)
@given(bds(), st.integers(0, 9))
def test_bd_matches_naive(bd, execution):
    got = bd_offsets(bd, execution)
    assert got.dtype == np.int64
    assert got.tolist() == naive_bd(bd, execution)


@settings(max_examples=100, deadline=None)
@given(st.lists(bds(), min_size=1, max_size=3), st.integers(0, 6))
def test_task_matches_naive(chain, repeat):
    task = DmaTask(tuple(chain), repeat)
    assert task_offsets(task).tolist() == naive_task(task)


def test_length_shorter_and_longer_than_dims():
    dims = BdDims((2, 3), (10, 1))
    assert bd_offsets(BufferDescriptor(2, 4, dims)).tolist() == [2, 3, 4, 12]
    # Past the nominal 2x3 the outermost counter keeps going: 0, 10, 20, ...
    assert bd_offsets(BufferDescriptor(2, 8, dims)).tolist() == [2, 3, 4, 12, 13, 14, 22, 23]


def test_reference_transpose_task_moves_whole_matrix():
    # mlir-aie combined_transpose, reference dma_transpose_npu2_1col.mlir, @in_L3L2_fifo.
    bd = BufferDescriptor.from_ir(
        0, 32768, [(8, 32768), (16, 32), (64, 512), (32, 1)], bd_dims=3
    )
    assert (bd.iteration_size, bd.iteration_stride) == (8, 32768)
    got = task_offsets(DmaTask((bd,), repeat_count=7))
    expected = (
        np.arange(8)[:, None, None, None] * 32768
        + np.arange(16)[None, :, None, None] * 32
        + np.arange(64)[None, None, :, None] * 512
        + np.arange(32)[None, None, None, :]
    ).reshape(-1)
    assert np.array_equal(got, expected)
    assert np.array_equal(np.sort(got), np.arange(512 * 512))


def test_iteration_wraps_when_repeats_exceed_its_size():
    bd = BufferDescriptor(0, 2, BdDims(), iteration_size=2, iteration_stride=10)
    assert task_offsets(DmaTask((bd,), 3)).tolist() == [0, 1, 10, 11, 0, 1, 10, 11]


def test_from_ir_without_iteration_dim():
    bd = BufferDescriptor.from_ir(4, 16, [(2, 4), (2, 8), (4, 1)], bd_dims=3)
    assert bd.iteration_size == 1 and bd.dims.pairs == [(2, 4), (2, 8), (4, 1)]
    with pytest.raises(ValueError, match="holds 3 dims plus the iteration dim"):
        BufferDescriptor.from_ir(0, 1, [(1, 0)] * 5, bd_dims=3)


def test_bad_dims_rejected():
    with pytest.raises(ValueError, match="size 0"):
        BdDims((0,), (1,))
    with pytest.raises(ValueError, match="one stride per size"):
        BdDims((1, 2), (1,))


def test_gather_scatter_and_bounds():
    buf = np.arange(12, dtype=np.int32).reshape(3, 4)
    assert gather(buf, np.array([11, 0, 5])).tolist() == [11, 0, 5]
    with pytest.raises(DmaBoundsError, match=r"element offset 12, but %arg0 holds 12 elements"):
        gather(buf, np.array([3, 12]), name="%arg0")
    with pytest.raises(DmaBoundsError, match="element offset -1"):
        scatter(buf, np.array([-1]), np.array([0]))
    out = np.zeros((2, 2), dtype=np.int32)
    scatter(out, np.array([3, 1, 3]), np.array([7, 8, 9]))
    assert out.tolist() == [[0, 8], [0, 9]]  # the later write to offset 3 wins
    with pytest.raises(ValueError, match="2 values arrived for 3 offsets"):
        scatter(out, np.array([0, 1, 2]), np.array([1, 2]))
