"""TensorTiler2D: factories of TensorAccessSequences for the usual 2-D tilings.

Every pattern has 4 (size, stride) pairs, the shape a shim ``aie.dma_bd`` takes. The sizes and
strides are those mlir-aie's TensorTiler2D produces for the same arguments.

Vocabulary (all per dimension, height first):
  * tile: ``tile_dims`` elements, the unit of tiling; the tensor must be a whole number of tiles.
  * tile group: the tiles one pattern reads, ``tile_group_repeats`` of them, spaced
    ``tile_group_steps`` tiles apart (1 = adjacent).
  * sequence: one pattern per tile group, covering the tensor.
"""

from __future__ import annotations

import math
from typing import Sequence

from .tas import TensorAccessSequence
from .utils import (
    TapError,
    ceildiv,
    group_first_tile,
    group_steps_per_dim,
    is_int,
    validate_and_clean_sizes_strides,
    validate_tensor_dims,
)


class TensorTiler2D:
    """A namespace of three tilers; ``simple_tiler`` and ``group_tiler`` are special cases of
    ``step_tiler``."""

    _NUM_DIMS = 2

    def __init__(self):
        raise TapError(
            "TensorTiler2D cannot be instantiated; call TensorTiler2D.simple_tiler, "
            "group_tiler or step_tiler, which return a TensorAccessSequence"
        )

    @classmethod
    def simple_tiler(
        cls,
        tensor_dims: Sequence[int],
        tile_dims: Sequence[int] | None = None,
        tile_col_major: bool = False,
        iter_col_major: bool = False,
        pattern_repeat: int = 1,
        prune_step: bool = True,
    ) -> TensorAccessSequence:
        """One pattern per tile.

        Args:
            tensor_dims: (height, width) of the tensor.
            tile_dims: (height, width) of a tile; defaults to the whole tensor.
            tile_col_major: walk each tile column by column.
            iter_col_major: order the tiles column by column in the sequence.
            pattern_repeat: read each tile this many times per pattern.
            prune_step: see :meth:`step_tiler`.
        """
        return cls.group_tiler(
            tensor_dims,
            tensor_dims if tile_dims is None else tile_dims,
            tile_col_major=tile_col_major,
            iter_col_major=iter_col_major,
            pattern_repeat=pattern_repeat,
            prune_step=prune_step,
        )

    @classmethod
    def group_tiler(
        cls,
        tensor_dims: Sequence[int],
        tile_dims: Sequence[int],
        tile_group_dims: Sequence[int] | None = None,
        tile_col_major: bool = False,
        tile_group_col_major: bool = False,
        iter_col_major: bool = False,
        pattern_repeat: int = 1,
        allow_partial: bool = False,
        prune_step: bool = True,
    ) -> TensorAccessSequence:
        """One pattern per group of adjacent tiles.

        Args:
            tile_group_dims: (tiles high, tiles wide) per group; defaults to (1, 1).
            tile_group_col_major: visit the tiles of a group column by column.
            allow_partial: let groups at the bottom/right edge be smaller when the tensor is
                not a whole number of groups.
            The other arguments are those of :meth:`simple_tiler`.
        """
        return cls.step_tiler(
            tensor_dims,
            tile_dims,
            tile_group_repeats=(1,) * cls._NUM_DIMS if tile_group_dims is None else tile_group_dims,
            tile_col_major=tile_col_major,
            tile_group_col_major=tile_group_col_major,
            iter_col_major=iter_col_major,
            allow_partial=allow_partial,
            pattern_repeat=pattern_repeat,
            prune_step=prune_step,
        )

    @classmethod
    def step_tiler(
        cls,
        tensor_dims: Sequence[int],
        tile_dims: Sequence[int],
        tile_group_repeats: Sequence[int],
        tile_group_steps: Sequence[int] | None = None,
        tile_col_major: bool = False,
        tile_group_col_major: bool = False,
        iter_col_major: bool = False,
        allow_partial: bool = False,
        pattern_repeat: int = 1,
        prune_step: bool = True,
    ) -> TensorAccessSequence:
        """One pattern per group of tiles spaced ``tile_group_steps`` tiles apart.

        Along one dimension with T tiles, step s and repeat r, the groups start at tiles
        ``b*s*r + i`` (block b, 0 <= i < s) and hold tiles ``start, start+s, ...`` (r of them,
        fewer at the tensor edge); the sequence lists the groups row by row (column by column
        with ``iter_col_major``).

        Args:
            tile_group_repeats: (tiles high, tiles wide) per group.
            tile_group_steps: spacing of a group's tiles, in tiles; defaults to (1, 1).
            prune_step: when a group's tiles are adjacent along the direction the walk
                crosses them (vertically with ``tile_group_col_major`` and row-major tiles,
                horizontally with ``tile_col_major`` and row-major groups), describe them as
                one larger tile. The access order is the same; the pattern uses a dimension
                less.
            The other arguments are those of :meth:`group_tiler`.

        Raises:
            TapError: a tensor dimension is not a multiple of the tile; without
                ``allow_partial``, not a multiple of tile * repeat * step; or
                ``pattern_repeat > 1`` with a group that already needs all 4 dimensions.
        """
        tensor_dims = validate_tensor_dims(tensor_dims, cls._NUM_DIMS, "tensor_dims")
        tile_dims = validate_tensor_dims(tile_dims, cls._NUM_DIMS, "tile_dims")
        repeats = validate_tensor_dims(tile_group_repeats, cls._NUM_DIMS, "tile_group_repeats")
        steps = validate_tensor_dims(
            (1,) * cls._NUM_DIMS if tile_group_steps is None else tile_group_steps,
            cls._NUM_DIMS,
            "tile_group_steps",
        )
        for i in range(cls._NUM_DIMS):
            if tensor_dims[i] % tile_dims[i] != 0:
                raise TapError(
                    f"tensor_dims[{i}]={tensor_dims[i]} is not a multiple of "
                    f"tile_dims[{i}]={tile_dims[i]}; the tensor must be a whole number of tiles "
                    "(allow_partial only relaxes tile groups, not tiles)"
                )
        if not is_int(pattern_repeat) or pattern_repeat < 1:
            raise TapError(f"pattern_repeat must be an integer >= 1, got {pattern_repeat!r}")
        if not allow_partial:
            for i in range(cls._NUM_DIMS):
                extent = tile_dims[i] * repeats[i] * steps[i]
                if extent > tensor_dims[i] or tensor_dims[i] % extent != 0:
                    raise TapError(
                        f"tensor_dims[{i}]={tensor_dims[i]} is not a multiple of tile_dims[{i}] * "
                        f"tile_group_repeats[{i}] * tile_group_steps[{i}] = {tile_dims[i]}*"
                        f"{repeats[i]}*{steps[i]} = {extent}; pass allow_partial=True to allow "
                        "smaller tile groups at the edge"
                    )

        tiles = [t // d for t, d in zip(tensor_dims, tile_dims)]
        for i in range(cls._NUM_DIMS):
            repeats[i] = min(repeats[i], ceildiv(tiles[i], steps[i]))
            if steps[i] > tiles[i]:
                steps[i] = 1
        steps_per_dim = [group_steps_per_dim(tiles[i], steps[i], repeats[i]) for i in range(2)]

        offsets, sizes, strides = [], [], []
        for step_num in range(math.prod(steps_per_dim)):
            if iter_col_major:
                group = (step_num % steps_per_dim[0], step_num // steps_per_dim[0])
            else:
                group = (step_num // steps_per_dim[1], step_num % steps_per_dim[1])
            first = [group_first_tile(group[i], steps[i], repeats[i]) for i in range(2)]
            offsets.append(first[0] * tile_dims[0] * tensor_dims[1] + first[1] * tile_dims[1])
            s, st = cls._group_sizes_strides(
                tensor_dims[1],
                [tiles[i] - first[i] for i in range(2)],
                list(tile_dims),
                list(repeats),
                list(steps),
                tile_col_major,
                tile_group_col_major,
                pattern_repeat,
                prune_step,
            )
            sizes.append(s)
            strides.append(st)

        return TensorAccessSequence(
            tensor_dims,
            len(offsets),
            offset_fn=lambda n, _previous: offsets[n],
            sizes_fn=lambda n, _previous: sizes[n],
            strides_fn=lambda n, _previous: strides[n],
        )

    @staticmethod
    def _group_sizes_strides(
        width: int,
        tiles_left: list[int],
        tile: list[int],
        repeat: list[int],
        step: list[int],
        tile_col_major: bool,
        tile_group_col_major: bool,
        pattern_repeat: int,
        prune_step: bool,
    ) -> tuple[list[int], list[int]]:
        """Sizes/strides of one group whose first tile has ``tiles_left`` tiles up to the
        bottom/right edge (itself included). Index 0 is height, 1 is width."""
        for i in range(2):
            repeat[i] = min(repeat[i], ceildiv(tiles_left[i], step[i]))
            if step[i] > tiles_left[i]:
                step[i] = 1

        if prune_step:
            if tile_group_col_major and not tile_col_major and step[0] == 1 and repeat[0] > 1:
                tile[0] *= repeat[0]
                repeat[0] = 1
            elif not tile_group_col_major and tile_col_major and step[1] == 1 and repeat[1] > 1:
                tile[1] *= repeat[1]
                repeat[1] = 1

        if tile_col_major:
            sizes, strides = [1, 1, tile[1], tile[0]], [0, 0, 1, width]
        else:
            sizes, strides = [1, 1, tile[0], tile[1]], [0, 0, width, 1]

        down = (repeat[0], width * tile[0] * step[0])
        across = (repeat[1], tile[1] * step[1])
        if repeat[0] > 1 and repeat[1] > 1:
            outer, inner = (across, down) if tile_group_col_major else (down, across)
            sizes[0], strides[0] = outer
            sizes[1], strides[1] = inner
        elif repeat[0] > 1:
            sizes[1], strides[1] = down
        elif repeat[1] > 1:
            sizes[1], strides[1] = across
        sizes, strides = validate_and_clean_sizes_strides(sizes, strides)

        if pattern_repeat != 1:
            # Only the outermost BD dimension may repeat with stride 0 (it becomes the
            # runtime repeat_count), so the repeat needs dimension 0 to be unused.
            if sizes[0] != 1 or strides[0] != 0:
                raise TapError(
                    f"pattern_repeat={pattern_repeat} needs the outermost dimension, but this "
                    f"tile group already uses all 4 (sizes={sizes}, strides={strides}); use "
                    "a group that is one tile high or wide, or repeat the transfer instead"
                )
            sizes[0] = pattern_repeat
            sizes, strides = validate_and_clean_sizes_strides(sizes, strides)
        return sizes, strides
