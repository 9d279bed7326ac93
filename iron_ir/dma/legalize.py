"""Rewriting an access pattern into buffer descriptors that are legal for a tile kind.

This is the algorithm of the ``iron-tile-to-dma-bd`` pass as a pure function: :func:`legalize`
takes an access pattern (offset, sizes, strides in elements, outermost first, any number of
dims, plus a repeat count) and returns a chain of BDs and a task ``repeat_count`` that visit the
same element offsets in the same order, every BD legal for the tile kind. The field limits come
only from :class:`iron_ir.device.BdLimits`; the hardware counts 32-bit words, the IR elements,
so every check converts first (:func:`is_legal`).

Rules, in the order they are tried (``docs/dma-patterns.md`` states them with examples):

1. A pattern legal as written is emitted exactly as IRON writes it: a runtime task's BD gets four
   dims (size-1 dims padded on the left), the outermost being the iteration dimension, with
   ``repeat_count = sizes[0] - 1`` and ``len = prod(sizes[1:])``; fifo dims are kept as given.
2. Otherwise the pattern is canonicalised: size-1 dims are dropped and contiguous neighbours
   (``stride_outer == size_inner * stride_inner``, stride-0 runs included) are folded.
3. Word granularity cannot be rewritten away: sub-word and wide element types need a contiguous
   innermost dim; the innermost run, every other stride and the offset must be whole words.
4. The canonical dims are split, outermost first, into a repeat part (the iteration dimension and
   ``repeat_count``, runtime tasks only), a chain part (one BD per index, advancing offsets) and
   a BD part. The BD part is fitted into one BD, factorising any dim whose size exceeds its field
   (``n = a * b``, largest legal inner factor first); if no factorisation fits, its outermost dim
   is sliced into a chain of BDs (the largest legal piece first, then the remainder).
5. Among the candidates the one with the fewest BDs wins (then the one keeping the most dims in
   the BD). Only when none fits the BD budget is a :class:`DmaPatternError` raised.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from iron_ir.device import ADDRESS_GRANULE_BYTES, MAX_TASK_REPEAT_COUNT, TileKindSpec
from iron_ir.dialects.aie.bd_rules import check_bd_dims, verify_dma_bd
from iron_ir.dma.access import BdDims, BufferDescriptor, DmaTask

__all__ = [
    "AccessPattern",
    "BdLowering",
    "DmaPatternError",
    "is_legal",
    "legalize",
]

_W = ADDRESS_GRANULE_BYTES

Dims = tuple[tuple[int, int], ...]


class DmaPatternError(ValueError):
    """An access pattern that no chain of legal BDs can express on the tile kind."""


@dataclass(frozen=True)
class AccessPattern:
    """What a transfer visits: ``offset + sum(i_d * strides[d])`` over ``sizes`` (outermost
    first, elements), the whole pattern ``repeat_count + 1`` times."""

    offset: int
    sizes: tuple[int, ...]
    strides: tuple[int, ...]
    repeat_count: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "sizes", tuple(int(s) for s in self.sizes))
        object.__setattr__(self, "strides", tuple(int(s) for s in self.strides))
        problem = None
        if len(self.sizes) != len(self.strides):
            problem = "it needs one stride per size"
        elif any(s < 1 for s in self.sizes):
            problem = "sizes must be >= 1"
        elif any(s < 0 for s in self.strides):
            problem = "strides must be >= 0"
        elif self.offset < 0:
            problem = "the offset must be >= 0"
        elif self.repeat_count < 0:
            problem = "repeat_count must be >= 0"
        if problem:
            raise DmaPatternError(f"invalid access pattern ({self}): {problem}")

    @property
    def dims(self) -> Dims:
        """The dims with the repeat as an outermost stride-0 dim."""
        pairs = tuple(zip(self.sizes, self.strides))
        return (((self.repeat_count + 1, 0),) if self.repeat_count else ()) + pairs

    def __str__(self) -> str:
        text = f"offset {self.offset}, sizes {list(self.sizes)}, strides {list(self.strides)}"
        return text + (f", repeat_count {self.repeat_count}" if self.repeat_count else "")


@dataclass(frozen=True)
class BdLowering:
    """A legal lowering: a chain of BDs in one DMA task, run ``repeat_count + 1`` times."""

    bds: tuple[BufferDescriptor, ...]
    repeat_count: int
    runtime_task: bool
    """The BDs belong to a runtime DMA task: each prints with its iteration dim first."""
    rewrites: tuple[str, ...] = field(default=())
    """The rewrite rules applied, in words (empty when the pattern was legal as written)."""

    @property
    def task(self) -> DmaTask:
        return DmaTask(self.bds, self.repeat_count)

    def ir_dims(self, bd: BufferDescriptor) -> list[tuple[int, int]]:
        """The ``[<size, stride>, ...]`` list an ``aie.dma_bd`` prints for ``bd``."""
        head = [(bd.iteration_size, bd.iteration_stride)] if self.runtime_task else []
        return head + bd.dims.pairs


# --- legality ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Violation:
    field: str
    problem: str
    hint: str

    def __str__(self) -> str:
        return f"{self.field}: {self.problem}; try: {self.hint}"


def _bytes_note(elements: int, element_bytes: int) -> str:
    return f"{elements} elements x {element_bytes} B = {elements * element_bytes} bytes"


def _is_linear(pairs: Sequence[tuple[int, int]]) -> bool:
    """Is this IRON's linear form ``[<1, _>, ..., <n, 1>]``, which mlir-aie lowers to a shim BD
    in linear mode (no wraps)? Other contiguous forms are folded into it by :func:`legalize`."""
    return all(size == 1 for size, _ in pairs[:-1]) and (not pairs or pairs[-1][1] == 1)


def _violation(
    bd: BufferDescriptor,
    tile: TileKindSpec,
    element_bytes: int,
    buffer_elements: int | None,
    repeat_count: int,
) -> _Violation | None:
    lim, where = tile.bd, f"the {tile.kind.human}"
    b = element_bytes
    if b > _W and b % _W:
        return _Violation(
            "element type",
            f"{b}-byte elements are not a whole number of 32-bit words",
            "use an element type of 1, 2 or a multiple of 4 bytes",
        )
    if (bd.length * b) % _W:
        return _Violation(
            "buffer_length",
            f"{_bytes_note(bd.length, b)}, not a multiple of 4 bytes",
            "use a 4-byte multiple",
        )
    length_words = bd.length * b // _W
    if length_words > lim.max_length:
        return _Violation(
            "buffer_length",
            f"{length_words} 32-bit words exceed {where}'s limit of {lim.max_length}",
            "split the transfer into several smaller ones",
        )
    if (bd.offset * b) % _W:
        return _Violation(
            "offset",
            f"{_bytes_note(bd.offset, b)}, not 4-byte aligned",
            "start the transfer on a 4-byte boundary",
        )
    if repeat_count > MAX_TASK_REPEAT_COUNT:
        return _Violation(
            "repeat_count",
            f"{repeat_count} exceeds the task queue's limit of {MAX_TASK_REPEAT_COUNT}",
            "split the transfer into several tasks",
        )
    if bd.iteration_size > lim.iteration_wrap_max:
        return _Violation(
            "iteration size",
            f"{bd.iteration_size} exceeds {where}'s limit of {lim.iteration_wrap_max}",
            "repeat fewer times per task",
        )
    if bd.iteration_size > 1 and bd.iteration_stride:
        if (bd.iteration_stride * b) % _W:
            return _Violation(
                "iteration stride",
                f"{_bytes_note(bd.iteration_stride, b)}, not a multiple of 4 bytes",
                "use a 4-byte multiple",
            )
        if bd.iteration_stride * b // _W > lim.max_iteration_stride:
            return _Violation(
                "iteration stride",
                f"{bd.iteration_stride * b // _W} 32-bit words exceed {where}'s limit of "
                f"{lim.max_iteration_stride}",
                f"lay the data out so that steps are at most {lim.max_iteration_stride} words",
            )
    pairs = bd.dims.pairs
    if len(pairs) > lim.dims:
        return _Violation(
            "dims",
            f"{len(pairs)} dimensions, but a BD of {where} holds {lim.dims}",
            "merge dimensions or split the transfer",
        )
    if pairs and bd.length != math.prod(size for size, _ in pairs):
        return _Violation(
            "buffer_length",
            f"{bd.length} elements, but the dims visit {math.prod(s for s, _ in pairs)}",
            "make the length the product of the dim sizes",
        )
    if buffer_elements is not None:
        runs = min(bd.iteration_size, repeat_count + 1)
        last = bd.offset + (runs - 1) * bd.iteration_stride
        last += sum((n - 1) * s for n, s in pairs) if pairs else max(bd.length - 1, 0)
        if bd.length and last >= buffer_elements:
            return _Violation(
                "buffer bounds",
                f"the pattern reaches element {last} of a buffer of {buffer_elements} elements",
                "check the offset, sizes and strides against the buffer's shape",
            )
    stepping = [i for i, (n, _) in enumerate(pairs) if n > 1]
    if not stepping or (tile.kind.is_shim and _is_linear(pairs)):
        return None
    innermost = stepping[-1]
    if b != _W and innermost != len(pairs) - 1:
        return _Violation(
            "d0 size",
            f"1 element of {b} bytes is not a whole 32-bit word, so the innermost dimension "
            "must be the innermost one that steps",
            "drop the trailing size-1 dimensions",
        )
    for i in stepping:
        size, stride = pairs[i]
        name = f"d{len(pairs) - 1 - i}"
        if stride == 0:
            return _Violation(
                f"{name} stride",
                f"0 on a dimension of size {size}; only the iteration dimension may repeat",
                "put the repeat outermost (it becomes repeat_count)",
            )
        if i == innermost and b != _W:
            if stride != 1:
                return _Violation(
                    f"{name} stride",
                    f"{stride}, but the innermost dimension of {b}-byte elements must have "
                    "stride 1 (the DMA moves whole 32-bit words)",
                    "make the innermost dimension contiguous",
                )
            if (size * b) % _W:
                return _Violation(
                    f"{name} size",
                    f"{_bytes_note(size, b)}, not a multiple of 4 bytes",
                    "use a 4-byte multiple",
                )
            size_words, stride_words = size * b // _W, 1
        elif i == innermost:
            size_words, stride_words = size, stride
        else:
            if (stride * b) % _W:
                return _Violation(
                    f"{name} stride",
                    f"{_bytes_note(stride, b)}, not a multiple of 4 bytes",
                    "use a 4-byte multiple",
                )
            size_words, stride_words = size, stride * b // _W
        implicit = lim.last_dim_size_implicit and i == 0 and len(pairs) == lim.dims
        if not implicit and size_words > lim.max_size:
            unit = "32-bit words" if i == innermost else "steps"
            return _Violation(
                f"{name} size",
                f"{size_words} {unit} exceed {where}'s limit of {lim.max_size}",
                "split the dimension or the transfer",
            )
        if stride_words > lim.max_stride:
            return _Violation(
                f"{name} stride",
                f"{stride_words} 32-bit words exceed {where}'s limit of {lim.max_stride}",
                f"lay the data out so that steps are at most {lim.max_stride} words, or split "
                "the transfer into several smaller ones",
            )
    return None


def is_legal(
    bd: BufferDescriptor,
    tile_spec: TileKindSpec,
    element_bytes: int,
    *,
    buffer_elements: int | None = None,
    repeat_count: int = 0,
) -> str | None:
    """``None`` when ``bd`` (dims in elements) fits ``tile_spec``'s BD fields, else why not.

    ``bd.dims`` are the BD's own dims (the iteration dim is ``bd.iteration_*``). The outermost
    dim of a BD listing all of a shim or compute tile's dims has no wrap field (its size is
    implied by the length); a shim BD in linear form (every dim but a stride-1 innermost one of
    size 1) is moved in linear mode and its innermost size is not checked.
    """
    found = _violation(bd, tile_spec, element_bytes, buffer_elements, repeat_count)
    return None if found is None else str(found)


# --- rewriting ---------------------------------------------------------------------------------


def _canonical(dims: Dims) -> list[tuple[int, int]]:
    """Drop size-1 dims and fold contiguous neighbours (stride-0 runs included)."""
    out: list[tuple[int, int]] = []
    for size, stride in reversed(dims):
        if size == 1:
            continue
        if out and stride == out[-1][0] * out[-1][1]:
            inner_size, inner_stride = out.pop()
            out.append((size * inner_size, inner_stride))
        else:
            out.append((size, stride))
    return out[::-1]


@functools.lru_cache(maxsize=4096)
def _divisors_desc(n: int, bound: int) -> list[int]:
    """The divisors of ``n`` up to ``bound``, largest first. Only a BD field's range of
    factors is ever wanted, so the cost is O(min(bound, sqrt(n))) however large ``n`` is (a
    size of 2**63 written in the IR must not take hours)."""
    if bound * bound < n:
        return [d for d in range(min(bound, n), 0, -1) if n % d == 0]
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return sorted({d for d in small + [n // d for d in small] if d <= bound}, reverse=True)


@functools.cache
def _slot_counts(ndims: int, slots: int) -> list[tuple[int, ...]]:
    """Ways to give each of ``ndims`` dims at least one of ``slots`` BD dims, fewest first."""
    counts = itertools.product(range(1, slots + 1), repeat=ndims)
    return sorted((c for c in counts if sum(c) <= slots), key=lambda c: (sum(c), c))


@dataclass(frozen=True)
class _Ctx:
    tile: TileKindSpec
    b: int
    runtime_task: bool

    @property
    def lim(self):
        return self.tile.bd

    def slot_ok(self, size: int, stride: int, innermost: bool, free: bool) -> bool:
        """Local field check of one BD dim (the whole BD is re-checked by ``_violation``)."""
        lim, b = self.lim, self.b
        if stride == 0:
            return False
        if innermost and b != _W:
            if stride != 1 or (size * b) % _W:
                return False
            size_words, stride_words = size * b // _W, 1
        elif innermost:
            size_words, stride_words = size, stride
        else:
            if (stride * b) % _W:
                return False
            size_words, stride_words = size, stride * b // _W
        if not self.runtime_task:
            # Objectfifo dims: the aie.dma_bd verifier counts sizes and strides in elements and
            # bounds every dim's size.
            size_words, stride_words, free = size, stride, False
        return (free or size_words <= lim.max_size) and stride_words <= lim.max_stride

    def factor(
        self, size: int, stride: int, parts: int, innermost: bool, free: bool
    ) -> list[tuple[int, int]] | None:
        """``(size, stride)`` as ``parts`` dims, the largest legal inner factor first."""
        if parts == 1:
            return [(size, stride)] if self.slot_ok(size, stride, innermost, free) else None
        per_word = max(1, _W // self.b) if innermost and self.runtime_task else 1
        widest = self.lim.max_size * per_word
        if not free and size > widest * self.lim.max_size ** (parts - 1):
            return None
        for inner in _divisors_desc(size, widest):
            if inner in (1, size) or not self.slot_ok(inner, stride, innermost, False):
                continue
            outer = self.factor(size // inner, stride * inner, parts - 1, False, free)
            if outer is not None:
                return outer + [(inner, stride)]
        return None

    def fit(self, dims: Sequence[tuple[int, int]], offset: int) -> tuple[Dims, int] | None:
        """One BD for canonical ``dims``: its printed dims and length, or None."""
        lim = self.lim
        count = math.prod(n for n, _ in dims)
        if not dims or (len(dims) == 1 and dims[0][1] == 1):
            linear: Dims = ((1, 0),) * (lim.dims - 1) + ((count, 1),) if self.runtime_task else ()
            fitted = self._checked(linear, count, offset)
            if fitted is not None or not dims:
                return fitted
        for parts in _slot_counts(len(dims), lim.dims):
            pieces = []
            for i, ((size, stride), k) in enumerate(zip(dims, parts)):
                free = i == 0 and lim.last_dim_size_implicit and self.runtime_task
                split = self.factor(size, stride, k, i == len(dims) - 1, free)
                if split is None:
                    break
                pieces += split
            else:
                fitted = self._checked(self._pad(tuple(pieces)), count, offset)
                if fitted is not None:
                    return fitted
        return None

    def _pad(self, pairs: Dims) -> Dims:
        """Pad with size-1 dims: on the left, or after the outermost dim when that one relies on
        having no wrap field (so it stays in the hardware's outermost slot)."""
        lim, missing = self.lim, self.lim.dims - len(pairs)
        if not missing:
            return pairs
        outer_words = pairs[0][0]
        if lim.last_dim_size_implicit and outer_words > lim.max_size:
            return pairs[:1] + ((1, 0),) * missing + pairs[1:]
        return ((1, 0),) * missing + pairs if self.runtime_task else pairs

    def accepts(self, bd: BufferDescriptor, buffer_elements: int | None, repeat: int) -> bool:
        """Legal under this module's rules and the ``aie.dma_bd`` verifier's."""
        if _violation(bd, self.tile, self.b, buffer_elements, repeat) is not None:
            return False
        pairs = ([(bd.iteration_size, bd.iteration_stride)] if self.runtime_task else [])
        pairs += bd.dims.pairs
        verdict = check_bd_dims(
            [n for n, _ in pairs], [s for _, s in pairs], bd.offset, bd.length, self.b,
            buffer_elements, self.tile, allow_iteration_dim=self.runtime_task,
        )
        return verdict is None and self.fifo_bd_verdict(bd, buffer_elements) is None

    def fifo_bd_verdict(self, bd: BufferDescriptor, buffer_elements: int | None) -> str | None:
        """Objectfifo dims become an aie.dma_bd of the tile's own DMA program, whose verifier is
        stricter than the hardware: it bounds every dim's size, the outermost included, and
        counts sizes and strides in elements. Its first complaint, or None (runtime taps: None).
        """
        if self.runtime_task:
            return None
        pairs = bd.dims.pairs
        if buffer_elements is None:  # the bounds are checked elsewhere; a ranked buffer here
            buffer_elements = bd.offset + 1 + sum((n - 1) * s for n, s in pairs)
        return verify_dma_bd(
            [n for n, _ in pairs], [s for _, s in pairs], bd.offset, bd.length, self.b,
            buffer_elements, self.tile,
        )

    def _checked(self, pairs: Dims, count: int, offset: int) -> tuple[Dims, int] | None:
        bd = BufferDescriptor(offset, count, BdDims.from_pairs(pairs))
        return (pairs, count) if self.accepts(bd, None, 0) else None

    def slices(
        self, dims: Sequence[tuple[int, int]], offset: int, budget: int
    ) -> list[tuple[int, Dims, int]] | None:
        """The outermost dim of ``dims`` cut into pieces that each fit one BD:
        ``[(first index, printed dims, length), ...]`` (at most ``budget``), or None. Two cuts
        are tried, the shorter chain wins: equal pieces (what a folded-in outer dim needs), and
        the largest piece that fits first, then the remainder (what a prime size needs)."""
        (size, stride), rest = dims[0], list(dims[1:])
        if not self.slot_ok(size, stride, not rest, free=True):
            return None  # pieces of one step each: that is the chain over this dim
        if rest and self.fit(rest, offset) is None:
            return None  # every piece holds the inner dims whole: they must fit one BD alone
        equal = self._equal_slices(size, stride, rest, offset, budget)
        greedy = self._greedy_slices(size, stride, rest, offset, budget)
        found = [cut for cut in (equal, greedy) if cut is not None]
        return min(found, key=len) if found else None

    def _piece(
        self, start: int, take: int, stride: int, rest: list[tuple[int, int]], offset: int
    ) -> tuple[int, Dims, int] | None:
        fitted = self.fit(([(take, stride)] if take > 1 else []) + rest, offset + start * stride)
        return None if fitted is None else (start, *fitted)

    def _equal_slices(
        self, size: int, stride: int, rest: list[tuple[int, int]], offset: int, budget: int
    ) -> list[tuple[int, Dims, int]] | None:
        for count in range(2, min(budget, size) + 1):
            if size % count:
                continue
            take = size // count
            pieces = []
            for i in range(count):
                piece = self._piece(i * take, take, stride, rest, offset)
                if piece is None:
                    break
                pieces.append(piece)
            else:
                return pieces
        return None

    def _greedy_slices(
        self, size: int, stride: int, rest: list[tuple[int, int]], offset: int, budget: int
    ) -> list[tuple[int, Dims, int]] | None:
        cap = self.lim.max_size * max(1, _W // self.b)
        most = self.lim.max_length * _W // (self.b * math.prod(n for n, _ in rest))
        pieces: list[tuple[int, Dims, int]] = []
        start = 0
        while start < size:
            if len(pieces) == budget:
                return None
            left = min(size - start, most)
            tries = {left, min(left, cap)} | {
                min(cap, left // inner) * inner for inner in range(1, min(cap, left) + 1)
            }
            for take in sorted(tries, reverse=True):
                piece = self._piece(start, take, stride, rest, offset)
                if piece is not None:
                    pieces.append(piece)
                    start += take
                    break
            else:
                return None
        return pieces


@dataclass(frozen=True)
class _Repeat:
    """How the outermost dims map onto the iteration dimension and the task's repeat_count."""

    iteration: tuple[int, int] = (1, 0)
    repeat_count: int = 0
    note: str = ""


def _repeat_choices(
    dims: list[tuple[int, int]], ctx: _Ctx
) -> Iterator[tuple[_Repeat, list[tuple[int, int]]]]:
    """(repeat, remaining dims) ways to take the outermost dims into the iteration dimension
    and the task's repeat_count, the no-repeat one first."""
    yield _Repeat(), dims
    if not ctx.runtime_task or not dims:
        return
    lim, b = ctx.lim, ctx.b

    def as_repeat(size: int, stride: int) -> _Repeat | None:
        if stride == 0:
            if size - 1 > MAX_TASK_REPEAT_COUNT:
                return None
            shown = size if size <= lim.iteration_wrap_max else 1
            return _Repeat((shown, 0), size - 1, f"repeat {size}x via repeat_count")
        if size > lim.iteration_wrap_max or (stride * b) % _W:
            return None
        if stride * b // _W > lim.max_iteration_stride:
            return None
        return _Repeat((size, stride), size - 1, f"dim ({size}, {stride}) -> iteration dim")

    (size, stride), rest = dims[0], dims[1:]
    whole = as_repeat(size, stride)
    if whole is not None:
        yield whole, rest
    else:
        # The largest factor the iteration dimension can take; the rest stays a dim.
        for part in _divisors_desc(size, max(lim.iteration_wrap_max, MAX_TASK_REPEAT_COUNT + 1)):
            if part in (1, size):
                continue
            split = as_repeat(part, stride * (size // part))
            if split is not None:
                yield split, [(size // part, stride)] + rest
                break
    if stride == 0 and rest:
        inner = as_repeat(*rest[0])
        if inner is not None and rest[0][1] and size * rest[0][0] - 1 <= MAX_TASK_REPEAT_COUNT:
            yield (
                _Repeat(inner.iteration, size * rest[0][0] - 1, f"{inner.note}, repeated {size}x"),
                rest[1:],
            )


def _as_written(
    pattern: AccessPattern,
    ctx: _Ctx,
    buffer_elements: int,
) -> BdLowering | None:
    """The pattern emitted exactly as IRON writes it, if that is legal."""
    pairs = list(pattern.dims)
    if ctx.runtime_task:
        span = ctx.lim.dims + 1
        while len(pairs) > span and pairs[0][0] == 1:
            pairs.pop(0)
        if len(pairs) > span:
            return None
        pairs = [(1, 0)] * (span - len(pairs)) + pairs
        (it_size, it_stride), inner = pairs[0], pairs[1:]
        bd = BufferDescriptor(
            pattern.offset, math.prod(n for n, _ in inner), BdDims.from_pairs(inner),
            it_size, it_stride,
        )
        repeat = it_size - 1
    else:
        if pattern.repeat_count:
            return None
        bd = BufferDescriptor(
            pattern.offset, math.prod(pattern.sizes), BdDims.from_pairs(pairs)
        )
        repeat = 0
    if not ctx.accepts(bd, buffer_elements, repeat):
        return None
    return BdLowering((bd,), repeat, ctx.runtime_task)


def _granularity(canon: list[tuple[int, int]], offset: int, b: int) -> _Violation | None:
    """Word-granularity problems no rewrite can remove."""
    if b > _W and b % _W:
        return _Violation(
            "element type",
            f"{b}-byte elements are not a whole number of 32-bit words",
            "use an element type of 1, 2 or a multiple of 4 bytes",
        )
    if b == _W:
        return None
    if not canon:
        return _Violation(
            "buffer_length",
            f"{_bytes_note(1, b)} per transfer, not a multiple of 4 bytes",
            "use a 4-byte multiple",
        )
    size, stride = canon[-1]
    if stride != 1:
        return _Violation(
            "d0 stride",
            f"{stride}, but the innermost dimension of {b}-byte elements must have stride 1 "
            "(the DMA moves whole 32-bit words)",
            "make the innermost dimension contiguous",
        )
    if b < _W and (size * b) % _W:
        return _Violation(
            "d0 size",
            f"the innermost contiguous run is {_bytes_note(size, b)}, not a multiple of 4 bytes",
            "use a 4-byte multiple",
        )
    for i, (_, outer_stride) in enumerate(canon[:-1]):
        if (outer_stride * b) % _W:
            return _Violation(
                f"stride of dim {i}",
                f"{_bytes_note(outer_stride, b)}, not a multiple of 4 bytes",
                "use a 4-byte multiple",
            )
    if (offset * b) % _W:
        return _Violation(
            "offset", f"{_bytes_note(offset, b)}, not 4-byte aligned", "use a 4-byte multiple"
        )
    return None


def legalize(
    pattern: AccessPattern,
    element_bytes: int,
    buffer_elements: int,
    tile_spec: TileKindSpec,
    *,
    runtime_task: bool,
    max_bds: int | None = None,
) -> BdLowering:
    """A legal chain of BDs (+ ``repeat_count``) visiting exactly ``pattern``'s offsets in order.

    ``runtime_task``: the transfer is a runtime DMA task (fill/drain), so the iteration
    dimension, the task's ``repeat_count`` and BD chains are available and BDs print in IRON's
    form (iteration dim first). Otherwise (objectfifo dims) the BDs have neither. ``max_bds``
    bounds the chain: by default every BD one channel of the tile may use for a runtime task,
    one BD for objectfifo dims. Raises :class:`DmaPatternError` when no lowering exists.
    """
    ctx = _Ctx(tile_spec, element_bytes, runtime_task)
    where = f"the {tile_spec.kind.human}"
    if max_bds is None:
        max_bds = len(tile_spec.bd_ids_for_channel(0)) if runtime_task else 1
    if tile_spec.bd.dims == 0:
        raise DmaPatternError(
            f"cannot lower the access pattern ({pattern}): {where} of this device has no "
            "multi-dimensional BDs; try: target an NPU device (npu1/npu2)"
        )
    last = pattern.offset + sum((n - 1) * s for n, s in zip(pattern.sizes, pattern.strides))
    if last >= buffer_elements:
        raise DmaPatternError(
            f"access pattern ({pattern}) on {where}: buffer bounds: it reaches element {last} "
            f"of a buffer of {buffer_elements} elements; try: check the offset, sizes and "
            "strides against the buffer's shape"
        )
    as_written = _as_written(pattern, ctx, buffer_elements)
    if as_written is not None:
        return as_written

    canon = _canonical(pattern.dims)
    problem = _granularity(canon, pattern.offset, element_bytes)
    if problem is not None:
        raise DmaPatternError(
            f"cannot lower the access pattern ({pattern}) of {element_bytes}-byte elements "
            f"on {where}: {problem}"
        )
    plan = _best_plan(canon, pattern.offset, ctx, max_bds, buffer_elements)
    if plan is not None:
        folded = ("drop size-1 dims, fold contiguous dims",) if canon != list(pattern.dims) else ()
        plan = replace(plan, rewrites=folded + plan.rewrites)
    # Folding can hide a factorisation the pattern already spells out (11 x 7 x 6 x 4 folded
    # to 1848 contiguous elements): the dims as written, size-1 dims dropped, may need fewer BDs.
    written = [(n, s) for n, s in pattern.dims if n != 1]
    if written != canon and (plan is None or len(plan.bds) > 1):
        alternative = _best_plan(written, pattern.offset, ctx, max_bds, buffer_elements)
        if alternative is not None and (plan is None or len(alternative.bds) < len(plan.bds)):
            dropped = ("drop size-1 dims",) if written != list(pattern.dims) else ()
            plan = replace(alternative, rewrites=dropped + alternative.rewrites)
    if plan is not None:
        return plan
    single = BufferDescriptor(
        pattern.offset, math.prod(n for n, _ in canon), BdDims.from_pairs(canon)
    )
    reason = _violation(single, tile_spec, element_bytes, None, 0)
    if reason is None and (verdict := ctx.fifo_bd_verdict(single, buffer_elements)):
        reason = _Violation(
            "the aie.dma_bd rule", verdict.rstrip("."), "split the dimension or the transfer"
        )
    if reason is None:
        reason = _Violation(
            "BD count",
            f"it needs more than {max_bds} BD(s)",
            "split the transfer into several smaller ones",
        )
    helpers = "the iteration dimension, repeat_count or " if runtime_task else ""
    per_object = "" if runtime_task else " (objectfifo dims get one BD per object)"
    raise DmaPatternError(
        f"cannot lower the access pattern ({pattern}) of {element_bytes}-byte elements "
        f"on {where}: as one BD with dims {canon}, {reason.field}: {reason.problem}. "
        f"No rewrite fits either: folding and factorising dims and moving outer dims to "
        f"{helpers}a chain of at most {max_bds} BD(s){per_object} all fail; "
        f"try: {reason.hint}"
    )


def _best_plan(
    canon: list[tuple[int, int]],
    offset: int,
    ctx: _Ctx,
    max_bds: int,
    buffer_elements: int,
) -> BdLowering | None:
    best: BdLowering | None = None
    shapes: dict[tuple[tuple[int, int], ...], list[tuple[int, Dims, int]] | None] = {}
    for repeat, rest in _repeat_choices(canon, ctx):
        for split in range(len(rest) + 1):
            chain, inner = rest[:split], rest[split:]
            n_chain = math.prod(n for n, _ in chain)
            if n_chain > (max_bds if best is None else len(best.bds) - 1):
                break  # the chain only grows with the split
            key = tuple(inner)
            if key not in shapes:
                fitted = ctx.fit(inner, offset)
                shapes[key] = (
                    [(0, *fitted)] if fitted is not None
                    else ctx.slices(inner, offset, max_bds) if inner else None
                )
            pieces = shapes[key]
            if pieces is None or n_chain * len(pieces) > (
                max_bds if best is None else len(best.bds) - 1
            ):
                continue
            lowering = _build(offset, inner, chain, pieces, repeat, ctx, buffer_elements)
            if lowering is not None:
                best = lowering
                if len(best.bds) == 1:
                    return best
    return best


def _build(
    offset: int,
    inner: list[tuple[int, int]],
    chain: list[tuple[int, int]],
    pieces: list[tuple[int, Dims, int]],
    repeat: _Repeat,
    ctx: _Ctx,
    buffer_elements: int,
) -> BdLowering | None:
    piece_stride = inner[0][1] if inner else 0
    bds = []
    for index in itertools.product(*(range(n) for n, _ in chain)):
        base = offset + sum(i * s for i, (_, s) in zip(index, chain))
        for start, dims, length in pieces:
            bd = BufferDescriptor(
                base + start * piece_stride,
                length,
                BdDims.from_pairs(dims),
                *repeat.iteration,
            )
            if not ctx.accepts(bd, buffer_elements, repeat.repeat_count):
                return None
            bds.append(bd)
    notes = []
    if repeat.note:
        notes.append(repeat.note)
    if chain:
        notes.append(f"chain over dims {chain}")
    if len(pieces) > 1:
        notes.append(f"slice dim {inner[0]} into {len(pieces)} BDs")
    elif [pair for pair in pieces[0][1] if pair[0] > 1] != inner:
        notes.append(f"BD dims {inner} written as {list(pieces[0][1])}")
    return BdLowering(tuple(bds), repeat.repeat_count, ctx.runtime_task, tuple(notes))
