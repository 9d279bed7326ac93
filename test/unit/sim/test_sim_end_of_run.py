"""What a finished run reports about cores it left behind: resting at the top of an endless loop
is normal; stopped halfway through an iteration, or a finite loop left unfinished, is missing
data and a warning."""

import numpy as np
from sim_designs import acquire, add_const, await_, core, module, release, task

from iron_ir.sim import simulate

I8 = "memref<8xi32>"


def fifo(name, prod, cons):
    return f"    aie.objectfifo @{name}({prod}, {{{cons}}}, 2 : i32) : !aie.objectfifo<{I8}>\n"


def add_one(loops=None):
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2") + fifo(
        "out", "%tile_0_2", "%shim_noc_tile_0_0"
    )
    body += core(
        "0_2",
        acquire("in", "Consume", 1, I8, "a")
        + acquire("out", "Produce", 1, I8, "b")
        + add_const("a", "b", 8, 1)
        + release("in", "Consume", 1)
        + release("out", "Produce", 1),
        loops,
    )
    return body


def run(body, filled: int, drained: int, fifos=("in",)):
    rt = "".join(task(f, i, f"memref<{filled}xi32>", filled) for i, f in enumerate(fifos))
    out_arg = len(fifos)
    rt += task("out", out_arg, f"memref<{drained}xi32>", drained, token=True) + await_("out")
    args = [f"memref<{filled}xi32>"] * len(fifos) + [f"memref<{drained}xi32>"]
    inputs = [np.arange(filled, dtype=np.int32) for _ in fifos]
    return simulate(module(body, args, rt), inputs)


def test_endless_core_resting_at_the_top_of_its_loop_is_not_reported():
    result = run(add_one(), 24, 24)
    np.testing.assert_array_equal(result.outputs[1], np.arange(24) + 1)
    assert result.warnings == []


def test_endless_core_holding_its_next_output_object_is_not_reported():
    # Output first, then input (as the GEMM workers do): at the end the core holds a free
    # output buffer while it waits for input that will not come, which is no data lost.
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2") + fifo(
        "out", "%tile_0_2", "%shim_noc_tile_0_0"
    )
    body += core(
        "0_2",
        acquire("out", "Produce", 1, I8, "b")
        + acquire("in", "Consume", 1, I8, "a")
        + add_const("a", "b", 8, 1)
        + release("in", "Consume", 1)
        + release("out", "Produce", 1),
    )
    result = run(body, 24, 24)
    np.testing.assert_array_equal(result.outputs[1], np.arange(24) + 1)
    assert result.warnings == []


def test_finite_core_that_never_finished_is_reported():
    result = run(add_one(loops=4), 24, 24)
    np.testing.assert_array_equal(result.outputs[1], np.arange(24) + 1)
    (warning,) = result.warnings
    assert warning.startswith("core_0_2 was starved partway through its work")
    assert "for 1 more object(s) of @in (Consume), 0 available" in warning
    assert "its loops are finite and it never finished" in warning
    assert "design.mlir:" in warning


def test_core_stopped_holding_objects_is_reported():
    body = (
        fifo("a", "%shim_noc_tile_0_0", "%tile_0_2")
        + fifo("b", "%shim_noc_tile_0_0", "%tile_0_2")
        + fifo("out", "%tile_0_2", "%shim_noc_tile_0_0")
    )
    body += core(
        "0_2",
        acquire("a", "Consume", 1, I8, "x")
        + acquire("b", "Consume", 1, I8, "y")
        + acquire("out", "Produce", 1, I8, "z")
        + add_const("x", "z", 8, 1)
        + release("a", "Consume", 1)
        + release("b", "Consume", 1)
        + release("out", "Produce", 1),
    )
    # @a gets two objects, @b only one: the second iteration holds an @a object forever.
    rt = (
        task("a", 0, "memref<16xi32>", 16)
        + task("b", 1, "memref<8xi32>", 8)
        + task("out", 2, "memref<8xi32>", 8, token=True)
        + await_("out")
    )
    m = module(body, ["memref<16xi32>", "memref<8xi32>", "memref<8xi32>"], rt)
    (warning,) = simulate(m, [np.arange(16, dtype=np.int32)]).warnings
    assert "waits at design.mlir:" in warning and "object(s) of @b (Consume)" in warning
    assert "holding 1 object(s) of @a (Consume)" in warning
    assert "stopped in the middle of an iteration" in warning


def test_core_blocked_on_a_later_acquire_of_the_same_iteration_is_reported():
    # Each iteration consumes two @in objects one at a time, then writes one @out object;
    # three objects leave the second iteration waiting for its second input.
    inner = (
        "        %n2 = arith.constant 2 : index\n"
        "        scf.for %k = %c0 to %n2 step %c1 {\n"
        + acquire("in", "Consume", 1, I8, "a").replace("        ", "          ")
        + release("in", "Consume", 1).replace("        ", "          ")
        + "        }\n"
    )
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2") + fifo(
        "out", "%tile_0_2", "%shim_noc_tile_0_0"
    )
    body += core(
        "0_2", inner + acquire("out", "Produce", 1, I8, "b") + release("out", "Produce", 1)
    )
    (warning,) = run(body, 24, 8).warnings
    assert "for 1 more object(s) of @in (Consume)" in warning
    assert "holding" not in warning
    assert "already consumed 1 object(s) in this iteration of its loop" in warning
