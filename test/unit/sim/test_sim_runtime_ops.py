"""Runtime-sequence operations and the misuse reports around them."""

import numpy as np
import pytest
from sim_designs import acquire, add_const, await_, core, module, release, task

from iron_ir.sim import (
    BudgetExceededError,
    DmaBoundsError,
    InFlightError,
    KernelError,
    RuntimeMisuseError,
    SimOptions,
    runtime_signature,
    simulate,
)
from iron_ir.sim.kernels import register_model, unregister_model

I8 = "memref<8xi32>"
FIFOS = (
    "    aie.objectfifo @in(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<8xi32>>\n"
    "    aie.objectfifo @out(%tile_0_2, {%shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<8xi32>>\n"
)
ADD_ONE = core(
    "0_2",
    acquire("in", "Consume", 1, I8, "a")
    + acquire("out", "Produce", 1, I8, "b")
    + add_const("a", "b", 8, 1)
    + release("in", "Consume", 1)
    + release("out", "Produce", 1),
)
ARGS = ["memref<32xi32>", "memref<32xi32>"]


def test_dma_memcpy_nd_and_dma_wait_by_fifo_and_by_allocation():
    body = FIFOS + ADD_ONE + "    aie.shim_dma_allocation @out_alloc(%shim_noc_tile_0_0, S2MM, 0)\n"
    rt = (
        "      aiex.npu.dma_memcpy_nd(%arg1[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 0 : i64, metadata = @out_alloc, issue_token = true} : memref<32xi32>\n"
        # two executions of a 16-element BD through the iteration dimension
        "      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][2, 1, 1, 16][16, 0, 0, 1]) {id = 1 : i64, metadata = @in} : memref<32xi32>\n"
        "      aiex.npu.dma_wait {symbol = @out_alloc}\n"
    )
    x = np.arange(32, dtype=np.int32)
    np.testing.assert_array_equal(simulate(module(body, ARGS, rt), [x]).outputs[1], x + 1)


def test_task_chain_and_iteration_dimension_follow_the_hardware():
    # Two BDs chained with next_bd; the drain's outermost dim is the shim's iteration dim.
    rt = (
        "      %t_in = aiex.dma_configure_task_for @in {\n"
        "        aie.dma_bd(%arg0 : memref<32xi32>, 16, 16)\n"
        "        aie.next_bd ^bb1\n"
        "      ^bb1:\n"
        "        aie.dma_bd(%arg0 : memref<32xi32>, 0, 16)\n"
        "        aie.end\n"
        "      }\n"
        "      aiex.dma_start_task(%t_in)\n"
        + task(
            "out",
            1,
            "memref<32xi32>",
            8,
            "[<size = 4, stride = 8>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 8, stride = 1>]",
            token=True,
            repeat=3,
        )
        + await_("out")
    )
    x = np.arange(32, dtype=np.int32)
    out = simulate(module(FIFOS + ADD_ONE, ARGS, rt), [x]).outputs[1]
    np.testing.assert_array_equal(out, np.concatenate([x[16:], x[:16]]) + 1)


def rtp_design(set_barrier: bool):
    body = FIFOS + (
        '    %rtp = aie.buffer(%tile_0_2) {sym_name = "rtp"} : memref<1xi32>\n'
        '    %barrier = aie.lock(%tile_0_2, 0) {init = 0 : i32, sym_name = "barrier"}\n'
        "    %core_0_2 = aie.core(%tile_0_2) {\n"
        "      %c0 = arith.constant 0 : index\n      %c1 = arith.constant 1 : index\n"
        "      %c4 = arith.constant 4 : index\n      %c8 = arith.constant 8 : index\n"
        "      aie.use_lock(%barrier, AcquireGreaterEqual, 1)\n"
        "      %k = memref.load %rtp[%c0] : memref<1xi32>\n"
        "      scf.for %it = %c0 to %c4 step %c1 {\n"
        + acquire("in", "Consume", 1, I8, "a")
        + acquire("out", "Produce", 1, I8, "b")
        + "        scf.for %i = %c0 to %c8 step %c1 {\n"
        "          %v = memref.load %a[%i] : memref<8xi32>\n          %w = arith.muli %v, %k : i32\n"
        "          memref.store %w, %b[%i] : memref<8xi32>\n        }\n"
        + release("in", "Consume", 1)
        + release("out", "Produce", 1)
        + "      }\n      aie.end\n    }\n"
    )
    rt = (
        "      aiex.npu.rtp_write(@rtp, 0, 6)\n"
        + ("      aiex.set_lock(%barrier, 1)\n" if set_barrier else "")
        + task("in", 0, "memref<32xi32>", 32)
        + task("out", 1, "memref<32xi32>", 32, token=True)
        + await_("out")
    )
    return module(body, ARGS, rt)


def test_rtp_write_and_barrier_lock():
    x = np.arange(32, dtype=np.int32)
    np.testing.assert_array_equal(simulate(rtp_design(True), [x]).outputs[1], 6 * x)


def test_barrier_never_set_is_a_deadlock():
    from iron_ir.sim import DeadlockError

    with pytest.raises(DeadlockError) as info:
        simulate(rtp_design(False), [])
    assert "core_0_2: waits at design.mlir:" in str(info.value)
    assert "to acquire lock barrier >= 1 (value 0)" in str(info.value)


def test_runtime_pattern_outside_the_host_tensor():
    # A runtime BD may reach past the argument's type (the host allocates more, as with
    # mlir-aie); the simulator checks the buffer actually passed.
    rt = (
        task("in", 0, "memref<32xi32>", 32, "[<size = 2, stride = 24>, <size = 16, stride = 1>]")
        + task("out", 1, "memref<32xi32>", 32, token=True)
        + await_("out")
    )
    design = module(FIFOS + ADD_ONE, ARGS, rt)
    assert runtime_signature(design)[0].shape == (40,)
    out = simulate(design, [np.arange(40, dtype=np.int32)]).outputs[1]
    assert list(out) == [*range(1, 17), *range(25, 41)]
    with pytest.raises(DmaBoundsError) as info:
        simulate(design, [np.zeros(32, dtype=np.int32)])
    message = str(info.value)
    assert "design.mlir:" in message and "fill task on @in" in message
    assert "element offset 32" in message and "32-element tensor" in message


def test_runtime_finishing_with_data_in_flight():
    rt = task("in", 0, "memref<32xi32>", 32) + task("out", 1, "memref<32xi32>", 32)
    with pytest.raises(InFlightError) as info:
        simulate(module(FIFOS + ADD_ONE, ARGS, rt), [])
    assert "drain task on @out" in str(info.value) and "0 of 32 elements moved" in str(info.value)


def test_awaiting_a_task_without_a_token():
    # The verifier rejects this too; unverified IR still gets the report instead of a hang.
    rt = task("in", 0, "memref<32xi32>", 32) + await_("in")
    with pytest.raises(RuntimeMisuseError, match="issue_token"):
        simulate(module(FIFOS + ADD_ONE, ARGS, rt, verify=False), [])


def test_step_budget_ends_a_long_run(load):
    with pytest.raises(BudgetExceededError) as info:
        simulate(load("dma_transpose_npu2_1col.mlir"), [], SimOptions(max_steps=20))
    assert "Step budget of 20 steps used up" in str(info.value)
    assert "core_0_2" in str(info.value)


def test_time_budget_ends_a_core_that_never_blocks():
    body = FIFOS + (
        "    %core_0_2 = aie.core(%tile_0_2) {\n"
        "      %c0 = arith.constant 0 : index\n      %c1 = arith.constant 1 : index\n"
        "      %big = arith.constant 9223372036854775807 : index\n"
        "      scf.for %i = %c0 to %big step %c1 {\n      }\n      aie.end\n    }\n"
    )
    rt = (
        task("in", 0, "memref<32xi32>", 32)
        + task("out", 1, "memref<32xi32>", 32, token=True)
        + await_("out")
    )
    with pytest.raises(BudgetExceededError, match="time budget"):
        simulate(module(body, ARGS, rt), [], SimOptions(timeout=0.2))


KERNEL_CALL = (
    '    func.func private @my_kernel(memref<8xi32>, memref<8xi32>, i32) attributes {link_with = "mine.o"}\n'
    + core(
        "0_2",
        acquire("in", "Consume", 1, I8, "a")
        + acquire("out", "Produce", 1, I8, "b")
        + "        %n = arith.constant 8 : i32\n"
        + "        func.call @my_kernel(%a, %b, %n) : (memref<8xi32>, memref<8xi32>, i32) -> ()\n"
        + release("in", "Consume", 1)
        + release("out", "Produce", 1),
    )
)
KERNEL_RT = (
    task("in", 0, "memref<32xi32>", 32)
    + task("out", 1, "memref<32xi32>", 32, token=True)
    + await_("out")
)


@pytest.fixture
def kernel():
    yield register_model
    unregister_model("my_kernel")


def test_external_kernel_model_gets_live_views(kernel):
    def model(a, b, n):
        assert a.shape == (8,) and b.dtype == np.int32 and n == 8
        b[:n] = a[:n] * 2 + 1

    kernel("my_kernel", model)
    x = np.arange(32, dtype=np.int32)
    out = simulate(module(FIFOS + KERNEL_CALL, ARGS, KERNEL_RT), [x]).outputs[1]
    np.testing.assert_array_equal(out, x * 2 + 1)


def test_kernel_writing_outside_its_buffer(kernel):
    def model(a, b, n):
        b[: n + 1] = 0
        b[n] = 1

    kernel("my_kernel", model)
    with pytest.raises(KernelError) as info:
        simulate(module(FIFOS + KERNEL_CALL, ARGS, KERNEL_RT), [])
    message = str(info.value)
    assert "kernel model @my_kernel (mine.o) called from core_0_2 failed: IndexError" in message
    assert "beyond the buffers" in message


def test_missing_kernel_model_names_symbol_and_object():
    with pytest.raises(KernelError) as info:
        simulate(module(FIFOS + KERNEL_CALL, ARGS, KERNEL_RT), [])
    assert "my_kernel" in str(info.value) and "mine.o" in str(info.value)


def test_choosing_among_several_runtime_sequences():
    from iron_ir.sim import DesignError

    other = (
        "    aie.runtime_sequence @half(%arg0: memref<16xi32>, %arg1: memref<16xi32>) {\n"
        + task("in", 0, "memref<16xi32>", 16)
        + task("out", 1, "memref<16xi32>", 16, token=True)
        + await_("out")
        + "    }\n"
    )
    rt = (
        task("in", 0, "memref<32xi32>", 32)
        + task("out", 1, "memref<32xi32>", 32, token=True)
        + await_("out")
    )
    m = module(FIFOS + ADD_ONE + other, ARGS, rt)
    with pytest.raises(DesignError, match="runtime sequences @half, @sequence; choose one"):
        simulate(m, [])
    x = np.arange(16, dtype=np.int32)
    np.testing.assert_array_equal(simulate(m, [x], SimOptions(sequence="half")).outputs[1], x + 1)
    assert simulate(m, [np.arange(32)], SimOptions(sequence="sequence")).outputs[1][31] == 32


def test_objects_left_for_the_host_are_a_warning():
    rt = (
        task("in", 0, "memref<24xi32>", 24)
        + task("out", 1, "memref<16xi32>", 16, token=True)
        + await_("out")
    )
    m = module(FIFOS + ADD_ONE, ["memref<24xi32>", "memref<16xi32>"], rt)
    result = simulate(m, [np.arange(24, dtype=np.int32)])
    np.testing.assert_array_equal(result.outputs[1], np.arange(16) + 1)
    assert result.warnings == [
        "objectfifo @out still held 1 full object(s) for the host when the run ended: more was "
        "produced than the runtime sequence drained (drain task on @out (design.mlir:38:7))"
    ]
    assert (
        simulate(
            module(
                FIFOS + ADD_ONE,
                ARGS,
                task("in", 0, "memref<32xi32>", 32)
                + task("out", 1, "memref<32xi32>", 32, token=True)
                + await_("out"),
            ),
            [],
        ).warnings
        == []
    )


def test_tasks_on_explicit_shim_channels():
    from iron_ir.sim import argument_roles

    rt = (
        "      %t0 = aiex.dma_configure_task(%shim_noc_tile_0_0, MM2S, 0) {\n"
        "        aie.dma_bd(%arg0 : memref<32xi32>, 0, 32)\n        aie.end\n      }\n"
        "      aiex.dma_start_task(%t0)\n"
        "      %t1 = aiex.dma_configure_task(%shim_noc_tile_0_0, S2MM, 0) {\n"
        "        aie.dma_bd(%arg1 : memref<32xi32>, 0, 32)\n        aie.end\n      } {issue_token = true}\n"
        "      aiex.dma_start_task(%t1)\n      aiex.dma_await_task(%t1)\n"
    )
    m = module(FIFOS + ADD_ONE, ARGS, rt)
    assert argument_roles(m) == [{"in"}, {"out"}]
    x = np.arange(32, dtype=np.int32)
    np.testing.assert_array_equal(simulate(m, [x]).outputs[1], x + 1)
