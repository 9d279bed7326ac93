"""``aie.iron.kernels.datamovement``: axpy (bf16 ``z = a x + y``), rope (rotary position
embedding of bf16 rows, interleaved or two-halves) and transpose (blocked, in place)."""

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


def rope_ref(x: Any, lut: Any, *, two_halves: bool = False) -> np.ndarray:
    """Rotate each row's pairs by the lut's interleaved (cos, sin), in fp32."""
    x32, l32 = np.asarray(x).astype(np.float32), np.asarray(lut).astype(np.float32)
    cos, sin = l32[..., 0::2], l32[..., 1::2]
    if two_halves:
        half = x32.shape[-1] // 2
        a, b = x32[..., :half], x32[..., half:]
        return np.concatenate((a * cos - b * sin, b * cos + a * sin), axis=-1).astype(bfloat16)
    out = np.empty_like(x32)
    out[..., 0::2] = x32[..., 0::2] * cos - x32[..., 1::2] * sin
    out[..., 1::2] = x32[..., 0::2] * sin + x32[..., 1::2] * cos
    return out.astype(bfloat16)


def rope(tile_size: int = 1024, two_halves: bool = False, *, cols: int | None = None) -> ExternalFunction:
    """``rope(in, lut, out, dims)`` / ``rope_two_halves(...)`` from aie_kernels/generic/rope.cc;
    ``cols`` is another name for ``tile_size``."""
    size = cols if cols is not None else tile_size
    step = 32 if two_halves else 16
    if size <= 0 or size % step:
        raise IronError(f"kernels.rope(): the row ({size}) must be a positive multiple of {step}")
    t = tensor(size, bfloat16)
    return extern(
        "rope_two_halves" if two_halves else "rope",
        kernel_source("generic", "rope.cc"),
        [t, t, t, np.int32],
        KernelContract((In, In, Out, Param), lambda x, lut: rope_ref(x, lut, two_halves=two_halves), ((3, size),)),
    )


def transpose_ref(x: Any, *, dim_m: int, dim_n: int, subtile: int) -> np.ndarray:
    """Each ``subtile`` x ``subtile`` block of the ``dim_n`` x ``dim_m`` tile transposed where
    it stands."""
    x = np.asarray(x)
    blocks = x.reshape(-1, dim_n // subtile, subtile, dim_m // subtile, subtile)
    return blocks.transpose(0, 1, 4, 3, 2).reshape(x.shape)


def transpose(dim_m: int = 32, dim_n: int = 32, subtile: int = 4, dtype: Any = bfloat16) -> ExternalFunction:
    """``transpose_{4x4,8x8}(in, out)`` from aie_kernels/generic/transpose.cc, compiled with
    ``-DDIM_m -DDIM_n -DBIT_WIDTH``. The tile is 1-D, so the object file is named after its
    shape and the simulator's model of that object is registered with it."""
    from iron_ir.sim.kernels.basic import block_transpose_model
    from iron_ir.sim.kernels.registry import find_model, register_model

    if subtile not in (4, 8):
        raise IronError(f"kernels.transpose(): subtile must be 4 or 8, got {subtile}")
    width = np.dtype(dtype).itemsize
    if width not in (1, 2, 4):
        raise IronError(f"kernels.transpose(): dtype must be 1, 2 or 4 bytes wide, got {np.dtype(dtype)}")
    if dim_m <= 0 or dim_n <= 0 or dim_m % subtile or dim_n % subtile:
        raise IronError(
            f"kernels.transpose(): dim_m ({dim_m}) and dim_n ({dim_n}) must be positive multiples of {subtile}"
        )
    symbol = f"transpose_{subtile}x{subtile}"
    obj = f"transpose_{dim_m}x{dim_n}_{8 * width}b.o"
    if find_model(symbol, obj) is find_model(symbol):  # this shape's object has no model yet
        register_model(symbol, block_transpose_model(subtile, dim_m=dim_m, dim_n=dim_n), builtin=True,
                       source=f"aie_kernels/generic/transpose.cc (-DDIM_m={dim_m} -DDIM_n={dim_n})",
                       link_with=(obj,))
    t = tensor(dim_m * dim_n, dtype)
    return extern(
        symbol,
        kernel_source("generic", "transpose.cc"),
        [t, t],
        KernelContract((In, Out), lambda x: transpose_ref(x, dim_m=dim_m, dim_n=dim_n, subtile=subtile)),
        compile_flags=[f"-DDIM_m={dim_m}", f"-DDIM_n={dim_n}", f"-DBIT_WIDTH={8 * width}"],
        object_file_name=obj,
    )
