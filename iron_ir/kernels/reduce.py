"""``aie.iron.kernels.reduce``: reduce_add, reduce_min, reduce_max, compute_max."""

from __future__ import annotations

from typing import Any

import numpy as np
from ml_dtypes import bfloat16

from iron_ir.api.kernel import ExternalFunction
from iron_ir.errors import IronError
from iron_ir.hostruntime.jit import In, Out
from iron_ir.kernels._common import (
    KernelContract,
    Param,
    arch,
    extern,
    is_bf16,
    kernel_source,
    tensor,
)


def _reduction(np_fn):
    def reference(x: Any) -> np.ndarray:
        x = np.asarray(x)
        rows = x.reshape(1, -1) if x.ndim < 2 else x
        return np.array([np_fn(r) for r in rows], dtype=x.dtype)

    return reference


def _sum_wrapping(row: np.ndarray) -> Any:
    return np.int64(row.astype(np.int64).sum()).astype(np.int32)


reduce_add_ref = _reduction(_sum_wrapping)
"""Sum of each tile, wrapping in int32 as the kernel's accumulator does."""
reduce_min_ref = _reduction(np.min)
reduce_max_ref = _reduction(np.max)


def compute_max_ref(a: Any, b: Any) -> np.ndarray:
    return np.maximum(np.asarray(a), np.asarray(b))


def _int32_only(factory: str, dtype: Any) -> None:
    if np.dtype(dtype) != np.dtype(np.int32):
        raise IronError(f"kernels.{factory}(): dtype must be int32, got {np.dtype(dtype)}")


def _reduce(op: str, tile_size: int, dtype: Any, vectorized: bool, ref, suffix: str = "") -> ExternalFunction:
    return extern(
        f"reduce_{op}_{'vector' if vectorized else 'scalar'}{suffix}",
        kernel_source(arch(), f"reduce_{op}.cc"),
        [tensor(tile_size, dtype), tensor(1, dtype), np.int32],
        KernelContract((In, Out, Param), ref, ((2, tile_size),)),
    )


def reduce_add(tile_size: int = 1024, dtype: Any = np.int32, vectorized: bool = True) -> ExternalFunction:
    """``reduce_add_{vector,scalar}(in, out[1], n)``: the sum of an int32 tile."""
    _int32_only("reduce_add", dtype)
    return _reduce("add", tile_size, np.int32, vectorized, reduce_add_ref)


def reduce_min(tile_size: int = 1024, dtype: Any = np.int32, vectorized: bool = True) -> ExternalFunction:
    """``reduce_min_{vector,scalar}(in, out[1], n)``: the minimum of an int32 tile."""
    _int32_only("reduce_min", dtype)
    return _reduce("min", tile_size, np.int32, vectorized, reduce_min_ref)


def reduce_max(tile_size: int = 1024, dtype: Any = np.int32, vectorized: bool = True) -> ExternalFunction:
    """``reduce_max_{vector,scalar}[_bfloat16](in, out[1], n)``: the maximum of an int32 or
    bf16 tile."""
    if is_bf16(dtype):
        return _reduce("max", tile_size, bfloat16, vectorized, reduce_max_ref, "_bfloat16")
    _int32_only("reduce_max", dtype)
    return _reduce("max", tile_size, np.int32, vectorized, reduce_max_ref)


def compute_max(dtype: Any = np.int32) -> ExternalFunction:
    """``compute_max[_bfloat16](a[1], b[1], out[1])``: the larger of two partial maxima."""
    bf16 = is_bf16(dtype)
    if not bf16:
        _int32_only("compute_max", dtype)
    one = tensor(1, bfloat16 if bf16 else np.int32)
    return extern(
        "compute_max_bfloat16" if bf16 else "compute_max",
        kernel_source(arch(), "reduce_max.cc"),
        [one, one, one],
        KernelContract((In, In, Out), compute_max_ref),
    )
