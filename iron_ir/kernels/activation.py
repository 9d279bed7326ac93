"""``aie.iron.kernels.activation``: softmax, bf16_exp, gelu, silu, swiglu, tanh, sigmoid,
leaky_relu over bf16 tiles.

All simulate, with models of the AIE2 builds (lookup-table exp and tanh arithmetic;
iron_ir/sim/kernels/activations.py and tanh_lut.py)."""

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
    by_model,
    extern,
    kernel_source,
    per_call,
    tensor,
)

_LUT_TILE = 1024


def _fixed(factory: str, tile_size: int) -> None:
    if tile_size != _LUT_TILE:
        raise IronError(
            f"kernels.{factory}(): tile_size must be {_LUT_TILE} (the C++ loop bound), got {tile_size}"
        )


def _multiple(factory: str, tile_size: int, lanes: int) -> None:
    if tile_size <= 0 or tile_size % lanes:
        raise IronError(
            f"kernels.{factory}(): tile_size must be a positive multiple of {lanes} (the loop "
            f"steps whole vectors), got {tile_size}"
        )


def _f32(x: Any) -> np.ndarray:
    return np.asarray(x).astype(np.float32)


def relu_ref(x: Any) -> np.ndarray:
    x = np.asarray(x)
    return np.maximum(_f32(x), 0.0).astype(x.dtype)


def silu_ref(x: Any) -> np.ndarray:
    x = np.asarray(x)
    return (_f32(x) / (1.0 + np.exp(-_f32(x)))).astype(x.dtype)


def gelu_ref(x: Any) -> np.ndarray:
    """The tanh form ``x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))``."""
    x = np.asarray(x)
    f = _f32(x)
    return (0.5 * f * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (f + 0.044715 * f**3)))).astype(x.dtype)


def tanh_ref(x: Any) -> np.ndarray:
    x = np.asarray(x)
    return np.tanh(_f32(x)).astype(x.dtype)


def sigmoid_ref(x: Any) -> np.ndarray:
    x = np.asarray(x)
    return (1.0 / (1.0 + np.exp(-_f32(x)))).astype(x.dtype)


def leaky_relu_ref(x: Any, alpha: float = 0.01) -> np.ndarray:
    x = np.asarray(x)
    f = _f32(x)
    return np.where(f > 0.0, f, np.float32(alpha) * f).astype(x.dtype)


def swiglu_ref(x: Any, w1: Any, w2: Any) -> np.ndarray:
    """``(x * w1) * silu(x * w2)`` element-wise (swiglu.cc gates with the second weights)."""
    x = np.asarray(x)
    up, gate = _f32(x) * _f32(w1), _f32(x) * _f32(w2)
    return (up * gate / (1.0 + np.exp(-gate))).astype(x.dtype)


bf16_exp_ref = per_call(_LUT_TILE, _LUT_TILE, bfloat16, by_model("exp_bf16_1024"))
"""``exp`` through the kernel's two lookup tables, per 1024-element call."""


def softmax_ref(x: Any, *, tile_size: int = _LUT_TILE) -> np.ndarray:
    """Softmax of each ``tile_size`` slice, with the kernel's lookup-table exp and its bf16
    reciprocal of the sum."""
    model = by_model("softmax_bf16")
    return per_call(tile_size, tile_size, bfloat16, lambda a, out: model(a, out, tile_size))(x)


def _lut_source(name: str) -> str:
    return kernel_source(arch(), name)


def softmax(tile_size: int = 1024) -> ExternalFunction:
    """``softmax_bf16(in, out, n)``."""
    _fixed("softmax", tile_size)
    t = tensor(tile_size, bfloat16)
    return extern(
        "softmax_bf16",
        _lut_source("softmax.cc"),
        [t, t, np.int32],
        KernelContract((In, Out, Param), softmax_ref, ((2, tile_size),)),
    )


def bf16_exp(tile_size: int = 1024) -> ExternalFunction:
    """``exp_bf16_1024(in, out)``."""
    _fixed("bf16_exp", tile_size)
    t = tensor(tile_size, bfloat16)
    return extern("exp_bf16_1024", _lut_source("bf16_exp.cc"), [t, t], KernelContract((In, Out), bf16_exp_ref))


def _unary(factory: str, symbol: str, source: str, tile_size: int, ref, sized: bool) -> ExternalFunction:
    t = tensor(tile_size, bfloat16)
    args = [t, t, np.int32] if sized else [t, t]
    roles = (In, Out, Param) if sized else (In, Out)
    bindings = ((2, tile_size),) if sized else ()
    return extern(symbol, _lut_source(source), args, KernelContract(roles, ref, bindings))


def gelu(tile_size: int = 1024) -> ExternalFunction:
    """``gelu_bf16(in, out)`` over 1024 bf16s."""
    _fixed("gelu", tile_size)
    return _unary("gelu", "gelu_bf16", "gelu.cc", tile_size, gelu_ref, sized=False)


def gelu_sized(tile_size: int = 1024) -> ExternalFunction:
    """``gelu_bf16_size(in, out, n)``."""
    return _unary("gelu_sized", "gelu_bf16_size", "gelu.cc", tile_size, gelu_ref, sized=True)


def silu(tile_size: int = 1024) -> ExternalFunction:
    """``silu_bf16(in, out)`` over 1024 bf16s."""
    _fixed("silu", tile_size)
    return _unary("silu", "silu_bf16", "silu.cc", tile_size, silu_ref, sized=False)


def silu_sized(tile_size: int = 1024) -> ExternalFunction:
    """``silu_bf16_size(in, out, n)``."""
    return _unary("silu_sized", "silu_bf16_size", "silu.cc", tile_size, silu_ref, sized=True)


def tanh(tile_size: int = 1024) -> ExternalFunction:
    """``tanh_bf16(in, out, n)``; n a multiple of 32."""
    _multiple("tanh", tile_size, 32)
    return _unary("tanh", "tanh_bf16", "tanh.cc", tile_size, tanh_ref, sized=True)


def sigmoid(tile_size: int = 1024) -> ExternalFunction:
    """``sigmoid_bf16(in, out, n)``; n a multiple of 32."""
    _multiple("sigmoid", tile_size, 32)
    return _unary("sigmoid", "sigmoid_bf16", "sigmoid.cc", tile_size, sigmoid_ref, sized=True)


def leaky_relu(tile_size: int = 1024) -> ExternalFunction:
    """``leaky_relu_bf16(in, out, n, alpha)``; n a multiple of the vector width."""
    _multiple("leaky_relu", tile_size, 32 if arch() == "aie2p" else 16)
    t = tensor(tile_size, bfloat16)
    return extern(
        "leaky_relu_bf16",
        _lut_source("leaky_relu.cc"),
        [t, t, np.int32, bfloat16],
        KernelContract((In, Out, Param, Param), leaky_relu_ref, ((2, tile_size),)),
    )


def swiglu(tile_size: int = 1024) -> ExternalFunction:
    """``swiglu_bf16(x, w1, w2, out)`` over 1024 bf16s."""
    _fixed("swiglu", tile_size)
    t = tensor(tile_size, bfloat16)
    return extern("swiglu_bf16", _lut_source("swiglu.cc"), [t] * 4, KernelContract((In, In, In, Out), swiglu_ref))
