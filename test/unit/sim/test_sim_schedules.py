"""The event scheduler and the step-by-step one give the same outputs, warnings and reports.

Every example, every design in ``inputs/`` (the deadlocking ones included) and the misuse
designs run under both; results must agree exactly, reports up to their step counts (a step is
a scheduling round, and the event scheduler needs fewer).
"""

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
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
                rng.integers(
                    max(info.min, -1000), min(info.max, 1000), spec.shape
                ).astype(spec.dtype)
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
    assert _outcome(design.module, inputs, False)[1] == [], (
        "an example ends with warnings"
    )


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
    # Run again, the same compiled design on the same arrays: the runtime tasks reuse their
    # plans on the inputs (used as given, bf16 included), the queue its remembered waves.
    first = fast.last.outputs[2].copy()
    assert fast.last.outputs[0] is inputs[0] and fast.last.outputs[1] is inputs[1]
    assert fast.simulator.kernels.plans
    for _ in range(2):
        np.testing.assert_array_equal(fast(*inputs)[2].view(np.uint16), first.view(np.uint16))
    np.testing.assert_array_equal(exact.last.outputs[2].view(np.uint16), first.view(np.uint16))


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


# --- bulk relays: many objects through an uncontended mem-tile ring at once -----------------
#
# The event scheduler moves a host -> mem tile -> host ring in bulk when both host BDs can go
# on for many objects (``Machine.relay_bulks`` counts it); the step-by-step scheduler never
# does. Besides outputs and reports, the ring's end state (buffers, locks, BD run counters)
# must be what the object-by-object path leaves.


def _relay_design(
    n: int,
    obj: int = 8,
    depth: int = 2,
    in_dims: str = "",
    out_dims: str = "",
    out_extra: str = "",
    out_init: str = "",
    fills=None,
    drain: int | None = None,
    await_fill: bool = False,
    drain_repeat: int | None = None,
):
    ty = f"memref<{obj}xi32>"
    body = (
        f"    aie.objectfifo @in(%shim_noc_tile_0_0, {{%mem_tile_0_1{in_dims}}}, {depth} : i32)"
        f" : !aie.objectfifo<{ty}>\n"
        f"    aie.objectfifo @out(%mem_tile_0_1{out_dims}, {{%shim_noc_tile_0_0}}, {depth} : i32)"
        f"{out_extra} : !aie.objectfifo<{ty}>{out_init}\n"
        "    aie.objectfifo.link [@in] -> [@out]([] [0])\n"
    )
    host = f"memref<{n}xi32>"
    fills = fills or [(0, n)]
    rt = "".join(
        task("in", 0, host, length, offset=offset, name=f"%fill{i}", token=await_fill)
        for i, (offset, length) in enumerate(fills)
    )
    drained = n if drain is None else drain
    if drain_repeat is None:
        drain_repeat = 3 if "repeat_count" in out_extra else 1
    out_len = drained * drain_repeat
    out_ty = f"memref<{out_len}xi32>"
    rt += task("out", 1, out_ty, out_len, token=True) + await_("out")
    if await_fill:
        rt += "".join(
            f"      aiex.dma_await_task(%fill{i})\n" for i in range(len(fills))
        )
    return module(body, [host, out_ty], rt)


def _ring_state(machine):
    return (
        [b.copy() for pool in machine.pools for b in pool.buffers]
        + [array.copy() for array, _ in machine.buffers],
        [lock.value for lock in machine.all_locks],
        [bd.runs for bd in machine.bds],
    )


def _run(mod, inputs, exact: bool):
    from iron_ir.sim.simulator import Simulator

    sim = Simulator(mod, SimOptions(exact_schedule=exact))
    try:
        result = sim.run(inputs)
        outcome = [a.copy() for a in result.outputs], result.warnings
    except SimulationError as err:
        outcome = type(err).__name__, re.sub(r"\b\d+ steps\b", "N steps", str(err))
    return outcome, _ring_state(sim.machine), sim.machine.relay_bulks


def assert_bulk_agrees(mod, inputs, bulk: bool = True):
    """Fast and exact agree on outcome and the ring's end state; the fast path took the bulk
    relay (or, with ``bulk=False``, provably did not)."""
    fast, fast_state, bulks = _run(mod, inputs, False)
    exact, exact_state, exact_bulks = _run(mod, inputs, True)
    assert exact_bulks == 0
    assert (bulks > 0) == bulk
    if isinstance(exact[0], str):
        assert fast == exact
    else:
        assert fast[1] == exact[1], "warnings differ"
        for got, expected in zip(fast[0], exact[0]):
            np.testing.assert_array_equal(got, expected)
    for got, expected in zip(fast_state[0], exact_state[0]):
        np.testing.assert_array_equal(got, expected)
    assert fast_state[1:] == exact_state[1:], "locks or BD run counters differ"
    return fast[0]


TRANSPOSE_IN = " dimensionsFromStream [<size = 4, stride = 1>, <size = 4, stride = 4>]"
TRANSPOSE_OUT = " dimensionsToStream [<size = 2, stride = 1>, <size = 8, stride = 2>]"

BULK = {
    "linear": dict(n=256),
    "depth_1": dict(n=256, depth=1),
    "depth_3_uneven": dict(n=37 * 8, depth=3),
    "depth_4": dict(n=40 * 16, obj=16, depth=4),
    "transpose_from_stream": dict(n=32 * 16, obj=16, in_dims=TRANSPOSE_IN),
    "transpose_to_stream": dict(n=32 * 16, obj=16, out_dims=TRANSPOSE_OUT),
    "repeat_count": dict(n=256, out_extra=" {repeat_count = 3 : i32}"),
    "repeat_transpose_depth_3": dict(
        n=30 * 16,
        obj=16,
        depth=3,
        in_dims=TRANSPOSE_IN,
        out_extra=" {repeat_count = 3 : i32}",
    ),
    # Two fill tasks; the first ends in the middle of an object.
    "fill_split_mid_object": dict(
        n=256, fills=[(0, 13 * 8 + 4), (13 * 8 + 4, 256 - 13 * 8 - 4)]
    ),
    # The ring starts full; the fill's last two objects stay in it (awaited: else whether the
    # fill finishes before the sequence ends is a race, see the module docstring).
    "init_values": dict(
        n=256,
        await_fill=True,
        out_init=" = [dense<7> : memref<8xi32>, dense<9> : memref<8xi32>]",
    ),
}


@pytest.mark.parametrize("case", list(BULK), ids=str)
def test_bulk_relay_agrees(case):
    kwargs = BULK[case]
    mod = _relay_design(**kwargs)
    n = kwargs["n"]
    x = np.arange(n, dtype=np.int32) * 3 + 1
    outputs = assert_bulk_agrees(mod, [x])
    if case in (
        "linear",
        "depth_1",
        "depth_3_uneven",
        "depth_4",
        "fill_split_mid_object",
    ):
        np.testing.assert_array_equal(outputs[1], x)


def test_bulk_relay_consumer_stops_early_deadlock_agrees():
    # The drain takes 10 of 32 objects and the sequence then awaits the fill: the ring fills
    # up and the fill can never finish.
    mod = _relay_design(256, drain=80, await_fill=True)
    assert assert_bulk_agrees(mod, [np.arange(256, dtype=np.int32)]) == "DeadlockError"


def test_no_bulk_relay_with_a_core_on_one_side():
    # mem tile -> core: the ring's reader feeds a compute tile, one object per BD.
    ty = "memref<8xi32>"
    body = (
        f"    aie.objectfifo @in(%shim_noc_tile_0_0, {{%mem_tile_0_1}}, 2 : i32) : "
        f"!aie.objectfifo<{ty}>\n"
        f"    aie.objectfifo @mid(%mem_tile_0_1, {{%tile_0_2}}, 2 : i32) : !aie.objectfifo<{ty}>\n"
        "    aie.objectfifo.link [@in] -> [@mid]([] [0])\n"
        f"    aie.objectfifo @out(%tile_0_2, {{%shim_noc_tile_0_0}}, 2 : i32) : "
        f"!aie.objectfifo<{ty}>\n"
    )
    body += core(
        "0_2",
        acquire("mid", "Consume", 1, ty, "a")
        + acquire("out", "Produce", 1, ty, "b")
        + add_const("a", "b", 8, 1)
        + release("mid", "Consume", 1)
        + release("out", "Produce", 1),
    )
    host = "memref<256xi32>"
    rt = (
        task("in", 0, host, 256) + task("out", 1, host, 256, token=True) + await_("out")
    )
    mod = module(body, [host, host], rt)
    x = np.arange(256, dtype=np.int32)
    outputs = assert_bulk_agrees(mod, [x], bulk=False)
    np.testing.assert_array_equal(outputs[1], x + 1)


@settings(max_examples=12, deadline=None)
@given(
    depth=st.integers(1, 4),
    obj=st.sampled_from([4, 8, 16]),
    objects=st.integers(6, 40),
    repeat=st.integers(1, 3),
    split=st.floats(0, 1),
    drained=st.floats(0.2, 1),
)
def test_bulk_relay_agrees_on_random_rings(depth, obj, objects, repeat, split, drained):
    # Any ring depth, object size, repeat count, fill split (possibly mid-object) and drain
    # length (short drains await the fill, so they deadlock or finish deterministically).
    n = objects * obj
    cut = int(split * n)
    fills = [(0, n)] if cut in (0, n) else [(0, cut), (cut, n - cut)]
    drain = max(1, int(drained * n))
    extra = f" {{repeat_count = {repeat} : i32}}" if repeat > 1 else ""
    mod = _relay_design(
        n,
        obj,
        depth,
        out_extra=extra,
        fills=fills,
        drain=drain,
        await_fill=drain < n,
        drain_repeat=repeat,
    )
    x = np.arange(n, dtype=np.int32)
    fast, fast_state, _ = _run(mod, [x], False)
    exact, exact_state, _ = _run(mod, [x], True)
    if isinstance(exact[0], str):
        assert fast == exact
    else:
        assert fast[1] == exact[1]
        for got, expected in zip(fast[0], exact[0]):
            np.testing.assert_array_equal(got, expected)
    for got, expected in zip(fast_state[0], exact_state[0]):
        np.testing.assert_array_equal(got, expected)
    assert fast_state[1:] == exact_state[1:]


# The physical level: the same rings as mlir-aie's stateful transform lowers them (IR locks
# used only by the mem tile's DMA program), and a runtime register write that could reach any
# lock, which rules the bulk path out.


@pytest.mark.parametrize(
    ("case", "bulk"),
    [
        ("linear", True),
        ("depth_3_uneven", True),
        ("transpose_from_stream", True),
        # mlir-aie lowers repeat_count with locks counted in threes (the writer acquires and
        # releases 3, each repeat of the reader 1): not the ring protocol the relay proves, so
        # it goes object by object.
        ("repeat_count", False),
    ],
    ids=["linear", "depth_3_uneven", "transpose_from_stream", "repeat_count"],
)
def test_bulk_relay_agrees_at_the_physical_level(case, bulk):
    from iron_ir.sim.levels import to_physical

    kwargs = BULK[case]
    mod = to_physical(_relay_design(**kwargs))
    x = np.arange(kwargs["n"], dtype=np.int32) * 5 - 3
    assert_bulk_agrees(mod, [x], bulk=bulk)


def test_bulk_relay_deadlock_agrees_at_the_physical_level():
    from iron_ir.sim.levels import to_physical

    mod = to_physical(_relay_design(256, drain=80, await_fill=True))
    assert assert_bulk_agrees(mod, [np.arange(256, dtype=np.int32)]) == "DeadlockError"


def test_no_bulk_relay_when_the_runtime_writes_registers():
    from iron_ir.ir.parse import parse_module
    from iron_ir.ir.printer import print_module
    from iron_ir.sim.levels import to_physical

    text = print_module(to_physical(_relay_design(256)))
    head, sep, tail = text.partition("aie.runtime_sequence(")
    line_end = tail.index("\n") + 1
    # A trace-control register: not modelled (counted in the run's notes), but a register
    # write could as well set a lock or write a BD naming one.
    write = "      aiex.npu.write32 {address = 213200 : ui32, value = 1 : ui32}\n"
    mod = parse_module(
        head + sep + tail[:line_end] + write + tail[line_end:], "design.mlir"
    )
    x = np.arange(256, dtype=np.int32)
    outputs = assert_bulk_agrees(mod, [x], bulk=False)
    np.testing.assert_array_equal(outputs[1], x)


# --- cores woken by cores run in the same event round ---------------------------------------
#
# A release that lets another core go on runs that core in the same round (each core at most
# once per round), so a chain of cores through shared-memory fifos needs about one round per
# exchange; outputs and reports stay those of the step-by-step schedule.


def _core_chain(objects: int, depth: int, drained: int | None = None):
    fifos = [("in", "shim_noc_tile_0_0", "tile_0_2", 2), ("m1", "tile_0_2", "tile_0_3", depth)]
    fifos += [("m2", "tile_0_3", "tile_0_4", depth), ("out", "tile_0_4", "shim_noc_tile_0_0", 2)]
    body = "".join(
        f"    aie.objectfifo @{name}(%{src}, {{%{dst}}}, {d} : i32) : !aie.objectfifo<{I8}>\n"
        for name, src, dst, d in fifos
    )
    stages = (("0_2", "in", "m1", 1), ("0_3", "m1", "m2", 10), ("0_4", "m2", "out", 100))
    for tile, src, dst, k in stages:
        body += core(
            tile,
            acquire(src, "Consume", 1, I8, "a")
            + acquire(dst, "Produce", 1, I8, "b")
            + add_const("a", "b", 8, k)
            + release(src, "Consume", 1)
            + release(dst, "Produce", 1),
            loops=objects,
        )
    drained = objects if drained is None else drained
    host_in, host_out = f"memref<{objects * 8}xi32>", f"memref<{drained * 8}xi32>"
    rt = (
        task("in", 0, host_in, objects * 8)
        + task("out", 1, host_out, drained * 8, token=True)
        + await_("out")
    )
    return module(body, [host_in, host_out], rt), [np.arange(objects * 8, dtype=np.int32)]


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_core_chain_agrees(depth):
    mod, inputs = _core_chain(12, depth)
    assert assert_same_on_both_schedules(mod, inputs) is None
    out = simulate(mod, inputs).outputs[1]
    np.testing.assert_array_equal(out, inputs[0] + 111)


def test_core_chain_deadlock_agrees():
    mod, inputs = _core_chain(4, 2, drained=5)  # the host waits for a fifth object
    assert assert_same_on_both_schedules(mod, inputs) == "DeadlockError"


def _ping_pong(objects: int, *, hand_over_first: bool) -> str:
    """Two cores passing ``objects`` objects through a depth-2 shared-memory fifo; the
    consumer also produces the one object the host waits for, before its loop
    (``hand_over_first``) or after it."""
    ty = "memref<1xi32>"
    consumer = core(
        "0_3", acquire("pipe", "Consume", 1, ty, "a") + release("pipe", "Consume", 1), objects
    )
    hand_over = acquire("out", "Produce", 1, ty, "o") + release("out", "Produce", 1)
    if hand_over_first:
        consumer = consumer.replace("      %c0 = ", hand_over + "      %c0 = ", 1)
    else:
        consumer = consumer.replace("      aie.end\n", hand_over + "      aie.end\n")
    body = (
        f"    aie.objectfifo @pipe(%tile_0_2, {{%tile_0_3}}, 2 : i32) : !aie.objectfifo<{ty}>\n"
        f"    aie.objectfifo @out(%tile_0_3, {{%shim_noc_tile_0_0}}, 2 : i32)"
        f" : !aie.objectfifo<{ty}>\n"
        + core("0_2", acquire("pipe", "Produce", 1, ty, "a") + release("pipe", "Produce", 1),
               objects)
        + consumer
    )
    return module(body, [ty], task("out", 0, ty, 1, token=True) + await_("out"))


def test_core_woken_by_a_core_runs_in_the_same_round():
    """A two-core ping-pong through a depth-2 fifo: one round per two objects (each core runs
    once per round), where running woken cores a round later needed one per object."""
    objects = 40
    # After its loop the consumer produces the one object the host waits for.
    mod = _ping_pong(objects, hand_over_first=False)
    assert assert_same_on_both_schedules(mod, []) is None
    steps = simulate(mod, []).steps
    assert steps <= objects // 2 + 4, steps


def test_cores_run_on_after_the_runtime_sequence_until_they_stop():
    """The consumer hands the host its one object first, so the runtime sequence finishes at
    once and the ping-pong of 200 objects happens while the run settles (one round per two
    objects): both cores must finish, with no end-of-run warning, on both schedules."""
    objects = 200
    mod = _ping_pong(objects, hand_over_first=True)
    assert assert_same_on_both_schedules(mod, []) is None
    result = simulate(mod, [])
    assert result.warnings == []
    assert result.steps < 10  # the host had its object before the ping-pong
