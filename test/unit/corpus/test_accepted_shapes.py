"""Design shapes mlir-aie accepts that iron-ir used to refuse: each design in designs/ compiles,
its AIE text re-parses and verifies, and it simulates to its numpy reference."""

import runpy
import warnings
from pathlib import Path

import numpy as np
import pytest

import iron_ir.compat
from iron_ir.cli.inputs import compare
from iron_ir.errors import IronWarning
from iron_ir.ir.diagnostics import verify_module
from iron_ir.ir.parse import parse_module
from iron_ir.runtime import compile_module
from iron_ir.sim import argument_roles

DESIGNS = Path(__file__).parent / "designs"


def run_design(name: str):
    """Compile, re-parse and simulate designs/<name>; the warnings the API raised, the outputs."""
    iron_ir.compat.install()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ns = runpy.run_path(str(DESIGNS / name), run_name="__corpus_test__")
        text = str(ns["PROGRAM"].resolve_program(*([ns["PLACER"]] if "PLACER" in ns else [])))
    module = parse_module(text, name)
    verify_module(module)
    roles = argument_roles(module)
    filled = [i for i, r in enumerate(roles) if "in" in r]
    drained = [i for i, r in enumerate(roles) if "out" in r]
    arrays = [None] * len(roles)
    for i, array in zip(filled, ns["INPUTS"]):
        arrays[i] = array
    outputs = compile_module(module, "sim")(*arrays)
    for i, expected in zip(drained, ns["reference"](list(ns["INPUTS"]))):
        if "TOLERANCE" in ns:  # a lookup-table kernel, checked against the float formula
            got = np.asarray(outputs[i]).astype(np.float32)
            np.testing.assert_allclose(got, np.asarray(expected, np.float32), **ns["TOLERANCE"])
        else:
            assert compare(outputs[i], np.asarray(expected), f"arg{i}") == []
    return [str(w.message) for w in caught if issubclass(w.category, IronWarning)], text


def test_forward_on_a_compute_tile():
    found, text = run_design("transpose_forward_compute.py")
    assert found == []
    assert "aie.objectfifo @out(%tile_0_2, {%shim_noc_tile_0_0}" in text
    assert "aie.objectfifo.link [@in] -> [@out]([] [0])" in text


def test_split_on_a_compute_tile_is_refused_at_resolve():
    from iron_ir import ObjectFifo, Program, Runtime, Worker
    from iron_ir.device import AnyComputeTile, NPU1Col1

    ty = np.ndarray[(64,), np.dtype[np.int32]]
    half = np.ndarray[(32,), np.dtype[np.int32]]
    of_in = ObjectFifo(ty, name="whole")
    parts = of_in.cons().split([0, 32], obj_types=[half, half], placement=AnyComputeTile)
    workers = [Worker(None, [p.cons()]) for p in parts]
    rt = Runtime()
    with rt.sequence(ty) as a:
        rt.start(*workers)
        rt.fill(of_in.prod(), a)
    with pytest.raises(ValueError, match="split links need a mem tile"):
        Program(NPU1Col1(), rt).resolve_program()


@pytest.mark.parametrize(
    "name, fragment",
    [
        ("bytes_uint8_into_int32.py", "host buffer holds uint8 but the fifo holds int32"),
        ("bytes_int8_as_uint8.py", "host buffer holds uint8 but the fifo holds int8"),
    ],
)
def test_host_buffers_of_another_element_type_move_bytes(name, fragment):
    found, _ = run_design(name)
    assert any(fragment in w for w in found), found


def test_taps_past_the_sequence_type():
    found, text = run_design("tiles_past_sequence_type.py")
    assert any("taps reach element 511" in w and "memref<8x8xi32>" in w for w in found), found
    assert "aie.runtime_sequence(%arg0: memref<8x8xi32>, %arg1: memref<8x8xi32>)" in text


@pytest.mark.parametrize(
    "name", ["kernels_scale_and_reduce.py", "kernels_axpy_threshold.py", "kernels_lut_activations.py"]
)
def test_kernel_library_factories_compile_and_simulate(name):
    _, text = run_design(name)
    assert 'link_with = "' in text


def test_mlir_aie_placer_with_make_placement():
    found, text = run_design("user_placer_make_placement.py")
    assert found == []
    assert "aie.tile(1, 2)" in text and "aie.tile(1, 1)" in text and "aie.tile(1, 0)" in text
    assert "aie.tile(0," not in text


def test_make_placement_leaving_ends_unplaced_warns_and_places_them():
    from iron_ir import ObjectFifo, Program, Runtime, Worker
    from iron_ir.device import NPU1Col1, Tile
    from iron_ir.placers import Placer

    class WorkersOnly(Placer):
        def make_placement(self, device, rt, workers, object_fifos):
            workers[0].place(Tile(0, 4))

    ty = np.ndarray[(16,), np.dtype[np.int32]]
    of = ObjectFifo(ty, name="only")
    worker = Worker(None, [of.cons()])
    rt = Runtime()
    with rt.sequence(ty) as a:
        rt.start(worker)
        rt.fill(of.prod(), a)
    with pytest.warns(IronWarning, match=r"WorkersOnly.make_placement\(\) left 1 endpoint"):
        text = str(Program(NPU1Col1(), rt).resolve_program(WorkersOnly()))
    assert "aie.tile(0, 4)" in text and "aie.tile(0, 0)" in text


def test_sequential_placer_leaves_shims_of_pinned_workers_in_column_zero():
    # mlir-aie's SequentialPlacer averages the columns of the auto-placed compute ends only
    # (pinned tiles are taken out of its compute list), so a fifo between a worker pinned in
    # column 2 and the runtime gets its shim in column 0.
    from iron_ir import ObjectFifo, Program, Runtime, Worker
    from iron_ir.device import NPU1, Tile

    ty = np.ndarray[(16,), np.dtype[np.int32]]
    of = ObjectFifo(ty, name="pinned_in")
    worker = Worker(None, [of.cons()], placement=Tile(2, 3))
    rt = Runtime()
    with rt.sequence(ty) as a:
        rt.start(worker)
        rt.fill(of.prod(), a)
    text = str(Program(NPU1(), rt).resolve_program())
    assert "aie.objectfifo @pinned_in(%shim_noc_tile_0_0, {%tile_2_3}" in text
