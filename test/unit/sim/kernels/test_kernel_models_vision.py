import math

import numpy as np
import pytest

from iron_ir.sim.kernels import KernelModelError, lookup_model
from iron_ir.sim.kernels.vision import hue_divisor_lut


def _rgba(pixels, seed):
    rng = np.random.default_rng(seed)
    data = rng.integers(0, 256, size=(pixels, 4), dtype=np.uint8)
    data[:4, :3] = [[255, 255, 255], [0, 0, 0], [200, 10, 100], [7, 200, 200]]
    return data


def test_rgba2gray_line_q15_weights_and_whole_groups():
    data = _rgba(80, 0)
    out = np.full(80, 77, dtype=np.uint8)
    lookup_model("rgba2grayLine")(data.reshape(-1), out, 70)
    weights = [math.floor(w * 32768 + 0.5) for w in (0.299, 0.587, 0.114)]
    expected = [((16384 + sum(wt * int(c) for wt, c in zip(weights, px[:3]))) >> 15) & 0xFF for px in data[:64]]
    assert out[:64].tolist() == expected
    assert (out[64:] == 77).all()  # 70 pixels: only two whole groups of 32 are written
    assert out[0] == 255 and out[1] == 0


def test_gray2rgba():
    y = np.arange(48, dtype=np.uint8) * 5
    out = np.zeros(4 * 48, dtype=np.uint8)
    lookup_model("gray2rgbaLine")(y, out, 40)  # 32 + one 16-pixel step = 48 pixels
    assert out.reshape(48, 4).tolist() == [[v, v, v, 255] for v in y.tolist()]
    with pytest.raises(KernelModelError, match="multiple of 16"):
        lookup_model("gray2rgbaTile")(y, out, 2, 20)


def test_hue_table_matches_lut_inv_8b():
    table = hue_divisor_lut()
    assert table[:8].tolist() == [43520, 43520, 21760, 14506, 10880, 8704, 7253, 6217]
    assert table[96:104].tolist() == [453, 448, 444, 439, 435, 430, 426, 422]
    assert table[248:256].tolist() == [175, 174, 174, 173, 172, 172, 171, 170]


def test_rgba2hue_line_vector_arithmetic():
    data = _rgba(64, 1)
    table = [43520] + [43520 // d for d in range(1, 256)]
    out = np.zeros(64, dtype=np.uint8)
    lookup_model("rgba2hueLine")(data.reshape(-1), out, 64)
    expected = []
    for r, g, b, _ in data.astype(int).tolist():
        high, low = max(r, g, b), min(r, g, b)
        inv = table[high - low]
        hr = ((1 << 9) + (g - b) * inv) >> 10 & 0xFF
        hg = ((171 << 9) + (b - r) * inv) >> 10 & 0xFF
        hb = ((341 << 9) + (r - g) * inv) >> 10 & 0xFF
        hue = hg if high == g else (hr if high == r else hb)
        expected.append(0 if high == low else hue)
    assert out.tolist() == expected
    assert out[2] == 236  # r=200, g=10, b=100: a negative hue wraps round the circle
    assert out[3] == (171 * 512 + (200 - 7) * (43520 // 193)) >> 10  # g and b tie for max: g wins


def test_rgba2hue_tile_scalar_path():
    data = _rgba(16, 2)
    out = np.zeros(16, dtype=np.uint8)
    lookup_model("rgba2hueTile")(data.reshape(-1), out, 2, 8)
    expected = []
    for r, g, b, _ in data.astype(int).tolist():
        high, low = max(r, g, b), min(r, g, b)
        trunc = lambda n, d: int(n / d)  # C division
        if high == 0 or high == low:
            h = 0
        elif high == r:
            h = trunc(85 * (g - b), high - low)
        elif high == g:
            h = 170 + trunc(85 * (b - r), high - low)
        else:
            h = 340 + trunc(85 * (r - g), high - low)
        expected.append(((h + 1) >> 1) & 0xFF)
    assert out.tolist() == expected


@pytest.mark.parametrize("dtype, lanes", [(np.uint8, 64), (np.int16, 32)])
def test_threshold_modes(dtype, lanes):
    info = np.iinfo(dtype)
    src = np.linspace(info.min, info.max, 2 * lanes).astype(dtype)
    thresh = 100 if dtype == np.uint8 else -5
    top = 200 if dtype == np.uint8 else 1234
    ref = {
        0: lambda v: top if v > thresh else 0,
        1: lambda v: 0 if v > thresh else top,
        2: lambda v: min(v, thresh),
        3: lambda v: v if v > thresh else 0,
        4: lambda v: 0 if v > thresh else v,
        9: lambda v: min(v, thresh),  # unknown types fall back to TRUNC
    }
    for mode, fn in ref.items():
        out = np.zeros_like(src)
        lookup_model("thresholdLine")(src, out, lanes + 1, thresh, top, mode)  # rounds up to 2 vectors
        assert out.tolist() == [fn(int(v)) for v in src], mode


def test_threshold_scalars_narrow_like_c():
    src = np.arange(64, dtype=np.uint8) * 4
    out = np.zeros_like(src)
    # uint8_t parameters: 300 -> 44, 511 -> 255, 256 + 3 -> TOZERO
    lookup_model("thresholdTile")(src, out, 1, 64, 300, 511, 259)
    assert out.tolist() == [int(v) if v > 44 else 0 for v in src]


def _filter2d_cpp(lines, width, coeffs):
    """filter2d.cc vector algorithm: 64-lane buffers, shuffles, 3-tap sliding sums."""
    k = [[int(c) >> 8 for c in coeffs[r * 3 : r * 3 + 3]] for r in range(3)]
    out = []
    ptr = [0, 0, 0]
    prev = [[0] * 64 for _ in range(3)]
    data = [None] * 3

    def window(r, d):
        return [sum(k[r][p] * d[lane + p] for p in range(3)) for lane in range(32)]

    def emit():
        acc = [sum(vals) for vals in zip(*(window(r, data[r]) for r in range(3)))]
        out.extend(max(0, min(255, a >> 4)) for a in acc)

    for r in range(3):
        d = list(lines[r][0:32]) + list(lines[r][32:64])
        ptr[r] = 32
        prev[r][32:] = d[:32]
        data[r] = [d[0]] + d[:63]  # shuffle_up_replicate by 1
    emit()
    i = 64
    while i < width - 1:
        for r in range(3):
            d = list(lines[r][ptr[r] : ptr[r] + 32]) + list(lines[r][ptr[r] + 32 : ptr[r] + 64])
            ptr[r] += 32
            carry = d[:32]
            data[r] = [prev[r][63]] + d[:63]  # shuffle_up_fill from prev
            prev[r][32:] = carry
        emit()
        i += 32
    for r in range(3):
        upper = list(lines[r][ptr[r] : ptr[r] + 32])
        d = upper + [upper[-1]] * 32  # insert(1, ...) then shuffle_down_replicate by 32
        data[r] = [prev[r][63]] + d[:63]
    emit()
    return out


@pytest.mark.parametrize("width", [64, 96, 100, 160])
def test_filter2d_line_matches_the_vector_algorithm(width):
    rng = np.random.default_rng(width)
    lines = [rng.integers(0, 256, size=192, dtype=np.uint8) for _ in range(3)]
    coeffs = np.array([-1, -2, -1, 0, 4, 0, 1, 2, 1], dtype=np.int16) * 4096 + 37
    coeffs[4] = 32767
    expected = _filter2d_cpp([line.tolist() for line in lines], width, coeffs.tolist())
    out = np.zeros(192, dtype=np.uint8)
    lookup_model("filter2dLine")(*lines, out, width, coeffs)
    assert out[: len(expected)].tolist() == expected
    assert (out[len(expected) :] == 0).all()
    assert 0 in expected and 255 in expected


def test_add_weighted_line():
    a = np.array([0, 255, 100, 3] * 8, dtype=np.uint8)
    b = np.array([255, 255, 7, 250] * 8, dtype=np.uint8)
    out = np.zeros(32, dtype=np.uint8)
    alpha, beta, gamma = 16384 + 8192, -4096, 70000  # gamma is uint8_t: 70000 -> 112
    lookup_model("addWeightedLine")(a, b, out, 32, alpha, beta, gamma)
    expected = [max(0, min(255, (112 + alpha * int(x) + beta * int(y)) >> 14)) for x, y in zip(a, b)]
    assert out.tolist() == expected
    assert 255 in expected and 0 in expected
    s16 = np.array([30000, -30000, 5, -7] * 4, dtype=np.int16)
    out16 = np.zeros(16, dtype=np.int16)
    lookup_model("addWeightedTile")(s16, s16, out16, 1, 16, 32767, 32767, -1)
    assert out16.tolist() == [max(-32768, min(32767, (-1 + 2 * 32767 * int(v)) >> 14)) for v in s16]


@pytest.mark.parametrize("name, op", [("bitwiseORLine", int.__or__), ("bitwiseANDLine", int.__and__)])
def test_bitwise_lines(name, op):
    rng = np.random.default_rng(6)
    a = rng.integers(0, 256, size=128, dtype=np.uint8)
    b = rng.integers(0, 256, size=128, dtype=np.uint8)
    out = np.zeros(128, dtype=np.uint8)
    lookup_model(name)(a, b, out, 65)  # two 64-lane vectors
    assert out.tolist() == [op(int(x), int(y)) for x, y in zip(a, b)]
    a16, b16 = a.view(np.int16), b.view(np.int16)
    out16 = np.zeros(64, dtype=np.int16)
    lookup_model(name.replace("Line", "Tile"))(a16, b16, out16, 2, 32)
    assert out16.tolist() == [op(int(x), int(y)) for x, y in zip(a16, b16)]
    with pytest.raises(KernelModelError, match="past the end"):
        lookup_model(name)(a[:64], b, out, 65)
