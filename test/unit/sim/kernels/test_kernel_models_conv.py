import numpy as np
import pytest

from iron_ir.sim.kernels import KernelModelError, lookup_model
from iron_ir.sim.kernels.conv import conv2dk1_model, conv2dk3_model


def _srs_symmetric(total, scale, lo, hi):
    half = 1 << (scale - 1)
    magnitude = (abs(total) + half) >> scale
    return max(lo, min(hi, magnitude if total >= 0 else -magnitude))


def _srs_positive(total, scale, lo, hi):
    if scale > 0:
        total = (total + (1 << (scale - 1))) >> scale
    return max(lo, min(hi, total))


def _conv1x1_ref(inp, wts, width, ic, oc, scale, rnd, lo, hi):
    """conv2dk1 scalar C++ loop nest (indices verbatim)."""
    out = np.zeros(width * oc, dtype=np.int64)
    for o in range(oc // 8):
        for x in range(width):
            for o8 in range(8):
                total = 0
                for c in range(ic // 8):
                    for c8 in range(8):
                        total += int(inp[c * width * 8 + x * 8 + c8]) * int(wts[o * (ic // 8) * 64 + c * 64 + c8 * 8 + o8])
                out[o * width * 8 + x * 8 + o8] = rnd(total, scale, lo, hi)
    return out


def test_conv2dk1_i8_int8_output_rounds_ties_away_from_zero():
    width, ic, oc, scale = 32, 16, 16, 1
    rng = np.random.default_rng(0)
    inp = rng.integers(-3, 4, size=width * ic, dtype=np.int8)
    wts = rng.integers(-3, 4, size=ic * oc, dtype=np.int8)
    out = np.zeros(width * oc, dtype=np.int8)
    lookup_model("conv2dk1_i8")(inp, wts, out, width, ic, oc, scale)
    expected = _conv1x1_ref(inp, wts, width, ic, oc, scale, _srs_symmetric, -128, 127)
    assert out.tolist() == expected.tolist()
    # The data has negative ties, where symmetric_inf and positive_inf differ.
    positive = _conv1x1_ref(inp, wts, width, ic, oc, scale, _srs_positive, -128, 127)
    assert (positive != expected).any()


def test_conv2dk1_uint8_outputs_saturate():
    width, ic, oc, scale = 32, 24, 8, 3
    rng = np.random.default_rng(1)
    wts = rng.integers(-128, 128, size=ic * oc, dtype=np.int8)
    act_i8 = rng.integers(-128, 128, size=width * ic, dtype=np.int8)
    act_u8 = rng.integers(0, 256, size=width * ic, dtype=np.uint8)
    for name, act in (("conv2dk1_i8", act_i8), ("conv2dk1_ui8", act_u8)):
        out = np.zeros(width * oc, dtype=np.uint8)
        lookup_model(name)(act, wts, out, width, ic, oc, scale)
        expected = _conv1x1_ref(act, wts, width, ic, oc, scale, _srs_positive, 0, 255)
        assert out.tolist() == expected.tolist(), name
        assert (expected == 0).any() and (expected == 255).any()


def test_conv2dk1_width_rules():
    args = (np.zeros(16 * 16, np.int8), np.zeros(256, np.int8), np.zeros(16 * 16, np.uint8), 16, 16, 16, 4)
    with pytest.raises(KernelModelError, match="multiple of 32"):
        lookup_model("conv2dk1_i8")(*args)
    conv2dk1_model("conv2dk1_i8", act_signed=True, out_signed=False, scalar=True)(*args)
    with pytest.raises(KernelModelError, match="multiple of 8"):
        lookup_model("conv2dk1_ui8")(np.zeros(32 * 12, np.uint8), np.zeros(96, np.int8), np.zeros(256, np.uint8), 32, 12, 8, 4)


def _conv3x3_ref(lines, wts, width, ic, oc, check, scale, channel_offset):
    """conv2dk3 scalar C++ (left border, right border, middle) with its indices."""
    out = np.zeros(width * oc, dtype=np.int64)
    kw = 3

    def w_index(ky, ki, c, c8, oc_ofst, o8):
        return ky * 3 * 64 + ki * 64 + c * 3 * kw * 64 + c8 * 8 + oc_ofst * (ic // 8) * 3 * kw * 64 + o8

    def accumulate(x_of_ki, kis, o, o8):
        total = 0
        oc_ofst = o + channel_offset // 8
        for c in range(ic // 8):
            for c8 in range(8):
                for ki in kis:
                    idx = x_of_ki(ki) * 8 + c * width * 8 + c8
                    if check != 0:
                        total += int(lines[0][idx]) * int(wts[w_index(0, ki, c, c8, oc_ofst, o8)])
                    total += int(lines[1][idx]) * int(wts[w_index(1, ki, c, c8, oc_ofst, o8)])
                    if check != 2:
                        total += int(lines[2][idx]) * int(wts[w_index(2, ki, c, c8, oc_ofst, o8)])
        return _srs_positive(total, scale, 0, 255)

    for o in range(oc // 8):
        for o8 in range(8):
            out[o * width * 8 + o8] = accumulate(lambda ki: ki - 1, range(1, 3), o, o8)
            out[o * width * 8 + (width - 1) * 8 + o8] = accumulate(lambda ki: width - 2 + ki, range(0, 2), o, o8)
            for x in range(1, width - 1):
                out[o * width * 8 + x * 8 + o8] = accumulate(lambda ki, x=x: x - 1 + ki, range(3), o, o8)
    return out


@pytest.mark.parametrize("check", [0, 1, 2])
def test_conv2dk3_ui8_zero_padded(check):
    width, ic, oc, scale, offset = 32, 8, 8, 6, 8
    rng = np.random.default_rng(check)
    lines = [rng.integers(0, 256, size=width * ic, dtype=np.uint8) for _ in range(3)]
    wts = rng.integers(-128, 128, size=(offset + oc) // 8 * (ic // 8) * 9 * 64, dtype=np.int8)
    out = np.zeros(width * oc, dtype=np.uint8)
    lookup_model("conv2dk3_ui8")(*lines, wts, out, width, ic, oc, 3, 3, check, scale, offset)
    assert out.tolist() == _conv3x3_ref(lines, wts, width, ic, oc, check, scale, offset).tolist()


def test_conv2dk3_argument_rules():
    lines = [np.zeros(16 * 8, np.uint8)] * 3
    args = (*lines, np.zeros(576, np.int8), np.zeros(16 * 8, np.uint8), 16, 8, 8, 3, 3, 1, 4, 0)
    with pytest.raises(KernelModelError, match="hard-codes input_width 32"):
        lookup_model("conv2dk3_ui8")(*args)
    conv2dk3_model("conv2dk3_ui8", act_signed=False, scalar=True)(*args)
    bad = list(args)
    bad[10] = 5
    with pytest.raises(KernelModelError, match="check=5"):
        conv2dk3_model("conv2dk3_ui8", act_signed=False, scalar=True)(*bad)


def _skip_ref(in0, in1, wts, skip, width, ic, oc, scale, skip_scale, skip_conv=None):
    """conv2dk1_skip(_init) scalar C++."""
    out = np.zeros(width * oc, dtype=np.int64)
    for o in range(oc // 8):
        for o8 in range(8):
            for x in range(width):
                total = 0
                for c in range(ic // 16):
                    for c8 in range(8):
                        total += int(in0[c * width * 8 + x * 8 + c8]) * int(wts[o * (ic // 8) * 64 + c * 64 + c8 * 8 + o8])
                for c in range(ic // 16):
                    for c8 in range(8):
                        total += int(in1[c * width * 8 + x * 8 + c8]) * int(wts[o * (ic // 8) * 64 + (c + ic // 16) * 64 + c8 * 8 + o8])
                conv = _srs_positive(total, scale, -128, 127)
                if skip_conv is None:
                    residual = int(skip[o * width * 8 + x * 8 + o8])
                else:
                    ics, skip_conv_scale = skip_conv
                    s_total = 0
                    for c in range(ics // 8):
                        for c8 in range(8):
                            s_total += int(skip[c * width * 8 + x * 8 + c8]) * int(
                                wts[o * (ics // 8) * 64 + c * 64 + c8 * 8 + o8 + oc * ic]
                            )
                    residual = _srs_positive(s_total, skip_conv_scale, -128, 127)
                out[o * width * 8 + x * 8 + o8] = _srs_positive(conv + residual, skip_scale, 0, 255)
    return out


@pytest.mark.parametrize("name, skip_dtype", [("conv2dk1_skip_i8", np.int8), ("conv2dk1_skip_ui8", np.uint8)])
def test_conv2dk1_skip(name, skip_dtype):
    width, ic, oc, scale, skip_scale = 32, 32, 8, 7, 1
    rng = np.random.default_rng(2)
    in0 = rng.integers(0, 256, size=width * ic // 2, dtype=np.uint8)
    in1 = rng.integers(0, 256, size=width * ic // 2, dtype=np.uint8)
    wts = rng.integers(-128, 128, size=ic * oc, dtype=np.int8)
    info = np.iinfo(skip_dtype)
    skip = rng.integers(info.min, info.max + 1, size=width * oc, dtype=skip_dtype)
    out = np.zeros(width * oc, dtype=np.uint8)
    lookup_model(name)(in0, in1, wts, out, skip, width, ic, oc, scale, skip_scale)
    assert out.tolist() == _skip_ref(in0, in1, wts, skip, width, ic, oc, scale, skip_scale).tolist()


@pytest.mark.parametrize("name, skip_dtype", [("conv2dk1_skip_init_i8", np.int8), ("conv2dk1_skip_init_ui8", np.uint8)])
def test_conv2dk1_skip_init(name, skip_dtype):
    width, ic, oc, ics = 32, 16, 8, 16
    scale, skip_scale, skip_conv_scale = 6, 0, 5
    rng = np.random.default_rng(3)
    in0 = rng.integers(0, 256, size=width * ic // 2, dtype=np.uint8)
    in1 = rng.integers(0, 256, size=width * ic // 2, dtype=np.uint8)
    wts = rng.integers(-128, 128, size=ic * oc + ics * oc, dtype=np.int8)
    info = np.iinfo(skip_dtype)
    skip = rng.integers(info.min, info.max + 1, size=width * ics, dtype=skip_dtype)
    out = np.zeros(width * oc, dtype=np.uint8)
    lookup_model(name)(in0, in1, wts, out, skip, width, ic, oc, ics, scale, skip_scale, skip_conv_scale)
    expected = _skip_ref(in0, in1, wts, skip, width, ic, oc, scale, skip_scale, (ics, skip_conv_scale))
    assert out.tolist() == expected.tolist()
