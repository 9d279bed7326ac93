"""``aie.iron.kernels.datamovement``: axpy (bf16 ``z = a x + y``)."""

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
    by_model,
    extern,
    kernel_source,
    tensor,
)


def axpy_ref(x: Any, y: Any, a: float) -> np.ndarray:
    """``a x + y`` as the vector kernel computes it: a as bf16, fp32 product and sum, one
    narrowing store."""
    x, y = np.asarray(x, dtype=bfloat16).reshape(-1), np.asarray(y, dtype=bfloat16).reshape(-1)
    z = np.zeros_like(x)
    by_model("saxpy")(x, y, float(a), z, x.size)
    return z


def axpy(tile_size: int = 1024, vectorized: bool = True) -> ExternalFunction:
    """``saxpy(x, y, a, z, n)`` (float a) or ``saxpy_scalar(x, y, a, z, n)`` (bf16 a), from
    aie_kernels/generic/axpy.cc."""
    if vectorized and tile_size % 64:
        raise IronError(f"kernels.axpy(): tile_size must be a multiple of 64 (the vector width), got {tile_size}")
    t = tensor(tile_size, bfloat16)
    return extern(
        "saxpy" if vectorized else "saxpy_scalar",
        kernel_source("generic", "axpy.cc"),
        [t, t, np.float32 if vectorized else bfloat16, t, np.int32],
        KernelContract((In, In, Param, Out, Param), axpy_ref, ((4, tile_size),)),
    )
