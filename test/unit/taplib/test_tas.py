"""TensorAccessSequence: construction, list protocol, combined accesses (mlir-aie
tensortilesequence.py behaviours)."""

import pytest

from iron_ir.taplib import TapError, TensorAccessPattern, TensorAccessSequence


def step_offset(step, _previous):
    return step


def test_empty_sequence():
    empty = TensorAccessSequence((2, 2), 0)
    assert len(empty) == 0
    order, count = empty.accesses()
    assert (order == -1).all() and (count == 0).all()


def test_sequence_from_functions():
    tiles = TensorAccessSequence((2, 2), 4, sizes=[1, 1], strides=[1, 1], offset_fn=step_offset)
    assert len(tiles) == 4
    order, count = tiles.accesses()
    assert (order == [[0, 1], [2, 3]]).all() and (count == 1).all()
    tile = TensorAccessPattern((2, 2), offset=2, sizes=[1, 1], strides=[1, 1])
    assert tile in tiles and tiles[2] == tile and list(iter(tiles))[2] == tile
    del tiles[2]
    assert tile not in tiles
    tiles.insert(2, tile)
    assert tile in tiles
    assert TensorAccessPattern((3, 3), offset=2, sizes=[1, 1], strides=[1, 1]) not in tiles
    same = TensorAccessSequence((2, 2), 4, sizes=[1, 1], strides=[1, 1], offset_fn=step_offset)
    shorter = TensorAccessSequence((2, 2), 3, sizes=[1, 1], strides=[1, 1], offset_fn=step_offset)
    assert tiles == same and tiles != shorter
    order, count = shorter.accesses()
    assert (order == [[0, 1], [2, -1]]).all() and (count == [[1, 1], [1, 0]]).all()
    copy = TensorAccessSequence.from_taps(shorter)
    assert copy == shorter and copy.compare_access_orders(shorter)
    assert not copy.compare_access_orders(tiles)


def test_previous_values_are_passed_to_the_functions():
    seen = []

    def sizes_fn(step, previous):
        seen.append(previous)
        return [1, step + 1]

    tas = TensorAccessSequence((1, 8), 3, offset=0, sizes=[1, 5], strides=[0, 1], sizes_fn=sizes_fn)
    assert seen == [[1, 5], [1, 1], [1, 2]]
    assert [t.sizes for t in tas] == [[1, 1], [1, 2], [1, 3]]


def test_order_continues_across_patterns_and_counts_add():
    first = TensorAccessPattern((2, 3), 0, [2, 2], [3, 1])  # columns 0, 1
    second = TensorAccessPattern((2, 3), 1, [2, 2], [3, 1])  # columns 1, 2
    tas = TensorAccessSequence.from_taps([first, second])
    order, count = tas.accesses()
    assert (count == [[1, 2, 1], [1, 2, 1]]).all()
    # second pattern visits 1, 2, 4, 5 as accesses 4..7; its reads win for shared elements
    assert (order == [[0, 4, 5], [2, 6, 7]]).all()
    assert list(tas.access_generator()) == [0, 1, 3, 4, 1, 2, 4, 5]


def test_list_protocol_checks_patterns():
    tas = TensorAccessSequence((2, 3), 1, offset=0, strides=[0, 1], sizes=[1, 1])
    other = TensorAccessPattern((3, 2), offset=0, strides=[0, 1], sizes=[1, 1])
    with pytest.raises(TapError, match=r"tensor_dims \[3, 2\] differ"):
        tas.append(other)
    with pytest.raises(TapError, match="differ"):
        tas[0] = other
    with pytest.raises(TapError, match="expected a TensorAccessPattern"):
        tas.append("pattern")
    good = TensorAccessPattern((2, 3), 5, [1], [1])
    tas[0] = good
    tas[0:1] = [good, good]
    assert len(tas) == 2 and tas[-1] == good
    assert tas.tensor_dims == [2, 3]
    assert "TensorAccessSequence([2, 3]" in repr(tas)
    with pytest.raises(TypeError):
        hash(tas)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(tensor_dims=(0, 2), num_steps=4, sizes=[1, 1], strides=[1, 1], offset_fn=step_offset),
         "tensor_dims"),
        (dict(tensor_dims=(2, 2), num_steps=-1, sizes=[1, 1], strides=[1, 1], offset_fn=step_offset),
         "num_steps must be >= 0"),
        (dict(tensor_dims=(2, 2), num_steps=1, sizes=[1, 0], strides=[0, 1], offset_fn=step_offset),
         "every size must be >= 1"),
        (dict(tensor_dims=(2, 2), num_steps=1, sizes=[1, 1], strides=[-1, 1], offset_fn=step_offset),
         "every stride must be >= 0"),
        (dict(tensor_dims=(2, 2), num_steps=1, strides=[1, 1], offset_fn=step_offset),
         "give either sizes or sizes_fn"),
        (dict(tensor_dims=(2, 2), num_steps=1, sizes=[1, 1], offset_fn=step_offset),
         "give either strides or strides_fn"),
        (dict(tensor_dims=(2, 2), num_steps=1, strides=[1, 1], sizes=[1, 1]),
         "give either offset or offset_fn"),
        (dict(tensor_dims=(2, 2), num_steps=0, offset=0), "num_steps=0"),
        (dict(tensor_dims=(2, 2), num_steps=2, offset_fn=step_offset, sizes=[4], strides=[1]),
         "reaches element 4"),
        (dict(tensor_dims=(2, 2), num_steps=1.0, offset=0, sizes=[1], strides=[1]),
         "num_steps must be an integer"),
    ],
)
def test_invalid_sequences(kwargs, words):
    with pytest.raises(TapError, match=words):
        TensorAccessSequence(**kwargs)


def test_from_taps_needs_patterns():
    with pytest.raises(TapError, match="at least one"):
        TensorAccessSequence.from_taps([])
    with pytest.raises(TapError, match=r"taps\[1\] is a int"):
        TensorAccessSequence.from_taps([TensorAccessPattern((2, 2)), 3])
    with pytest.raises(TapError, match="differ"):
        TensorAccessSequence.from_taps([TensorAccessPattern((2, 2)), TensorAccessPattern((4,))])
