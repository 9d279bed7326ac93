"""The AIE2 kernels built on the runtime library's lookup-table tanh: ``gelu_bf16``
(``gelu_bf16_size``), ``silu_bf16`` (``silu_bf16_size``), ``swiglu_bf16``, ``sigmoid_bf16`` and
``tanh_bf16``; and ``leaky_relu_bf16`` (``max(x, alpha x)``), the same family's vector style.

``getTanhBf16`` (aie_runtime_lib/AIE2/lut_based_ops.h) is ``aie::linear_approx`` over 32
segments of width 0.25 covering [-4, 4): segment ``clamp(floor(4 x) + 16, 0, 31)`` gives
``slope * x + offset`` accumulated in fp32 and stored as bf16. The (slope, offset) pairs below
are the distinct entries of ``tanh_lut_ab``/``tanh_lut_cd`` (the file repeats each pair for the
four memory banks). The kernels around it compute in bf16 vectors: every ``aie::mul`` and
``aie::add`` result that is assigned to a bf16 vector is narrowed in the core's rounding mode
(the boot mode, truncation, as elsewhere in these models).

AIE2P builds use the hardware ``aie::tanh`` instead; these models are of the AIE2 builds.
Not verified on a device: the segment index is taken as floor(4 x), as the kernel source
describes it.
"""

from __future__ import annotations

import numpy as np

from iron_ir.sim.kernels._numerics import (
    BF16,
    BOOT_BF16_ROUNDING,
    expect_dtype,
    flat,
    need,
    operands,
    to_bf16,
)
from iron_ir.sim.kernels.registry import KernelModelError, builtin_model

_HALF = [
    (0.0, 1.0),
    (0.0028381347656250, 0.98828125),
    (0.0050964355468750, 0.98046875),
    (0.0075073242187500, 0.97265625),
    (0.0126953125, 0.95703125),
    (0.021240234375, 0.93359375),
    (0.035400390625, 0.8984375),
    (0.056396484375, 0.8515625),
    (0.091796875, 0.78125),
    (0.1455078125, 0.6875),
    (0.2294921875, 0.5625),
    (0.34765625, 0.416015625),
    (0.50390625, 0.259765625),
    (0.69140625, 0.11962890625),
    (0.8671875, 0.03076171875),
    (1.0, 0.0),
]
# Segments 16..31 cover [0, 4) (the list above from x = 4 down to 0, reversed); 0..15 mirror
# them with the offset negated.
_POSITIVE = _HALF[::-1]
_SEGMENTS = [(s, -o) for s, o in _HALF] + _POSITIVE
TANH_SLOPE = np.array([s for s, _ in _SEGMENTS], dtype=np.float32)
TANH_OFFSET = np.array([o for _, o in _SEGMENTS], dtype=np.float32)


def _round(values: np.ndarray) -> np.ndarray:
    """An fp32 vector result narrowed to bf16 and read back as fp32."""
    return to_bf16(np.asarray(values, dtype=np.float32), BOOT_BF16_ROUNDING).astype(np.float32)


def _const(value: float) -> np.float32:
    """A bf16 constant built from a float literal (C++'s bfloat16(float): nearest even)."""
    return np.float32(np.array(np.float32(value)).astype(BF16))


def lut_tanh_bf16(x: np.ndarray) -> np.ndarray:
    """``getTanhBf16`` on bf16 values held as fp32: the segment's slope * x + offset."""
    index = np.clip(np.floor(x * np.float32(4)).astype(np.int64) + 16, 0, 31)
    return _round(TANH_SLOPE[index] * x + TANH_OFFSET[index])


def gelu_vec(x: np.ndarray) -> np.ndarray:
    x3 = _round(x * _round(x * x))
    inner = _round(x + _round(x3 * _const(0.044715)))
    t = lut_tanh_bf16(_round(inner * _const(0.79788456)))
    return _round(x * _round(np.float32(0.5) * _round(t + np.float32(1))))


def sigmoid_vec(x: np.ndarray) -> np.ndarray:
    t = lut_tanh_bf16(_round(x * np.float32(0.5)))
    return _round(_round(t + np.float32(1)) * np.float32(0.5))


def silu_vec(x: np.ndarray) -> np.ndarray:
    return _round(x * sigmoid_vec(x))


def swiglu_vec(x: np.ndarray, w1: np.ndarray, w2: np.ndarray) -> np.ndarray:
    """swiglu.cc: ``(x w1) * silu(x w2)``, each product a bf16 vector."""
    gate = _round(x * w2)
    return _round(_round(x * w1) * _round(gate * sigmoid_vec(gate)))


def _unary(kernel: str, fn, lanes: int, fixed: int | None):
    def model(a_in, c_out, *size) -> None:
        if fixed is not None and size:
            raise KernelModelError(f"{kernel}: takes (input, output); the size is fixed at {fixed}")
        if fixed is None and len(size) != 1:
            raise KernelModelError(f"{kernel}: takes (input, output, size)")
        n = fixed if fixed is not None else int(size[0])
        if n % lanes:
            raise KernelModelError(f"{kernel}: size {n} is not a multiple of the {lanes}-lane vectors it steps")
        a, c = operands(kernel, BF16, (a_in, "input", n), (c_out, "output", n))
        c[:n] = fn(a[:n].astype(np.float32)).astype(BF16)

    model.__name__ = f"{kernel}_model"
    return model


_SRC = "aie_kernels/aie2/{}.cc with aie_runtime_lib/AIE2/lut_based_ops.h (LUT tanh)"
builtin_model("gelu_bf16", source=_SRC.format("gelu"))(_unary("gelu_bf16", gelu_vec, 16, 1024))
builtin_model("gelu_bf16_size", source=_SRC.format("gelu"))(_unary("gelu_bf16_size", gelu_vec, 16, None))
builtin_model("silu_bf16", source=_SRC.format("silu"))(_unary("silu_bf16", silu_vec, 16, 1024))
builtin_model("sigmoid_bf16", source=_SRC.format("sigmoid"))(_unary("sigmoid_bf16", sigmoid_vec, 32, None))
builtin_model("tanh_bf16", source=_SRC.format("tanh"))(_unary("tanh_bf16", lut_tanh_bf16, 32, None))
builtin_model("silu_bf16_size", source=_SRC.format("silu"))(_unary("silu_bf16_size", silu_vec, 16, None))


@builtin_model("swiglu_bf16", source=_SRC.format("swiglu"))
def swiglu_bf16(x_in, w1_in, w2_in, c_out) -> None:
    """``swiglu_bf16(input, weights_1, weights_2, output)`` over the fixed 1024 elements."""
    kernel = "swiglu_bf16"
    bufs = []
    for buf, what in ((x_in, "input"), (w1_in, "weights_1"), (w2_in, "weights_2"), (c_out, "output")):
        expect_dtype(buf, kernel, what, BF16)
        bufs.append(flat(buf, kernel, what))
        need(bufs[-1], 1024, kernel, what)
    x, w1, w2 = (b[:1024].astype(np.float32) for b in bufs[:3])
    bufs[3][:1024] = swiglu_vec(x, w1, w2).astype(BF16)


@builtin_model("leaky_relu_bf16", source="aie_kernels/aie2/leaky_relu.cc")
def leaky_relu_bf16(a_in, c_out, input_size, alpha) -> None:
    """``max(x, alpha x)`` with ``alpha x`` a bf16 vector product (16 lanes a step)."""
    kernel = "leaky_relu_bf16"
    n = int(input_size)
    if n % 16:
        raise KernelModelError(f"{kernel}: size {n} is not a multiple of the 16-lane vectors it steps")
    a, c = operands(kernel, BF16, (a_in, "input", n), (c_out, "output", n))
    x = a[:n].astype(np.float32)
    c[:n] = np.maximum(x, _round(x * _const(float(alpha)))).astype(BF16)
