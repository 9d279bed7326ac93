import struct

import ml_dtypes
import numpy as np
import pytest

from iron_ir.sim import kernels
from iron_ir.sim.kernels import KernelModelError, lookup_model, registered_models
from iron_ir.sim.kernels.matmul import matmul_model, register_matmul_models

BF16 = ml_dtypes.bfloat16


def _wrap(value, bits):
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def _tiled_index(i, k, rows, cols, tr, tc):
    """mm.cc pointer arithmetic: tr x tc blocks, row-major blocks, row-major inside."""
    return ((i // tr) * (cols // tc) + k // tc) * tr * tc + (i % tr) * tc + k % tc


def _col_major_index(i, k, rows, cols, tr, tc):
    """B_COL_MAJ / C_COL_MAJ: blocks column by column, each stored transposed."""
    return ((k // tc) * (rows // tr) + i // tr) * tr * tc + (k % tc) * tr + i % tr


def _store(matrix, tr, tc, index=_tiled_index):
    rows, cols = matrix.shape
    flat = np.zeros(rows * cols, dtype=matrix.dtype)
    for i in range(rows):
        for k in range(cols):
            flat[index(i, k, rows, cols, tr, tc)] = matrix[i, k]
    return flat


def _load(flat, rows, cols, tr, tc, index=_tiled_index):
    return np.array(
        [[flat[index(i, k, rows, cols, tr, tc)] for k in range(cols)] for i in range(rows)]
    )


@pytest.mark.parametrize(
    "name, in_dt, out_dt, bits, tiles, dims",
    [
        ("matmul_i16_i16", np.int16, np.int16, 16, (4, 4, 4), (8, 8, 12)),
        ("matmul_i16_i32", np.int16, np.int32, 32, (4, 4, 4), (8, 8, 8)),
        ("matmul_i8_i8", np.int8, np.int8, 8, (4, 8, 8), (8, 16, 16)),
    ],
)
def test_integer_matmul_wraps_and_uses_the_tiled_layout(name, in_dt, out_dt, bits, tiles, dims):
    r, s, t = tiles
    m, k, n = dims
    rng = np.random.default_rng(11)
    info = np.iinfo(in_dt)
    A = rng.integers(info.min, info.max + 1, size=(m, k), dtype=in_dt)
    B = rng.integers(info.min, info.max + 1, size=(k, n), dtype=in_dt)
    C = rng.integers(np.iinfo(out_dt).min, np.iinfo(out_dt).max + 1, size=(m, n), dtype=out_dt)
    a, b, c = _store(A, r, s), _store(B, s, t), _store(C, r, t)
    lookup_model(name)(a.reshape(m, k), b.reshape(k, n), c.reshape(m, n))
    expected = [
        [_wrap(int(C[i, j]) + sum(int(A[i, x]) * int(B[x, j]) for x in range(k)), bits) for j in range(n)]
        for i in range(m)
    ]
    assert _load(c, m, n, r, t).tolist() == expected


def test_scalar_matmul_is_row_major():
    A = np.arange(-8, 8, dtype=np.int16).reshape(4, 4) * 1000
    B = np.arange(16, dtype=np.int16).reshape(4, 4) - 3
    C = np.ones((4, 4), dtype=np.int16)
    lookup_model("matmul_scalar_i16_i16")(A, B, C)
    expected = [[_wrap(1 + sum(int(A[i, x]) * int(B[x, j]) for x in range(4)), 16) for j in range(4)] for i in range(4)]
    assert C.tolist() == expected


def test_col_major_builds():
    r, s, t = 4, 4, 4
    m = k = n = 8
    rng = np.random.default_rng(5)
    A = rng.integers(-50, 50, size=(m, k)).astype(np.int16)
    B = rng.integers(-50, 50, size=(k, n)).astype(np.int16)
    a = _store(A, r, s)
    b = _store(B, s, t, _col_major_index)
    c = np.zeros(m * n, dtype=np.int32)
    matmul_model("i16", "i32", (r, s, t), b_col_major=True, c_col_major=True)(a, b, c)
    assert (_load(c, m, n, r, t, _col_major_index) == A.astype(np.int64) @ B).all()


def test_bf16_f32_vector_close_to_exact():
    r, s, t = 4, 8, 4
    m, k, n = 8, 32, 8
    rng = np.random.default_rng(2)
    A = rng.normal(size=(m, k)).astype(np.float32).astype(BF16)
    B = rng.normal(size=(k, n)).astype(np.float32).astype(BF16)
    C = rng.normal(size=(m, n)).astype(np.float32)
    c = _store(C, r, t)
    lookup_model("matmul_bf16_f32")(_store(A, r, s), _store(B, s, t), c)
    exact = C.astype(np.float64) + A.astype(np.float64) @ B.astype(np.float64)
    assert np.allclose(_load(c, m, n, r, t), exact, rtol=1e-6, atol=1e-5)


def _truncate(x):
    bits = struct.unpack("<I", struct.pack("<f", x))[0] & 0xFFFF0000
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def _rne(x):
    return float(np.float32(x).astype(BF16))


def test_bf16_bf16_vector_truncates_the_fp32_sum():
    # Small integers: every partial sum is exact, so only the final rounding shows.
    r, s, t = 4, 8, 4
    m, k, n = 8, 16, 8
    rng = np.random.default_rng(9)
    A = rng.integers(-3, 4, size=(m, k)).astype(np.float32).astype(BF16)
    B = rng.integers(-3, 4, size=(k, n)).astype(np.float32).astype(BF16)
    C = np.full((m, n), 257.0, dtype=np.float32).astype(BF16)  # 257 -> 256 in bf16
    c = _store(C, r, t)
    lookup_model("matmul_bf16_bf16")(_store(A, r, s), _store(B, s, t), c)
    exact = C.astype(np.float64) + A.astype(np.float64) @ B.astype(np.float64)
    got = _load(c, m, n, r, t).astype(np.float64)
    assert got.tolist() == [[_truncate(float(v)) for v in row] for row in exact]


def test_bf16_scalar_rounds_every_step():
    A = np.array([[1.0, 2.0**-8, 2.0**-8]], dtype=BF16)  # 1 x 3
    B = np.ones((3, 1), dtype=BF16)
    C = np.zeros((1, 1), dtype=BF16)
    lookup_model("matmul_scalar_bf16_bf16")(A, B, C)
    # running = bf16(0 + 1) = 1; bf16(1 + 2**-8) = 1 (tie to even); again 1.
    expected = _rne(_rne(_rne(0 + 1.0) + 2.0**-8) + 2.0**-8)
    assert float(C[0, 0]) == expected == 1.0
    C32 = np.zeros((1, 1), dtype=np.float32)
    lookup_model("matmul_scalar_bf16_f32")(A, B, C32)
    assert C32[0, 0] == np.float32(1 + 2.0**-7)


def test_matmul_errors():
    with pytest.raises(KernelModelError, match="M\\*K, K\\*N, M\\*N"):
        lookup_model("matmul_i16_i16")(np.zeros(64, np.int16), np.zeros(48, np.int16), np.zeros(64, np.int16))
    with pytest.raises(KernelModelError, match="multiples of the mmul shape"):
        lookup_model("matmul_i16_i16")(np.zeros((6, 4), np.int16), np.zeros((4, 4), np.int16), np.zeros((6, 4), np.int16))
    with pytest.raises(KernelModelError, match="element type"):
        lookup_model("matmul_i16_i16")(np.zeros((8, 8), np.int8), np.zeros((8, 8), np.int16), np.zeros((8, 8), np.int16))


@pytest.fixture
def restore_registry():
    saved = dict(kernels.registry._REGISTRY)
    yield
    kernels.registry._REGISTRY.clear()
    kernels.registry._REGISTRY.update(saved)


def test_register_matmul_models_for_aie2p(restore_registry):
    register_matmul_models("aie2p")
    assert "aie2p" in registered_models()["matmul_i16_i16"].source
    r, s, t = 4, 4, 8
    A = np.arange(64, dtype=np.int16).reshape(8, 8) % 7
    B = np.arange(64, dtype=np.int16).reshape(8, 8) % 5
    c = np.zeros(64, dtype=np.int16)
    lookup_model("matmul_i16_i16")(_store(A, r, s), _store(B, s, t), c)
    assert (_load(c, 8, 8, r, t) == A.astype(np.int64) @ B).all()
    with pytest.raises(ValueError):
        register_matmul_models("aie9")


def test_zero_kernels():
    from ml_dtypes import bfloat16

    for name, dt in (
        ("zero_i16", np.int16),
        ("zero_f32", np.float32),
        ("zero_vectorized_i32", np.int32),
        ("zero_bf16", bfloat16),
        ("zero_i8", np.int8),
    ):
        buf = np.full((4, 8), -3, dtype=dt)
        lookup_model(name)(buf)
        assert (buf == 0).all() and not buf.view(np.uint8).any()  # +0, not -0


def _matvec_cpp(a, b, c, m, k, r=16):
    """mv.cc matvec_vectorized: pointer walk with filter_even/filter_odd."""
    c = c.astype(np.int64).copy()
    a_ptr = 0
    for col in range(0, k, 8):
        b_vec = b[col : col + 8].astype(np.int64)
        for row in range(0, m, r):
            vecs = [a[a_ptr + q * 2 * m : a_ptr + q * 2 * m + 2 * r].astype(np.int64) for q in range(4)]
            columns = [v[p::2] for v in vecs for p in (0, 1)]
            c[row : row + r] += sum(b_vec[x] * columns[x] for x in range(8))
            a_ptr += 2 * r
        a_ptr += 6 * m
    return [_wrap(int(v), 32) for v in c]


def test_matvec_vectorized_word_transposed_layout():
    m, k = 32, 16
    rng = np.random.default_rng(4)
    a = rng.integers(-32768, 32768, size=m * k, dtype=np.int16)
    b = rng.integers(-32768, 32768, size=k, dtype=np.int16)
    c = rng.integers(-(2**31), 2**31, size=m, dtype=np.int32)
    expected = _matvec_cpp(a, b, c, m, k)
    lookup_model("matvec_vectorized_i16_i32")(a, b, c)
    assert c.tolist() == expected


def test_matvec_scalar_row_major():
    A = np.arange(12, dtype=np.int16).reshape(3, 4)
    b = np.array([1, -1, 2, 0], dtype=np.int16)
    c = np.array([10, 20, 30], dtype=np.int32)
    lookup_model("matvec_scalar_i16_i32")(A, b, c)
    assert c.tolist() == [10 + 0 - 1 + 4, 20 + 4 - 5 + 12, 30 + 8 - 9 + 20]


@pytest.mark.parametrize("b_col, c_col", [(False, False), (True, False), (False, True), (True, True)])
@pytest.mark.parametrize("out", ["bf16", "f32"])
def test_bf16_vector_accumulates_blocks_in_k_order(b_col, c_col, out):
    # The documented numerics, element by element: each s-deep block of exact products rounded
    # to fp32, the blocks added to the fp32 accumulator in K order, C rounded by truncation.
    r, s, t = 4, 8, 4
    m, k, n = 8, 32, 8
    rng = np.random.default_rng(11)
    scale = np.exp2(rng.integers(-12, 12, size=(m, k)))
    A = (rng.normal(size=(m, k)) * scale).astype(np.float32).astype(BF16)
    B = rng.normal(size=(k, n)).astype(np.float32).astype(BF16)
    C = rng.normal(size=(m, n)).astype(np.float32)
    C = C.astype(BF16) if out == "bf16" else C
    b_index = _col_major_index if b_col else _tiled_index
    c_index = _col_major_index if c_col else _tiled_index
    c = _store(C, r, t, c_index)
    matmul_model("bf16", out, (r, s, t), b_col_major=b_col, c_col_major=c_col)(
        _store(A, r, s), _store(B, s, t, b_index), c
    )
    got = _load(c, m, n, r, t, c_index)
    for i in range(m):
        for j in range(n):
            acc = np.float32(C[i, j])
            for blk in range(0, k, s):
                exact = sum(float(A[i, q]) * float(B[q, j]) for q in range(blk, blk + s))
                acc = np.float32(acc + np.float32(exact))
            want = _truncate(float(acc)) if out == "bf16" else acc
            assert float(got[i, j]) == float(want), (i, j)
