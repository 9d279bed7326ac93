"""The event scheduler and the step-by-step one give the same outputs, warnings and reports.

Every example, every design in ``inputs/`` (the deadlocking ones included) and the misuse
designs run under both; results must agree exactly, reports up to their step counts (a step is
a scheduling round, and the event scheduler needs fewer).
"""

import re
from pathlib import Path

import numpy as np
import pytest
from sim_designs import acquire, add_const, await_, core, module, release, task

from iron_ir.cli.load import load_python as _load_python
from iron_ir.runtime import compile_module
from iron_ir.sim import SimOptions, SimulationError, simulate

ROOT = Path(__file__).parents[3]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
INPUTS = sorted((Path(__file__).parent / "inputs").glob("*.mlir"))


def _random_inputs(signature, seed=0):
    rng = np.random.default_rng(seed)
    arrays = []
    for spec in signature:
        if spec.dtype.kind == "f" or spec.dtype.name == "bfloat16":
            arrays.append(rng.standard_normal(spec.shape).astype(spec.dtype))
        else:
            info = np.iinfo(spec.dtype)
            arrays.append(
                rng.integers(max(info.min, -1000), min(info.max, 1000), spec.shape).astype(
                    spec.dtype
                )
            )
    return arrays


def _outcome(mod, inputs, exact: bool):
    """Outputs and warnings of a run, or the report it ended with (step counts masked)."""
    try:
        result = simulate(mod, inputs, SimOptions(exact_schedule=exact))
    except SimulationError as err:
        return type(err).__name__, re.sub(r"\b\d+ steps?\b", "N steps", str(err))
    return [a.copy() for a in result.outputs], result.warnings


def assert_same_on_both_schedules(mod, inputs):
    fast, exact = _outcome(mod, inputs, False), _outcome(mod, inputs, True)
    if isinstance(exact[0], str):
        assert fast == exact
        return exact[0]
    assert fast[1] == exact[1], "warnings differ"
    assert len(fast[0]) == len(exact[0])
    for got, expected in zip(fast[0], exact[0]):
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(got.view(np.uint8), expected.view(np.uint8))
    return None


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples_agree(path):
    design = _load_python(str(path), [])
    signature = compile_module(design.module).signature
    inputs = design.namespace.get("INPUTS") if design.namespace else None
    inputs = list(inputs) if inputs is not None else _random_inputs(signature)
    assert assert_same_on_both_schedules(design.module, inputs) is None
    assert _outcome(design.module, inputs, False)[1] == [], "an example ends with warnings"


def test_fast_path_defers_and_batches_kernel_calls():
    """The GEMM's cores only call kernels: the event schedule defers their calls and runs those
    of many cores as one batch (the comparison above covers its results); the step-by-step
    schedule runs each call where it is."""
    design = _load_python(str(ROOT / "examples" / "gemm_whole_array.py"), [])
    inputs = list(design.namespace["INPUTS"])
    fast = compile_module(design.module)
    fast(*inputs)
    kernels = fast.simulator.kernels
    assert fast.simulator.defers
    assert kernels.calls > 0 and kernels.batches > 0
    assert kernels.batched > kernels.calls // 2
    exact = compile_module(design.module, exact_schedule=True)
    exact(*inputs)
    assert not exact.simulator.defers and exact.simulator.kernels.calls == 0


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: p.stem)
def test_input_designs_agree(load, path):
    mod = load(path.name)
    signature = compile_module(mod).signature
    outcome = assert_same_on_both_schedules(mod, _random_inputs(signature))
    assert (outcome == "DeadlockError") == path.name.startswith("deadlock_")


I8 = "memref<8xi32>"
FIFOS = (
    f"    aie.objectfifo @in(%shim_noc_tile_0_0, {{%tile_0_2}}, 2 : i32) : !aie.objectfifo<{I8}>\n"
    f"    aie.objectfifo @out(%tile_0_2, {{%shim_noc_tile_0_0}}, 2 : i32) : !aie.objectfifo<{I8}>\n"
)


def _add_one(release_in: int = 1):
    return core(
        "0_2",
        acquire("in", "Consume", 1, I8, "a")
        + acquire("out", "Produce", 1, I8, "b")
        + add_const("a", "b", 8, 1)
        + release("in", "Consume", release_in)
        + release("out", "Produce", 1),
    )


B8 = "memref<8xbf16>"
# A core whose kernel call breaks the model's contract (a bf16 kernel on an i32 buffer), after
# calls that are deferred on the fast path: the same KernelError, naming the same call site.
_BAD_KERNEL = (
    "    func.func private @zero_bf16(memref<8xi32>)\n"
    "    func.func private @zero_i32(memref<8xi32>)\n"
    + core(
        "0_2",
        acquire("in", "Consume", 1, I8, "a")
        + acquire("out", "Produce", 1, I8, "b")
        + "        func.call @zero_i32(%b) : (memref<8xi32>) -> ()\n"
        + "        func.call @zero_i32(%a) : (memref<8xi32>) -> ()\n"
        + "        func.call @zero_bf16(%b) : (memref<8xi32>) -> ()\n"
        + release("in", "Consume", 1)
        + release("out", "Produce", 1),
    )
)

# A core whose only memory access is a deferred kernel call, starved of input: the same
# deadlock report on both schedules (the deferred calls ran before it).
_KERNEL_ONLY = (
    "    func.func private @zero_i32(memref<8xi32>)\n"
    + core(
        "0_2",
        acquire("in", "Consume", 1, I8, "a")
        + acquire("out", "Produce", 1, I8, "b")
        + "        func.call @zero_i32(%b) : (memref<8xi32>) -> ()\n"
        + release("in", "Consume", 1)
        + release("out", "Produce", 1),
    )
)

MISUSE = {
    "DeadlockError": (
        _KERNEL_ONLY,
        task("in", 0, "memref<32xi32>", 16)
        + task("out", 1, "memref<32xi32>", 32, token=True)
        + await_("out"),
    ),
    "KernelError": (
        _BAD_KERNEL,
        task("in", 0, "memref<32xi32>", 32)
        + task("out", 1, "memref<32xi32>", 32, token=True)
        + await_("out"),
    ),
    # The runtime sequence ends, awaiting nothing, while its tasks have data to move. (A task
    # that the sequence neither awaits nor needs is a race: whether it is still moving at the
    # end depends on the schedule, so no such design is compared here.)
    "InFlightError": (
        _add_one(),
        task("in", 0, "memref<32xi32>", 32) + task("out", 1, "memref<32xi32>", 32),
    ),
    "FifoMisuseError": (
        _add_one(release_in=2),
        task("in", 0, "memref<32xi32>", 32)
        + task("out", 1, "memref<32xi32>", 32, token=True)
        + await_("out"),
    ),
    # More data filled than drained: a warning, and the core left resting.
    None: (
        _add_one(),
        task("in", 0, "memref<32xi32>", 24)
        + task("out", 1, "memref<32xi32>", 16, token=True)
        + await_("out"),
    ),
}


@pytest.mark.parametrize("expected", list(MISUSE), ids=lambda e: str(e))
def test_misuse_reports_agree(expected):
    body, rt = MISUSE[expected]
    mod = module(FIFOS + body, ["memref<32xi32>", "memref<32xi32>"], rt, verify=False)
    inputs = [np.arange(32, dtype=np.int32)]
    assert assert_same_on_both_schedules(mod, inputs) == expected
