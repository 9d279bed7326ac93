"""layer_norm (each column over its rows) and rms_norm (a row by its root mean square, with a
scalar tail) against numpy's float formulas, within bf16 rounding."""

import numpy as np
from ml_dtypes import bfloat16

from iron_ir.sim.kernels.registry import find_model


def test_layer_norm_normalises_columns():
    x = np.random.default_rng(0).normal(1, 2, (32, 8)).astype(bfloat16)
    out = np.zeros_like(x)
    find_model("layer_norm").fn(x, out, 32, 8)
    f = x.astype(np.float32)
    ref = (f - f.mean(axis=0)) / np.sqrt(f.var(axis=0) + 1e-5)
    np.testing.assert_allclose(out.astype(np.float32), ref, rtol=2e-2, atol=3e-2)


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
