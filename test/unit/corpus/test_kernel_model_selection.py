"""Kernel models are chosen by the object file first (two C++ sources may export one symbol
with different arithmetic), and by the buffers' element type only as a fallback."""

import numpy as np
import pytest

from iron_ir.sim.kernels import lookup_model, register_model, registered_models, unregister_model

W, IC, OC = 32, 8, 8


def conv_inputs():
    rng = np.random.default_rng(3)
    act = rng.integers(-128, 128, size=W * IC, dtype=np.int8)
    wts = rng.integers(-128, 128, size=IC * OC, dtype=np.int8)
    return act, wts


def reference_conv2dk1(act, wts, scale, *, signed_out: bool):
    """Independent reference of conv2dk1: [C/8][W][8] activations, [OC/8][IC/8][8][8] weights,
    32-bit accumulation, round half up (positive_inf) or half away from zero (symmetric_inf),
    saturate to int8 or to uint8 (which clips negatives: the ReLU of conv2dk1.cc)."""
    a = act.astype(np.int64).reshape(IC // 8, W, 8).transpose(1, 0, 2).reshape(W, IC)
    w = wts.astype(np.int64).reshape(OC // 8, IC // 8, 8, 8).transpose(1, 2, 0, 3).reshape(IC, OC)
    acc = a @ w
    half = 1 << (scale - 1)
    if signed_out:
        mag = (np.abs(acc) + half) >> scale
        out = np.clip(np.sign(acc) * mag, -128, 127).astype(np.int8)
    else:
        out = np.clip((acc + half) >> scale, 0, 255).astype(np.uint8)
    return out.reshape(W, OC // 8, 8).transpose(1, 0, 2).reshape(-1)


@pytest.mark.parametrize("out_dtype", [np.int8, np.uint8])
def test_conv2dk1_i8_from_conv2dk1_i8_o_is_the_int8_kernel_whatever_the_buffer_type(out_dtype):
    act, wts = conv_inputs()
    out = np.zeros(W * OC, dtype=out_dtype)
    lookup_model("conv2dk1_i8", "build/conv2dk1_i8.o")(act, wts, out, W, IC, OC, 7)
    expected = reference_conv2dk1(act, wts, 7, signed_out=True)
    assert (out.view(np.int8) == expected).all()


@pytest.mark.parametrize("out_dtype", [np.int8, np.uint8])
def test_conv2dk1_i8_from_conv2dk1_o_is_the_uint8_relu_kernel_whatever_the_buffer_type(out_dtype):
    act, wts = conv_inputs()
    out = np.zeros(W * OC, dtype=out_dtype)
    lookup_model("conv2dk1_i8", "conv2dk1.o")(act, wts, out, W, IC, OC, 7)
    expected = reference_conv2dk1(act, wts, 7, signed_out=False)
    assert (out.view(np.uint8) == expected).all()


def test_without_a_known_object_file_the_output_type_decides():
    act, wts = conv_inputs()
    out = np.zeros(W * OC, dtype=np.uint8)
    lookup_model("conv2dk1_i8", "my_kernels.a")(act, wts, out, W, IC, OC, 7)
    assert (out == reference_conv2dk1(act, wts, 7, signed_out=False)).all()


def test_user_models_per_object_file():
    def mine(*args):
        return None

    register_model("my_kernel", lambda *a: "general")
    register_model("my_kernel", mine, link_with=("special.o",))
    try:
        assert lookup_model("my_kernel", "/x/special.o") is mine
        assert lookup_model("my_kernel", "other.o") is not mine
        assert "my_kernel@special" in registered_models()
    finally:
        unregister_model("my_kernel", "special.o")
        unregister_model("my_kernel")
