"""aie.iron.kernels: the factories name the kernel's symbol, source, flags and types as the
2026 library does, and the simulator serves every symbol they declare a model for."""

import numpy as np
import pytest
from ml_dtypes import bfloat16

import iron_ir.compat
from iron_ir.hostruntime.tensor import set_current_device
from iron_ir.sim.kernels.registry import find_model


def kernels():
    iron_ir.compat.install()
    import aie.iron.kernels as k

    return k


def test_factory_carries_symbol_source_flags_and_types():
    k = kernels()
    fn = k.passthrough(tile_size=256, dtype=np.uint8)
    assert fn.name == "passThroughLine" and fn.compile_flags == ["-DBIT_WIDTH=8"]
    assert fn.source_file.endswith("aie2/passThrough.cc")
    assert [str(t) for t in fn.arg_types] == ["memref<256xui8>", "memref<256xui8>", "i32"]
    assert fn.contract.parameter_bindings == ((2, 256),)
    mm = k.mm(dim_m=32, dim_k=16, dim_n=32, input_dtype=np.int8, output_dtype=np.int32)
    assert mm.name == "matmul_i8_i32" and "-DDIM_K=16" in mm.compile_flags
    assert mm.zero.name == "zero_i32" and mm.zero.bin_name == mm.object_file_name
    assert mm.contract.accumulates and mm.contract.reduction == 16


def test_architecture_follows_the_current_device():
    k = kernels()
    set_current_device("npu2")
    try:
        assert k.scale(dtype=np.int16).source_file.endswith("aie2p/scale.cc")
        assert k.mm(input_dtype=bfloat16, output_dtype=bfloat16).mac_dims == (4, 8, 8)
    finally:
        set_current_device(None)
    assert k.mm(input_dtype=bfloat16, output_dtype=bfloat16).mac_dims == (4, 8, 4)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda k: k.add(tile_size=512), "tile_size must be 1024"),
        (lambda k: k.reduce_add(dtype=np.int16), "dtype must be int32"),
        (lambda k: k.threshold(line_width=100), "multiple of 64"),
        (lambda k: k.mm(input_dtype=np.int32, output_dtype=np.int32), "no mm.cc variant"),
    ],
)
def test_unsupported_configurations_are_value_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call(kernels())


def test_every_simulated_factory_has_a_model():
    k = kernels()
    made = [
        k.passthrough(), k.scale(), k.add(), k.mul(), k.relu(), k.reduce_add(), k.reduce_min(),
        k.reduce_max(dtype=bfloat16), k.compute_max(), k.rgba2hue(), k.rgba2gray(), k.gray2rgba(),
        k.threshold(), k.bitwise_or(), k.bitwise_and(), k.filter2d(), k.add_weighted(),
        k.softmax(), k.bf16_exp(), k.axpy(), k.axpy(vectorized=False), k.mm(), k.mv(), k.zero(64),
        k.gelu(), k.gelu_sized(), k.silu(), k.silu_sized(), k.swiglu(), k.sigmoid(), k.tanh(),
        k.leaky_relu(),
    ]
    missing = [f.name for f in made if find_model(f.name, f.object_file_name) is None]
    assert missing == []


def test_saxpy_model_serves_both_sources():
    k = kernels()
    x = np.linspace(-2, 2, 4096).astype(bfloat16)
    y = np.ones(4096, dtype=bfloat16)
    z3, z5 = np.zeros_like(x), np.zeros_like(x)
    model = find_model("saxpy").fn
    model(x, y, z3)  # saxpy.cc: a = 3 over 4096 elements
    model(x, y, 3.0, z5, 4096)  # axpy.cc
    assert (z3.view(np.uint16) == z5.view(np.uint16)).all()
    exact = 3 * x.astype(np.float32) + 1
    assert np.abs(z5.astype(np.float32) - exact).max() <= np.abs(exact).max() / 128
    np.testing.assert_array_equal(k.axpy_ref(x[:64], y[:64], 3.0), z5[:64])


def test_lut_tanh_segments():
    from iron_ir.sim.kernels.tanh_lut import lut_tanh_bf16

    x = np.array([0.4, -0.4, 0.1, 5.0, -5.0, 3.6], dtype=np.float32)
    # x = 0.4: segment floor(1.6) + 16 = 17, slope 0.8671875, offset 0.03076171875 (truncated
    # to bf16); |x| >= 4 clamps to the end segments (0, +-1).
    seg17 = np.float32(0.8671875) * np.float32(0.4) + np.float32(0.03076171875)
    want = np.array([seg17, -seg17, 0.1, 1.0, -1.0, np.float32(0.0028381347656250) * np.float32(3.6) + np.float32(0.98828125)], np.float32)
    want = (want.view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32)
    np.testing.assert_array_equal(lut_tanh_bf16(x), want)


def test_swiglu_and_leaky_relu_models():
    x = np.linspace(-2, 2, 1024).astype(bfloat16)
    w1 = np.full(1024, 0.5, dtype=bfloat16)
    w2 = np.full(1024, 2.0, dtype=bfloat16)
    out = np.zeros_like(x)
    find_model("swiglu_bf16").fn(x, w1, w2, out)
    f = x.astype(np.float32)
    gate = 2 * f
    np.testing.assert_allclose(out.astype(np.float32), 0.5 * f * gate / (1 + np.exp(-gate)), rtol=0.128, atol=0.05)
    # leaky relu: exact max(x, alpha x) when alpha x is exact in bf16 (alpha = 0.125)
    y = np.zeros_like(x)
    find_model("leaky_relu_bf16").fn(x, y, 1024, 0.125)
    np.testing.assert_array_equal(y.astype(np.float32), np.maximum(f, 0.125 * f))
    kernels().swiglu()  # the factory's signature is the model's
    assert len(kernels().swiglu().arg_types) == 4


def test_transpose_factory_simulates_its_shape():
    from iron_ir import ObjectFifo, Program, Runtime, Worker
    from iron_ir.device import NPU1Col1
    from iron_ir.runtime import compile_module

    k = kernels()
    fn = k.transpose(dim_m=16, dim_n=8, subtile=4, dtype=np.uint16)
    assert fn.name == "transpose_4x4" and "-DDIM_m=16" in fn.compile_flags
    ty = np.ndarray[(128,), np.dtype[np.uint16]]
    a, b = ObjectFifo(ty, name="a"), ObjectFifo(ty, name="b")

    def body(src, dst, kernel):
        x, y = src.acquire(1), dst.acquire(1)
        kernel(x, y)
        src.release(1)
        dst.release(1)

    worker = Worker(body, [a.cons(), b.prod(), fn], while_true=False)
    rt = Runtime()
    with rt.sequence(ty, ty) as (i, o):
        rt.start(worker)
        rt.fill(a.prod(), i)
        rt.drain(b.cons(), o, wait=True)
    x = np.arange(128, dtype=np.uint16)
    out = compile_module(Program(NPU1Col1(), rt).resolve_program().module, "sim")(x, None)[1]
    # 8 rows of 16: each 4x4 block transposed in place
    want = x.reshape(2, 4, 4, 4).transpose(0, 3, 2, 1).reshape(-1)
    np.testing.assert_array_equal(np.asarray(out).reshape(-1), want)
    np.testing.assert_array_equal(k.transpose_ref(x, dim_m=16, dim_n=8, subtile=4), want)
