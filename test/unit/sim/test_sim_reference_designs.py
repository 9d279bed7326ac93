"""mlir-aie's own IRON output runs from its text with kernel models and gives the right data."""

import numpy as np
import pytest

from iron_ir.runtime import compile_module
from iron_ir.sim import SimOptions, simulate


def test_passthrough_copies(load):
    module = load("passthrough_pykernel_npu2.mlir")
    data = np.random.default_rng(1).integers(-128, 127, 16384, dtype=np.int8)
    out = simulate(module, [data]).outputs
    np.testing.assert_array_equal(out[1], data)
    np.testing.assert_array_equal(out[0], data)
    assert not out[2].any()


@pytest.mark.parametrize(
    "name", ["vector_scalar_mul_npu1_1col.mlir", "vector_scalar_mul_trace_npu1_1col.mlir"]
)
def test_vector_scalar_mul_scales(load, name):
    module = load(name)
    data = (np.arange(4096) * 37 % 2000 - 1000).astype(np.int16)
    out = simulate(module, [data, np.array([3], dtype=np.int32)]).outputs
    np.testing.assert_array_equal(out[2], (data * 3).astype(np.int16))


@pytest.mark.parametrize(
    "name", ["dma_transpose_npu2_1col.mlir", "dma_transpose_npu2_1col_v11_input.mlir"]
)
def test_dma_transpose_transposes_512x512(load, name):
    module = load(name)
    a = np.random.default_rng(2).integers(-(2**31), 2**31 - 1, (512, 512), dtype=np.int32)
    out = simulate(module, [a]).outputs
    np.testing.assert_array_equal(out[1], a.T)


def test_trace_notes_unmodelled_register_writes(load):
    result = simulate(load("vector_scalar_mul_trace_npu1_1col.mlir"), [])
    assert result.notes == {"aiex.npu.write32": 1}


def test_runs_are_deterministic(load):
    module = load("dma_transpose_npu2_1col.mlir")
    a = np.arange(512 * 512, dtype=np.int32).reshape(512, 512)
    first = simulate(module, [a], SimOptions(trace=True))
    second = simulate(module, [a], SimOptions(trace=True))
    assert first.steps == second.steps
    assert first.recorder.events == second.recorder.events
    assert len(first.recorder.events) > 10


def test_compile_module_callable_reused(load):
    design = compile_module(load("vector_scalar_mul_npu1_1col.mlir"))
    assert [s.shape for s in design.signature] == [(4096,), (1,), (4096,)]
    data = np.arange(4096, dtype=np.int16)
    for factor in (2, 5):
        out = design(data, np.array([factor], dtype=np.int32))
        np.testing.assert_array_equal(out[2], (data * factor).astype(np.int16))
    assert design.last.steps > 0


def _host_plans(design) -> list:
    host = design.simulator.host
    return [entry for _, _, plans in host.static_bds.values() for entry in plans.values()]


def test_compiled_design_reuses_host_plans_for_the_same_inputs_only(load):
    """A task configured again on the same read-only input reuses its strided plans (and the
    chunk pieces they remember); another array gets plans of its own, new contents of the same
    array are read, and every run matches a fresh simulation. Nothing is kept on the output,
    which the simulator reuses once the caller drops it, nor on an input no longer given."""
    module = load("dma_transpose_npu2_1col.mlir")
    design = compile_module(module)
    rng = np.random.default_rng(0)
    a = rng.integers(0, 1 << 30, (512, 512), dtype=np.int32)
    b = rng.integers(0, 1 << 30, (512, 512), dtype=np.int32)
    out = id(design(a)[1])
    first = {id(plan) for _, plan in _host_plans(design)}
    assert first
    for arg in (a, b, a):
        got = design(arg)[1]
        assert id(got) == out
        np.testing.assert_array_equal(got, simulate(module, [arg]).outputs[1])
        del got
        if arg is a and first:
            assert {id(plan) for _, plan in _host_plans(design)} == first
            first = None
        assert _host_plans(design) and all(array is arg for array, _ in _host_plans(design))
    a[:] = b[::-1]
    np.testing.assert_array_equal(design(a)[1], simulate(module, [a]).outputs[1])
