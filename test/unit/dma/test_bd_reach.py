"""bd_reach (how far a BD reaches, in O(dims)) equals the largest offset bd_offsets lists."""

from hypothesis import given, settings
from hypothesis import strategies as st

from iron_ir.dma.access import BufferDescriptor, bd_offsets, bd_reach

dims = st.lists(st.tuples(st.integers(1, 6), st.integers(0, 40)), min_size=0, max_size=4)


@settings(max_examples=300)
@given(
    st.integers(0, 50), st.integers(0, 200), dims, st.integers(1, 4), st.integers(0, 30),
    st.integers(0, 5),
)
def test_reach_is_the_largest_offset_plus_one(offset, length, pairs, it_size, it_stride, run):
    bd = BufferDescriptor(offset, length, pairs, it_size, it_stride)
    offsets = bd_offsets(bd, run)
    assert bd_reach(bd, run) == (int(offsets.max()) + 1 if offsets.size else 0)


def test_reach_of_a_huge_bd_is_immediate():
    bd = BufferDescriptor(0, 10**12, [(1, 0), (1, 0), (10**12, 1)])
    assert bd_reach(bd) == 10**12
