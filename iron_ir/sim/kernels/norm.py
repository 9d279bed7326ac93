"""Transformer-block kernels on bf16: ``layer_norm`` (aie_kernels/aie2/layer_norm.cc; the aie2p
kernel of the same name, one row, in :func:`_layer_norm_row`),
``rms_norm`` / ``rms_norm_eps`` (aie_kernels/aie2/rms_norm.cc) and ``rope`` /
``rope_two_halves`` (aie_kernels/generic/rope.cc).

``layer_norm(in, out, rows, cols)`` normalises every *column* of a ``rows x cols`` tile over its
rows (gamma 1, beta 0, epsilon 1e-5): Welford's running mean and variance in fp32, then bf16
vector steps (``x - mean``, times ``1/sqrt(var + eps)``; mean and the inverse as bf16 scalars,
rounded to nearest even as ``bfloat16(float)`` does; the vector results narrowed in the boot
rounding mode). ``rms_norm(in, out, cols)`` scales a row by ``1/sqrt(mean(x^2) + eps)``: the
squares summed in 32 fp32 lanes and reduced, the fp32 scale applied as a bf16 pair
``hi + lo`` (two exact products accumulated in fp32), the result rounded to nearest even (the
kernel sets ``conv_even``); a tail past the 32-lane vectors is scalar.

``aie::invsqrt``/``invsqrt`` are modelled as the exact fp32 ``1/sqrt``; the hardware's
approximation may differ in the last fp32 bits, which the bf16 outputs rarely show.
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

_EPS = np.float32(1e-5)


def _narrow(values: np.ndarray, rounding: str = BOOT_BF16_ROUNDING) -> np.ndarray:
    return to_bf16(np.asarray(values, dtype=np.float32), rounding).astype(np.float32)


def _bf16_scalar(value: np.float32) -> np.float32:
    return np.float32(np.array(value, dtype=np.float32).astype(BF16))


def _lane_tree_sum(lanes: np.ndarray) -> np.float32:
    while lanes.size > 1:
        half = lanes.size // 2
        lanes = (lanes[:half] + lanes[half:]).astype(np.float32)
    return np.float32(lanes[0])


@builtin_model(
    "layer_norm",
    source="aie_kernels/aie2/layer_norm.cc (rows, cols); aie_kernels/aie2p/layer_norm.cc (cols)",
)
def layer_norm(in_buf, out_buf, *sizes) -> None:
    """``layer_norm(in, out, rows, cols)`` (the aie2 kernel: every column over the rows) or
    ``layer_norm(in, out, cols)`` (the aie2p kernel: one row), as the call's arguments say."""
    if len(sizes) == 2:
        _layer_norm_columns(in_buf, out_buf, *sizes)
    elif len(sizes) == 1:
        _layer_norm_row(in_buf, out_buf, sizes[0])
    else:
        raise KernelModelError(
            f"layer_norm: called with {2 + len(sizes)} arguments; the kernel is "
            f"layer_norm(in, out, rows, cols) (aie2) or layer_norm(in, out, cols) (aie2p)"
        )


_ROW_LANES = 32  # the kernel's vector width N (layer_norm<bfloat16, 32>)


def _layer_norm_row(in_buf, out_buf, cols) -> None:
    """aie_kernels/aie2p/layer_norm.cc: one row of ``cols`` bf16 values normalised (gamma 1,
    beta 0, epsilon 1e-5). The sum and the sum of squares accumulate per lane of 32 in fp32
    (a bf16 square is exact in fp32), reduce as a lane tree, and give the mean and
    ``E[x^2] - mean^2`` in fp32; the mean and ``1/sqrt(var + eps)`` go to bf16, and the
    vector steps round to nearest even (the kernel sets ``conv_even``). Elements past the
    last whole 32-lane vector are not written, as the kernel's loop stops there."""
    kernel = "layer_norm"
    cols = int(cols)
    if cols <= 0:
        raise KernelModelError(f"{kernel}: cols={cols} must be positive")
    src, dst = operands(kernel, BF16, (in_buf, "input", cols), (out_buf, "output", cols))
    done = cols // _ROW_LANES * _ROW_LANES
    x = src[:done].astype(np.float32).reshape(-1, _ROW_LANES)
    # Lane by lane, vector after vector (a reduction over the slow axis is sequential; over
    # no vectors it is the lanes' zeros).
    lane_sums = np.add.reduce(x, axis=0, dtype=np.float32)
    lane_squares = np.add.reduce(x * x, axis=0, dtype=np.float32)
    count = np.float32(cols)
    mean = np.float32(_lane_tree_sum(lane_sums) / count)
    variance = np.float32(np.float32(_lane_tree_sum(lane_squares) / count) - np.float32(mean * mean))
    inv_std = np.float32(np.float32(1) / np.sqrt(np.float32(variance + _EPS)))
    mean_b, inv_b = _bf16_scalar(mean), _bf16_scalar(inv_std)
    norm = _narrow(_narrow(x - mean_b, "nearest_even") * inv_b, "nearest_even")
    dst[:done] = norm.reshape(-1).astype(BF16)


def _layer_norm_columns(in_buf, out_buf, rows, cols) -> None:
    kernel = "layer_norm"
    rows, cols = int(rows), int(cols)
    if rows <= 0 or cols <= 0 or rows % 16:
        raise KernelModelError(f"{kernel}: rows={rows} must be a positive multiple of the 16-lane vectors, cols={cols} positive")
    size = rows * cols
    src, dst = operands(kernel, BF16, (in_buf, "input", size), (out_buf, "output", size))
    x = src[: rows * cols].astype(np.float32).reshape(rows, cols)
    mean = np.zeros(cols, dtype=np.float32)
    m2 = np.zeros(cols, dtype=np.float32)
    for r in range(rows):  # Welford, in fp32 as the C++ loop runs it
        delta = (x[r] - mean).astype(np.float32)
        mean = (mean + delta / np.float32(r + 1)).astype(np.float32)
        m2 = (m2 + delta * (x[r] - mean)).astype(np.float32)
    variance = (m2 / np.float32(rows)).astype(np.float32) if rows > 1 else np.zeros(cols, np.float32)
    inv_std = (np.float32(1) / np.sqrt(variance + _EPS)).astype(np.float32)
    mean_b = np.array(mean).astype(BF16).astype(np.float32)
    inv_b = np.array(inv_std).astype(BF16).astype(np.float32)
    norm = _narrow(_narrow(x - mean_b) * inv_b)
    dst[: rows * cols] = norm.reshape(-1).astype(BF16)


def _rms_norm(kernel: str, in_buf, out_buf, cols, epsilon) -> None:
    n = int(cols)
    if n <= 0:
        raise KernelModelError(f"{kernel}: cols={n} must be positive")
    src, dst = operands(kernel, BF16, (in_buf, "input", n), (out_buf, "output", n))
    x = src[:n].astype(np.float32)
    chunks = n // 32
    lanes = np.zeros(32, dtype=np.float32)
    for v in x[: chunks * 32].reshape(-1, 32):
        lanes = (lanes + v * v).astype(np.float32)
    total = _lane_tree_sum(lanes)
    for value in x[chunks * 32 :]:
        total = np.float32(total + value * value)
    rms = np.float32(np.float32(total / np.float32(n)) + np.float32(epsilon))
    inv = np.float32(np.float32(1) / np.sqrt(rms))
    hi = _bf16_scalar(inv)
    lo = _bf16_scalar(np.float32(inv - hi))
    body = x[: chunks * 32]
    out = np.empty(n, dtype=np.float32)
    out[: chunks * 32] = (body * hi + body * lo).astype(np.float32)
    out[chunks * 32 :] = x[chunks * 32 :] * inv
    dst[:n] = to_bf16(out, "nearest_even")


@builtin_model("rms_norm", source="aie_kernels/aie2/rms_norm.cc")
def rms_norm(in_buf, out_buf, cols) -> None:
    _rms_norm("rms_norm", in_buf, out_buf, cols, _EPS)


@builtin_model("rms_norm_eps", source="aie_kernels/aie2/rms_norm.cc")
def rms_norm_eps(in_buf, out_buf, cols, epsilon) -> None:
    _rms_norm("rms_norm_eps", in_buf, out_buf, cols, epsilon)


def _rope_rows(kernel: str, in_buf, lut_buf, out_buf, dims) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    n = int(dims)
    if n <= 0 or n % 16:
        raise KernelModelError(f"{kernel}: dims={n} must be a positive multiple of 16")
    for buf, what in ((in_buf, "input"), (lut_buf, "lut"), (out_buf, "output")):
        expect_dtype(buf, kernel, what, BF16)
    x, lut, out = flat(in_buf, kernel, "input"), flat(lut_buf, kernel, "lut"), flat(out_buf, kernel, "output")
    for buf, what in ((x, "input"), (lut, "lut"), (out, "output")):
        need(buf, n, kernel, what)
    return x[:n].astype(np.float32), lut[:n].astype(np.float32), out, n


@builtin_model("rope", source="aie_kernels/generic/rope.cc")
def rope(in_buf, lut_buf, out_buf, dims) -> None:
    """Interleaved RoPE: pairs (x[2i], x[2i+1]) rotated by (cos, sin) = (lut[2i], lut[2i+1]);
    the products are exact in fp32, each output one fp32 sum narrowed once."""
    x, lut, out, n = _rope_rows("rope", in_buf, lut_buf, out_buf, dims)
    even, odd, cos, sin = x[0::2], x[1::2], lut[0::2], lut[1::2]
    result = np.empty(n, dtype=np.float32)
    result[0::2] = (even * cos - odd * sin).astype(np.float32)
    result[1::2] = (even * sin + odd * cos).astype(np.float32)
    out[:n] = to_bf16(result, BOOT_BF16_ROUNDING)


@builtin_model("rope_two_halves", source="aie_kernels/generic/rope.cc")
def rope_two_halves(in_buf, lut_buf, out_buf, dims) -> None:
    """Two-halves RoPE: ``(x1 cos - x2 sin, x2 cos + x1 sin)`` for the row's halves, (cos, sin)
    interleaved in the lut's first ``dims`` elements."""
    x, lut, out, n = _rope_rows("rope_two_halves", in_buf, lut_buf, out_buf, dims)
    half = n // 2
    x1, x2, cos, sin = x[:half], x[half:], lut[0:n:2], lut[1:n:2]
    result = np.concatenate([(x1 * cos - x2 * sin), (x2 * cos + x1 * sin)]).astype(np.float32)
    out[:n] = to_bf16(result, BOOT_BF16_ROUNDING)
