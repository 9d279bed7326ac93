"""TensorAccessPattern: one DMA-style walk (offset + sizes/strides) over a dense tensor."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Generator, Sequence

import numpy as np

from .utils import (
    TapError,
    contiguous_strides,
    is_int,
    validate_and_clean_sizes_strides,
    validate_offset,
    validate_tensor_dims,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .tas import TensorAccessSequence

ACCESS_DTYPE = np.int32


def flat_access_indices(offset: int, sizes: Sequence[int], strides: Sequence[int]) -> np.ndarray:
    """Flat element indices in visiting order; the first dimension is the outermost loop."""
    indices = np.array([offset], dtype=np.int64)
    for size, stride in zip(sizes, strides):
        steps = np.arange(size, dtype=np.int64) * stride
        indices = (indices[:, None] + steps[None, :]).reshape(-1)
    return indices


def accesses_from_indices(
    indices: np.ndarray, tensor_dims: Sequence[int], calc_order: bool, calc_count: bool
) -> tuple[np.ndarray | None, np.ndarray | None]:
    """Access-order and access-count tensors for a sequence of flat element indices.

    The order tensor holds, per element, the position in ``indices`` of its last access, or -1
    if it is never accessed; the count tensor holds how often each element is accessed.
    """
    total = math.prod(tensor_dims)
    order = count = None
    if calc_order:
        order = np.full(total, -1, dtype=ACCESS_DTYPE)
        if len(indices):
            # The first hit in the reversed sequence is the last access.
            elems, first_in_reversed = np.unique(indices[::-1], return_index=True)
            order[elems] = len(indices) - 1 - first_in_reversed
        order = order.reshape(tensor_dims)
    if calc_count:
        count = np.bincount(indices, minlength=total).astype(ACCESS_DTYPE).reshape(tensor_dims)
    return order, count


class TensorAccessPattern:
    """An access pattern over a tensor: ``offset`` plus (size, stride) pairs, outermost first.

    The pattern visits, for every index tuple ``i`` of ``itertools.product(*map(range, sizes))``,
    the flat element ``offset + sum(i[d] * strides[d])`` of the row-major tensor. All quantities
    are in elements. Every access must lie inside the tensor.
    """

    _DTYPE = ACCESS_DTYPE

    def __init__(
        self,
        tensor_dims: Sequence[int],
        offset: int = 0,
        sizes: Sequence[int] | None = None,
        strides: Sequence[int] | None = None,
    ):
        """
        Args:
            tensor_dims: shape of the tensor (a 1-D ``(N,)`` is read as ``[1, N]``).
            offset: flat element index of the first access. Defaults to 0.
            sizes: loop counts, outermost first. Defaults to ``tensor_dims``.
            strides: element strides, outermost first. Defaults to the row-major strides of
                ``sizes`` (so the default pattern reads the whole tensor in order).
        """
        self._tensor_dims = validate_tensor_dims(tensor_dims)
        self._offset = validate_offset(offset, self._tensor_dims)
        if sizes is None:
            sizes = self._tensor_dims
        if strides is None:
            sizes, _ = validate_and_clean_sizes_strides(sizes, None, allow_none=True)
            strides = contiguous_strides(sizes)
        self._sizes, self._strides = validate_and_clean_sizes_strides(sizes, strides)
        self._check_bounds()

    @classmethod
    def full(cls, tensor_dims: Sequence[int]) -> TensorAccessPattern:
        """The pattern reading the whole tensor once in row-major order."""
        return cls(tensor_dims)

    @classmethod
    def identity(cls, tensor_dims: Sequence[int]) -> TensorAccessPattern:
        """:meth:`full` under mlir-aie's 2026 name: the tensor as it lies, the start of
        ``identity(dims).tile(...)`` / ``.tile_sequence(...)`` chains."""
        return cls(tensor_dims)

    def _check_bounds(self):
        last = self._offset + sum((s - 1) * st for s, st in zip(self._sizes, self._strides))
        total = math.prod(self._tensor_dims)
        if last >= total:
            raise TapError(
                f"access pattern offset={self._offset}, sizes={self._sizes}, "
                f"strides={self._strides} reaches element {last}, but the tensor "
                f"{self._tensor_dims} has only {total} elements (the last access "
                "offset + sum((size-1)*stride) must be < the number of elements)"
            )

    @property
    def tensor_dims(self) -> list[int]:
        """A copy of the tensor's dimensions."""
        return list(self._tensor_dims)

    @property
    def offset(self) -> int:
        return self._offset

    @property
    def sizes(self) -> list[int]:
        """A copy of the sizes, outermost first."""
        return list(self._sizes)

    @property
    def strides(self) -> list[int]:
        """A copy of the strides, outermost first."""
        return list(self._strides)

    @property
    def transformation_dims(self) -> list[tuple[int, int]]:
        """The (size, stride) pairs, outermost first: the form ObjectFifo
        ``dims_to_stream`` / ``dims_from_stream`` take."""
        return list(zip(self._sizes, self._strides))

    def _indices(self) -> np.ndarray:
        return flat_access_indices(self._offset, self._sizes, self._strides)

    def access_generator(self) -> Generator[int, None, None]:
        """Yield the flat index of each access in order."""
        for index in self._indices():
            yield int(index)

    def accesses(self) -> tuple[np.ndarray, np.ndarray]:
        """``(access_order, access_count)``, each shaped like the tensor.

        access_order holds the sequence number of an element's last access (-1 if never
        accessed); access_count holds how many times the element is accessed.
        """
        return accesses_from_indices(self._indices(), self._tensor_dims, True, True)

    def access_order(self) -> np.ndarray:
        return accesses_from_indices(self._indices(), self._tensor_dims, True, False)[0]

    def access_count(self) -> np.ndarray:
        return accesses_from_indices(self._indices(), self._tensor_dims, False, True)[1]

    def compare_access_orders(self, other: TensorAccessPattern) -> bool:
        """True if both patterns visit the same elements in the same order (their sizes and
        strides may differ)."""
        if not isinstance(other, TensorAccessPattern):
            raise TapError(
                f"compare_access_orders needs a TensorAccessPattern, got {type(other).__name__}"
            )
        return all(
            a == b for a, b in itertools.zip_longest(self.access_generator(), other.access_generator())
        )

    # ---- transformations: each returns a new pattern over the same tensor ----

    def _with(self, offset: int, sizes: Sequence[int], strides: Sequence[int]) -> TensorAccessPattern:
        return TensorAccessPattern(self._tensor_dims, offset, sizes, strides)

    def _check_dim(self, dim: int, name: str = "dim", allow_end: bool = False):
        limit = len(self._sizes) + (1 if allow_end else 0)
        if not is_int(dim) or not 0 <= dim < limit:
            raise TapError(f"{name}={dim} is not a dimension of sizes={self._sizes} (0 <= {name} < {limit})")

    def compose(self, other: TensorAccessPattern) -> TensorAccessPattern:
        """Apply ``other`` to the view this pattern produces.

        ``other.tensor_dims`` must equal ``self.sizes``: ``other`` walks the elements of this
        pattern's iteration space, and the result walks the matching tensor elements directly.
        Raises if the result is not expressible as one sizes/strides pattern (a stride of
        ``other`` that would carry across a dimension of ``self``).
        """
        if not isinstance(other, TensorAccessPattern):
            raise TapError(f"compose needs a TensorAccessPattern, got {type(other).__name__}")
        view_dims = validate_tensor_dims(self._sizes)
        if other.tensor_dims != view_dims:
            raise TapError(
                f"compose: other.tensor_dims={other.tensor_dims} must equal self.sizes={self._sizes}"
            )
        view_strides = contiguous_strides(self._sizes)

        def map_linear(linear: int) -> int:
            coords = [(linear // vs) % s for vs, s in zip(view_strides, self._sizes)]
            return sum(c * st for c, st in zip(coords, self._strides))

        offset = self._offset + map_linear(other.offset)
        strides = [map_linear(s) for s in other.strides]
        expected = self._indices()[other._indices()]
        got = flat_access_indices(offset, other.sizes, strides)
        if not np.array_equal(expected, got):
            raise TapError(
                f"compose: {other} applied to {self} is not a single sizes/strides pattern "
                "(one of its strides crosses a dimension boundary of the inner pattern)"
            )
        return self._with(offset, other.sizes, strides)

    def permute(self, dims: Sequence[int]) -> TensorAccessPattern:
        """Reorder the dimensions: new dimension i is old dimension ``dims[i]``."""
        dims = list(dims)
        if sorted(dims) != list(range(len(self._sizes))):
            raise TapError(
                f"permute: dims={dims} must be a permutation of 0..{len(self._sizes) - 1}"
            )
        return self._with(
            self._offset, [self._sizes[i] for i in dims], [self._strides[i] for i in dims]
        )

    def split_dim(self, dim: int, outer_size: int) -> TensorAccessPattern:
        """Split dimension ``dim`` into (outer_size, sizes[dim] // outer_size)."""
        self._check_dim(dim)
        if not is_int(outer_size) or outer_size < 1:
            raise TapError(f"split_dim: outer_size must be a positive integer, got {outer_size}")
        if self._sizes[dim] % outer_size != 0:
            raise TapError(
                f"split_dim: size {self._sizes[dim]} of dimension {dim} is not divisible by "
                f"outer_size={outer_size}"
            )
        inner = self._sizes[dim] // outer_size
        stride = self._strides[dim]
        sizes, strides = list(self._sizes), list(self._strides)
        sizes[dim : dim + 1] = [outer_size, inner]
        strides[dim : dim + 1] = [stride * inner, stride]
        return self._with(self._offset, sizes, strides)

    def tile(self, tile_sizes: Sequence[int]) -> TensorAccessPattern:
        """Split every dimension by ``tile_sizes`` and order the result
        (d0 // t0, d1 // t1, ..., t0, t1, ...): tiles outside, elements of a tile inside."""
        tile_sizes = list(tile_sizes)
        n = len(self._sizes)
        if len(tile_sizes) != n:
            raise TapError(f"tile: tile_sizes={tile_sizes} must have {n} entries, one per dimension")
        for i, (size, t) in enumerate(zip(self._sizes, tile_sizes)):
            if not is_int(t) or t < 1 or size % t != 0:
                raise TapError(
                    f"tile: tile_sizes[{i}]={t} must be a positive divisor of size {size}"
                )
        tap = self
        for i in range(n - 1, -1, -1):
            tap = tap.split_dim(i, self._sizes[i] // tile_sizes[i])
        return tap.permute([2 * i for i in range(n)] + [2 * i + 1 for i in range(n)])

    def untile(self, tile_sizes: Sequence[int], merge: bool = True) -> TensorAccessPattern:
        """Undo :meth:`tile`: reorder (out0, out1, ..., in0, in1, ...) to (out0, in0, out1, ...)
        and, with ``merge``, fuse each pair back into one dimension."""
        n = len(tile_sizes)
        if len(self._sizes) != 2 * n:
            raise TapError(
                f"untile: {n} tile sizes need {2 * n} dimensions, but sizes={self._sizes}"
            )
        perm = [d for i in range(n) for d in (i, n + i)]
        tap = self.permute(perm)
        if not merge:
            return tap
        sizes, strides = [], []
        for i in range(n):
            out_size, in_size = tap._sizes[2 * i], tap._sizes[2 * i + 1]
            out_stride, in_stride = tap._strides[2 * i], tap._strides[2 * i + 1]
            if out_size > 1 and out_stride != in_size * in_stride:
                raise TapError(
                    f"untile: cannot merge dimension {i}: outer stride {out_stride} != inner "
                    f"size {in_size} * inner stride {in_stride}"
                )
            sizes.append(out_size * in_size)
            strides.append(in_stride)
        return self._with(self._offset, sizes, strides)

    def slice(self, dim: int, start: int, length: int, step: int = 1) -> TensorAccessPattern:
        """Keep ``length`` indices ``start, start+step, ...`` of dimension ``dim``."""
        self._check_dim(dim)
        for name, value in (("start", start), ("length", length), ("step", step)):
            if not is_int(value):
                raise TapError(f"slice: {name} must be an integer, got {value!r}")
        if length < 1:
            raise TapError(f"slice: length must be >= 1, got {length}")
        if step < 1:
            raise TapError(f"slice: step must be >= 1, got {step}")
        last = start + (length - 1) * step
        if start < 0 or last >= self._sizes[dim]:
            raise TapError(
                f"slice: indices {start}..{last} (step {step}) leave dimension {dim} of size "
                f"{self._sizes[dim]}"
            )
        sizes, strides = list(self._sizes), list(self._strides)
        sizes[dim] = length
        strides[dim] *= step
        return self._with(self._offset + start * self._strides[dim], sizes, strides)

    def subview(
        self, offsets: Sequence[int], sizes: Sequence[int], steps: Sequence[int] | None = None
    ) -> TensorAccessPattern:
        """:meth:`slice` every dimension at once."""
        n = len(self._sizes)
        steps = [1] * n if steps is None else list(steps)
        if not len(offsets) == len(sizes) == len(steps) == n:
            raise TapError(
                f"subview: offsets={list(offsets)}, sizes={list(sizes)} and steps={steps} must "
                f"each have {n} entries"
            )
        tap = self
        for i in range(n):
            tap = tap.slice(i, offsets[i], sizes[i], steps[i])
        return tap

    def resize(self, new_sizes: Sequence[int]) -> TensorAccessPattern:
        """Shrink the sizes, keeping offset and strides (a :meth:`subview` from 0)."""
        if len(new_sizes) != len(self._sizes):
            raise TapError(f"resize: new_sizes={list(new_sizes)} must have {len(self._sizes)} entries")
        return self.subview([0] * len(self._sizes), new_sizes)

    def unsqueeze(self, dim: int) -> TensorAccessPattern:
        """Insert a size-1 dimension before position ``dim``."""
        self._check_dim(dim, allow_end=True)
        sizes, strides = list(self._sizes), list(self._strides)
        sizes.insert(dim, 1)
        strides.insert(dim, 0)
        return self._with(self._offset, sizes, strides)

    def broadcast(self, dim: int, size: int) -> TensorAccessPattern:
        """Repeat a size-1 dimension ``size`` times (stride 0)."""
        self._check_dim(dim)
        if self._sizes[dim] != 1:
            raise TapError(f"broadcast: dimension {dim} has size {self._sizes[dim]}, it must be 1")
        if not is_int(size) or size < 1:
            raise TapError(f"broadcast: size must be an integer >= 1, got {size!r}")
        sizes, strides = list(self._sizes), list(self._strides)
        sizes[dim], strides[dim] = size, 0
        return self._with(self._offset, sizes, strides)

    def squeeze(self, dim: int | None = None) -> TensorAccessPattern:
        """Drop dimension ``dim`` (which must have size 1), or all size-1 dimensions.

        Squeezing everything away leaves one size-1 dimension, since a pattern has at least one.
        """
        if dim is not None:
            self._check_dim(dim)
            if self._sizes[dim] != 1:
                raise TapError(f"squeeze: dimension {dim} has size {self._sizes[dim]}, it must be 1")
            keep = [i for i in range(len(self._sizes)) if i != dim]
        else:
            keep = [i for i, s in enumerate(self._sizes) if s != 1]
        if not keep:
            return self._with(self._offset, [1], [0])
        return self._with(
            self._offset, [self._sizes[i] for i in keep], [self._strides[i] for i in keep]
        )

    def tile_sequence(
        self,
        tile_dims: Sequence[int],
        step_dims: Sequence[int] | None = None,
        repeat_dims: Sequence[int] | None = None,
        dim_order: Sequence[int] | None = None,
        tile_dim_order: Sequence[int] | None = None,
        repeat_dim_order: Sequence[int] | None = None,
        pattern_repeat: int = 1,
    ) -> TensorAccessSequence:
        """A sequence of patterns tiling this pattern's iteration space (any rank).

        See :func:`iron_ir.taplib.tas.tile_sequence` for the meaning of each argument.
        """
        from .tas import tile_sequence

        return tile_sequence(
            self,
            tile_dims,
            step_dims=step_dims,
            repeat_dims=repeat_dims,
            dim_order=dim_order,
            tile_dim_order=tile_dim_order,
            repeat_dim_order=repeat_dim_order,
            pattern_repeat=pattern_repeat,
        )

    def visualize(
        self,
        show_arrows: bool | None = None,
        title: str | None = None,
        file_path: str | None = None,
        show_plot: bool = True,
        plot_access_count: bool = False,
    ) -> Figure:
        """Draw the access order (and optionally the access count) as a heat map.

        Args:
            show_arrows: draw an arrow between consecutive accesses; by default only for
                tensors under 1024 elements.
            title: figure title; defaults to ``str(self)``.
            file_path: write the figure there (the format follows the extension, e.g. PNG).
            show_plot: display the figure when running inside IPython/Jupyter.
            plot_access_count: add a second heat map with the access counts.

        Returns:
            The matplotlib Figure (drawn with the non-interactive Agg canvas).
        """
        from .visualization2d import visualize_from_accesses

        order, count = accesses_from_indices(
            self._indices(), self._tensor_dims, True, plot_access_count
        )
        return visualize_from_accesses(
            order,
            count,
            title=str(self) if title is None else title,
            show_arrows=show_arrows,
            file_path=file_path,
            show_plot=show_plot,
        )

    def __str__(self) -> str:
        return (
            f"TensorAccessPattern({self._tensor_dims} offset={self._offset}, "
            f"sizes={self._sizes}, strides={self._strides})"
        )

    def __repr__(self) -> str:
        return (
            f"TensorAccessPattern({self._tensor_dims}, offset={self._offset}, "
            f"sizes={self._sizes}, strides={self._strides})"
        )

    def __eq__(self, other) -> bool:
        if not isinstance(other, TensorAccessPattern):
            return NotImplemented
        return (
            self._tensor_dims == other._tensor_dims
            and self._offset == other._offset
            and self._sizes == other._sizes
            and self._strides == other._strides
        )

    def __hash__(self) -> int:
        return hash(
            (tuple(self._tensor_dims), self._offset, tuple(self._sizes), tuple(self._strides))
        )
