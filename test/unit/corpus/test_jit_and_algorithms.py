"""``iron.jit`` (compile through iron-ir, run on the simulator, cache by argument signature),
host tensors, and ``aie.iron.algorithms`` in both calling conventions."""

import numpy as np
import pytest

import iron_ir as iron
from iron_ir import ObjectFifo, Program, Runtime, Worker
from iron_ir.algorithms import for_each, transform, transform_binary, transform_parallel_binary
from iron_ir.controlflow import range_
from iron_ir.device import NPU1, NPU2Col1
from iron_ir.errors import IronWarning


@iron.jit
def add_vectors(a, b, c, *trace):
    n = a.shape[0]
    vec = np.ndarray[(n,), np.dtype[a.dtype]]
    tile = np.ndarray[(16,), np.dtype[a.dtype]]
    fifos = [ObjectFifo(tile, name=name) for name in ("a", "b", "c")]

    def body(fa, fb, fc):
        for _ in range_(n // 16):
            x, y, z = fa.acquire(1), fb.acquire(1), fc.acquire(1)
            for i in range_(16):
                z[i] = x[i] + y[i]
            fa.release(1)
            fb.release(1)
            fc.release(1)

    worker = Worker(body, [fifos[0].cons(), fifos[1].cons(), fifos[2].prod()], while_true=False)
    rt = Runtime()
    with rt.sequence(vec, vec, vec) as (x, y, z):
        rt.start(worker)
        rt.fill(fifos[0].prod(), x)
        rt.fill(fifos[1].prod(), y)
        rt.drain(fifos[2].cons(), z, wait=True)
    return Program(iron.get_current_device(), rt).resolve_program()


def test_jit_runs_on_the_simulator_and_caches_by_shape_and_dtype():
    a = iron.arange(64, dtype=np.int32)
    b = iron.full(64, 5, dtype=np.int32)
    c = iron.zeros_like(a)
    add_vectors(a, b, c)
    assert (c.numpy() == np.arange(64) + 5).all()
    c2 = iron.zeros(64, dtype=np.int32)
    add_vectors(b, a, c2)
    assert add_vectors.compilations == 1 and (c2.numpy() == c.numpy()).all()
    add_vectors(iron.ones(32, dtype=np.int32), iron.ones(32, dtype=np.int32), c3 := iron.zeros(32, dtype=np.int32))
    assert add_vectors.compilations == 2 and (c3.numpy() == 2).all()


def test_jit_argument_count_mismatch_names_the_design():
    a = iron.arange(64, dtype=np.int32)
    with pytest.raises(TypeError, match="'add_vectors' was called with 2 tensors but its runtime sequence takes 3"):
        add_vectors(a, a, 3)


def test_jit_tensors_past_the_sequence_are_bound_but_untouched():
    # mlir-aie designs pass a trace buffer (and placeholders) after the sequence's tensors.
    a, b, c = (iron.arange(64, dtype=np.int32) for _ in range(3))
    trace = iron.zeros(32, dtype=np.uint32)
    with pytest.warns(IronWarning, match="called with 4 tensors and its runtime sequence takes 3"):
        add_vectors(a, b, c, trace)
    assert (c.numpy() == 2 * np.arange(64)).all() and not trace.numpy().any()


def test_tensor_factories_and_device_selection(monkeypatch):
    t = iron.tensor(np.arange(6, dtype=np.int16).reshape(2, 3))
    assert t.shape == (2, 3) and t.dtype == np.int16 and t.numel() == 6 and len(t) == 2
    assert t.to("cpu").device == "cpu" and list(t[1]) == [3, 4, 5]
    r = iron.randint(0, 10, (100,), dtype=np.int32)
    assert r.dtype == np.int32 and 0 <= r.numpy().min() and r.numpy().max() < 10
    with pytest.raises(TypeError, match="does not match dtype="):
        iron.tensor(np.zeros(3, np.int8), dtype=np.int16)
    with pytest.raises(ValueError, match="must inherit from the Tensor class"):
        iron.set_tensor_class(dict)
    monkeypatch.setenv("IRON_DEVICE", "npu2:1")
    assert isinstance(iron.get_current_device(), NPU2Col1)
    iron.set_current_device(NPU1())
    try:
        assert isinstance(iron.get_current_device(), NPU1)
    finally:
        iron.set_current_device(None)


def _placed_add_one(a, b):
    """A placed design's body, as mlir-aie's 2025 jit designs write it (no module of its own)."""
    import sys

    from iron_ir.placed.aie import AIEDevice, ObjectFifoPort, core, device, object_fifo, tile
    from iron_ir.placed.aiex import (
        dma_await_task,
        dma_free_task,
        dma_start_task,
        runtime_sequence,
        shim_dma_single_bd_task,
    )

    ty = np.ndarray[(16,), np.dtype[np.int32]]
    vec = np.ndarray[(a.numel(),), np.dtype[np.int32]]

    @device(AIEDevice.npu1_1col)
    def body():
        shim, work = tile(0, 0), tile(0, 2)
        of_in = object_fifo("in", shim, work, 2, ty)
        of_out = object_fifo("out", work, shim, 2, ty)

        @core(work)
        def step():
            for _ in range_(sys.maxsize):
                x = of_in.acquire(ObjectFifoPort.Consume, 1)
                y = of_out.acquire(ObjectFifoPort.Produce, 1)
                for i in range_(16):
                    y[i] = x[i] + 1
                of_in.release(ObjectFifoPort.Consume, 1)
                of_out.release(ObjectFifoPort.Produce, 1)

        @runtime_sequence(vec, vec)
        def sequence(x, y):
            t_in = shim_dma_single_bd_task(of_in, x, sizes=[1, 1, 1, a.numel()])
            t_out = shim_dma_single_bd_task(of_out, y, sizes=[1, 1, 1, a.numel()], issue_token=True)
            dma_start_task(t_in, t_out)
            dma_await_task(t_out)
            dma_free_task(t_in)


@pytest.mark.parametrize("placed", [None, True])
def test_jit_runs_a_placed_design_in_a_module_of_its_own(placed):
    """mlir-aie's jit runs a placed design's function inside mlir_mod_ctx() (is_placed=True,
    the 2025 default): plain @iron.jit does too when the function returns no module."""
    design = iron.jit(_placed_add_one) if placed is None else iron.jit(is_placed=True)(_placed_add_one)
    a = iron.arange(64, dtype=np.int32)
    b = iron.zeros_like(a)
    design(a, b)
    np.testing.assert_array_equal(b.numpy(), np.arange(64) + 1)


def test_a_jit_function_that_builds_nothing_says_what_to_return():
    from iron_ir.errors import IronError

    design = iron.jit(lambda a: None)
    with pytest.raises(IronError, match="returned nothing and built no aie.device"):
        design(iron.zeros(4, dtype=np.int32))


def test_ensure_current_device_binds_what_get_current_device_answers(monkeypatch):
    monkeypatch.setenv("IRON_DEVICE", "npu2:1")
    try:
        assert isinstance(iron.ensure_current_device(), NPU2Col1)
        monkeypatch.setenv("IRON_DEVICE", "npu")
        assert isinstance(iron.get_current_device(), NPU2Col1)  # bound: the variable no longer
    finally:
        iron.set_current_device(None)
    assert isinstance(iron.get_current_device(), NPU1)


def test_algorithms_run_now_in_the_2025_form():
    a = iron.randint(0, 100, (128,), dtype=np.int32)
    b = iron.randint(0, 100, (128,), dtype=np.int32)
    out = iron.zeros_like(a)
    transform(a, out, lambda x: x * 3)
    assert (out.numpy() == a.numpy() * 3).all()
    transform_binary(a, b, out, lambda x, y: x - y)
    assert (out.numpy() == a.numpy() - b.numpy()).all()
    t = iron.tensor(a.numpy())
    for_each(t, lambda x: x + 7)
    assert (t.numpy() == a.numpy() + 7).all()


def test_algorithms_generate_designs_in_the_2026_form():
    a = iron.randint(0, 100, (128,), dtype=np.int32)
    b = iron.randint(0, 100, (128,), dtype=np.int32)
    out = iron.zeros_like(a)
    iron.jit(lambda x, y, z: transform_parallel_binary(lambda p, q: p + q, x, y, z))(a, b, out)
    assert (out.numpy() == a.numpy() + b.numpy()).all()
    design = for_each(lambda v: v + 1, np.ndarray[(128,), np.dtype[np.int32]])
    assert "aie.runtime_sequence(%arg0: memref<128xi32>)" in str(design)
    with pytest.raises(ValueError, match="multiple of the tile size"):
        for_each(lambda v: v + 1, np.ndarray[(100,), np.dtype[np.int32]])


def test_algorithms_with_library_kernels_as_2026_designs_call_them():
    from ml_dtypes import bfloat16

    from iron_ir import kernels
    from iron_ir.algorithms import transform_parallel_typed, transform_typed
    from iron_ir.hostruntime.jit import Compile

    # Two workers a column (num_channels=2) over NPU1's four columns; relu takes no size.
    @iron.jit
    def relu_all(a, b, *, size: Compile[int] = 8192):
        return transform_parallel_typed(kernels.relu(), np.ndarray[(size,), np.dtype[bfloat16]],
                                        tile_size=1024, num_channels=2, pass_size_to_kernel=False)

    x = iron.tensor(np.linspace(-3, 3, 8192).astype(bfloat16))
    y = iron.zeros(8192, dtype=bfloat16)
    relu_all(x, y)
    assert (y.numpy().astype(np.float32) == np.maximum(x.numpy().astype(np.float32), 0)).all()

    # passThroughLine(in, out, n): the single-worker form passes the tile size, as mlir-aie's.
    @iron.jit
    def copy(a, b):
        return transform_typed(kernels.passthrough(tile_size=64, dtype=np.int16),
                               np.ndarray[(256,), np.dtype[np.int16]], tile_size=64)

    src = iron.arange(256, dtype=np.int16)
    dst = iron.zeros_like(src)
    copy(src, dst)
    assert (dst.numpy() == src.numpy()).all()
