"""TensorAccessPattern: construction, accesses, errors, equality, transformations, dma_bd form."""

import numpy as np
import pytest

from iron_ir.taplib import TapError, TensorAccessPattern, TensorTiler2D, dma_bd_dims
from iron_ir.taplib.utils import validate_and_clean_sizes_strides


def test_accessors_and_accesses():
    tap = TensorAccessPattern((2, 3), 4, sizes=[1, 2], strides=[0, 1])
    assert tap.tensor_dims == [2, 3] and tap.offset == 4
    assert tap.sizes == [1, 2] and tap.strides == [0, 1]
    assert tap.transformation_dims == [(1, 0), (2, 1)]
    order, count = tap.accesses()
    assert order.dtype == np.int32 and count.dtype == np.int32
    assert (order == [[-1, -1, -1], [-1, 0, 1]]).all()
    assert (count == [[0, 0, 0], [0, 1, 1]]).all()
    assert (tap.access_order() == order).all() and (tap.access_count() == count).all()
    assert list(tap.access_generator()) == [4, 5]


def test_accessors_return_copies():
    tap = TensorAccessPattern((4, 4), 0, [4, 4], [4, 1])
    tap.sizes.append(7)
    tap.strides[0] = 99
    tap.tensor_dims[0] = 1
    assert tap.sizes == [4, 4] and tap.strides == [4, 1] and tap.tensor_dims == [4, 4]


def test_defaults_read_whole_tensor():
    tap = TensorAccessPattern((4, 4))
    assert tap.sizes == [4, 4] and tap.strides == [4, 1] and tap.offset == 0
    assert (tap.access_order() == np.arange(16).reshape(4, 4)).all()
    assert TensorAccessPattern.full((4, 4)) == tap
    flat = TensorAccessPattern((10,))
    assert flat.tensor_dims == [1, 10] and flat.sizes == [1, 10] and flat.strides == [0, 1]
    assert TensorAccessPattern((2, 3), sizes=[3, 2]).strides == [2, 1]


def test_transformation_dims_as_fifo_dims():
    # whole_array A operand: m=k=64, r=4, s=8 (reference §12.5)
    tap = TensorAccessPattern((64, 64), 0, [16, 8, 4, 8], [256, 8, 64, 1])
    assert tap.transformation_dims == [(16, 256), (8, 8), (4, 64), (8, 1)]


def test_repeated_accesses_keep_last_order():
    tap = TensorAccessPattern((1, 4), 0, [3, 2], [0, 1])
    order, count = tap.accesses()
    assert (order == [[4, 5, -1, -1]]).all()
    assert (count == [[3, 3, 0, 0]]).all()


def test_equality_hash_and_functional_comparison():
    a = TensorAccessPattern((2, 3), 4, sizes=[1, 2], strides=[0, 1])
    b = TensorAccessPattern((2, 3), 4, sizes=(1, 2), strides=(5, 1))  # stride of unit dim cleaned
    c = TensorAccessPattern((2, 3), 2, sizes=[1, 2], strides=[0, 1])
    assert a == b and hash(a) == hash(b) and len({a, b, c}) == 2
    assert a != c and not a.compare_access_orders(c)
    assert a.compare_access_orders(b)
    different_shape = TensorAccessPattern((1, 6), 0, [6], [1])
    same_walk = TensorAccessPattern((1, 6), 0, [2, 3], [3, 1])
    assert different_shape != same_walk and different_shape.compare_access_orders(same_walk)
    assert not different_shape.compare_access_orders(TensorAccessPattern((1, 6), 0, [5], [1]))
    assert a != "not a tap"
    with pytest.raises(TapError, match="needs a TensorAccessPattern"):
        a.compare_access_orders("x")


def test_str_and_repr():
    tap = TensorAccessPattern((9, 4), 0, [1, 1, 3, 2], [0, 0, 4, 1])
    assert str(tap) == "TensorAccessPattern([9, 4] offset=0, sizes=[1, 1, 3, 2], strides=[0, 0, 4, 1])"
    assert eval(repr(tap)) == tap


@pytest.mark.parametrize(
    "clean_in, clean_out",
    [
        (([1, 1, 1, 1], [1, 1, 1, 1]), ([1, 1, 1, 1], [0, 0, 0, 1])),
        (([1, 3, 1, 1], [0, 1, 1, 1]), ([1, 3, 1, 1], [0, 1, 1, 1])),
        (([1, 3, 1, 1], [1, 1, 1, 1]), ([1, 3, 1, 1], [0, 1, 1, 1])),
        (([1, 1, 1, 2], [1, 1, 1, 1]), ([1, 1, 1, 2], [0, 0, 0, 1])),
        (([2, 1, 1, 2], [1, 1, 1, 1]), ([2, 1, 1, 2], [1, 1, 1, 1])),
    ],
)
def test_sizes_strides_clean(clean_in, clean_out):
    sizes, strides = clean_in
    assert validate_and_clean_sizes_strides(sizes, strides) == clean_out
    assert strides == clean_in[1]  # inputs are not modified


@pytest.mark.parametrize(
    "args, words",
    [
        (((), 4, [1, 2], [0, 1]), "tensor_dims must have at least one dimension"),
        (((0, 1), 0, [1], [1]), "every entry of tensor_dims must be >= 1"),
        (((1, -1), 0, [1], [1]), "every entry of tensor_dims must be >= 1"),
        (((2, 3), -1, [1, 2], [0, 1]), "offset must be >= 0"),
        (((2, 3), 6, [1, 2], [0, 1]), "offset 6 is outside the tensor [2, 3]"),
        (((2, 3), 0, [-1], [1]), "every size must be >= 1"),
        (((2, 3), 0, [0], [1]), "every size must be >= 1"),
        (((2, 3), 0, [], []), "sizes must have at least one dimension"),
        (((2, 3), 0, [1], [0, 1]), "sizes and strides must have the same length"),
        (((2, 3), 0, [1, 1], [0]), "sizes and strides must have the same length"),
        (((2, 3), 0, [1], [-1]), "every stride must be >= 0"),
        (((10,), 0, (11,), (1,)), "reaches element 10"),
        (((10,), 0, (6,), (2,)), "reaches element 10"),
        (((4, 4), 1.5, [2], [1]), "offset must be an integer"),
        (((4, 4), 0, [2.0], [1]), "sizes must contain only integers"),
        (((4, 4), 0, [2], None), None),
    ],
)
def test_invalid_patterns(args, words):
    if words is None:
        TensorAccessPattern(*args)  # strides default to contiguous
        return
    with pytest.raises(TapError) as err:
        TensorAccessPattern(*args)
    assert isinstance(err.value, ValueError)
    assert words in str(err.value)
    assert "test_tap.py:" in str(err.value)


# ---- transformations (mlir-aie test_tap_transformations / composition / validation) ----


def test_permute_transposes():
    tap = TensorAccessPattern((4, 4)).permute((1, 0))
    assert tap.sizes == [4, 4] and tap.strides == [1, 4]
    assert (tap.access_order() == np.arange(16).reshape(4, 4).T).all()
    tiled = TensorAccessPattern((4, 4), 0, (2, 2, 2, 2), (8, 4, 2, 1)).permute((0, 2, 1, 3))
    assert tiled.strides == [8, 2, 4, 1]
    with pytest.raises(TapError, match="permutation"):
        tap.permute((0, 0))


def test_split_dim():
    split = TensorAccessPattern((4, 4), 0, (4, 4), (4, 1)).split_dim(0, 2)
    assert split.sizes == [2, 2, 4] and split.strides == [8, 4, 1]
    split2 = split.split_dim(2, 2)
    assert split2.sizes == [2, 2, 2, 2] and split2.strides == [8, 4, 2, 1]
    assert (split2.access_order() == np.arange(16).reshape(4, 4)).all()
    tap = TensorAccessPattern((10,))
    with pytest.raises(TapError, match="outer_size must be a positive integer"):
        tap.split_dim(1, 0)
    with pytest.raises(TapError, match="outer_size must be a positive integer"):
        tap.split_dim(1, -1)
    with pytest.raises(TapError, match="not divisible"):
        tap.split_dim(1, 3)
    with pytest.raises(TapError, match="dim=2 is not a dimension"):
        tap.split_dim(2, 1)


def test_tile_and_untile():
    m = k = 64
    r, s = 4, 8
    tiled = TensorAccessPattern((m, k), 0, (m, k), (k, 1)).tile((r, s))
    assert tiled.sizes == [m // r, k // s, r, s] and tiled.strides == [r * k, s, k, 1]
    assert tiled.transformation_dims == [(m // r, r * k), (k // s, s), (r, k), (s, 1)]
    small = TensorAccessPattern((4, 4)).tile((2, 2))
    assert small.strides == [8, 2, 4, 1]
    assert (small.access_order() == [[0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]]).all()
    assert small.untile((2, 2)) == TensorAccessPattern((4, 4))
    unmerged = small.untile((2, 2), merge=False)
    assert unmerged.sizes == [2, 2, 2, 2] and unmerged.strides == [8, 4, 2, 1]
    with pytest.raises(TapError, match="positive divisor"):
        TensorAccessPattern((10,)).tile((1, 11))
    with pytest.raises(TapError, match="must have 2 entries"):
        TensorAccessPattern((10,)).tile((5,))
    with pytest.raises(TapError, match="cannot merge dimension 0"):
        small.permute((2, 1, 0, 3)).untile((2, 2))


def test_slice_subview_resize():
    tap = TensorAccessPattern((4, 4))
    rows = tap.slice(0, 1, 2)
    assert rows.sizes == [2, 4] and rows.offset == 4
    expected = np.full((4, 4), -1)
    expected[1:3, :] = np.arange(8).reshape(2, 4)
    assert (rows.access_order() == expected).all()
    sub = tap.subview((1, 1), (2, 2))
    assert sub.offset == 5
    expected = np.full((4, 4), -1)
    expected[1:3, 1:3] = np.arange(4).reshape(2, 2)
    assert (sub.access_order() == expected).all()
    strided = tap.subview((0, 1), (2, 2), (2, 2))
    assert strided.offset == 1 and strided.strides == [8, 2]
    corner = tap.resize((2, 2))
    assert corner.offset == 0 and corner.sizes == [2, 2]
    flat = TensorAccessPattern((10,))
    for bad, words in [
        ((1, 0, 0), "length must be >= 1"),
        ((1, 0, -1), "length must be >= 1"),
        ((1, 5, 6), "leave dimension 1 of size 10"),
        ((1, -1, 5), "leave dimension 1 of size 10"),
        ((1, 0, 2, 0), "step must be >= 1"),
    ]:
        with pytest.raises(TapError, match=words):
            flat.slice(*bad)
    with pytest.raises(TapError, match="leave dimension"):
        flat.resize((1, 11))
    with pytest.raises(TapError, match="length must be >= 1"):
        flat.resize((1, 0))


def test_unsqueeze_broadcast_squeeze():
    tap = TensorAccessPattern((2, 3))
    repeated = tap.unsqueeze(0).broadcast(0, 3)
    assert repeated.sizes == [3, 2, 3] and repeated.strides == [0, 3, 1]
    assert (repeated.access_count() == 3).all()
    assert repeated.squeeze() == repeated
    padded = tap.unsqueeze(2)
    assert padded.sizes == [2, 3, 1] and padded.squeeze(2) == tap and padded.squeeze() == tap
    one = TensorAccessPattern((2, 3), 4, [1, 1], [0, 1])
    assert one.squeeze().sizes == [1] and one.squeeze().offset == 4
    with pytest.raises(TapError, match="it must be 1"):
        tap.broadcast(0, 2)
    with pytest.raises(TapError, match="it must be 1"):
        tap.squeeze(0)
    with pytest.raises(TapError, match="dim=3 is not a dimension"):
        tap.unsqueeze(3)


def test_compose():
    inner = TensorAccessPattern((2, 3), 0, (2, 3), (3, 1))
    transpose = TensorAccessPattern((2, 3), 0, (3, 2), (1, 3))
    comp = inner.compose(transpose)
    assert comp.sizes == [3, 2] and comp.strides == [1, 3] and comp.offset == 0
    assert list(comp.access_generator()) == [0, 3, 1, 4, 2, 5]

    blocks = TensorAccessPattern((4, 4)).tile((2, 2))
    first_block = TensorAccessPattern((2, 2, 2, 2)).slice(0, 0, 1).slice(1, 0, 1)
    expected = np.full((4, 4), -1)
    expected[0:2, 0:2] = np.arange(4).reshape(2, 2)
    assert (blocks.compose(first_block).access_order() == expected).all()

    with pytest.raises(TapError, match="must equal self.sizes"):
        inner.compose(TensorAccessPattern((3, 2)))
    # walking the transposed view linearly from element 1 crosses from its row 0 into row 1
    with pytest.raises(TapError, match="not a single sizes/strides pattern"):
        transpose.compose(TensorAccessPattern((3, 2), 1, [3], [1]))
    assert transpose.compose(TensorAccessPattern((3, 2), 0, [3], [2])).strides == [1]


def test_tile_sequence():
    # step 2 interleaves groups, as TensorTiler2D.step_tiler does: every tile is read once
    tas = TensorAccessPattern((16, 8)).tile_sequence((4, 4), step_dims=(2, 1), repeat_dims=(2, 1))
    assert [(t.offset, t.sizes, t.strides) for t in tas] == [
        (0, [2, 1, 4, 4], [64, 4, 8, 1]),
        (4, [2, 1, 4, 4], [64, 4, 8, 1]),
        (32, [2, 1, 4, 4], [64, 4, 8, 1]),
        (36, [2, 1, 4, 4], [64, 4, 8, 1]),
    ]
    tiler = TensorTiler2D.step_tiler((16, 8), (4, 4), (2, 1), (2, 1))
    assert tas.compare_access_orders(tiler)
    grouped = TensorAccessPattern((8, 8)).tile_sequence((2, 2), repeat_dims=(4, 4))
    assert len(grouped) == 1 and grouped[0].sizes == [4, 4, 2, 2] and grouped[0].strides == [16, 2, 8, 1]
    col = TensorAccessPattern((4, 4)).tile_sequence((2, 2), dim_order=(1, 0), tile_dim_order=(1, 0))
    assert [t.offset for t in col] == [0, 8, 2, 10]
    assert col[0].strides == [0, 0, 1, 4]
    assert (col.access_count() == 1).all()
    repeated = TensorAccessPattern((4, 4)).tile_sequence((2, 2), pattern_repeat=3)
    assert repeated[0].sizes == [3, 1, 1, 2, 2] or repeated[0].sizes == [3, 2, 2]
    assert (repeated.access_count() == 3).all()
    with pytest.raises(TapError, match="dim_order"):
        TensorAccessPattern((4, 4)).tile_sequence((2, 2), dim_order=(0, 0))


# ---- the dma_bd form ----


@pytest.mark.parametrize(
    "sizes, strides, bd_sizes, bd_strides",
    [
        ([1, 1, 3, 2], [0, 0, 4, 1], [1, 1, 3, 2], [0, 0, 4, 1]),
        ([2, 6], [6, 1], [1, 1, 2, 6], [0, 0, 6, 1]),
        ([36], [1], [1, 1, 1, 36], [0, 0, 0, 1]),
        ([1, 2, 1, 3, 6], [0, 18, 0, 6, 1], [2, 1, 3, 6], [18, 0, 6, 1]),
    ],
)
def test_dma_bd_dims(sizes, strides, bd_sizes, bd_strides):
    tap = TensorAccessPattern((6, 6), 0, sizes, strides)
    bd = dma_bd_dims(tap)
    assert (bd.sizes, bd.strides, bd.offset) == (bd_sizes, bd_strides, 0)
    assert tap.compare_access_orders(TensorAccessPattern((6, 6), bd.offset, bd.sizes, bd.strides))
    assert bd.repeat_count == bd_sizes[0] - 1


def test_dma_bd_dims_too_many_dimensions():
    tap = TensorAccessPattern((4, 8), 0, [2, 2, 2, 2, 2], [16, 8, 4, 2, 1])
    with pytest.raises(TapError, match="5 dimensions of size > 1"):
        dma_bd_dims(tap)


def test_identity_is_the_tensor_as_it_lies():
    """mlir-aie's 2026 name for full(): the start of tile / tile_sequence chains."""
    tap = TensorAccessPattern.identity((4, 6))
    assert tap == TensorAccessPattern.full((4, 6))
    assert (tap.sizes, tap.strides, tap.offset) == ([4, 6], [6, 1], 0)
    seq = TensorAccessPattern.identity((4, 6)).tile_sequence((2, 3), repeat_dims=(2, 2), repeat_dim_order=[1, 0])
    want = TensorAccessPattern.full((4, 6)).tile_sequence((2, 3), repeat_dims=(2, 2), repeat_dim_order=[1, 0])
    assert [t.transformation_dims for t in seq] == [t.transformation_dims for t in want]
