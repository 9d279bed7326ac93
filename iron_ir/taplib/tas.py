"""TensorAccessSequence: an ordered list of TensorAccessPatterns over one tensor."""

from __future__ import annotations

import math
from collections import abc
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

import numpy as np

from .tap import ACCESS_DTYPE, TensorAccessPattern, accesses_from_indices
from .utils import (
    TapError,
    ceildiv,
    group_first_tile,
    group_steps_per_dim,
    is_int,
    validate_and_clean_sizes_strides,
    validate_offset,
    validate_tensor_dims,
)

if TYPE_CHECKING:
    from matplotlib.animation import FuncAnimation
    from matplotlib.figure import Figure


class TensorAccessSequence(abc.MutableSequence):
    """A list of TensorAccessPatterns sharing ``tensor_dims``, applied one after another.

    Build it from per-step functions (``offset_fn(step, previous_offset)``,
    ``sizes_fn(step, previous_sizes)``, ``strides_fn(step, previous_strides)``; a constant
    ``offset``/``sizes``/``strides`` stands in for a missing function and is the "previous"
    value passed to step 0), or from a list of patterns with :meth:`from_taps`. All patterns
    are built when the sequence is built, so an invalid step fails immediately.
    """

    def __init__(
        self,
        tensor_dims: Sequence[int],
        num_steps: int,
        offset: int | None = None,
        sizes: Sequence[int] | None = None,
        strides: Sequence[int] | None = None,
        offset_fn: Callable[[int, int], int] | None = None,
        sizes_fn: Callable[[int, Sequence[int]], Sequence[int]] | None = None,
        strides_fn: Callable[[int, Sequence[int]], Sequence[int]] | None = None,
    ):
        self._tensor_dims = validate_tensor_dims(tensor_dims)
        if offset is not None:
            offset = validate_offset(offset, self._tensor_dims)
        sizes, strides = validate_and_clean_sizes_strides(sizes, strides, allow_none=True)
        if not is_int(num_steps):
            raise TapError(f"num_steps must be an integer, got {num_steps!r}")
        if num_steps < 0:
            raise TapError(f"num_steps must be >= 0, got {num_steps}")

        self._taps: list[TensorAccessPattern] = []
        given = {
            "offset": offset,
            "sizes": sizes,
            "strides": strides,
            "offset_fn": offset_fn,
            "sizes_fn": sizes_fn,
            "strides_fn": strides_fn,
        }
        if num_steps == 0:
            named = [k for k, v in given.items() if v is not None]
            if named:
                raise TapError(
                    f"num_steps=0 makes an empty sequence, so {', '.join(named)} must not be given"
                )
            return

        def constant(value):
            return lambda _step, _previous: value

        fns = {}
        for what in ("offset", "sizes", "strides"):
            fn = given[f"{what}_fn"]
            if fn is None:
                if given[what] is None:
                    raise TapError(f"give either {what} or {what}_fn (neither was given)")
                fn = constant(given[what])
            elif not callable(fn):
                raise TapError(f"{what}_fn must be callable, got {fn!r}")
            fns[what] = fn

        for step in range(num_steps):
            offset = fns["offset"](step, offset)
            sizes = fns["sizes"](step, sizes)
            strides = fns["strides"](step, strides)
            self._taps.append(TensorAccessPattern(self._tensor_dims, offset, sizes, strides))

    @classmethod
    def from_taps(cls, taps: Iterable[TensorAccessPattern]) -> TensorAccessSequence:
        """A sequence holding ``taps`` (at least one, all over the same tensor dims)."""
        taps = list(taps)
        if not taps:
            raise TapError("from_taps needs at least one TensorAccessPattern, got none")
        for i, tap in enumerate(taps):
            if not isinstance(tap, TensorAccessPattern):
                raise TapError(f"from_taps: taps[{i}] is a {type(tap).__name__}, not a TensorAccessPattern")
        tas = cls(taps[0].tensor_dims, num_steps=0)
        for tap in taps:
            tas.append(tap)
        return tas

    @property
    def tensor_dims(self) -> list[int]:
        return list(self._tensor_dims)

    def _indices(self) -> np.ndarray:
        parts = [tap._indices() for tap in self._taps]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)

    def access_generator(self):
        """Yield the flat index of each access of each pattern, in sequence order."""
        for tap in self._taps:
            yield from tap.access_generator()

    def accesses(self) -> tuple[np.ndarray, np.ndarray]:
        """``(access_order, access_count)`` of all patterns applied in sequence.

        Access numbers continue from one pattern to the next; access_order holds the number
        of an element's last access (-1 if never accessed).
        """
        return accesses_from_indices(self._indices(), self._tensor_dims, True, True)

    def access_order(self) -> np.ndarray:
        return accesses_from_indices(self._indices(), self._tensor_dims, True, False)[0]

    def access_count(self) -> np.ndarray:
        return accesses_from_indices(self._indices(), self._tensor_dims, False, True)[1]

    def compare_access_orders(self, other: TensorAccessSequence) -> bool:
        """True if both sequences have equally many patterns and each pair visits the same
        elements in the same order."""
        if not isinstance(other, TensorAccessSequence):
            raise TapError(
                f"compare_access_orders needs a TensorAccessSequence, got {type(other).__name__}"
            )
        return len(self) == len(other) and all(
            a.compare_access_orders(b) for a, b in zip(self._taps, other._taps)
        )

    def visualize(
        self,
        title: str | None = None,
        file_path: str | None = None,
        show_plot: bool = True,
        plot_access_count: bool = False,
        show_arrows: bool = False,
    ) -> Figure:
        """Heat map of the combined access order (and optionally count) of the sequence.

        Same arguments and result as :meth:`TensorAccessPattern.visualize`.
        """
        from .visualization2d import visualize_from_accesses

        order, count = accesses_from_indices(
            self._indices(), self._tensor_dims, True, plot_access_count
        )
        return visualize_from_accesses(
            order,
            count,
            title="TensorAccessSequence" if title is None else title,
            show_arrows=show_arrows,
            file_path=file_path,
            show_plot=show_plot,
        )

    def animate(
        self,
        title: str | None = None,
        animate_access_count: bool = False,
        file_path: str | None = None,
        fps: int | None = None,
    ) -> FuncAnimation:
        """An animation with one frame per pattern (after a first, empty frame).

        Frame k shows the access order of pattern k-1 alone; with ``animate_access_count`` a
        second panel shows its access count. With ``file_path`` the animation is also written
        there as a GIF (matplotlib's PillowWriter).
        """
        from .visualization2d import animate_from_accesses

        total = math.prod(self._tensor_dims)
        order_frames = [np.full(total, -1, dtype=ACCESS_DTYPE).reshape(self._tensor_dims)]
        count_frames = None
        if animate_access_count:
            count_frames = [np.zeros(self._tensor_dims, dtype=ACCESS_DTYPE)]
        for tap in self._taps:
            order, count = accesses_from_indices(
                tap._indices(), self._tensor_dims, True, animate_access_count
            )
            order_frames.append(order)
            if animate_access_count:
                count_frames.append(count)
        return animate_from_accesses(
            order_frames,
            count_frames,
            title="TensorAccessSequence Animation" if title is None else title,
            file_path=file_path,
            fps=fps,
        )

    def _checked(self, tap, where: str) -> TensorAccessPattern:
        if not isinstance(tap, TensorAccessPattern):
            raise TapError(f"{where}: expected a TensorAccessPattern, got {type(tap).__name__}")
        if tap.tensor_dims != self._tensor_dims:
            raise TapError(
                f"{where}: the pattern's tensor_dims {tap.tensor_dims} differ from the "
                f"sequence's tensor_dims {self._tensor_dims}"
            )
        return tap

    def __getitem__(self, idx):
        return self._taps[idx]

    def __setitem__(self, idx, value):
        if isinstance(idx, slice):
            value = [self._checked(t, "slice assignment") for t in value]
        else:
            value = self._checked(value, "item assignment")
        self._taps[idx] = value

    def __delitem__(self, idx):
        del self._taps[idx]

    def __len__(self) -> int:
        return len(self._taps)

    def __iter__(self):
        return iter(self._taps)

    def __contains__(self, tap) -> bool:
        return tap in self._taps

    def insert(self, index: int, value: TensorAccessPattern):
        self._taps.insert(index, self._checked(value, "insert"))

    def __eq__(self, other) -> bool:
        if not isinstance(other, TensorAccessSequence):
            return NotImplemented
        return self._tensor_dims == other._tensor_dims and self._taps == other._taps

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        inner = ",\n  ".join(str(t) for t in self._taps)
        return f"TensorAccessSequence({self._tensor_dims}, [\n  {inner}\n])"


def tile_sequence(
    tap: TensorAccessPattern,
    tile_dims: Sequence[int],
    step_dims: Sequence[int] | None = None,
    repeat_dims: Sequence[int] | None = None,
    dim_order: Sequence[int] | None = None,
    tile_dim_order: Sequence[int] | None = None,
    repeat_dim_order: Sequence[int] | None = None,
    pattern_repeat: int = 1,
) -> TensorAccessSequence:
    """Tile the iteration space of ``tap`` (rank n) into a sequence of patterns.

    Args:
        tile_dims: tile extent per dimension; must divide ``tap.sizes``.
        step_dims: distance, in tiles, between the tiles of one group (default 1: adjacent).
        repeat_dims: tiles per group per dimension (default 1).
        dim_order: order of the groups in the sequence; the last listed dimension varies
            fastest (default 0..n-1, row-major).
        tile_dim_order: loop order inside a tile (default row-major).
        repeat_dim_order: loop order over the tiles of a group (default row-major).
        pattern_repeat: read each group this many times per pattern (a stride-0 outer dim).

    Each pattern has 2n dimensions (group loops, then tile loops), plus one for
    ``pattern_repeat``; size-1 dimensions are dropped when that exceeds 4.
    """
    rank = len(tap.sizes)

    def per_dim(values, name, default):
        if values is None:
            return [default] * rank
        values = list(values)
        if len(values) != rank:
            raise TapError(f"tile_sequence: {name}={values} must have {rank} entries")
        return values

    tile_dims = per_dim(tile_dims, "tile_dims", 1)
    step_dims = per_dim(step_dims, "step_dims", 1)
    repeat_dims = per_dim(repeat_dims, "repeat_dims", 1)
    identity = list(range(rank))
    orders = {}
    for name, order in (
        ("dim_order", dim_order),
        ("tile_dim_order", tile_dim_order),
        ("repeat_dim_order", repeat_dim_order),
    ):
        order = identity if order is None else list(order)
        if sorted(order) != identity:
            raise TapError(f"tile_sequence: {name}={order} must be a permutation of 0..{rank - 1}")
        orders[name] = order
    for name, values in (("step_dims", step_dims), ("repeat_dims", repeat_dims)):
        if any(not is_int(v) or v < 1 for v in values):
            raise TapError(f"tile_sequence: every entry of {name}={values} must be an integer >= 1")
    if not is_int(pattern_repeat) or pattern_repeat < 1:
        raise TapError(f"tile_sequence: pattern_repeat must be an integer >= 1, got {pattern_repeat}")

    tiled = tap.tile(tile_dims)
    total_tiles = [s // t for s, t in zip(tap.sizes, tile_dims)]
    steps = [group_steps_per_dim(total_tiles[i], step_dims[i], repeat_dims[i]) for i in range(rank)]

    def group_index(step_num: int) -> list[int]:
        index = [0] * rank
        rest = step_num
        for d in reversed(orders["dim_order"]):
            index[d] = rest % steps[d]
            rest //= steps[d]
        return index

    def first_tiles(step_num: int) -> list[int]:
        index = group_index(step_num)
        return [group_first_tile(index[i], step_dims[i], repeat_dims[i]) for i in range(rank)]

    def pattern(step_num: int) -> TensorAccessPattern:
        first = first_tiles(step_num)
        result = tiled
        for i in range(rank):
            left = total_tiles[i] - first[i]
            repeats = min(repeat_dims[i], ceildiv(left, step_dims[i]))
            step = step_dims[i] if step_dims[i] <= left else 1
            result = result.slice(i, 0, repeats, step)
        if orders["tile_dim_order"] != identity:
            result = result.permute(identity + [rank + i for i in orders["tile_dim_order"]])
        if orders["repeat_dim_order"] != identity:
            result = result.permute(orders["repeat_dim_order"] + [rank + i for i in identity])
        if pattern_repeat > 1:
            result = result.unsqueeze(0).broadcast(0, pattern_repeat)
        if len(result.sizes) > 4:
            result = result.squeeze()
        return result

    def offset_fn(step_num: int, _previous: int) -> int:
        first = first_tiles(step_num)
        return tap.offset + sum(
            first[i] * tile_dims[i] * tap.strides[i] for i in range(rank)
        )

    return TensorAccessSequence(
        tap.tensor_dims,
        math.prod(steps),
        offset_fn=offset_fn,
        sizes_fn=lambda s, _previous: pattern(s).sizes,
        strides_fn=lambda s, _previous: pattern(s).strides,
    )
