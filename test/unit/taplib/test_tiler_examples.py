"""TensorTiler2D: the worked examples of the IRON reference (§12.4) and the behaviours of
mlir-aie's test/python/taplib tiler tests, with the sizes/strides mlir-aie produces."""

import numpy as np
import pytest

from iron_ir.taplib import (
    TapError,
    TensorAccessPattern,
    TensorAccessSequence,
    TensorTiler2D,
    dma_bd_dims,
)


def taps_of(tas):
    return [(t.offset, t.sizes, t.strides) for t in tas]


# ---- §12.4 worked examples ----


def test_example_a_whole_tensor():
    tas = TensorTiler2D.simple_tiler((3, 5))
    assert len(tas) == 1
    assert tas[0] == TensorAccessPattern((3, 5), offset=0, sizes=[1, 1, 3, 5], strides=[0, 0, 5, 1])


SIMPLE_9x4_ORDER = np.array(
    [
        [0, 1, 6, 7],
        [2, 3, 8, 9],
        [4, 5, 10, 11],
        [12, 13, 18, 19],
        [14, 15, 20, 21],
        [16, 17, 22, 23],
        [24, 25, 30, 31],
        [26, 27, 32, 33],
        [28, 29, 34, 35],
    ]
)


def test_example_b_simple_tiler():
    tas = TensorTiler2D.simple_tiler((9, 4), (3, 2))
    assert taps_of(tas) == [(o, [1, 1, 3, 2], [0, 0, 4, 1]) for o in (0, 2, 12, 14, 24, 26)]
    order, count = tas.accesses()
    assert (order == SIMPLE_9x4_ORDER).all()
    assert (count == 1).all()


def test_example_b_iter_col_major():
    tas = TensorTiler2D.simple_tiler((9, 4), (3, 2), iter_col_major=True)
    assert [t.offset for t in tas] == [0, 12, 24, 2, 14, 26]
    expected = np.array(
        [
            [0, 1, 18, 19],
            [2, 3, 20, 21],
            [4, 5, 22, 23],
            [6, 7, 24, 25],
            [8, 9, 26, 27],
            [10, 11, 28, 29],
            [12, 13, 30, 31],
            [14, 15, 32, 33],
            [16, 17, 34, 35],
        ]
    )
    assert (tas.access_order() == expected).all()


def test_example_b_tile_col_major():
    tas = TensorTiler2D.simple_tiler((9, 4), (3, 2), tile_col_major=True)
    assert taps_of(tas) == [(o, [1, 1, 2, 3], [0, 0, 1, 4]) for o in (0, 2, 12, 14, 24, 26)]
    expected = np.array(
        [
            [0, 3, 6, 9],
            [1, 4, 7, 10],
            [2, 5, 8, 11],
            [12, 15, 18, 21],
            [13, 16, 19, 22],
            [14, 17, 20, 23],
            [24, 27, 30, 33],
            [25, 28, 31, 34],
            [26, 29, 32, 35],
        ]
    )
    assert (tas.access_order() == expected).all()
    both = TensorTiler2D.simple_tiler((9, 4), (3, 2), tile_col_major=True, iter_col_major=True)
    assert [t.offset for t in both] == [0, 12, 24, 2, 14, 26]
    assert both[0].sizes == [1, 1, 2, 3]


def test_example_b_pattern_repeat_uses_dim0():
    tas = TensorTiler2D.simple_tiler((9, 4), (3, 2), pattern_repeat=5)
    assert tas[0] == TensorAccessPattern((9, 4), 0, [5, 1, 3, 2], [0, 0, 4, 1])
    order, count = tas.accesses()
    assert (count == 5).all()
    # the last of 5 reads of tile k (6 elements each) is numbered 30k + 24 + i
    assert order[0, 0] == 24 and order[0, 2] == 54 and order[8, 3] == 179
    col = TensorTiler2D.simple_tiler((9, 4), (3, 2), tile_col_major=True, pattern_repeat=5)
    assert col[0] == TensorAccessPattern((9, 4), 0, [5, 1, 2, 3], [0, 0, 1, 4])


def test_example_c_group_tiler():
    tas = TensorTiler2D.group_tiler((3 * 5 * 3, 2 * 7 * 2), tile_dims=(3, 2), tile_group_dims=(5, 7))
    assert taps_of(tas) == [
        (o, [5, 7, 3, 2], [84, 2, 28, 1]) for o in (0, 14, 420, 434, 840, 854)
    ]
    col = TensorTiler2D.group_tiler((45, 28), tile_dims=(3, 2), tile_group_dims=(5, 7), iter_col_major=True)
    assert col[1].offset == 420 and col[3].offset == 14
    assert len(TensorTiler2D.group_tiler((15, 14), tile_dims=(3, 2))) == 35


def test_example_d_one_group_covers_tensor():
    tas = TensorTiler2D.group_tiler((8, 8), (2, 2), (4, 4))
    assert len(tas) == 1
    assert taps_of(tas) == [(0, [4, 4, 2, 2], [16, 2, 8, 1])]


def test_example_e_whole_array_matmul_b():
    tas = TensorTiler2D.step_tiler(
        (512, 512),
        (64, 32),
        tile_group_repeats=(8, 4),
        tile_group_steps=(1, 4),
        tile_group_col_major=True,
        prune_step=False,
    )
    assert taps_of(tas) == [(o, [4, 8, 64, 32], [128, 32768, 512, 1]) for o in (0, 32, 64, 96)]
    bd = dma_bd_dims(tas[0])
    assert (bd.repeat_count, bd.transfer_len) == (3, 8 * 64 * 32)


def test_example_f_explicit_memcpy_chunk():
    size, chunk = 4096, 1024
    tap = TensorAccessPattern((1, size), chunk * 2, [1, 1, 1, chunk], [0, 0, 0, 1])
    order = tap.access_order()
    assert (order[0, 2048:3072] == np.arange(1024)).all()
    assert (order[0, :2048] == -1).all() and (order[0, 3072:] == -1).all()


def test_example_g_transpose_tap_as_dma_bd():
    tap = TensorAccessPattern((512, 512), 0, [8, 16, 64, 32], [32768, 32, 512, 1])
    bd = dma_bd_dims(tap)
    assert bd.sizes == [8, 16, 64, 32] and bd.strides == [32768, 32, 512, 1]
    assert (bd.repeat_count, bd.transfer_len, bd.offset) == (7, 32768, 0)


# ---- group_tiler (mlir-aie group_tiler.py) ----


def test_group_tiler_options():
    dims = (45, 28)
    kw = dict(tile_dims=(3, 2), tile_group_dims=(5, 7))
    tcm = TensorTiler2D.group_tiler(dims, tile_col_major=True, pattern_repeat=2, **kw)
    assert tcm[0] == TensorAccessPattern(dims, 0, [2, 5, 14, 3], [0, 84, 1, 28])
    assert (tcm.access_count() == 2).all()
    gcm = TensorTiler2D.group_tiler(dims, tile_group_col_major=True, **kw)
    assert taps_of(gcm)[:3] == [
        (0, [1, 7, 15, 2], [0, 2, 28, 1]),
        (14, [1, 7, 15, 2], [0, 2, 28, 1]),
        (420, [1, 7, 15, 2], [0, 2, 28, 1]),
    ]
    tcm_iter = TensorTiler2D.group_tiler(dims, iter_col_major=True, tile_col_major=True, **kw)
    assert [t.offset for t in tcm_iter][:4] == [0, 420, 840, 14]


def test_group_tiler_default_group_matches_simple_tiler():
    group = TensorTiler2D.group_tiler((15, 14), tile_dims=(3, 2))
    assert group == TensorTiler2D.simple_tiler((15, 14), (3, 2))


# ---- step_tiler (mlir-aie step_tiler.py) ----


@pytest.mark.parametrize(
    "steps, strides, checks",
    [
        ((1, 1), [64, 2, 32, 1], {1: 4, 26: 392}),
        ((2, 1), [128, 2, 32, 1], {1: 4, 26: 328, -1: 860}),
        ((1, 2), [64, 4, 32, 1], {1: 2, 26: 392, -1: 922}),
    ],
)
def test_step_tiler(steps, strides, checks):
    tas = TensorTiler2D.step_tiler(
        (32, 32), tile_dims=(2, 2), tile_group_repeats=(2, 2), tile_group_steps=steps
    )
    assert len(tas) == 64
    assert tas[0] == TensorAccessPattern((32, 32), 0, [2, 2, 2, 2], strides)
    for idx, offset in checks.items():
        assert tas[idx] == TensorAccessPattern((32, 32), offset, [2, 2, 2, 2], strides)
    assert (tas.access_count() == 1).all()


def test_prune_step_false_keeps_repeat_dimension():
    kw = dict(tile_dims=(3, 2), tile_group_dims=(5, 7), tile_group_col_major=True)
    pruned = TensorTiler2D.group_tiler((45, 28), **kw)
    kept = TensorTiler2D.group_tiler((45, 28), prune_step=False, **kw)
    assert pruned[0].sizes == [1, 7, 15, 2]
    assert kept[0].sizes == [7, 5, 3, 2] and kept[0].strides == [2, 84, 28, 1]
    assert pruned.compare_access_orders(kept)


# ---- allow_partial (mlir-aie group_tiler_partial.py) ----

P_ROW = (45, 24)  # width holds 12 tiles: groups of 7 then 5
P_COL = (36, 28)  # height holds 12 tiles: groups of 5, 5, 2
P_BOTH = (36, 24)


@pytest.mark.parametrize(
    "dims, options, expected",
    [
        (P_ROW, {}, [(0, [5, 7, 3, 2], [72, 2, 24, 1]), (14, [5, 5, 3, 2], [72, 2, 24, 1]),
                     (360, [5, 7, 3, 2], [72, 2, 24, 1]), (374, [5, 5, 3, 2], [72, 2, 24, 1]),
                     (720, [5, 7, 3, 2], [72, 2, 24, 1]), (734, [5, 5, 3, 2], [72, 2, 24, 1])]),
        (P_ROW, {"tile_col_major": True},
         [(0, [1, 5, 14, 3], [0, 72, 1, 24]), (14, [1, 5, 10, 3], [0, 72, 1, 24]),
          (360, [1, 5, 14, 3], [0, 72, 1, 24]), (374, [1, 5, 10, 3], [0, 72, 1, 24]),
          (720, [1, 5, 14, 3], [0, 72, 1, 24]), (734, [1, 5, 10, 3], [0, 72, 1, 24])]),
        (P_ROW, {"tile_group_col_major": True},
         [(0, [1, 7, 15, 2], [0, 2, 24, 1]), (14, [1, 5, 15, 2], [0, 2, 24, 1]),
          (360, [1, 7, 15, 2], [0, 2, 24, 1]), (374, [1, 5, 15, 2], [0, 2, 24, 1]),
          (720, [1, 7, 15, 2], [0, 2, 24, 1]), (734, [1, 5, 15, 2], [0, 2, 24, 1])]),
        (P_ROW, {"tile_col_major": True, "tile_group_col_major": True, "iter_col_major": True},
         [(0, [7, 5, 2, 3], [2, 72, 1, 24]), (360, [7, 5, 2, 3], [2, 72, 1, 24]),
          (720, [7, 5, 2, 3], [2, 72, 1, 24]), (14, [5, 5, 2, 3], [2, 72, 1, 24]),
          (374, [5, 5, 2, 3], [2, 72, 1, 24]), (734, [5, 5, 2, 3], [2, 72, 1, 24])]),
        (P_ROW, {"tile_col_major": True, "pattern_repeat": 4},
         [(0, [4, 5, 14, 3], [0, 72, 1, 24]), (14, [4, 5, 10, 3], [0, 72, 1, 24]),
          (360, [4, 5, 14, 3], [0, 72, 1, 24]), (374, [4, 5, 10, 3], [0, 72, 1, 24]),
          (720, [4, 5, 14, 3], [0, 72, 1, 24]), (734, [4, 5, 10, 3], [0, 72, 1, 24])]),
        (P_COL, {}, [(0, [5, 7, 3, 2], [84, 2, 28, 1]), (14, [5, 7, 3, 2], [84, 2, 28, 1]),
                     (420, [5, 7, 3, 2], [84, 2, 28, 1]), (434, [5, 7, 3, 2], [84, 2, 28, 1]),
                     (840, [2, 7, 3, 2], [84, 2, 28, 1]), (854, [2, 7, 3, 2], [84, 2, 28, 1])]),
        (P_COL, {"tile_group_col_major": True},
         [(0, [1, 7, 15, 2], [0, 2, 28, 1]), (14, [1, 7, 15, 2], [0, 2, 28, 1]),
          (420, [1, 7, 15, 2], [0, 2, 28, 1]), (434, [1, 7, 15, 2], [0, 2, 28, 1]),
          (840, [1, 7, 6, 2], [0, 2, 28, 1]), (854, [1, 7, 6, 2], [0, 2, 28, 1])]),
        (P_COL, {"iter_col_major": True},
         [(0, [5, 7, 3, 2], [84, 2, 28, 1]), (420, [5, 7, 3, 2], [84, 2, 28, 1]),
          (840, [2, 7, 3, 2], [84, 2, 28, 1]), (14, [5, 7, 3, 2], [84, 2, 28, 1]),
          (434, [5, 7, 3, 2], [84, 2, 28, 1]), (854, [2, 7, 3, 2], [84, 2, 28, 1])]),
        (P_COL, {"tile_col_major": True, "pattern_repeat": 3},
         [(0, [3, 5, 14, 3], [0, 84, 1, 28]), (14, [3, 5, 14, 3], [0, 84, 1, 28]),
          (420, [3, 5, 14, 3], [0, 84, 1, 28]), (434, [3, 5, 14, 3], [0, 84, 1, 28]),
          (840, [3, 2, 14, 3], [0, 84, 1, 28]), (854, [3, 2, 14, 3], [0, 84, 1, 28])]),
        (P_BOTH, {}, [(0, [5, 7, 3, 2], [72, 2, 24, 1]), (14, [5, 5, 3, 2], [72, 2, 24, 1]),
                      (360, [5, 7, 3, 2], [72, 2, 24, 1]), (374, [5, 5, 3, 2], [72, 2, 24, 1]),
                      (720, [2, 7, 3, 2], [72, 2, 24, 1]), (734, [2, 5, 3, 2], [72, 2, 24, 1])]),
    ],
)
def test_group_tiler_partial(dims, options, expected):
    tas = TensorTiler2D.group_tiler(
        dims, tile_dims=(3, 2), tile_group_dims=(5, 7), allow_partial=True, **options
    )
    assert taps_of(tas) == expected
    reference = TensorAccessSequence.from_taps(TensorAccessPattern(dims, *t) for t in expected)
    assert tas == reference and tas.compare_access_orders(reference)
    assert (tas.access_count() == options.get("pattern_repeat", 1)).all()


# ---- invalid arguments (mlir-aie *_tiler_invalid) ----


@pytest.mark.parametrize(
    "args, kwargs, words",
    [
        (((), (3, 2)), {}, "tensor_dims"),
        (((10, 9, 4), (3, 2)), {}, "tensor_dims must have 2 dimensions"),
        (((9, 4), (3, -1)), {}, "tile_dims"),
        (((9, 4), (1, 1, 1)), {}, "tile_dims must have 2 dimensions"),
        (((9, 4), (3, 2)), {"pattern_repeat": 0}, "pattern_repeat"),
        (((9, 4), (3, 2)), {"pattern_repeat": 1.5}, "pattern_repeat"),
        (((9, 4), (4, 2)), {}, "tensor_dims[0]=9 is not a multiple of tile_dims[0]=4"),
        (((9, 4), (3, 3)), {}, "tensor_dims[1]=4 is not a multiple of tile_dims[1]=3"),
        (((9, 4), ("3", 2)), {}, "tile_dims must contain only integers"),
    ],
)
def test_simple_tiler_invalid(args, kwargs, words):
    with pytest.raises(TapError) as err:
        TensorTiler2D.simple_tiler(*args, **kwargs)
    assert words in str(err.value)
    assert "test_tiler_examples.py" in str(err.value)  # points at the calling line


@pytest.mark.parametrize(
    "group, words",
    [
        ((1, -1), "tile_group_repeats"),
        ((1, 1, 1), "tile_group_repeats must have 2 dimensions"),
        ((2, 3), "tensor_dims[1]=8 is not a multiple of tile_dims[1] * tile_group_repeats[1]"),
        ((4, 2), "tensor_dims[0]=18 is not a multiple of tile_dims[0] * tile_group_repeats[0]"),
        ((7, 1), "allow_partial=True"),
    ],
)
def test_group_tiler_invalid(group, words):
    with pytest.raises(TapError) as err:
        TensorTiler2D.group_tiler((18, 8), (3, 2), group, tile_col_major=True)
    assert words in str(err.value)


def test_pattern_repeat_without_free_dimension():
    with pytest.raises(TapError, match="pattern_repeat=2 needs the outermost dimension"):
        TensorTiler2D.group_tiler((8, 8), (2, 2), (2, 2), pattern_repeat=2)


def test_tiler_is_not_instantiable():
    with pytest.raises(TapError, match="cannot be instantiated"):
        TensorTiler2D()


def test_one_dimensional_tensor_reads_as_one_row():
    tas = TensorTiler2D.simple_tiler((12,), (1, 4))
    assert taps_of(tas) == [(o, [1, 1, 1, 4], [0, 0, 0, 1]) for o in (0, 4, 8)]


# ---- step_tiler with allow_partial (mlir-aie step_tiler_partial.py) ----

S33 = [252, 6, 28, 1]
S22 = [168, 4, 28, 1]


@pytest.mark.parametrize(
    "steps, options, expected",
    [
        ((3, 3), {}, [
            (0, [5, 5, 3, 2], S33), (2, [5, 5, 3, 2], S33), (4, [5, 4, 3, 2], S33),
            (84, [5, 5, 3, 2], S33), (86, [5, 5, 3, 2], S33), (88, [5, 4, 3, 2], S33),
            (168, [5, 5, 3, 2], S33), (170, [5, 5, 3, 2], S33), (172, [5, 4, 3, 2], S33)]),
        ((3, 3), {"tile_col_major": True}, [
            (0, [5, 5, 2, 3], [252, 6, 1, 28]), (2, [5, 5, 2, 3], [252, 6, 1, 28]),
            (4, [5, 4, 2, 3], [252, 6, 1, 28]), (84, [5, 5, 2, 3], [252, 6, 1, 28]),
            (86, [5, 5, 2, 3], [252, 6, 1, 28]), (88, [5, 4, 2, 3], [252, 6, 1, 28]),
            (168, [5, 5, 2, 3], [252, 6, 1, 28]), (170, [5, 5, 2, 3], [252, 6, 1, 28]),
            (172, [5, 4, 2, 3], [252, 6, 1, 28])]),
        ((3, 3), {"tile_group_col_major": True}, [
            (0, [5, 5, 3, 2], [6, 252, 28, 1]), (2, [5, 5, 3, 2], [6, 252, 28, 1]),
            (4, [4, 5, 3, 2], [6, 252, 28, 1]), (84, [5, 5, 3, 2], [6, 252, 28, 1]),
            (86, [5, 5, 3, 2], [6, 252, 28, 1]), (88, [4, 5, 3, 2], [6, 252, 28, 1]),
            (168, [5, 5, 3, 2], [6, 252, 28, 1]), (170, [5, 5, 3, 2], [6, 252, 28, 1]),
            (172, [4, 5, 3, 2], [6, 252, 28, 1])]),
        ((3, 3), {"iter_col_major": True}, [
            (0, [5, 5, 3, 2], S33), (84, [5, 5, 3, 2], S33), (168, [5, 5, 3, 2], S33),
            (2, [5, 5, 3, 2], S33), (86, [5, 5, 3, 2], S33), (170, [5, 5, 3, 2], S33),
            (4, [5, 4, 3, 2], S33), (88, [5, 4, 3, 2], S33), (172, [5, 4, 3, 2], S33)]),
        ((1, 3), {"tile_group_col_major": True, "pattern_repeat": 4}, [
            (0, [4, 5, 15, 2], [0, 6, 28, 1]), (2, [4, 5, 15, 2], [0, 6, 28, 1]),
            (4, [4, 4, 15, 2], [0, 6, 28, 1]), (420, [4, 5, 15, 2], [0, 6, 28, 1]),
            (422, [4, 5, 15, 2], [0, 6, 28, 1]), (424, [4, 4, 15, 2], [0, 6, 28, 1]),
            (840, [4, 5, 15, 2], [0, 6, 28, 1]), (842, [4, 5, 15, 2], [0, 6, 28, 1]),
            (844, [4, 4, 15, 2], [0, 6, 28, 1])]),
        ((2, 2), {}, [
            (0, [5, 7, 3, 2], S22), (2, [5, 7, 3, 2], S22), (84, [5, 7, 3, 2], S22),
            (86, [5, 7, 3, 2], S22), (840, [3, 7, 3, 2], S22), (842, [3, 7, 3, 2], S22),
            (924, [2, 7, 3, 2], S22), (926, [2, 7, 3, 2], S22)]),
        ((2, 2), {"tile_group_col_major": True}, [
            (0, [7, 5, 3, 2], [4, 168, 28, 1]), (2, [7, 5, 3, 2], [4, 168, 28, 1]),
            (84, [7, 5, 3, 2], [4, 168, 28, 1]), (86, [7, 5, 3, 2], [4, 168, 28, 1]),
            (840, [7, 3, 3, 2], [4, 168, 28, 1]), (842, [7, 3, 3, 2], [4, 168, 28, 1]),
            (924, [7, 2, 3, 2], [4, 168, 28, 1]), (926, [7, 2, 3, 2], [4, 168, 28, 1])]),
        ((2, 2), {"iter_col_major": True}, [
            (0, [5, 7, 3, 2], S22), (84, [5, 7, 3, 2], S22), (840, [3, 7, 3, 2], S22),
            (924, [2, 7, 3, 2], S22), (2, [5, 7, 3, 2], S22), (86, [5, 7, 3, 2], S22),
            (842, [3, 7, 3, 2], S22), (926, [2, 7, 3, 2], S22)]),
    ],
)
def test_step_tiler_partial(steps, options, expected):
    tas = TensorTiler2D.step_tiler(
        (45, 28),
        tile_dims=(3, 2),
        tile_group_repeats=(5, 7),
        tile_group_steps=steps,
        allow_partial=True,
        **options,
    )
    assert taps_of(tas) == expected
    assert (tas.access_count() == options.get("pattern_repeat", 1)).all()
