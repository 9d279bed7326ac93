import math

import ml_dtypes
import numpy as np
import pytest

from iron_ir.sim.kernels import KernelModelError, lookup_model
from iron_ir.sim.kernels.activations import EXP_FRACTION_LUT, EXP_INTEGER_LUT, lut_exp_bf16

BF16 = ml_dtypes.bfloat16


def _wrap32(value):
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >> 31 else value


def test_reduce_add_wraps_like_int32():
    a = np.array([2**31 - 1, 1, 5, -7] * 8, dtype=np.int32)
    out = np.zeros(1, dtype=np.int32)
    for name in ("reduce_add_vector", "reduce_add_scalar"):
        lookup_model(name)(a, out, 32)
        assert out[0] == _wrap32(sum(int(x) for x in a)), name


def test_reduce_vector_reads_whole_vectors():
    a = np.zeros(32, dtype=np.int32)
    a[:20] = 1
    a[20] = 1000  # past input_size but inside the second 16-element vector
    out = np.zeros(1, dtype=np.int32)
    lookup_model("reduce_add_scalar")(a, out, 20)
    assert out[0] == 20
    lookup_model("reduce_add_vector")(a, out, 20)
    assert out[0] == 1020
    lookup_model("reduce_max_vector")(a, out, 20)
    assert out[0] == 1000
    with pytest.raises(KernelModelError, match="past the end"):
        lookup_model("reduce_add_vector")(a[:20], out, 20)


def test_reduce_min_max_int32_edges():
    a = np.array([3, -2**31, 2**31 - 1, 0] * 4, dtype=np.int32)
    out = np.zeros(1, dtype=np.int32)
    for name, expected in (("reduce_min_vector", -2**31), ("reduce_min_scalar", -2**31),
                           ("reduce_max_vector", 2**31 - 1), ("reduce_max_scalar", 2**31 - 1)):
        lookup_model(name)(a, out, 16)
        assert out[0] == expected, name
    lookup_model("reduce_min_scalar")(a, out, 0)
    assert out[0] == 2**31 - 1  # the seed INT32_MAX


def test_reduce_max_bf16_and_compute_max():
    a = np.array([-3.5, -1e30, 2.25, -0.0] * 8, dtype=BF16)
    out = np.zeros(1, dtype=BF16)
    for name in ("reduce_max_vector_bfloat16", "reduce_max_scalar_bfloat16"):
        lookup_model(name)(a, out, 32)
        assert float(out[0]) == 2.25
    lookup_model("reduce_max_scalar_bfloat16")(np.full(4, -np.inf, dtype=BF16), out, 4)
    assert float(out[0]) == -float(ml_dtypes.finfo(BF16).max)  # the seed `lowest`
    x, y, z = (np.array([v], dtype=np.int32) for v in (-4, 9, 0))
    lookup_model("compute_max")(x, y, z)
    assert z[0] == 9


def test_bf16_relu():
    a = np.linspace(-4, 4, 1024).astype(BF16)
    c = np.full(1024, 99, dtype=BF16)
    lookup_model("bf16_relu")(a, c)
    assert all(float(y) == max(float(x), 0.0) for x, y in zip(a, c))


def _bf16_bits(values):
    return np.asarray(values, dtype=np.float32).astype(BF16).view(np.uint16)


def test_exp_tables_match_lut_based_ops():
    # Spot values of exp_ilut_ab / exp_flut_ab in aie_runtime_lib/AIE2/lut_based_ops.cpp.
    integer = _bf16_bits(EXP_INTEGER_LUT)
    fraction = _bf16_bits(EXP_FRACTION_LUT)
    assert integer[[0, 1, 2, 7, 88, 89, 127]].tolist() == [16256, 16430, 16620, 17545, 32505, 32505, 32505]
    assert integer[[128, 160, 164, 165, 168, 255]].tolist() == [0, 0, 1, 3, 66, 16060]
    assert fraction[[0, 1, 8, 127, 128, 255]].tolist() == [16256, 16257, 16260, 16338, 16339, 16429]


def test_lut_exp_is_close_to_exp():
    x = np.linspace(-20, 20, 4001).astype(BF16)
    got = lut_exp_bf16(x).astype(np.float64)
    want = np.exp(x.astype(np.float64))
    assert np.all(np.abs(got - want) <= want * 2.0**-6)
    # exp(1): 2.71875 * 1.0 truncated stays 2.71875
    assert float(lut_exp_bf16(np.array([1.0], dtype=BF16))[0]) == 2.71875


def test_exp_bf16_1024_kernel():
    x = np.linspace(-10, 10, 1024).astype(BF16)
    out = np.zeros(1024, dtype=BF16)
    lookup_model("exp_bf16_1024")(x, out)
    for v, e in zip(x[::37], out[::37]):
        fixed = math.floor(float(v) * 256) & 0xFFFF
        product = np.float32(EXP_INTEGER_LUT[fixed >> 8] * EXP_FRACTION_LUT[fixed & 0xFF])
        truncated = (np.array([product]).view(np.uint32) & 0xFFFF0000).view(np.float32)[0]
        assert float(e) == float(truncated)


def test_softmax_bf16_matches_the_kernel_steps():
    rng = np.random.default_rng(7)
    x = rng.normal(scale=2.0, size=64).astype(np.float32).astype(BF16)
    out = np.zeros(64, dtype=BF16)
    lookup_model("softmax_bf16")(x, out, 64)
    # Independent walk through softmax.cc: exp per element through the tables
    # (int part / fraction in 8.8 fixed point), lane-wise fp32 sums, tree reduce,
    # bf16 reciprocal, products truncated to bf16.
    def trunc16(f):
        return float(np.array([f], dtype=np.float32).view(np.uint32).__and__(0xFFFF0000).view(np.float32)[0])
    exps = []
    for v in x:
        fixed = math.floor(float(v) * 256) & 0xFFFF
        exps.append(trunc16(float(EXP_INTEGER_LUT[fixed >> 8]) * float(EXP_FRACTION_LUT[fixed & 0xFF])))
    lanes = [np.float32(0)] * 16
    for i, e in enumerate(exps):
        lanes[i % 16] = np.float32(lanes[i % 16] + np.float32(e))
    while len(lanes) > 1:
        half = len(lanes) // 2
        lanes = [np.float32(lanes[i] + lanes[i + half]) for i in range(half)]
    inv = float(np.float32(np.float32(1) / lanes[0]).astype(BF16))
    expected = [trunc16(np.float32(e * inv)) for e in exps]
    assert [float(v) for v in out] == expected
    probs = np.exp(x.astype(np.float64)) / np.exp(x.astype(np.float64)).sum()
    assert np.allclose(out.astype(np.float64), probs, rtol=2**-5, atol=1e-4)


def test_softmax_requires_whole_vectors():
    with pytest.raises(KernelModelError, match="multiple of 16"):
        lookup_model("softmax_bf16")(np.zeros(40, BF16), np.zeros(40, BF16), 40)
