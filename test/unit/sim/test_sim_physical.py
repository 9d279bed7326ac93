"""Physical-level designs: buffers, locks, BD programs of each tile kind, flows (circuit,
packet, routed), lowered runtime sequences; deadlocks reported by lock and BD."""

import re

import numpy as np
import pytest

from iron_ir.sim import DeadlockError, SimOptions, simulate
from iron_ir.sim.machine import AIE1, EQ, GE, Lock

from conftest import INPUTS, parse_design

PHYSICAL = INPUTS / "physical"


def text(name: str) -> str:
    return (PHYSICAL / name).read_text()


def run_both(mod, inputs):
    fast = simulate(mod, inputs)
    exact = simulate(mod, inputs, SimOptions(exact_schedule=True))
    for a, b in zip(fast.outputs, exact.outputs):
        np.testing.assert_array_equal(a, b)
    assert fast.warnings == exact.warnings
    return fast


def transposed_padded(x: np.ndarray) -> np.ndarray:
    return np.concatenate(
        [np.pad(b.reshape(4, 4).T, ((0, 0), (1, 1))).reshape(-1) for b in x.reshape(-1, 16)]
    )


def test_compute_tile_dma_program_and_core_locks():
    mod = parse_design(text("compute_tile_add_one.mlir"), "compute_tile_add_one.mlir")
    x = np.arange(32, dtype=np.int32) * 3
    result = run_both(mod, [x])
    np.testing.assert_array_equal(result.outputs[1], x + 1)
    assert result.warnings == []


def test_mem_tile_bd_chain_with_layout_and_padding():
    mod = parse_design(text("mem_tile_transpose_pad.mlir"), "mem_tile_transpose_pad.mlir")
    x = np.arange(64, dtype=np.int32) - 20
    np.testing.assert_array_equal(run_both(mod, [x]).outputs[1], transposed_padded(x))


def test_shim_registers_of_a_lowered_runtime_sequence():
    # blockwrite of BD words, writebd, address_patch, a queue write32, push_queue, npu.sync.
    mod = parse_design(text("shim_registers_add_one.mlir"), "shim_registers_add_one.mlir")
    x = np.arange(32, dtype=np.int32) * 5
    result = run_both(mod, [x])
    np.testing.assert_array_equal(result.outputs[1], x + 1)
    assert result.notes == {}


def _routed(source: str) -> str:
    """compute_tile_add_one.mlir with its flows routed through switchboxes and the shim mux."""
    routes = (
        "    %switchbox_0_0 = aie.switchbox(%shim_noc_tile_0_0) {\n"
        "      aie.connect<South : 3, North : 0>\n      aie.connect<North : 0, South : 2>\n    }\n"
        "    %shim_mux_0_0 = aie.shim_mux(%shim_noc_tile_0_0) {\n"
        "      aie.connect<DMA : 0, North : 3>\n      aie.connect<North : 2, DMA : 0>\n    }\n"
        "    %switchbox_0_1 = aie.switchbox(%mem_tile_0_1) {\n"
        "      aie.connect<South : 0, North : 0>\n      aie.connect<North : 0, South : 0>\n    }\n"
        "    %switchbox_0_2 = aie.switchbox(%tile_0_2) {\n"
        "      aie.connect<South : 0, DMA : 0>\n      aie.connect<DMA : 0, South : 0>\n    }\n"
    )
    out = re.sub(r"    aie\.flow\(.*\n", "", source)
    out = out.replace(
        "    %tile_0_2 = aie.tile(0, 2)\n",
        "    %mem_tile_0_1 = aie.tile(0, 1)\n    %tile_0_2 = aie.tile(0, 2)\n",
    )
    return out.replace("    %core_0_2 = aie.core", routes + "    %core_0_2 = aie.core", 1)


def test_routed_design_follows_its_switchboxes():
    mod = parse_design(_routed(text("compute_tile_add_one.mlir")), "routed.mlir")
    x = np.arange(32, dtype=np.int32) - 7
    np.testing.assert_array_equal(run_both(mod, [x]).outputs[1], x + 1)


def _packet_design(keep_header: bool) -> str:
    """mem_tile_transpose_pad.mlir fed by two shim channels through one packet flow each:
    MM2S 0 sends ids 1, MM2S 1 ids 2, both to the mem tile's S2MM 0. With headers kept the
    second packet is two words shorter, so that both fill the mem tile's two objects."""
    second = 14 if keep_header else 16
    source = text("mem_tile_transpose_pad.mlir")
    keep = " {keep_pkt_header = true}" if keep_header else ""
    flows = "".join(
        f"    aie.packet_flow({pid}) {{\n"
        f"      aie.packet_source<%shim_noc_tile_0_0, DMA : {ch}>\n"
        f"      aie.packet_dest<%mem_tile_0_1, DMA : 0>\n    }}{keep}\n"
        for pid, ch in ((1, 0), (2, 1))
    )
    source = source.replace(
        "    aie.flow(%shim_noc_tile_0_0, DMA : 0, %mem_tile_0_1, DMA : 0)\n", flows
    )
    runtime = (
        "    aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: memref<96xi32>) {\n"
        "      %t0 = aiex.dma_configure_task(%shim_noc_tile_0_0, MM2S, 0) {\n"
        "        aie.dma_bd(%arg0 : memref<64xi32>, 0, 16) {packet = #aie.packet_info<pkt_type = 0, pkt_id = 1>}\n"
        "        aie.end\n      }\n"
        "      %t1 = aiex.dma_configure_task(%shim_noc_tile_0_0, MM2S, 1) {\n"
        f"        aie.dma_bd(%arg0 : memref<64xi32>, 16, {second}) {{packet = #aie.packet_info<pkt_type = 0, pkt_id = 2>}}\n"
        "        aie.end\n      }\n"
        "      %t2 = aiex.dma_configure_task(%shim_noc_tile_0_0, S2MM, 0) {\n"
        "        aie.dma_bd(%arg1 : memref<96xi32>, 0, 48)\n        aie.end\n"
        "      } {issue_token = true}\n"
        "      aiex.dma_start_task(%t0)\n      aiex.dma_start_task(%t1)\n"
        "      aiex.dma_start_task(%t2)\n      aiex.dma_await_task(%t2)\n"
        "      aiex.dma_free_task(%t0)\n      aiex.dma_free_task(%t1)\n    }\n  }\n}\n"
    )
    return source[: source.index("    aie.runtime_sequence")] + runtime


def test_packet_flows_merge_into_one_channel():
    mod = parse_design(_packet_design(False), "packets.mlir")
    x = np.arange(64, dtype=np.int32) + 100
    out = run_both(mod, [x]).outputs[1]
    np.testing.assert_array_equal(out[:48], transposed_padded(x[:32]))


def test_kept_packet_headers_arrive_as_a_word_before_the_data():
    from iron_ir.sim.machine.packet import header_word

    mod = parse_design(_packet_design(True), "packets_with_headers.mlir")
    x = np.arange(64, dtype=np.int32) + 100
    out = simulate(mod, [x]).outputs[1]
    # The mem tile's objects: packet 1's header and 15 data words; its last word, packet 2's
    # header and 14 data words.
    h1, h2 = (np.array([header_word(pid, 0)], np.uint32).view(np.int32) for pid in (1, 2))
    stream = np.concatenate([h1, x[:16], h2, x[16:30]])
    np.testing.assert_array_equal(out[:48], transposed_padded(stream))


def test_physical_deadlock_names_locks_bds_and_fifos():
    source = text("compute_tile_add_one.mlir")
    source = source.replace("%arg0[0, 0, 0, 0][1, 1, 1, 32]", "%arg0[0, 0, 0, 0][1, 1, 1, 24]")
    mod = parse_design(source, "phys.mlir")
    with pytest.raises(DeadlockError) as info:
        simulate(mod, [], SimOptions(max_steps=100))
    message = str(info.value)
    assert "core_0_2: waits at phys.mlir:" in message
    assert "to acquire lock in_cons_cons_lock_0 (objectfifo @in, consumer end) >= 1 (value 0)" in message
    assert "Locks:" in message and "waited on by core_0_2" in message
    assert "on in_cons_buff_1 (objectfifo @in, consumer end)" in message
    assert "24 of 32 elements moved" in message
    exact = simulate
    with pytest.raises(DeadlockError) as again:
        exact(mod, [], SimOptions(exact_schedule=True))
    strip = lambda m: re.sub(r"\d+ steps?\b", "N steps", m)  # noqa: E731
    assert strip(str(again.value)) == strip(message)


def test_lock_disciplines():
    lock = Lock("l", 2)
    assert lock.can(GE, 2) and not lock.can(GE, 3)
    lock.take(GE, 2)
    assert lock.value == 0
    lock.give(GE, 1)
    assert lock.can(EQ, 1) and not lock.can(EQ, 0)
    lock.take(EQ, 1)
    assert lock.value == 1  # acquire-equal leaves the value
    binary = Lock("b", 0)
    assert binary.can(AIE1, 0) and not binary.can(AIE1, 1)
    binary.take(AIE1, 0)
    assert not binary.can(AIE1, 0)  # held until released
    binary.give(AIE1, 1)
    assert binary.value == 1 and binary.can(AIE1, 1)


@pytest.mark.parametrize("form", ["cascade_flow", "configure_cascade"])
def test_cascade_between_neighbouring_cores(form):
    source = (INPUTS / "cascade_scale.mlir").read_text()
    if form == "configure_cascade":
        # What aie-lower-cascade-flows leaves: each core's cascade directions.
        source = source.replace(
            "    aie.cascade_flow(%tile_0_3, %tile_0_2)\n",
            "    aie.configure_cascade(%tile_0_3, North, South)\n"
            "    aie.configure_cascade(%tile_0_2, North, East)\n",
        )
    mod = parse_design(source, "cascade.mlir")
    x = np.arange(32, dtype=np.int32) - 3
    np.testing.assert_array_equal(run_both(mod, [x]).outputs[1], x * 10)


def test_aie1_binary_locks_without_a_runtime_sequence():
    mod = parse_design(text("aie1_locks.mlir"), "aie1_locks.mlir")
    result = simulate(mod, [])
    assert result.outputs == []
    # Three rounds of 0, 1, 2 accumulated digit by digit: the lock alternated strictly.
    np.testing.assert_array_equal(result.buffers["sum"], [12, 12, 12, 12])
    exact = simulate(mod, [], SimOptions(exact_schedule=True))
    np.testing.assert_array_equal(exact.buffers["sum"], result.buffers["sum"])


def test_aie1_lock_value_that_never_comes_is_a_deadlock():
    source = text("aie1_locks.mlir").replace(
        "aie.use_lock(%lock, Acquire, 1)", "aie.use_lock(%lock, Acquire, 2)"
    )
    mod = parse_design(source, "aie1_deadlock.mlir")
    with pytest.raises(DeadlockError) as info:
        simulate(mod, [])
    message = str(info.value)
    assert "core_2_4: waits at aie1_deadlock.mlir:" in message
    assert "to acquire lock lock == (AIE1) 2 (value 1)" in message
    assert "waits for every core to finish (still running: core_2_3, core_2_4)" in message


def test_a_bd_chain_that_ends_in_a_block_of_only_aie_end():
    """The objectfifo lowering's iter_count chains end with `aie.next_bd` to a block holding
    only `aie.end`: the chain ends there (with repeat_count, it runs again from its start)."""
    source = text("compute_tile_add_one.mlir")
    source = source.replace(
        "%0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)", "%0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3, repeat_count = 1)"
    )
    head, tail = source.split("aie.dma_bd(%in_cons_buff_1 : memref<8xi32>, 0, 8)", 1)
    tail = tail.replace("aie.next_bd ^bb1\n", "aie.next_bd ^done\n    ^done:\n      aie.end\n", 1)
    mod = parse_design(head + "aie.dma_bd(%in_cons_buff_1 : memref<8xi32>, 0, 8)" + tail, "chain.mlir")
    x = np.arange(32, dtype=np.int32) * 7
    result = run_both(mod, [x])
    np.testing.assert_array_equal(result.outputs[1], x + 1)
