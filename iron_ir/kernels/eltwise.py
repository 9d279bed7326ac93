"""``aie.iron.kernels.eltwise``: passthrough, scale, add, mul, relu."""

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
    bit_width,
    by_model,
    extern,
    is_bf16,
    kernel_source,
    per_call,
    tensor,
)

_BF16_TILE = 1024
"""add.cc, mul.cc and relu.cc loop over a fixed 1024 elements."""


def passthrough_ref(x: Any) -> np.ndarray:
    return np.array(x, copy=True)


def scale_ref(x: Any, factor: Any) -> np.ndarray:
    """``x * factor`` in the element type (the product wraps as the C++'s does)."""
    x = np.asarray(x)
    return (x.astype(np.int64) * int(np.asarray(factor).reshape(-1)[0])).astype(x.dtype)


add_ref = per_call(_BF16_TILE, _BF16_TILE, bfloat16, by_model("eltwise_add_bf16_vector"))
"""bf16 + bf16 as the vector unit adds and narrows, per 1024-element call."""

mul_ref = per_call(_BF16_TILE, _BF16_TILE, bfloat16, by_model("eltwise_mul_bf16_vector"))
"""bf16 * bf16 as the vector unit multiplies and narrows, per 1024-element call."""


def relu_ref(x: Any) -> np.ndarray:
    x = np.asarray(x)
    return np.where(x.astype(np.float32) > 0, x, np.zeros_like(x))


def passthrough(tile_size: int = 4096, dtype: Any = np.int32) -> ExternalFunction:
    """``passThroughLine(in, out, line_width)``: copies a tile (uint8, int16 or int32)."""
    bits = bit_width(dtype, "passthrough")
    t = tensor(tile_size, dtype)
    return extern(
        "passThroughLine",
        kernel_source(arch(), "passThrough.cc"),
        [t, t, np.int32],
        KernelContract((In, Out, Param), passthrough_ref, ((2, tile_size),)),
        compile_flags=[f"-DBIT_WIDTH={bits}"],
    )


def scale(tile_size: int = 1024, dtype: Any = np.int32, vectorized: bool = True) -> ExternalFunction:
    """``vector_scalar_mul_{vector,scalar}(in, out, factor[1], n)`` on int16 or int32 tiles."""
    bits = bit_width(dtype, "scale", (np.int16, np.int32))
    t = tensor(tile_size, dtype)
    return extern(
        f"vector_scalar_mul_{'vector' if vectorized else 'scalar'}",
        kernel_source(arch(), "scale.cc"),
        [t, t, tensor(1, np.int32), np.int32],
        KernelContract((In, Out, Param, Param), scale_ref, ((3, tile_size),)),
        compile_flags=[f"-DBIT_WIDTH={bits}"],
    )


def _bf16_binary(op: str, tile_size: int, dtype: Any, vectorized: bool, ref) -> ExternalFunction:
    if tile_size != _BF16_TILE:
        raise IronError(
            f"kernels.{op}(): tile_size must be {_BF16_TILE} (the C++ loop bound), got {tile_size}"
        )
    if not is_bf16(dtype):
        raise IronError(f"kernels.{op}(): dtype must be bfloat16, got {np.dtype(dtype)}")
    t = tensor(tile_size, bfloat16)
    return extern(
        f"eltwise_{op}_bf16_{'vector' if vectorized else 'scalar'}",
        kernel_source(arch(), f"{op}.cc"),
        [t, t, t],
        KernelContract((In, In, Out), ref),
    )


def add(tile_size: int = 1024, dtype: Any = bfloat16, vectorized: bool = True) -> ExternalFunction:
    """``eltwise_add_bf16_{vector,scalar}(a, b, c)`` over 1024 bf16s."""
    return _bf16_binary("add", tile_size, dtype, vectorized, add_ref)


def mul(tile_size: int = 1024, dtype: Any = bfloat16, vectorized: bool = True) -> ExternalFunction:
    """``eltwise_mul_bf16_{vector,scalar}(a, b, c)`` over 1024 bf16s."""
    return _bf16_binary("mul", tile_size, dtype, vectorized, mul_ref)


def relu(tile_size: int = 1024) -> ExternalFunction:
    """``bf16_relu(in, out)`` over 1024 bf16s."""
    if tile_size != _BF16_TILE:
        raise IronError(
            f"kernels.relu(): tile_size must be {_BF16_TILE} (the C++ loop bound), got {tile_size}"
        )
    t = tensor(tile_size, bfloat16)
    return extern(
        "bf16_relu",
        kernel_source(arch(), "relu.cc"),
        [t, t],
        KernelContract((In, Out), relu_ref),
    )
