"""Activation kernels on bf16: ReLU, exp and softmax.

``bf16_relu`` is exact.  ``exp_bf16_1024`` and ``softmax_bf16`` follow the
AIE2 kernels step by step: ``exp`` comes from the runtime library's two
256-entry bf16 tables (``exp(integer part) * exp(fraction / 256)`` of the
input in 8.8 fixed point; the tables are rebuilt here as bf16
round-to-nearest-even of ``exp``, which reproduces every entry of
``aie_runtime_lib/AIE2/lut_based_ops.cpp``), the softmax sum is accumulated
per vector lane in fp32 and tree-reduced, and each exponential is multiplied
by the bf16 reciprocal of the sum.  Like the C++, softmax does not subtract
the maximum first.

Tolerance against hardware (not verified on a device): the fp32 -> 8.8 fixed
conversion is modelled as floor with saturation and the vector unit's fp32 ->
bf16 conversions as truncation (the boot rounding mode).  If the hardware
conversions round otherwise, or the design changes the core's rounding mode,
results differ by 1-2 bf16 ulp per element.
"""

from __future__ import annotations

import math

import numpy as np

from iron_ir.sim.kernels._numerics import (
    BF16,
    BOOT_BF16_ROUNDING,
    operands,
    to_bf16,
)
from iron_ir.sim.kernels.registry import KernelModelError, builtin_model


@builtin_model("bf16_relu", source="aie_kernels/aie2/relu.cc")
def bf16_relu(a_in, c_out) -> None:
    """``max(x, 0)`` over the kernel's fixed 1024-element tile."""
    kernel = "bf16_relu"
    a, c = operands(kernel, BF16, (a_in, "a_in", 1024), (c_out, "c_out", 1024))
    c[:1024] = np.maximum(a[:1024], BF16.type(0))


def _exp_tables() -> tuple[np.ndarray, np.ndarray]:
    # Integer part: index i is the two's-complement byte, so 128..255 are -128..-1;
    # the table stops growing at exp(88), the last value below the fp32 maximum.
    integer = [math.exp(min(i if i < 128 else i - 256, 88)) for i in range(256)]
    fraction = [math.exp(f / 256) for f in range(256)]
    return (
        np.array(integer, dtype=np.float32).astype(BF16).astype(np.float32),
        np.array(fraction, dtype=np.float32).astype(BF16).astype(np.float32),
    )


EXP_INTEGER_LUT, EXP_FRACTION_LUT = _exp_tables()


def lut_exp_bf16(x: np.ndarray, rounding: str = BOOT_BF16_ROUNDING) -> np.ndarray:
    """``getExpBf16``: bf16 ``x`` -> bf16 ``exp(x)`` through the two lookup tables."""
    fixed = np.floor(x.astype(np.float64) * 256.0)
    fixed = np.clip(fixed, -(2**15), 2**15 - 1).astype(np.int64) & 0xFFFF
    product = EXP_INTEGER_LUT[fixed >> 8] * EXP_FRACTION_LUT[fixed & 0xFF]
    return to_bf16(product, rounding)


@builtin_model(
    "exp_bf16_1024",
    source="aie_kernels/aie2/bf16_exp.cc with aie_runtime_lib/AIE2/lut_based_ops.h",
)
def exp_bf16_1024(a_in, c_out) -> None:
    """``exp`` of 1024 bf16 values through the lookup tables (see ``lut_exp_bf16``)."""
    kernel = "exp_bf16_1024"
    a, c = operands(kernel, BF16, (a_in, "a_in", 1024), (c_out, "c_out", 1024))
    c[:1024] = lut_exp_bf16(a[:1024])


def _lane_tree_sum(lanes: np.ndarray) -> np.float32:
    while lanes.size > 1:
        half = lanes.size // 2
        lanes = (lanes[:half] + lanes[half:]).astype(np.float32)
    return np.float32(lanes[0])


def softmax_bf16_model(rounding: str = BOOT_BF16_ROUNDING):
    """Model of the AIE2 ``softmax_bf16(input, output, input_size)``."""
    kernel = "softmax_bf16"

    def model(input_vector, output_vector, input_size) -> None:
        n = int(input_size)
        if n % 16:
            raise KernelModelError(
                f"{kernel}: input_size={n} is not a multiple of 16; the C++ only processes "
                f"whole 16-element vectors"
            )
        x, out = operands(kernel, BF16, (input_vector, "input", n), (output_vector, "output", n))
        if n == 0:
            return
        exp_vals = lut_exp_bf16(x[:n], rounding).astype(np.float32)
        lanes = np.zeros(16, dtype=np.float32)
        for chunk in exp_vals.reshape(-1, 16):
            lanes = (lanes + chunk).astype(np.float32)
        total = _lane_tree_sum(lanes)
        with np.errstate(divide="ignore"):
            inv = np.float32(np.float32(1.0) / total)
        inv_bf16 = np.float32(np.array(inv).astype(BF16))
        out[:n] = to_bf16(exp_vals * inv_bf16, rounding)

    model.__name__ = f"{kernel}_model"
    return model


builtin_model(
    "softmax_bf16",
    source="aie_kernels/aie2/softmax.cc with aie_runtime_lib/AIE2/lut_based_ops.{h,cpp}",
)(softmax_bf16_model())
