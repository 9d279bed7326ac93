import struct

import ml_dtypes
import numpy as np
import pytest

from iron_ir.sim.kernels import KernelModelError, lookup_model
from iron_ir.sim.kernels.eltwise import eltwise_bf16_model

BF16 = ml_dtypes.bfloat16


def _c_int(value, bits, signed=True):
    """C conversion of a Python int to an integer type of ``bits`` bits."""
    value &= (1 << bits) - 1
    if signed and value >> (bits - 1):
        value -= 1 << bits
    return value


def test_vector_scalar_mul_reference_design_signature():
    # memref<1024xi16>, memref<1024xi16>, memref<1xi32>, i32 (scale.o)
    rng = np.random.default_rng(0)
    a = rng.integers(-32768, 32768, size=1024, dtype=np.int16)
    a[:4] = [32767, -32768, 1000, -3]
    c = np.zeros_like(a)
    factor = np.array([65539], dtype=np.int32)  # the int16 kernel sees (int16_t)65539 == 3
    lookup_model("vector_scalar_mul_vector")(a, c, factor, 1024)
    expected = [_c_int(int(x) * 3, 16) for x in a]
    assert c.tolist() == expected
    assert c[0] == _c_int(32767 * 3, 16) == 32765  # wraps, no saturation


def test_vector_scalar_mul_int32_variants():
    a = np.array([2**30, -(2**30), 7, -1] * 8, dtype=np.int32)
    factor = np.array([-5], dtype=np.int32)
    for name in ("vector_scalar_mul_vector", "vector_scalar_mul_int32_vector",
                 "vector_scalar_mul_int32_scalar", "vector_scalar_mul_aie"):
        c = np.zeros(48, dtype=np.int32)
        lookup_model(name)(a, c, factor, 32)
        assert c[:32].tolist() == [_c_int(int(x) * -5, 32) for x in a], name
        assert (c[32:] == 0).all()


def test_vector_scalar_mul_scalar_handles_any_n_vector_refuses():
    a = np.arange(-10, 10, dtype=np.int16)
    c = np.zeros_like(a)
    lookup_model("vector_scalar_mul_int16_scalar")(a, c, np.array([-2], np.int32), 20)
    assert c.tolist() == [x * -2 for x in range(-10, 10)]
    with pytest.raises(KernelModelError, match="multiple of the kernel's vector length 32"):
        lookup_model("vector_scalar_mul_int16_vector")(a, c, np.array([2], np.int32), 20)
    with pytest.raises(KernelModelError, match="past the end"):
        lookup_model("vector_scalar_mul_int16_scalar")(a, c, np.array([2], np.int32), 21)
    with pytest.raises(KernelModelError, match="element type"):
        lookup_model("vector_scalar_mul_int16_scalar")(a.astype(np.int32), c, np.array([2], np.int32), 20)


def test_scale_int32_constant_factor():
    a = np.arange(1024, dtype=np.int32) - 512
    c = np.zeros_like(a)
    lookup_model("scale_int32")(a, c)
    assert (c == a * 3).all()


def _bf16_bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0] >> 16


def _truncate_bf16(x: float) -> float:
    """fp32 value (Python float that is an fp32) with its low 16 bits dropped."""
    return struct.unpack("<f", struct.pack("<I", _bf16_bits(x) << 16))[0]


def _fp32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


def _rne_bf16(x: float) -> float:
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return struct.unpack("<f", struct.pack("<I", rounded << 16))[0]


@pytest.mark.parametrize("op", ["add", "mul"])
def test_eltwise_bf16_vector_truncates_scalar_rounds(op):
    rng = np.random.default_rng(3)
    a = rng.normal(size=1024).astype(np.float32).astype(BF16)
    b = rng.normal(size=1024).astype(np.float32).astype(BF16)
    pyop = (lambda x, y: x + y) if op == "add" else (lambda x, y: x * y)
    exact = [_fp32(pyop(float(x), float(y))) for x, y in zip(a, b)]
    c = np.zeros(1024, dtype=BF16)
    lookup_model(f"eltwise_{op}_bf16_vector")(a, b, c)
    assert [float(v) for v in c] == [_truncate_bf16(v) for v in exact]
    lookup_model(f"eltwise_{op}_bf16_scalar")(a, b, c)
    assert [float(v) for v in c] == [_rne_bf16(v) for v in exact]
    # The two roundings really differ on this data.
    assert any(_truncate_bf16(v) != _rne_bf16(v) for v in exact)


def test_eltwise_mul_add_bf16_selects_the_operation():
    a = np.full(1024, 1.5, dtype=BF16)
    b = np.full(1024, float(BF16(1.0 / 3.0)), dtype=BF16)
    c = np.zeros(1024, dtype=BF16)
    lookup_model("eltwise_mul_add_bf16_vector")(a, b, c, 1)
    assert float(c[0]) == _truncate_bf16(_fp32(1.5 * float(b[0])))
    lookup_model("eltwise_mul_add_bf16_scalar")(a, b, c, 0)
    assert float(c[0]) == _rne_bf16(_fp32(1.5 + float(b[0])))


def test_eltwise_bf16_vector_size_has_a_scalar_tail():
    a = np.full(40, 1.0, dtype=BF16)
    b = np.full(40, float(BF16(1.0 / 3.0)), dtype=BF16)
    c = np.zeros(40, dtype=BF16)
    lookup_model("eltwise_mul_bf16_vector_size")(a, b, c, 37)
    exact = _fp32(1.0 * float(BF16(1.0 / 3.0)))
    assert float(c[0]) == _truncate_bf16(exact)  # vector part
    assert float(c[36]) == _rne_bf16(exact)  # elements 32..36: scalar tail
    assert float(c[37]) == 0.0
    # With the core switched to conv_even, 1 + 3 * 2**-9 rounds up to the next bf16.
    add = eltwise_bf16_model("add", count=None, rounding="nearest_even")
    x = np.full(16, 1.0, dtype=BF16)
    y = np.full(16, 3 * 2.0**-9, dtype=BF16)
    z = np.zeros(16, dtype=BF16)
    add(x, y, z, 16)
    assert float(z[0]) == 1.0 + 2.0**-7


def test_eltwise_bf16_wrong_arguments():
    with pytest.raises(KernelModelError, match="past the end"):
        lookup_model("eltwise_add_bf16_vector")(*(np.zeros(512, BF16),) * 3)
    with pytest.raises(KernelModelError, match="takes no size argument"):
        lookup_model("eltwise_add_bf16_vector")(*(np.zeros(1024, BF16),) * 3, 1024)


def test_eltwise_add_i16_wraps():
    a = np.array([32767, -32768, 5, -5] * 4, dtype=np.int16)
    b = np.array([1, -1, 7, 9] * 4, dtype=np.int16)
    c = np.zeros_like(a)
    lookup_model("eltwise_add_i16_vector")(a, b, c)
    assert c.tolist() == [_c_int(int(x) + int(y), 16) for x, y in zip(a, b)]


def test_row_wise_bias_add():
    tile = np.arange(4 * 64, dtype=np.float32).reshape(4, 64) / 7
    bias = np.linspace(-1, 1, 64, dtype=np.float32)
    out = np.zeros_like(tile)
    lookup_model("row_wise_bias_add_f32_f32")(tile.reshape(-1), bias, out.reshape(-1))
    for i in range(4):
        for j in range(64):
            assert out[i, j] == np.float32(tile[i, j] + bias[j])
    with pytest.raises(KernelModelError, match="multiple of 32"):
        lookup_model("row_wise_bias_add_f32_f32")(tile.reshape(-1), bias[:48], out.reshape(-1))
