"""check_bd_dims / check_bd_padding: the aie.dma_bd rules as pure functions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iron_ir.device import TileKind, get_device
from iron_ir.dialects.aie.bd_rules import check_bd_dims, check_bd_padding, is_contiguous

NPU2 = get_device("npu2")
SHIM = NPU2.kinds[TileKind.SHIM_NOC]
MEM = NPU2.kinds[TileKind.MEM]
CORE = NPU2.kinds[TileKind.COMPUTE]


def test_iron_linear_shim_pattern_is_legal():
    # IRON's fill of a 16384 x i8 buffer: four dims, the outermost the iteration dim.
    sizes, strides = [1, 1, 1, 16384], [0, 0, 0, 1]
    assert check_bd_dims(sizes, strides, 0, 16384, 1, 16384, SHIM, True) is None
    # Without the iteration dim a shim BD holds three.
    assert check_bd_dims(sizes, strides, 0, 16384, 1, 16384, SHIM, False).startswith(
        "Cannot give more than 3 dimensions"
    )


def test_transpose_reference_pattern_is_legal():
    sizes, strides = [8, 16, 64, 32], [32768, 32, 512, 1]
    assert check_bd_dims(sizes, strides, 0, 32768, 4, 512 * 512, SHIM, True) is None


@pytest.mark.parametrize(
    "sizes, strides, offset, length, eb, n, tile, expected",
    [
        ([1024], [1], 0, 1024, 4, 4096, MEM, "Size may not exceed 1023."),
        ([2, 2], [1048577, 1], 0, 4, 4, None, SHIM, "Stride may not exceed 1048576."),
        ([8, 8], [0, 1], 0, 64, 4, 256, CORE, "Invalid step size; must be a positive integer."),
        ([8, 8], [32, 1], 32, 64, 4, 256, CORE,
         "Specified stride(s) and size(s) result in out of bounds access in buffer, for index 263"),
        ([4, 4], [8, 2], 0, 16, 2, 64, CORE, "For <32b width datatypes, inner-most dim stride"),
        ([4, 4], [8, 2], 0, 16, 8, 64, CORE, "For >32b width datatypes, inner-most dim stride"),
        ([2, 6], [8, 1], 0, 12, 1, 64, CORE, "Inner-most dimension size 6 x 1 bytes"),
        ([4, 4], [6, 1], 0, 16, 1, 64, CORE, "Stride 6 x 1 bytes"),
        ([], [], 0, 6, 1, 64, CORE, "transfer length must be multiple of 4"),
        ([], [], 2, 4, 1, 64, CORE, "bd address must be 4 byte (32b) aligned"),
        ([], [], 0, 16384, 4, 16384, CORE, "buffer descriptor length (16384 32-bit words)"),
        ([65, 1, 1, 16], [16, 0, 0, 1], 0, 16, 4, 4096, SHIM, "Iteration size 65 exceeds"),
        ([2, 1, 1, 16], [3, 0, 0, 1], 0, 16, 2, 4096, SHIM, "Iteration stride 3 elements x 2"),
        ([2, 1, 1, 1, 16], [131073, 0, 0, 0, 1], 0, 16, 4, None, MEM,
         "Iteration stride may not exceed 131072"),
        ([], [], 60, 8, 4, 64, CORE, "BD reads elements 60..67, past the end"),
    ],
)
def test_each_rule_names_itself(sizes, strides, offset, length, eb, n, tile, expected):
    message = check_bd_dims(sizes, strides, offset, length, eb, n, tile, True)
    assert message is not None and message.startswith(expected), message


def test_contiguous_shim_access_skips_the_wrap_limit():
    assert check_bd_dims([4096], [1], 0, 4096, 4, 4096, SHIM, False) is None
    assert check_bd_dims([4096], [1], 0, 4096, 4, 4096, MEM, False).startswith("Size may not")
    assert is_contiguous([4, 1, 8], [8, 99, 1])
    assert not is_contiguous([4, 8], [16, 1])


def test_padding_rules():
    assert check_bd_padding([], [4], 4, 4, CORE) is None
    assert check_bd_padding([(0, 1)], [], 4, 4, MEM).startswith("Padding requires")
    assert check_bd_padding([(0, 1)], [4], 8, 4, CORE) == "Padding is only supported by memtile dma bds."
    assert check_bd_padding([(0, 1)], [4, 4], 8, 4, MEM).startswith("Mismatch number")
    assert check_bd_padding([(0, 0), (0, 4)], [16, 16], 256, 4, MEM).startswith("Data exceeds")
    assert check_bd_padding([(0, 0), (1, 0)], [16, 16], 272, 1, MEM).startswith("Inner-most padding")
    assert check_bd_padding([(0, 0), (0, 4)], [64, 4], 512, 4, MEM) is None


dims = st.lists(st.tuples(st.integers(1, 12), st.integers(1, 40)), min_size=1, max_size=4)


@given(dims=dims, offset=st.integers(0, 64), buffer=st.integers(1, 2048))
def test_accepted_patterns_stay_inside_the_buffer(dims, offset, buffer):
    """Oracle: the largest element index a pattern touches."""
    dims = [(s, t) for s, t in dims]
    dims[-1] = (dims[-1][0], 1)
    sizes, strides = [s for s, _ in dims], [t for _, t in dims]
    length = 1
    for s in sizes:
        length *= s
    reach = offset + sum(t * (s - 1) for s, t in dims)
    verdict = check_bd_dims(sizes, strides, offset, length, 4, buffer, MEM, True)
    if verdict is None:
        assert reach < buffer
    if reach >= buffer:
        assert verdict is not None
