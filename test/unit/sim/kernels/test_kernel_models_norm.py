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
