"""layer_norm (each column over its rows) and rms_norm (a row by its root mean square, with a
scalar tail) against numpy's float formulas, within bf16 rounding."""

import numpy as np
import pytest
from ml_dtypes import bfloat16

from iron_ir.sim.kernels.registry import find_model


def test_layer_norm_normalises_columns():
    x = np.random.default_rng(0).normal(1, 2, (32, 8)).astype(bfloat16)
    out = np.zeros_like(x)
    find_model("layer_norm").fn(x, out, 32, 8)
    f = x.astype(np.float32)
    ref = (f - f.mean(axis=0)) / np.sqrt(f.var(axis=0) + 1e-5)
    np.testing.assert_allclose(out.astype(np.float32), ref, rtol=2e-2, atol=3e-2)


def _row_layer_norm_oracle(x: np.ndarray, cols: int) -> np.ndarray:
    """aie2p layer_norm.cc step by step in fp32 scalars: 32 lane accumulators, a lane tree,
    E[x^2] - mean^2, bf16 scalars, each vector step rounded to nearest even."""
    f32 = np.float32
    lanes, squares = [f32(0)] * 32, [f32(0)] * 32
    done = cols // 32 * 32
    for i in range(done):
        v = f32(x[i])
        lanes[i % 32] = f32(lanes[i % 32] + v)
        squares[i % 32] = f32(squares[i % 32] + f32(v * v))

    def tree(values):
        while len(values) > 1:
            half = len(values) // 2
            values = [f32(a + b) for a, b in zip(values[:half], values[half:])]
        return values[0]

    mean = f32(tree(lanes) / f32(cols))
    var = f32(f32(tree(squares) / f32(cols)) - f32(mean * mean))
    inv = f32(f32(1) / np.sqrt(f32(var + f32(1e-5))))
    mean_b, inv_b = f32(bfloat16(mean)), f32(bfloat16(inv))
    out = np.zeros(cols, dtype=bfloat16)
    for i in range(done):
        diff = bfloat16(f32(f32(x[i]) - mean_b))
        out[i] = bfloat16(f32(f32(diff) * inv_b))
    return out


@pytest.mark.parametrize("cols", [64, 96, 100])
def test_layer_norm_of_one_row_is_the_aie2p_kernel(cols):
    """Three arguments: the aie2p kernel, one row; a tail past the 32-lane vectors stays."""
    x = np.random.default_rng(cols).normal(3, 2, cols).astype(bfloat16)
    out = np.full(cols, 7, dtype=bfloat16)
    find_model("layer_norm").fn(x, out, cols)
    want = _row_layer_norm_oracle(x, cols)
    done = cols // 32 * 32
    np.testing.assert_array_equal(out[:done].view(np.uint16), want[:done].view(np.uint16))
    assert (out[done:] == 7).all()
    # Within bf16 rounding of the float formula (the sums cover the whole vectors only, the
    # divisor is cols, as in the kernel).
    f = x[:done].astype(np.float64)
    mean = f.sum() / cols
    ref = (f - mean) / np.sqrt((f**2).sum() / cols - mean**2 + 1e-5)
    np.testing.assert_allclose(out[:done].astype(np.float32), ref, rtol=2e-2, atol=3e-2)


def test_layer_norm_with_another_argument_count_names_both_kernels():
    from iron_ir.sim.kernels.registry import KernelModelError

    x = np.zeros(64, dtype=bfloat16)
    with pytest.raises(KernelModelError, match=r"layer_norm\(in, out, rows, cols\) \(aie2\) or "):
        find_model("layer_norm").fn(x, x.copy())


def test_rms_norm_with_a_scalar_tail_and_epsilon():
    x = np.random.default_rng(1).normal(0, 3, 100).astype(bfloat16)  # 3 vectors of 32 + 4
    f = x.astype(np.float32)
    for name, args, eps in (("rms_norm", (), 1e-5), ("rms_norm_eps", (0.5,), 0.5)):
        out = np.zeros_like(x)
        find_model(name).fn(x, out, 100, *args)
        ref = f / np.sqrt((f**2).mean() + eps)
        np.testing.assert_allclose(out.astype(np.float32), ref, rtol=8e-3, atol=1e-6)


def test_rope_interleaved_and_two_halves():
    rng = np.random.default_rng(2)
    x = rng.uniform(-2, 2, 64).astype(bfloat16)
    angle = rng.uniform(0, np.pi, 32)
    lut = np.empty(64, dtype=np.float32)
    lut[0::2], lut[1::2] = np.cos(angle), np.sin(angle)
    lut = lut.astype(bfloat16)
    f, c, s = x.astype(np.float32), lut[0::2].astype(np.float32), lut[1::2].astype(np.float32)
    out = np.zeros_like(x)
    find_model("rope").fn(x, lut, out, 64)
    want = np.empty(64, np.float32)
    want[0::2], want[1::2] = f[0::2] * c - f[1::2] * s, f[0::2] * s + f[1::2] * c
    np.testing.assert_allclose(out.astype(np.float32), want, rtol=8e-3, atol=1e-2)
    find_model("rope_two_halves").fn(x, lut, out, 64)
    a, b = f[:32], f[32:]
    want = np.concatenate([a * c - b * s, b * c + a * s])
    np.testing.assert_allclose(out.astype(np.float32), want, rtol=8e-3, atol=1e-2)
