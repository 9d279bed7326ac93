"""Property tests: taplib against independent, plain-Python definitions.

* A TensorAccessPattern visits offset + sum(i_d * stride_d) for every index tuple, outermost
  loop first (enumerated here by recursion).
* TensorTiler2D visits the tensor group by group, following the documented tiling: along a
  dimension with T tiles, step s and repeat r, the first tile not yet taken starts a group of
  tiles t, t+s, ... (at most r, inside the tensor); groups are listed row by row (column by
  column with iter_col_major); a group's tiles are read row by row (column by column with
  tile_group_col_major), a tile's elements row by row (column by column with tile_col_major),
  and each group is read pattern_repeat times in a row.
"""

import math

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iron_ir.taplib import TapError, TensorAccessPattern, TensorTiler2D, dma_bd_dims

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---- TensorAccessPattern vs a recursive enumeration ----


def enumerate_pattern(offset, sizes, strides):
    if not sizes:
        return [offset]
    out = []
    for i in range(sizes[0]):
        out += enumerate_pattern(offset + i * strides[0], sizes[1:], strides[1:])
    return out


@st.composite
def patterns(draw):
    tensor_dims = draw(st.lists(st.integers(1, 6), min_size=1, max_size=3))
    total = math.prod(tensor_dims)
    rank = draw(st.integers(1, 4))
    sizes = draw(st.lists(st.integers(1, 4), min_size=rank, max_size=rank))
    strides = draw(st.lists(st.integers(0, 8), min_size=rank, max_size=rank))
    offset = draw(st.integers(0, total - 1))
    return tensor_dims, offset, sizes, strides


@SETTINGS
@given(patterns())
def test_pattern_matches_enumeration(case):
    tensor_dims, offset, sizes, strides = case
    visits = enumerate_pattern(offset, sizes, strides)
    shape = [1, tensor_dims[0]] if len(tensor_dims) == 1 else tensor_dims
    total = math.prod(shape)
    if max(visits) >= total:
        try:
            TensorAccessPattern(tensor_dims, offset, sizes, strides)
        except TapError as err:
            assert f"reaches element {max(visits)}" in str(err)
            return
        raise AssertionError("a pattern leaving the tensor was accepted")

    tap = TensorAccessPattern(tensor_dims, offset, sizes, strides)
    order = [-1] * total
    count = [0] * total
    for n, elem in enumerate(visits):
        order[elem] = n
        count[elem] += 1
    got_order, got_count = tap.accesses()
    assert got_order.shape == tuple(shape)
    assert got_order.reshape(-1).tolist() == order
    assert got_count.reshape(-1).tolist() == count
    assert list(tap.access_generator()) == visits
    # the sizes/strides cleaning never changes what is visited
    assert tap.compare_access_orders(TensorAccessPattern(shape, offset, tap.sizes, tap.strides))


# ---- TensorTiler2D vs the documented tiling ----


def groups_along(tiles, step, repeat):
    taken = [False] * tiles
    groups = []
    for first in range(tiles):
        if taken[first]:
            continue
        members = [t for t in range(first, tiles, step)][:repeat]
        for t in members:
            assert not taken[t]
            taken[t] = True
        groups.append(members)
    return groups


def documented_visits(tensor, tile, repeat, step, tcm, gcm, icm, pattern_repeat):
    height, width = tensor
    rows = groups_along(height // tile[0], step[0], repeat[0])
    cols = groups_along(width // tile[1], step[1], repeat[1])
    pairs = [(r, c) for c in cols for r in rows] if icm else [(r, c) for r in rows for c in cols]
    sequence = []
    for row_tiles, col_tiles in pairs:
        if gcm:
            tile_order = [(th, tw) for tw in col_tiles for th in row_tiles]
        else:
            tile_order = [(th, tw) for th in row_tiles for tw in col_tiles]
        group = []
        for th, tw in tile_order:
            cells = (
                [(y, x) for x in range(tile[1]) for y in range(tile[0])]
                if tcm
                else [(y, x) for y in range(tile[0]) for x in range(tile[1])]
            )
            group += [(th * tile[0] + y) * width + tw * tile[1] + x for y, x in cells]
        sequence.append((row_tiles, col_tiles, group * pattern_repeat))
    return sequence


@st.composite
def tilings(draw):
    tile = [draw(st.integers(1, 3)), draw(st.integers(1, 3))]
    tiles = [draw(st.integers(1, 7)), draw(st.integers(1, 7))]
    return dict(
        tensor=[t * n for t, n in zip(tile, tiles)],
        tile=tile,
        repeat=[draw(st.integers(1, 4)), draw(st.integers(1, 4))],
        step=[draw(st.integers(1, 3)), draw(st.integers(1, 3))],
        tcm=draw(st.booleans()),
        gcm=draw(st.booleans()),
        icm=draw(st.booleans()),
        pattern_repeat=draw(st.sampled_from([1, 1, 2, 3])),
        allow_partial=draw(st.booleans()),
        prune_step=draw(st.booleans()),
    )


def uneven(c):
    return any(
        c["tensor"][i] % (c["tile"][i] * c["repeat"][i] * c["step"][i]) != 0
        or c["tile"][i] * c["repeat"][i] * c["step"][i] > c["tensor"][i]
        for i in range(2)
    )


def repeat_has_no_dimension(c, sequence):
    """pattern_repeat needs dim 0, which a group of >1 x >1 tiles uses unless prune_step merges
    its adjacent tiles (step 1 along the direction the walk crosses them)."""
    if c["pattern_repeat"] == 1:
        return False
    for row_tiles, col_tiles, _ in sequence:
        if len(row_tiles) > 1 and len(col_tiles) > 1:
            merges = c["prune_step"] and (
                (c["gcm"] and not c["tcm"] and row_tiles[1] - row_tiles[0] == 1)
                or (not c["gcm"] and c["tcm"] and col_tiles[1] - col_tiles[0] == 1)
            )
            if not merges:
                return True
    return False


@SETTINGS
@given(tilings())
def test_tiler_follows_documented_order(c):
    def run():
        return TensorTiler2D.step_tiler(
            c["tensor"],
            c["tile"],
            tile_group_repeats=c["repeat"],
            tile_group_steps=c["step"],
            tile_col_major=c["tcm"],
            tile_group_col_major=c["gcm"],
            iter_col_major=c["icm"],
            allow_partial=c["allow_partial"],
            pattern_repeat=c["pattern_repeat"],
            prune_step=c["prune_step"],
        )

    if not c["allow_partial"] and uneven(c):
        try:
            run()
        except TapError as err:
            assert "allow_partial=True" in str(err)
            return
        raise AssertionError("uneven tile groups accepted without allow_partial")

    sequence = documented_visits(
        c["tensor"], c["tile"], c["repeat"], c["step"], c["tcm"], c["gcm"], c["icm"], c["pattern_repeat"]
    )
    if repeat_has_no_dimension(c, sequence):
        try:
            run()
        except TapError as err:
            assert "pattern_repeat" in str(err)
            return
        raise AssertionError("pattern_repeat accepted without a free dimension")

    tas = run()
    assert len(tas) == len(sequence)
    for tap, (_, _, expected) in zip(tas, sequence):
        assert len(tap.sizes) == 4
        assert list(tap.access_generator()) == expected
    order, count = tas.accesses()
    assert (count == c["pattern_repeat"]).all()  # every element, equally often
    per_group = [len(g) for _, _, g in sequence]
    starts = np.cumsum([0] + per_group[:-1])
    expected_order = np.full(math.prod(c["tensor"]), -1)
    for start, (_, _, visits) in zip(starts, sequence):
        for n, elem in enumerate(visits):
            expected_order[elem] = start + n
    assert (order.reshape(-1) == expected_order).all()


@SETTINGS
@given(tilings())
def test_tile_sequence_reads_like_step_tiler(c):
    """The any-rank tile_sequence walks a 2-D tensor as step_tiler does (it has no
    dimension budget, so pattern_repeat never fails there)."""
    c = dict(c, allow_partial=True, prune_step=False)
    sequence = documented_visits(
        c["tensor"], c["tile"], c["repeat"], c["step"], c["tcm"], c["gcm"], c["icm"], c["pattern_repeat"]
    )
    swap = (1, 0)
    tas = TensorAccessPattern(c["tensor"]).tile_sequence(
        c["tile"],
        step_dims=c["step"],
        repeat_dims=c["repeat"],
        dim_order=swap if c["icm"] else None,
        tile_dim_order=swap if c["tcm"] else None,
        repeat_dim_order=swap if c["gcm"] else None,
        pattern_repeat=c["pattern_repeat"],
    )
    assert [list(t.access_generator()) for t in tas] == [g for _, _, g in sequence]


@SETTINGS
@given(patterns(), st.data())
def test_compose_is_exact_or_refused(case, data):
    tensor_dims, offset, sizes, strides = case
    try:
        inner = TensorAccessPattern(tensor_dims, offset, sizes, strides)
    except TapError:
        return
    view = inner.sizes
    view_total = math.prod(view)
    rank = data.draw(st.integers(1, 3))
    outer_sizes = data.draw(st.lists(st.integers(1, 3), min_size=rank, max_size=rank))
    outer_strides = data.draw(st.lists(st.integers(0, 5), min_size=rank, max_size=rank))
    outer_offset = data.draw(st.integers(0, view_total - 1))
    outer_visits = enumerate_pattern(outer_offset, outer_sizes, outer_strides)
    if max(outer_visits) >= view_total:
        return
    outer = TensorAccessPattern(view, outer_offset, outer_sizes, outer_strides)
    inner_visits = enumerate_pattern(inner.offset, inner.sizes, inner.strides)
    expected = [inner_visits[i] for i in outer_visits]
    try:
        composed = inner.compose(outer)
    except TapError as err:
        assert "not a single sizes/strides pattern" in str(err)
        return
    assert list(composed.access_generator()) == expected


@SETTINGS
@given(patterns())
def test_dma_bd_dims_reads_the_same(case):
    tensor_dims, offset, sizes, strides = case
    try:
        tap = TensorAccessPattern(tensor_dims, offset, sizes, strides)
    except TapError:
        return
    bd = dma_bd_dims(tap)
    assert len(bd.sizes) == len(bd.strides) == 4
    assert list(TensorAccessPattern(tensor_dims, bd.offset, bd.sizes, bd.strides).access_generator()) == list(
        tap.access_generator()
    )
    assert bd.transfer_len * (bd.repeat_count + 1) == math.prod(tap.sizes)
