"""Validation helpers shared by the taplib classes, and the runtime ``dma_bd`` form of a TAP.

Every check raises :class:`TapError` (a ``ValueError``) whose message names the argument,
the rule it broke and the line of the caller's own code that passed it.

:func:`dma_bd_dims` is the one place that turns a :class:`TensorAccessPattern` into the
4-dimensional ``(sizes, strides, offset)`` an IRON runtime ``aie.dma_bd`` carries; the runtime
lowering and the simulator both read it from here.
"""

from __future__ import annotations

import math
import os
import sys
from collections import abc
from typing import TYPE_CHECKING, NamedTuple, Sequence

import numpy as np

if TYPE_CHECKING:
    from .tap import TensorAccessPattern

_IRON_IR_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _caller_location() -> str:
    """file:line of the innermost frame outside the iron_ir package (the user's code)."""
    frame = sys._getframe(1)
    while frame is not None:
        filename = os.path.abspath(frame.f_code.co_filename)
        if not filename.startswith(_IRON_IR_DIR + os.sep):
            return f"{frame.f_code.co_filename}:{frame.f_lineno}"
        frame = frame.f_back
    return "<unknown location>"


class TapError(ValueError):
    """An invalid argument to a taplib constructor, tiler or transformation."""

    def __init__(self, message: str):
        self.location = _caller_location()
        super().__init__(f"{self.location}: {message}")


def ceildiv(a: int, b: int) -> int:
    return -(-a // b)


def is_int(value) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _int_list(values, name: str) -> list[int]:
    if isinstance(values, (str, bytes)) or not isinstance(values, (abc.Sequence, np.ndarray)):
        raise TapError(f"{name} must be a sequence of integers, got {values!r}")
    result = []
    for v in values:
        if not is_int(v):
            raise TapError(f"{name} must contain only integers, got {list(values)!r}")
        result.append(int(v))
    return result


def validate_tensor_dims(
    tensor_dims: Sequence[int],
    expected_dims: int | None = None,
    name: str = "tensor_dims",
) -> list[int]:
    """Check that every dimension is >= 1 and return the dims as a list.

    A 1-D shape ``(N,)`` is read as ``[1, N]`` (mlir-aie does the same), so a flat buffer can be
    visualised and tiled as a single row. ``expected_dims`` checks the rank after that.
    """
    if expected_dims is not None and expected_dims < 1:
        raise TapError(f"expected number of dimensions must be >= 1, got {expected_dims}")
    dims = _int_list(tensor_dims, name)
    if len(dims) == 0:
        raise TapError(f"{name} must have at least one dimension, got {dims}")
    for d in dims:
        if d < 1:
            raise TapError(f"every entry of {name} must be >= 1, got {dims}")
    if len(dims) == 1:
        dims = [1, dims[0]]
    if expected_dims is not None and len(dims) != expected_dims:
        raise TapError(
            f"{name} must have {expected_dims} dimensions, got {len(dims)} ({dims})"
        )
    return dims


def validate_offset(offset: int, tensor_dims: Sequence[int] | None) -> int:
    """Check 0 <= offset < number of elements of the tensor."""
    if not is_int(offset):
        raise TapError(f"offset must be an integer, got {offset!r}")
    offset = int(offset)
    if offset < 0:
        raise TapError(f"offset must be >= 0, got {offset}")
    if tensor_dims:
        total = math.prod(tensor_dims)
        if offset >= total:
            raise TapError(
                f"offset {offset} is outside the tensor {list(tensor_dims)} "
                f"({total} elements, so offset must be < {total})"
            )
    return offset


def validate_and_clean_sizes_strides(
    sizes: Sequence[int] | None,
    strides: Sequence[int] | None,
    allow_none: bool = False,
    expected_dims: int | None = None,
) -> tuple[list[int] | None, list[int] | None]:
    """Validate sizes (>= 1) and strides (>= 0) and return cleaned copies.

    Cleaning sets the stride of every leading size-1 dimension to 0, stopping at the first
    dimension whose size is not 1; the innermost stride is never changed. Two patterns that
    differ only in the strides of leading unit dimensions then compare equal, as in mlir-aie.
    """
    if not allow_none:
        if sizes is None:
            raise TapError("sizes is None, but a sequence of integers is required")
        if strides is None:
            raise TapError("strides is None, but a sequence of integers is required")
    if expected_dims is not None and expected_dims < 1:
        raise TapError(f"expected number of dimensions must be >= 1, got {expected_dims}")
    if sizes is None and strides is None:
        return None, None

    if sizes is not None:
        sizes = _int_list(sizes, "sizes")
        if len(sizes) == 0:
            raise TapError("sizes must have at least one dimension")
        if any(s < 1 for s in sizes):
            raise TapError(f"every size must be >= 1, got sizes={sizes}")
    if strides is not None:
        strides = _int_list(strides, "strides")
        if len(strides) == 0:
            raise TapError("strides must have at least one dimension")
        if any(s < 0 for s in strides):
            raise TapError(f"every stride must be >= 0, got strides={strides}")

    for name, values in (("sizes", sizes), ("strides", strides)):
        if values is not None and expected_dims is not None and len(values) != expected_dims:
            raise TapError(
                f"{name} must have {expected_dims} dimensions, got {len(values)} ({values})"
            )
    if sizes is not None and strides is not None:
        if len(sizes) != len(strides):
            raise TapError(
                f"sizes and strides must have the same length, got sizes={sizes} "
                f"({len(sizes)} dims) and strides={strides} ({len(strides)} dims)"
            )
        for i in range(len(sizes) - 1):
            if sizes[i] != 1:
                break
            strides[i] = 0
    return sizes, strides


def contiguous_strides(dims: Sequence[int]) -> list[int]:
    """Row-major strides of a dense tensor with shape ``dims``."""
    strides = [1] * len(dims)
    for i in range(len(dims) - 2, -1, -1):
        strides[i] = strides[i + 1] * dims[i + 1]
    return strides


def group_steps_per_dim(tiles: int, step: int, repeat: int) -> int:
    """How many patterns one dimension needs: ``step`` interleaved groups per block of
    ``step * repeat`` tiles, then the leftover tiles grouped the same way as far as they go
    and one pattern per tile that is still left."""
    block = step * repeat
    full_blocks = tiles // block
    leftover = tiles - full_blocks * block
    leftover_block = step * (leftover // step)
    if leftover_block > 0:
        leftover_steps = (leftover // leftover_block) * step
    else:
        leftover_steps = leftover
    return full_blocks * step + leftover_steps


def group_first_tile(index: int, step: int, repeat: int) -> int:
    """Index of the first tile of the ``index``-th group along one dimension."""
    return (index // step) * step * repeat + index % step


class BdDims(NamedTuple):
    """A TAP in the form of one runtime ``aie.dma_bd``: 4 dims, outermost first.

    ``sizes[0]`` is the BD iteration dimension: the runtime turns it into the task's
    ``repeat_count`` (``sizes[0] - 1``), and one BD transfers ``prod(sizes[1:])`` elements.
    """

    sizes: list[int]
    strides: list[int]
    offset: int

    @property
    def repeat_count(self) -> int:
        return self.sizes[0] - 1

    @property
    def transfer_len(self) -> int:
        return math.prod(self.sizes[1:])


BD_NUM_DIMS = 4


def dma_bd_dims(tap: TensorAccessPattern) -> BdDims:
    """The (sizes, strides, offset) IRON emits for a runtime ``aie.dma_bd`` reading ``tap``.

    A TAP with fewer than 4 dimensions is padded on the left with size-1, stride-0 dimensions,
    so e.g. sizes ``[8, 32]`` become ``[1, 1, 8, 32]`` (a leading size > 1 of a short TAP is a
    data dimension, not a repeat). A longer TAP may drop leading size-1 dimensions; if more
    than 4 dimensions of size > 1 remain it cannot be one BD and a :class:`TapError` says so.
    The strides of the padding are 0, matching the cleaning rule of
    :func:`validate_and_clean_sizes_strides`.
    """
    sizes, strides = list(tap.sizes), list(tap.strides)
    while len(sizes) > BD_NUM_DIMS and sizes[0] == 1:
        sizes.pop(0)
        strides.pop(0)
    if len(sizes) > BD_NUM_DIMS:
        raise TapError(
            f"{tap} has {len(sizes)} dimensions of size > 1 at the outside, but a dma_bd has "
            f"{BD_NUM_DIMS}; merge dimensions (e.g. with coarser tiles) or split the transfer "
            "into several TAPs"
        )
    pad = BD_NUM_DIMS - len(sizes)
    return BdDims([1] * pad + sizes, [0] * pad + strides, tap.offset)
