"""Two levels, one answer: every example and simulator test design gives the same outputs at
the objectfifo level and lowered to the physical level (mlir-aie's stateful transform and the
passes after it), and the deadlocking designs deadlock at both."""

from pathlib import Path

import numpy as np
import pytest
import test_sim_end_of_run as end_of_run
import test_sim_fifo_semantics as fifo_semantics
import test_sim_runtime_ops as runtime_ops
import test_sim_schedules as schedules
from sim_designs import module

from iron_ir.cli.load import load_python
from iron_ir.runtime import compile_module
from iron_ir.sim import DeadlockError, SimulationError, simulate
from iron_ir.sim.levels import to_physical

ROOT = Path(__file__).parents[3]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
INPUTS = sorted((Path(__file__).parent / "inputs").glob("*.mlir"))


def _test_designs():
    designs = {
        "add_one": lambda: fifo_semantics.add_one_design(),
        "add_one_depth_1": lambda: fifo_semantics.add_one_design("1 : i32"),
        "add_one_finite": lambda: fifo_semantics.add_one_design(loops=4),
        "broadcast": lambda: fifo_semantics.broadcast_design(True),
        "broadcast_one_consumer": lambda: fifo_semantics.broadcast_design(False),
        "link_of_object_sizes": lambda: fifo_semantics.vector_scalar_add_design(),
        "rtp_and_barrier": lambda: runtime_ops.rtp_design(True),
        "barrier_never_set": lambda: runtime_ops.rtp_design(False),
    }
    for name, (body, rt) in schedules.MISUSE.items():
        if name in (None, "InFlightError"):
            args = ["memref<32xi32>", "memref<32xi32>"]
            designs[f"misuse_{name}"] = lambda b=body, r=rt, a=args: module(
                schedules.FIFOS + b, a, r, verify=False
            )
    designs["end_of_run_finite"] = lambda: _end_of_run(end_of_run.add_one(loops=4))
    return designs


def _end_of_run(body):
    rt = end_of_run.task("in", 0, "memref<24xi32>", 24)
    rt += end_of_run.task("out", 1, "memref<24xi32>", 24, token=True) + end_of_run.await_("out")
    return module(body, ["memref<24xi32>", "memref<24xi32>"], rt)


DESIGNS = _test_designs()


def _inputs(mod, given=None):
    if given is not None:
        return list(given)
    rng = np.random.default_rng(0)
    out = []
    for spec in compile_module(mod).signature:
        if spec.dtype.kind in "iu":
            out.append(rng.integers(0, 100, spec.shape).astype(spec.dtype))
        else:
            out.append(rng.standard_normal(spec.shape).astype(spec.dtype))
    return out


def _run(mod, inputs):
    try:
        return simulate(mod, inputs).outputs
    except SimulationError as err:
        return type(err)


def assert_same_at_both_levels(mod, inputs, name):
    objectfifo = _run(mod, inputs)
    physical = _run(to_physical(mod, f"{name} (physical)"), inputs)
    if isinstance(objectfifo, type):
        assert physical is objectfifo, f"{objectfifo.__name__} at the objectfifo level only"
        return objectfifo
    assert not isinstance(physical, type), f"{physical.__name__} at the physical level only"
    for a, b in zip(objectfifo, physical):
        np.testing.assert_array_equal(a.view(np.uint8), b.view(np.uint8))
    return None


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples(path):
    design = load_python(str(path), [])
    given = (design.namespace or {}).get("INPUTS")
    inputs = _inputs(design.module, given)
    assert assert_same_at_both_levels(design.module, inputs, path.stem) is None


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: p.stem)
def test_input_designs(load, path):
    mod = load(path.name)
    outcome = assert_same_at_both_levels(mod, _inputs(mod), path.stem)
    assert (outcome is DeadlockError) == path.name.startswith("deadlock_")


@pytest.mark.parametrize("name", sorted(DESIGNS))
def test_simulator_test_designs(name):
    mod = DESIGNS[name]()
    assert_same_at_both_levels(mod, _inputs(mod), name)
