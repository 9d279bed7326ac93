"""What a DMA actually visits: an independent numpy model of buffer descriptors and DMA tasks.

Everything here is in **elements** (the IR's unit), never in 32-bit words; legality (field
widths, word granularity) is :mod:`iron_ir.dma.legalize`'s business, not this model's.

The model, stated once:

* A BD moves ``length`` elements starting at ``offset``. Its dims are outermost first,
  ``[(size, stride), ...]``; the innermost dim runs fastest.
* The address generator wraps every dim **except the outermost listed one** at its size. The
  outermost dim's counter just keeps advancing (on the shim and compute tiles it has no wrap
  field at all: its size is implied by ``length``). So the BD stops after exactly ``length``
  elements whatever the sizes say:

  - ``length < prod(sizes)``: the pattern is cut short after ``length`` elements;
  - ``length > prod(sizes)``: the inner dims wrap again and the outermost index goes past its
    nominal size, i.e. the BD behaves as if the outermost size were
    ``ceil(length / prod(inner sizes))`` (and the last round is cut short).

  A BD with no dims is linear: ``offset, offset + 1, ..., offset + length - 1``.
* The **iteration dimension** (``iteration_size``, ``iteration_stride``) is the hardware's
  repeat register: the BD's base moves by ``(k mod iteration_size) * iteration_stride`` on its
  ``k``-th execution (0-based). In IRON's runtime form a shim ``aie.dma_bd`` lists one dim more
  than the tile kind's BD holds (four on a shim) and that extra, outermost dim is the iteration
  dimension (:meth:`BufferDescriptor.from_ir`). E.g. mlir-aie's transpose design writes
  ``[<8, 32768>, <16, 32>, <64, 512>, <32, 1>]`` with ``len = 32768`` and ``repeat_count = 7``:
  eight executions of a 32768-element BD, the k-th starting at ``k * 32768``.
* A :class:`DmaTask` runs its chain of BDs in order, and the whole chain ``repeat_count + 1``
  times; each BD's iteration counter advances once per run of the chain.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

__all__ = [
    "BdDims",
    "BufferDescriptor",
    "DmaBoundsError",
    "DmaTask",
    "bd_offsets",
    "bd_reach",
    "gather",
    "scatter",
    "task_offsets",
]


def _check_dims(sizes: Sequence[int], strides: Sequence[int]) -> None:
    if len(sizes) != len(strides):
        raise ValueError(
            f"BD dims need one stride per size: got {len(sizes)} sizes {list(sizes)} and "
            f"{len(strides)} strides {list(strides)}"
        )
    for i, (size, stride) in enumerate(zip(sizes, strides)):
        if size < 1:
            raise ValueError(f"BD dim {i} (outermost first) has size {size}; sizes must be >= 1")
        if stride < 0:
            raise ValueError(
                f"BD dim {i} (outermost first) has stride {stride}; strides must be >= 0"
            )


@dataclass(frozen=True)
class BdDims:
    """The size/stride dims of one BD, outermost first, in elements."""

    sizes: tuple[int, ...] = ()
    strides: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "sizes", tuple(int(s) for s in self.sizes))
        object.__setattr__(self, "strides", tuple(int(s) for s in self.strides))
        _check_dims(self.sizes, self.strides)

    @classmethod
    def from_pairs(cls, pairs: Sequence[tuple[int, int]]) -> BdDims:
        """From ``[(size, stride), ...]`` (the order ``aie.dma_bd`` prints them in)."""
        return cls(tuple(p[0] for p in pairs), tuple(p[1] for p in pairs))

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return list(zip(self.sizes, self.strides))

    def __len__(self) -> int:
        return len(self.sizes)


@dataclass(frozen=True)
class BufferDescriptor:
    """One BD: ``length`` elements from ``offset`` through ``dims``, plus the iteration dim."""

    offset: int
    length: int
    dims: BdDims = field(default_factory=BdDims)
    iteration_size: int = 1
    iteration_stride: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.dims, BdDims):
            object.__setattr__(self, "dims", BdDims.from_pairs(self.dims))
        if self.offset < 0:
            raise ValueError(f"BD offset {self.offset} is negative")
        if self.length < 0:
            raise ValueError(f"BD length {self.length} is negative")
        if self.iteration_size < 1:
            raise ValueError(f"BD iteration size {self.iteration_size} must be >= 1")
        if self.iteration_stride < 0:
            raise ValueError(f"BD iteration stride {self.iteration_stride} must be >= 0")

    @classmethod
    def from_ir(
        cls,
        offset: int,
        length: int,
        dims: Sequence[tuple[int, int]],
        bd_dims: int,
    ) -> BufferDescriptor:
        """An ``aie.dma_bd``'s operands as written in the IR.

        ``bd_dims`` is how many dims the tile kind's BD holds (``BdLimits.dims``); one dim more
        than that is the iteration dimension (IRON's four-dim shim form), as mlir-aie reads it.
        """
        pairs = list(dims)
        if len(pairs) > bd_dims + 1:
            raise ValueError(
                f"a BD on this tile kind holds {bd_dims} dims plus the iteration dim; got "
                f"{len(pairs)} dims {pairs}"
            )
        if len(pairs) == bd_dims + 1:
            (it_size, it_stride), pairs = pairs[0], pairs[1:]
            return cls(offset, length, BdDims.from_pairs(pairs), it_size, it_stride)
        return cls(offset, length, BdDims.from_pairs(pairs))

    @property
    def sizes(self) -> tuple[int, ...]:
        return self.dims.sizes

    @property
    def strides(self) -> tuple[int, ...]:
        return self.dims.strides


@dataclass(frozen=True)
class DmaTask:
    """A DMA task: a chain of BDs run in order, the whole chain ``repeat_count + 1`` times."""

    bds: tuple[BufferDescriptor, ...]
    repeat_count: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "bds", tuple(self.bds))
        if self.repeat_count < 0:
            raise ValueError(f"DMA task repeat_count {self.repeat_count} is negative")


def bd_offsets(
    bd: BufferDescriptor, execution: int = 0, start: int = 0, stop: int | None = None
) -> np.ndarray:
    """Element offsets one execution of ``bd`` visits, in order (int64); with ``start`` and
    ``stop``, those of accesses ``start`` to ``stop - 1`` only.

    ``execution`` is the BD's 0-based execution number; it selects the iteration-dim step.
    """
    base = bd.offset + (execution % bd.iteration_size) * bd.iteration_stride
    stop = bd.length if stop is None else min(stop, bd.length)
    if stop <= start:
        return np.zeros(0, dtype=np.int64)
    if not bd.sizes:
        return base + np.arange(start, stop, dtype=np.int64)
    # Access p's index in each dim, innermost first (the outermost dim runs as far as the
    # length needs): O(length) however large the sizes are, where building the full index
    # grid would cost their product.
    position = np.arange(start, stop, dtype=np.int64)
    offsets = np.full(stop - start, base, dtype=np.int64)
    for size, stride in zip(reversed(bd.sizes[1:]), reversed(bd.strides[1:])):
        offsets += (position % size) * stride
        position //= size
    return offsets + position * bd.strides[0]


def bd_reach(bd: BufferDescriptor, execution: int = 0) -> int:
    """One past the largest element offset one execution of ``bd`` visits (0 if none): the
    maximum of :func:`bd_offsets`, in O(dims) rather than O(length).

    Strides are non-negative, so an offset grows with each index digit. The largest offset
    among the first ``length`` positions is at the last position, or at a position that
    shares its leading digits, has one digit one lower and every later digit at its maximum.
    """
    if bd.length == 0:
        return 0
    base = bd.offset + (execution % bd.iteration_size) * bd.iteration_stride
    if not bd.sizes:
        return base + bd.length
    # The last position's index in each dim (the outermost runs as far as the length needs).
    rest, inner = bd.length - 1, []
    for size in reversed(bd.sizes[1:]):
        inner.append(rest % size)
        rest //= size
    digits = [rest, *reversed(inner)]
    best = sum(d * s for d, s in zip(digits, bd.strides))
    for k, digit in enumerate(digits):
        if digit:
            lower = digits[:k] + [digit - 1] + [size - 1 for size in bd.sizes[k + 1 :]]
            best = max(best, sum(d * s for d, s in zip(lower, bd.strides)))
    return base + best + 1


def task_offsets(task: DmaTask) -> np.ndarray:
    """Element offsets the whole task visits, in order: every BD of the chain, repeated."""
    runs = np.arange(task.repeat_count + 1, dtype=np.int64)
    per_bd = []
    for bd in task.bds:
        once = bd_offsets(bd)
        shift = (runs % bd.iteration_size) * bd.iteration_stride
        per_bd.append(once[None, :] + shift[:, None])
    if not per_bd:
        return np.zeros(0, dtype=np.int64)
    return np.concatenate(per_bd, axis=1).reshape(-1)


class DmaBoundsError(IndexError):
    """A DMA pattern reaches outside its buffer."""


def _checked(offsets: np.ndarray, size: int, name: str) -> np.ndarray:
    offsets = np.asarray(offsets, dtype=np.int64).reshape(-1)
    bad = np.flatnonzero((offsets < 0) | (offsets >= size))
    if bad.size:
        first = int(bad[0])
        raise DmaBoundsError(
            f"DMA access out of bounds: access number {first} is element offset "
            f"{int(offsets[first])}, but {name} holds {size} elements (valid offsets 0..{size - 1}); "
            f"{bad.size} of {offsets.size} accesses are outside it. Check the access pattern's "
            f"offset, sizes and strides against the buffer's shape."
        )
    return offsets


def gather(buffer: np.ndarray, offsets: np.ndarray, name: str = "the buffer") -> np.ndarray:
    """The elements of ``buffer`` (read flat, row-major) at ``offsets``, in order."""
    offsets = _checked(offsets, buffer.size, name)
    return np.ravel(buffer)[offsets]


def scatter(
    buffer: np.ndarray, offsets: np.ndarray, values: np.ndarray, name: str = "the buffer"
) -> None:
    """Write ``values`` into ``buffer`` (flat, row-major) at ``offsets`` in place, in order.

    Where an offset is written several times the last write wins, as on the hardware.
    """
    offsets = _checked(offsets, buffer.size, name)
    values = np.ravel(np.asarray(values))
    if values.size != offsets.size:
        raise ValueError(
            f"DMA write into {name}: {values.size} values arrived for {offsets.size} offsets"
        )
    # numpy leaves the winner of duplicate fancy-index writes unspecified: keep the last one.
    reversed_offsets = offsets[::-1]
    targets, first_in_reversed = np.unique(reversed_offsets, return_index=True)
    buffer.flat[targets] = values[offsets.size - 1 - first_in_reversed]
