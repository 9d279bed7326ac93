"""Access plans: how one BD execution walks its buffer, as numpy views built once.

A BD's affine pattern (offset, length, dims outermost first) is a strided view of the flat
buffer, or a plain slice when it is contiguous; the DMA then moves whole chunks with one numpy
copy each. Only what no view can express falls back to an index array:
a length that cuts the pattern short mid-row, or a write pattern that visits an element twice
(the last write wins, as on the hardware). Zero padding (mem-tile MM2S) materialises the
padded block once per execution.

Plans are built when the machine is built (tile BDs) or when a runtime task is configured
(host BDs), and are reused for every execution of their BD.
"""

from __future__ import annotations

from math import prod

import numpy as np
from numpy.lib.stride_tricks import as_strided

from iron_ir.dma.access import BdDims, BufferDescriptor, bd_offsets
from iron_ir.sim.errors import DesignError, DmaBoundsError

SLICE, VIEW, OFFSETS, PADDED = 0, 1, 2, 3

_PIECES = 64
"""Chunks (position, length) of a view's walk whose pieces a plan remembers."""


def as_type(data: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """A chunk of elements as ``dtype``: a view when the element widths agree, else its
    bytes reinterpreted (a stream between buffers of different element types moves bytes)."""
    if data.dtype == dtype:
        return data
    if data.dtype.itemsize == dtype.itemsize:
        return data.view(dtype)
    return np.ascontiguousarray(data).reshape(-1).view(dtype)


def extent(sizes, strides) -> int:
    """The largest element offset a pattern reaches past its base."""
    return sum((s - 1) * t for s, t in zip(sizes, strides))


def injective(sizes, strides) -> bool:
    """Whether the pattern visits no element twice (sufficient test: each stepping dim jumps
    past everything the finer dims reach)."""
    reach = 0
    for size, stride in sorted(((s, t) for s, t in zip(sizes, strides) if s > 1), key=lambda p: p[1]):
        if stride <= reach:
            return False
        reach += (size - 1) * stride
    return True


def _contiguous(sizes, strides) -> bool:
    expected = 1
    for size, stride in zip(reversed(sizes), reversed(strides)):
        if size > 1 and stride != expected:
            return False
        expected *= size
    return True


def _parts(view: np.ndarray, pos: int, k: int, out: list) -> None:
    """The sub-views covering elements ``[pos, pos + k)`` of ``view`` in C order."""
    if view.ndim == 1:
        out.append(view[pos : pos + k])
        return
    inner = prod(view.shape[1:])
    row, off = divmod(pos, inner)
    if off:
        take = min(k, inner - off)
        _parts(view[row], off, take, out)
        k -= take
        row += 1
    full = k // inner
    if full:
        out.append(view[row : row + full])
        row += full
        k -= full * inner
    if k:
        _parts(view[row], 0, k, out)


class Plan:
    """The elements one execution of a BD visits, in order, on the flat array ``flat``."""

    __slots__ = (
        "kind",
        "flat",
        "size",
        "start",
        "view",
        "offsets",
        "writes",
        "pad",
        "cache",
        "parts",
        "words",
    )

    def __init__(self, kind, flat, size, start=0, view=None, offsets=None, pad=None):
        self.kind = kind
        self.flat = flat
        self.size = size
        self.start = start
        self.view = view
        self.offsets = offsets
        self.pad = pad
        self.cache = None
        self.writes = None
        self.parts = None
        self.words = None
        """The walk's view with its contiguous rows as single elements (:func:`_rows`), built
        at the first whole gather; False when there is none."""

    @property
    def dtype(self) -> np.dtype:
        return self.flat.dtype

    def read(self, pos: int, k: int) -> np.ndarray:
        """Elements ``[pos, pos + k)`` of the walk: a view where one exists, else a copy."""
        kind = self.kind
        if kind == SLICE:
            a = self.start + pos
            return self.flat[a : a + k]
        if kind == VIEW:
            if pos == 0 and k == self.size:
                return self.view
            parts = self._pieces(pos, k)
            if len(parts) == 1:
                return parts[0]
            return np.concatenate([p if p.ndim == 1 else p.reshape(-1) for p in parts])
        if kind == PADDED:
            if pos == 0 or self.cache is None:
                block = np.full(self.pad[0], self.pad[2], dtype=self.flat.dtype)
                block[self.pad[1]] = self.view
                self.cache = block.reshape(-1)
            return self.cache[pos : pos + k]
        return self.flat[self.offsets[pos : pos + k]]

    def gather(self, pos: int, k: int) -> np.ndarray:
        """Elements ``[pos, pos + k)`` of the walk as one contiguous 1-D array (a copy when the
        walk is strided): what a broadcast stores into each destination. A whole strided walk
        is gathered row by row (:func:`_rows`): the same bytes, at a fraction of the cost of
        numpy's element-by-element loop for a narrow element type."""
        if self.kind == VIEW and pos == 0 and k == self.size:
            words = self.words
            if words is None:
                words = self.words = _rows(self.flat, self.view)
            if words is not False:
                return np.ascontiguousarray(words).view(self.flat.dtype).reshape(-1)
        data = self.read(pos, k)
        if not data.flags.c_contiguous:
            data = np.ascontiguousarray(data)
        if data.ndim != 1:
            data = data.reshape(-1)
        return data

    def _pieces(self, pos: int, k: int) -> list[np.ndarray]:
        """The sub-views covering walk positions ``[pos, pos + k)`` in order (:func:`_parts`),
        remembered per chunk: every execution of a BD moves the same chunks."""
        pieces = self.parts
        if pieces is None:
            pieces = self.parts = {}
        found = pieces.get((pos, k))
        if found is None:
            views: list = []
            _parts(self.view, pos, k, views)
            if len(pieces) >= _PIECES:
                pieces.clear()
            found = pieces[(pos, k)] = views
        return found

    def write(self, pos: int, k: int, data: np.ndarray) -> None:
        """Store ``data`` (``k`` elements, any shape in C order) at walk positions
        ``[pos, pos + k)``."""
        kind = self.kind
        if kind == SLICE:
            a = self.start + pos
            target = self.flat[a : a + k]
            if data.ndim == 1:
                target[...] = data
            else:
                target.reshape(data.shape)[...] = data
            return
        if kind == VIEW:
            view = self.view
            if pos == 0 and k == self.size:
                view[...] = data if data.shape == view.shape else data.reshape(view.shape)
                return
            data = data.reshape(-1)
            at = 0
            for p in self._pieces(pos, k):
                n = p.size
                p[...] = data[at : at + n] if p.ndim == 1 else data[at : at + n].reshape(p.shape)
                at += n
            return
        # Repeated offsets: the last write of an element wins.
        data = data.reshape(-1)
        if pos == 0 and k == self.size:
            if self.writes is None:
                self.writes = _last_writes(self.offsets)
            targets, sources = self.writes
        else:
            targets, sources = _last_writes(self.offsets[pos : pos + k])
        self.flat[targets] = data[sources]


def _rows(flat: np.ndarray, view: np.ndarray):
    """``view`` (a strided walk of ``flat``) with its innermost dim, when contiguous, as one
    raw element (numpy ``void`` of the row's bytes): a copy moves whole rows instead of single
    elements. False when there is nothing to fold (rows of one element, a walk numpy sees as
    contiguous, whose read is a view rather than a copy) or ``flat`` is not contiguous."""
    size = flat.itemsize
    if (
        view.ndim < 2
        or view.shape[-1] < 2
        or view.strides[-1] != size
        or view.flags.c_contiguous
        or not flat.flags.c_contiguous
    ):
        return False
    raw = flat.view(np.uint8)
    offset = view.__array_interface__["data"][0] - raw.__array_interface__["data"][0]
    row = np.dtype((np.void, view.shape[-1] * size))
    return np.ndarray(view.shape[:-1], row, raw, offset, view.strides[:-1])


def _last_writes(offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    reversed_offsets = offsets[::-1]
    targets, first = np.unique(reversed_offsets, return_index=True)
    return targets, offsets.size - 1 - first


class PatternError(Exception):
    """A pattern reaches outside its buffer: ``access`` is the first bad access, ``offset``
    the element offset it names."""

    def __init__(self, access: int, offset: int):
        super().__init__(access, offset)
        self.access, self.offset = access, offset


def _first_bad(base: int, length: int, dims, size: int) -> PatternError:
    # In chunks: a pattern of 10**9 accesses usually goes wrong early, and listing all of its
    # offsets would take gigabytes.
    bd = BufferDescriptor(base, length, BdDims.from_pairs(dims))
    for start in range(0, length, _CHUNK):
        offsets = bd_offsets(bd, start=start, stop=start + _CHUNK)
        bad = np.flatnonzero((offsets < 0) | (offsets >= size))
        if bad.size:
            return PatternError(start + int(bad[0]), int(offsets[bad[0]]))
    return PatternError(0, base)


_CHUNK = 1 << 20


def _strided(flat: np.ndarray, base: int, shape, strides) -> np.ndarray:
    """The view of ``flat`` from element ``base`` through ``shape``/``strides`` (in elements;
    the caller has checked it stays inside ``flat``). Built on the bytes of a contiguous
    ``flat``, at an eighth of the cost of ``as_strided`` (every runtime task configured makes
    its plans)."""
    size = flat.itemsize
    if not flat.flags.c_contiguous:
        return as_strided(flat[base:], shape, [t * size for t in strides])
    return np.ndarray(
        tuple(shape), flat.dtype, flat.view(np.uint8), base * size, tuple(t * size for t in strides)
    )


def make_plan(
    flat: np.ndarray,
    base: int,
    length: int,
    dims=(),
    pad=(),
    write: bool = False,
    pad_value: int = 0,
) -> Plan:
    """The plan of ``length`` elements from ``base`` through ``dims`` (``[(size, stride)]``,
    outermost first; the outermost dim keeps counting past its size, as the address generator
    does) with zero ``pad`` (``[(before, after)]`` for the innermost dims) on ``flat``.

    Raises :class:`PatternError` when the pattern reaches outside ``flat``.
    """
    n = flat.size
    dims = [(int(s), int(t)) for s, t in dims]
    if pad:
        sizes = [s for s, _ in dims]
        length = prod(sizes)
    if length == 0:
        return Plan(SLICE, flat, 0, start=0)
    if not dims:
        if base < 0 or base + length > n:
            bad = 0 if base < 0 or base >= n else n - base
            raise PatternError(bad, base + bad)
        return Plan(SLICE, flat, length, start=base)
    sizes = [s for s, _ in dims]
    strides = [t for _, t in dims]
    inner = prod(sizes[1:])
    outer = -(-length // inner)
    shape = [outer, *sizes[1:]]
    if base < 0 or base + extent(shape, strides) >= n:
        raise _first_bad(base, length, dims, n)
    if outer * inner != length:
        offsets = bd_offsets(BufferDescriptor(base, length, BdDims.from_pairs(dims)))
        return Plan(OFFSETS, flat, length, offsets=offsets)
    if pad:
        widths = [(0, 0)] * (len(dims) - len(pad)) + [tuple(p) for p in pad]
        padded = tuple(s + b + a for s, (b, a) in zip(shape, widths))
        interior = tuple(slice(b, b + s) for s, (b, _) in zip(shape, widths))
        view = _strided(flat, base, shape, strides)
        return Plan(PADDED, flat, prod(padded), view=view, pad=(padded, interior, pad_value))
    if _contiguous(shape, strides):
        return Plan(SLICE, flat, length, start=base)
    if write and not injective(shape, strides):
        offsets = bd_offsets(BufferDescriptor(base, length, BdDims.from_pairs(dims)))
        return Plan(OFFSETS, flat, length, offsets=offsets)
    view = _strided(flat, base, shape, strides)
    return Plan(VIEW, flat, length, view=view)


def tile_plan(
    flat: np.ndarray,
    base: int,
    length: int,
    dims: list[tuple[int, int]],
    pad: list[tuple[int, int]],
    what: str,
    write: bool,
    pad_value: int = 0,
) -> Plan:
    """The access plan of a tile-DMA BD on ``flat``; a padded BD sends the dims' data with
    the zeros around it, whatever its length says (the verifier checks the length)."""
    if pad and len(pad) > len(dims):
        raise DesignError(f"{what}: {len(pad)} padding dims for {len(dims)} BD dims")
    try:
        return make_plan(flat, base, length, dims, pad, write, pad_value)
    except PatternError as err:
        raise DmaBoundsError(
            f"{what}: the access pattern (offset {base}, len {length}, dims {dims}) reaches "
            f"element {err.offset}, outside the {flat.size}-element buffer.\n"
            f"Check the sizes and strides against the objectfifo's element type."
        ) from None
