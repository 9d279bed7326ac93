"""Program, devices, placers, dtype helpers, the examples and the iron-to-aie switch."""

import runpy
import sys
from pathlib import Path

import numpy as np
import pytest
from api_helpers import TILE, VEC
from ml_dtypes import bfloat16

import iron_ir
from iron_ir import DeviceError, IronTypeError, ObjectFifo, Program, Runtime, dtype_to_str, str_to_dtype
from iron_ir.device import (
    DEVICE_CLASSES,
    NPU1,
    NPU2,
    XCVC1902,
    AnyComputeTile,
    NPU1Col1,
    NPU1Col2,
    NPU1Col4,
    NPU2Col7,
    Tile,
    TileKind,
)
from iron_ir.dtype import ndarray_type_to_memref, np_ndarray_type_get_shape
from iron_ir.passes.placement import PlacementError
from iron_ir.placers import Placer, SequentialPlacer

# The high-level examples (the *_placed.py twins build AIE ops themselves: test/unit/placed/).
EXAMPLES = sorted(
    p for p in (Path(__file__).parents[3] / "examples").glob("*.py") if not p.stem.endswith("_placed")
)


def passthrough_program(device=None):
    of_in = ObjectFifo(TILE, name="in")
    of_out = of_in.cons().forward()
    rt = Runtime()
    with rt.sequence(VEC, VEC) as (a, b):
        rt.fill(of_in.prod(), a)
        rt.drain(of_out.cons(), b, wait=True)
    return Program(device or NPU1Col1(), rt)


def test_every_aie_iron_device_class_exists():
    assert set(DEVICE_CLASSES) == {
        "NPU1", "NPU1Col1", "NPU1Col2", "NPU1Col3", "NPU2", *(f"NPU2Col{i}" for i in range(1, 8)),
        "XCVC1902", "XCVE2302", "XCVE2802",
    }
    assert NPU1().cols == 4 and NPU2().cols == 8 and NPU2Col7().resolve() == "npu2_7col"
    assert NPU1Col4().resolve() == "npu1"  # IRON v1.0's spelling of the 4-column NPU1
    dev = NPU1Col1()
    assert dev.rows == 6
    assert dev.get_compute_tiles() == [Tile(0, r) for r in range(2, 6)]
    assert dev.get_mem_tiles() == [Tile(0, 1)] and dev.get_shim_tiles() == [Tile(0, 0)]
    assert dev.get_num_connections(Tile(0, 1), output=True) == 6


def test_tiles_compare_by_coordinates():
    assert Tile(1, 2) == Tile(1, 2) and len({Tile(1, 2), Tile(1, 2)}) == 1
    assert str(Tile(1, 2)) == "Tile(1, 2)" and Tile(0, 2) != AnyComputeTile


def test_unsupported_target_imports_but_fails_at_use():
    with pytest.raises(DeviceError, match="xcvc1902 is not a target iron-ir compiles for"):
        passthrough_program(XCVC1902()).resolve_program()


def test_resolve_program_places_with_the_placer_it_is_given():
    """A Placer instance — built in or a design's own subclass — places the program."""

    class LastColumn(Placer):
        def place(self, model):
            from iron_ir.passes.placement import Placement

            last = model.device.tiles(TileKind.COMPUTE)[-1]
            placement = Placement()
            for w in model.workers:
                placement.workers[w.name] = last
            for end in model.runtime_ends():
                placement.runtime_ends[end.ref] = (last[0], 0)
            for name in model.links:
                placement.links[name] = (last[0], 1)
            return placement

    text = str(passthrough_program(NPU1Col2()).resolve_program(LastColumn()))
    assert "%shim_noc_tile_1_0 = aie.tile(1, 0)" in text and "%mem_tile_1_1 = aie.tile(1, 1)" in text
    default = str(passthrough_program(NPU1Col2()).resolve_program())
    assert "%mem_tile_0_1 = aie.tile(0, 1)" in default
    assert default == str(passthrough_program(NPU1Col2()).resolve_program(SequentialPlacer()))


def test_resolve_iron_returns_the_unplaced_iron_module():
    text = str(passthrough_program().resolve_iron())
    assert text.startswith("module {\n  iron.program @main device(npu1_1col) {")
    assert "on #iron.tile<any_" in text and "on #iron.tile<0," not in text


def test_resolve_program_rejects_non_placers():
    with pytest.raises(IronTypeError, match="expected a Placer"):
        passthrough_program().resolve_program("sequential")


def test_placer_options():
    assert isinstance(SequentialPlacer(), Placer)
    assert SequentialPlacer(cores_per_col=2).cores_per_col == 2
    for bad in (0, True, "2"):
        with pytest.raises(PlacementError, match="cores_per_col must be an int >= 1"):
            SequentialPlacer(cores_per_col=bad)


def test_program_needs_a_device_and_a_runtime():
    with pytest.raises(IronTypeError, match="device must be a device object"):
        Program("npu1", Runtime())


def test_dtype_helpers():
    assert str_to_dtype("bf16") is bfloat16 and str_to_dtype("i32") is np.int32
    assert dtype_to_str(np.int16) == "i16" and dtype_to_str(np.dtype(np.uint8)) == "u8"
    with pytest.raises(IronTypeError, match="unknown dtype name 'q7'"):
        str_to_dtype("q7")
    assert str(ndarray_type_to_memref(np.ndarray[(4, 8), np.dtype[np.uint8]])) == "memref<4x8xui8>"
    assert str(ndarray_type_to_memref(np.ndarray[(4,), np.dtype[bfloat16]])) == "memref<4xbf16>"
    assert np_ndarray_type_get_shape(np.ndarray[(3, 5), np.dtype[np.int8]]) == (3, 5)


def test_top_level_names():
    for name in ("ObjectFifo", "Worker", "Runtime", "Program", "Kernel", "ExternalFunction",
                 "GlobalBuffer", "Buffer", "LocalBuffer", "WorkerRuntimeBarrier",
                 "str_to_dtype", "dtype_to_str", "IronError"):
        assert hasattr(iron_ir, name)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples_resolve_and_declare_a_reference(path):
    design = runpy.run_path(str(path), run_name="example")
    module = design["PROGRAM"].resolve_iron()
    module.verify()
    outputs = design["reference"](design["INPUTS"])
    assert outputs and all(isinstance(o, np.ndarray) for o in outputs)


def test_pipeline_errors_point_at_the_resolve_call():
    rt = Runtime()
    fifos = [ObjectFifo(TILE, name=f"f{i}") for i in range(3)]
    with rt.sequence(VEC, VEC, VEC, VEC) as (a, b, c, d):
        for of, x in zip(fifos, (a, b, c)):
            rt.fill(of.prod(), x)
        for of, y in zip(fifos, (b, c, d)):
            rt.drain(of.cons(), y, wait=True)
    with pytest.raises(iron_ir.IronError) as err:
        Program(NPU1Col1(), rt).resolve_program()
    assert err.value.location == f"{__file__}:{sys._getframe().f_lineno - 1}"
    assert "compiling the program failed" in str(err.value) and "fifo @f2" in str(err.value)


def test_compile_returns_a_callable_running_on_the_simulator():
    run = passthrough_program().compile()
    data = np.arange(64, dtype=np.int32)
    out = run(data, np.zeros(64, dtype=np.int32))
    np.testing.assert_array_equal(out[1], data)
    with pytest.raises(Exception, match="unknown backend 'npu'"):
        passthrough_program().compile(backend="npu")
