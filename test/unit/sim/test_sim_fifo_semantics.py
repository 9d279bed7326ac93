"""Objectfifo semantics: windows, broadcast, per-endpoint depths, links, layouts, repeat, init."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sim_designs import acquire, add_const, await_, core, module, release, task

from iron_ir.sim import DeadlockError, FifoMisuseError, simulate
from iron_ir.sim.build import build_machine
from iron_ir.sim.design import read_design

I8 = "memref<8xi32>"


def fifo(name, prod, cons, ty=I8, depth="2 : i32", extra=""):
    return (
        f"    aie.objectfifo @{name}({prod}, {{{cons}}}, {depth}){extra} : !aie.objectfifo<{ty}>\n"
    )


def add_one_design(depth="2 : i32", loops=None):
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2", depth=depth) + fifo(
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
    rt = (
        task("in", 0, "memref<32xi32>", 32)
        + task("out", 1, "memref<32xi32>", 32, token=True)
        + await_("out")
    )
    return module(body, ["memref<32xi32>", "memref<32xi32>"], rt)


def test_forward_through_a_core():
    x = np.arange(32, dtype=np.int32) * 7
    out = simulate(add_one_design(), [x]).outputs
    np.testing.assert_array_equal(out[1], x + 1)


def test_sliding_window_acquire_three_release_one():
    ty = "memref<1xi32>"
    sub = f"!aie.objectfifosubview<{ty}>"
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2", ty, depth="3 : i32")
    body += fifo("out", "%tile_0_2", "%shim_noc_tile_0_0", ty)
    window = (
        f"        %w = aie.objectfifo.acquire @in(Consume, 3) : {sub}\n"
        + "".join(
            f"        %e{k} = aie.objectfifo.subview.access %w[{k}] : {sub} -> {ty}\n"
            f"        %v{k} = memref.load %e{k}[%c0] : {ty}\n"
            for k in range(3)
        )
        + "        %s1 = arith.addi %v0, %v1 : i32\n        %s2 = arith.addi %s1, %v2 : i32\n"
        + acquire("out", "Produce", 1, ty, "o")
        + f"        memref.store %s2, %o[%c0] : {ty}\n"
        + release("in", "Consume", 1)
        + release("out", "Produce", 1)
    )
    body += core("0_2", window, 6)
    rt = (
        task("in", 0, "memref<8xi32>", 8)
        + task("out", 1, "memref<6xi32>", 6, token=True)
        + await_("out")
    )
    m = module(body, ["memref<8xi32>", "memref<6xi32>"], rt)
    x = np.array([1, 2, 4, 8, 16, 32, 64, 128], dtype=np.int32)
    np.testing.assert_array_equal(simulate(m, [x]).outputs[1], x[:-2] + x[1:-1] + x[2:])


def test_acquire_again_without_release_returns_the_same_objects():
    ty = "memref<1xi32>"
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2", ty) + fifo(
        "out", "%tile_0_2", "%shim_noc_tile_0_0", ty
    )
    code = (
        acquire("in", "Consume", 1, ty, "x")
        + acquire("in", "Consume", 1, ty, "y")
        + f"        %vx = memref.load %x[%c0] : {ty}\n        %vy = memref.load %y[%c0] : {ty}\n"
        + "        %s = arith.addi %vx, %vy : i32\n"
        + acquire("out", "Produce", 1, ty, "o")
        + f"        memref.store %s, %o[%c0] : {ty}\n"
        + release("in", "Consume", 1)
        + release("out", "Produce", 1)
    )
    body += core("0_2", code, 4)
    rt = (
        task("in", 0, "memref<4xi32>", 4)
        + task("out", 1, "memref<4xi32>", 4, token=True)
        + await_("out")
    )
    m = module(body, ["memref<4xi32>", "memref<4xi32>"], rt)
    x = np.array([3, 5, 7, 11], dtype=np.int32)
    np.testing.assert_array_equal(simulate(m, [x]).outputs[1], 2 * x)


def broadcast_design(second_consumer: bool):
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2, %tile_0_3")
    body += fifo("o2", "%tile_0_2", "%shim_noc_tile_0_0") + fifo(
        "o3", "%tile_0_3", "%shim_noc_tile_0_0"
    )
    for tile, out, k in (("0_2", "o2", 1), ("0_3", "o3", 100)):
        if tile == "0_3" and not second_consumer:
            continue
        body += core(
            tile,
            acquire("in", "Consume", 1, I8, "a")
            + acquire(out, "Produce", 1, I8, "b")
            + add_const("a", "b", 8, k)
            + release("in", "Consume", 1)
            + release(out, "Produce", 1),
        )
    rt = task("in", 0, "memref<32xi32>", 32) + task("o2", 1, "memref<32xi32>", 32, token=True)
    if second_consumer:
        rt += task("o3", 2, "memref<32xi32>", 32, token=True) + await_("o3")
    rt += await_("o2")
    return module(body, ["memref<32xi32>"] * 3, rt)


def test_broadcast_every_consumer_sees_every_object():
    x = np.arange(32, dtype=np.int32)
    out = simulate(broadcast_design(True), [x]).outputs
    np.testing.assert_array_equal(out[1], x + 1)
    np.testing.assert_array_equal(out[2], x + 100)


def test_broadcast_producer_waits_for_all_consumers():
    with pytest.raises(DeadlockError) as info:
        simulate(broadcast_design(False), [np.arange(32, dtype=np.int32)])
    message = str(info.value)
    assert "in_1_cons on tile_0_3 (2 buffers): 2 full, 0 free" in message
    assert (
        "shim_noc_tile_0_0 MM2S:0 (@in)" in message and "waits for tile_0_3 S2MM:0 (@in)" in message
    )


def test_per_endpoint_depths_and_mlir_aie_resizing():
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2", depth="[3 : i32, 1 : i32]")
    body += fifo("out", "%tile_0_2", "%shim_noc_tile_0_0", depth="4 : i32")
    body += fifo("side", "%tile_0_2", "%tile_0_3", depth="3 : i32")
    body += core(
        "0_2",
        acquire("in", "Consume", 1, I8, "a")
        + acquire("out", "Produce", 1, I8, "b")
        + add_const("a", "b", 8, 1)
        + release("in", "Consume", 1)
        + release("out", "Produce", 1),
    )
    rt = (
        task("in", 0, "memref<32xi32>", 32)
        + task("out", 1, "memref<32xi32>", 32, token=True)
        + await_("out")
    )
    m = module(body, ["memref<32xi32>", "memref<32xi32>"], rt)
    pools = {p.name: p.depth for p in build_machine(read_design(m)).pools}
    # an explicit per-endpoint depth is exact; a single depth on a compute tile's DMA end is
    # mlir-aie's max-acquire + 1; a shared-memory fifo keeps its declared depth.
    assert pools == {"side": 3, "in_cons": 1, "out": 2}
    x = np.arange(32, dtype=np.int32)
    np.testing.assert_array_equal(simulate(m, [x]).outputs[1], x + 1)


def test_split_and_join_by_offsets_through_the_mem_tile():
    body = fifo("big", "%shim_noc_tile_0_0", "%mem_tile_0_1", "memref<16xi32>")
    body += fifo("a", "%mem_tile_0_1", "%tile_0_2", "memref<4xi32>")
    body += fifo("b", "%mem_tile_0_1", "%tile_0_3", "memref<12xi32>")
    body += "    aie.objectfifo.link [@big] -> [@a, @b]([] [0, 4])\n"
    body += fifo("ra", "%tile_0_2", "%mem_tile_0_1", "memref<4xi32>")
    body += fifo("rb", "%tile_0_3", "%mem_tile_0_1", "memref<12xi32>")
    body += fifo("res", "%mem_tile_0_1", "%shim_noc_tile_0_0", "memref<16xi32>")
    body += "    aie.objectfifo.link [@ra, @rb] -> [@res]([0, 4] [])\n"
    for tile, src, dst, n, k in (("0_2", "a", "ra", 4, 1), ("0_3", "b", "rb", 12, 100)):
        ty = f"memref<{n}xi32>"
        body += core(
            tile,
            acquire(src, "Consume", 1, ty, "x")
            + acquire(dst, "Produce", 1, ty, "y")
            + add_const("x", "y", n, k, ty)
            + release(src, "Consume", 1)
            + release(dst, "Produce", 1),
        )
    rt = (
        task("big", 0, "memref<48xi32>", 48)
        + task("res", 1, "memref<48xi32>", 48, token=True)
        + await_("res")
    )
    m = module(body, ["memref<48xi32>", "memref<48xi32>"], rt)
    x = np.arange(48, dtype=np.int32) * 3
    expected = x + np.tile(np.array([1] * 4 + [100] * 12, dtype=np.int32), 3)
    np.testing.assert_array_equal(simulate(m, [x]).outputs[1], expected)


def copy_code(src, dst, ty="memref<16xi32>"):
    return (
        acquire(src, "Consume", 1, ty, "x")
        + acquire(dst, "Produce", 1, ty, "y")
        + f'        "memref.copy"(%x, %y) : ({ty}, {ty}) -> ()\n'
        + release(src, "Consume", 1)
        + release(dst, "Produce", 1)
    )


def blocks_transposed(x):
    return x.reshape(-1, 4, 4).transpose(0, 2, 1).reshape(-1)


def test_dimensions_to_stream_on_a_core_producer():
    ty = "memref<16xi32>"
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2", ty)
    body += (
        "    aie.objectfifo @out(%tile_0_2 dimensionsToStream [<size = 4, stride = 1>, "
        "<size = 4, stride = 4>], {%shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n"
    )
    body += core("0_2", copy_code("in", "out"))
    rt = (
        task("in", 0, "memref<32xi32>", 32)
        + task("out", 1, "memref<32xi32>", 32, token=True)
        + await_("out")
    )
    m = module(body, ["memref<32xi32>"] * 2, rt)
    x = np.arange(32, dtype=np.int32)
    np.testing.assert_array_equal(simulate(m, [x]).outputs[1], blocks_transposed(x))


def test_dimensions_from_stream_on_a_mem_tile_then_forward():
    ty = "memref<16xi32>"
    body = (
        "    aie.objectfifo @in(%shim_noc_tile_0_0, {%mem_tile_0_1 dimensionsFromStream "
        "[<size = 4, stride = 1>, <size = 4, stride = 4>]}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n"
    )
    body += fifo("fwd", "%mem_tile_0_1", "%tile_0_2", ty)
    body += "    aie.objectfifo.link [@in] -> [@fwd]([] [0])\n"
    body += fifo("out", "%tile_0_2", "%shim_noc_tile_0_0", ty)
    body += core("0_2", copy_code("fwd", "out"))
    rt = (
        task("in", 0, "memref<32xi32>", 32)
        + task("out", 1, "memref<32xi32>", 32, token=True)
        + await_("out")
    )
    m = module(body, ["memref<32xi32>"] * 2, rt)
    x = np.arange(32, dtype=np.int32) - 5
    np.testing.assert_array_equal(simulate(m, [x]).outputs[1], blocks_transposed(x))


def vector_scalar_add_design(n: int = 256):
    """mlir-aie's vector_scalar_add shape: 64-element objects to the mem tile, forwarded to the
    core as 32-element ones; the core's 32-element results forwarded to the host as 64."""
    big, small = "memref<64xi32>", "memref<32xi32>"
    body = fifo("in0", "%shim_noc_tile_0_0", "%mem_tile_0_1", big)
    body += fifo("in1", "%mem_tile_0_1", "%tile_0_2", small)
    body += "    aie.objectfifo.link [@in0] -> [@in1]([] [0])\n"
    body += fifo("out1", "%tile_0_2", "%mem_tile_0_1", small)
    body += fifo("out0", "%mem_tile_0_1", "%shim_noc_tile_0_0", big)
    body += "    aie.objectfifo.link [@out1] -> [@out0]([] [0])\n"
    body += core(
        "0_2",
        acquire("in1", "Consume", 1, small, "a")
        + acquire("out1", "Produce", 1, small, "b")
        + add_const("a", "b", 32, 1, small)
        + release("in1", "Consume", 1)
        + release("out1", "Produce", 1),
    )
    ty = f"memref<{n}xi32>"
    rt = task("in0", 0, ty, n) + task("out0", 1, ty, n, token=True) + await_("out0")
    return module(body, [ty, ty], rt)


def test_link_between_object_sizes_moves_the_larger_object():
    # The mem tile's BDs on both sides of each link move the larger object: every 64-element
    # object reaches the core as two 32-element ones, and two results leave as one.
    x = np.arange(256, dtype=np.int32) * 3
    result = simulate(vector_scalar_add_design(), [x])
    np.testing.assert_array_equal(result.outputs[1], x + 1)
    assert result.warnings == []


def test_link_pool_belongs_to_the_larger_fifo():
    machine = build_machine(read_design(vector_scalar_add_design()))
    pools = {p.name: (p.tile, p.depth, p.buffers[0].size) for p in machine.pools}
    assert pools["in0_cons"] == ("mem_tile_0_1", 2, 64)
    assert pools["out0"] == ("mem_tile_0_1", 2, 64)
    assert "in1" not in pools and "out1_cons" not in pools


def test_repeat_count_sends_each_object_again():
    body = fifo("in", "%shim_noc_tile_0_0", "%mem_tile_0_1")
    body += fifo("rep", "%mem_tile_0_1", "%shim_noc_tile_0_0", extra=" {repeat_count = 3 : i32}")
    body += "    aie.objectfifo.link [@in] -> [@rep]([] [0])\n"
    rt = (
        task("in", 0, "memref<16xi32>", 16)
        + task("rep", 1, "memref<48xi32>", 48, token=True)
        + await_("rep")
    )
    m = module(body, ["memref<16xi32>", "memref<48xi32>"], rt)
    x = np.arange(16, dtype=np.int32)
    expected = np.concatenate([x[:8]] * 3 + [x[8:]] * 3)
    np.testing.assert_array_equal(simulate(m, [x]).outputs[1], expected)


def test_init_values_are_consumed_first():
    ty = "memref<4xi32>"
    body = (
        "    aie.objectfifo @seed(%tile_0_3, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<4xi32>> "
        "= [dense<[1, 2, 3, 4]> : memref<4xi32>, dense<[5, 6, 7, 8]> : memref<4xi32>]\n"
    )
    body += fifo("out", "%tile_0_2", "%shim_noc_tile_0_0", ty)
    body += core("0_2", copy_code("seed", "out", ty), 2)
    rt = task("out", 0, "memref<8xi32>", 8, token=True) + await_("out")
    m = module(body, ["memref<8xi32>"], rt)
    np.testing.assert_array_equal(simulate(m, []).outputs[0], np.arange(1, 9))


def test_pad_dimensions_on_the_mem_tile_producer():
    body = fifo("in", "%shim_noc_tile_0_0", "%mem_tile_0_1", "memref<16xi32>")
    body += (
        "    aie.objectfifo @pad(%mem_tile_0_1 dimensionsToStream [<size = 4, stride = 4>, "
        "<size = 4, stride = 1>], {%shim_noc_tile_0_0}, 2 : i32) {padDimensions = "
        "#aie<bd_pad_layout_array[<const_pad_before = 1, const_pad_after = 1>, "
        "<const_pad_before = 0, const_pad_after = 2>]>} : !aie.objectfifo<memref<16xi32>>\n"
    )
    body += "    aie.objectfifo.link [@in] -> [@pad]([] [0])\n"
    rt = (
        task("in", 0, "memref<32xi32>", 32)
        + task("pad", 1, "memref<72xi32>", 72, token=True)
        + await_("pad")
    )
    m = module(body, ["memref<32xi32>", "memref<72xi32>"], rt)
    x = np.arange(1, 33, dtype=np.int32)
    expected = np.concatenate(
        [np.pad(b.reshape(4, 4), ((1, 1), (0, 2))).reshape(-1) for b in x.reshape(2, 16)]
    )
    np.testing.assert_array_equal(simulate(m, [x]).outputs[1], expected)


def test_releasing_more_than_held_is_reported():
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2") + fifo(
        "out", "%tile_0_2", "%shim_noc_tile_0_0"
    )
    body += core("0_2", acquire("in", "Consume", 1, I8, "a") + release("in", "Consume", 2), 1)
    rt = (
        task("in", 0, "memref<8xi32>", 8)
        + task("out", 1, "memref<8xi32>", 8, token=True)
        + await_("out")
    )
    m = module(body, ["memref<8xi32>", "memref<8xi32>"], rt)
    with pytest.raises(
        FifoMisuseError,
        match=r"core_0_2 releases 2 object\(s\) of objectfifo @in \(Consume\) but holds only 1",
    ):
        simulate(m, [])


@pytest.mark.parametrize(
    "code",
    [
        # Releases after an acquire in the same block: the third frees more than is held.
        acquire("in", "Consume", 2, I8, "a")
        + release("in", "Consume", 1)
        + release("in", "Consume", 1)
        + release("in", "Consume", 1),
        # An acquire inside an scf.if: what is held after it is not known statically.
        "      %t = arith.constant true\n      scf.if %t {\n"
        + acquire("in", "Consume", 1, I8, "a")
        + "      }\n"
        + release("in", "Consume", 2),
    ],
    ids=["after_releases", "after_a_branch"],
)
def test_release_checks_what_is_held_wherever_it_is_not_known(code):
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2") + fifo(
        "out", "%tile_0_2", "%shim_noc_tile_0_0"
    )
    body += core("0_2", code, 1)
    rt = (
        task("in", 0, "memref<16xi32>", 16)
        + task("out", 1, "memref<8xi32>", 8, token=True)
        + await_("out")
    )
    m = module(body, ["memref<16xi32>", "memref<8xi32>"], rt)
    with pytest.raises(FifoMisuseError, match=r"core_0_2 releases \d object\(s\) of objectfifo @in"):
        simulate(m, [])


def test_objectfifo_pattern_outside_its_buffer():
    from iron_ir.sim import DmaBoundsError

    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2")
    body += (
        "    aie.objectfifo @out(%tile_0_2 dimensionsToStream [<size = 2, stride = 8>, "
        "<size = 4, stride = 1>], {%shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<8xi32>>\n"
    )
    body += core("0_2", acquire("in", "Consume", 1, I8, "a") + release("in", "Consume", 1))
    rt = (
        task("in", 0, "memref<8xi32>", 8)
        + task("out", 1, "memref<8xi32>", 8, token=True)
        + await_("out")
    )
    m = module(body, ["memref<8xi32>", "memref<8xi32>"], rt, verify=False)
    with pytest.raises(DmaBoundsError) as info:
        simulate(m, [])
    message = str(info.value)
    assert "objectfifo @out producer DMA on tile_0_2" in message
    assert "reaches element 8, outside the 8-element buffer" in message


@settings(max_examples=20, deadline=None)
@given(
    rows=st.sampled_from([2, 4]),
    cols=st.sampled_from([2, 4, 8]),
    objects=st.integers(1, 4),
    split=st.integers(0, 4),
    transpose_in=st.booleans(),
)
def test_layouts_and_chunking_match_the_access_model(rows, cols, objects, split, transpose_in):
    """Any object size, host BD chain split and layout gives what iron_ir.dma.access says."""
    from iron_ir.dma.access import BdDims, BufferDescriptor, bd_offsets

    n = rows * cols
    total = n * objects
    ty = f"memref<{n}xi32>"
    transposing = f"[<size = {cols}, stride = 1>, <size = {rows}, stride = {cols}>]"
    cons = f"%mem_tile_0_1 dimensionsFromStream {transposing}" if transpose_in else "%mem_tile_0_1"
    body = (
        f"    aie.objectfifo @in(%shim_noc_tile_0_0, {{{cons}}}, 2 : i32) : !aie.objectfifo<{ty}>\n"
    )
    body += fifo("fwd", "%mem_tile_0_1", "%tile_0_2", ty)
    body += "    aie.objectfifo.link [@in] -> [@fwd]([] [0])\n"
    body += (
        f"    aie.objectfifo @out(%tile_0_2 dimensionsToStream {transposing}, "
        f"{{%shim_noc_tile_0_0}}, 2 : i32) : !aie.objectfifo<{ty}>\n"
    )
    body += core("0_2", copy_code("fwd", "out", ty))
    cut = min(split * n // 2, total - n // 2)
    host = f"memref<{total}xi32>"
    fill = (
        "      %t_in = aiex.dma_configure_task_for @in {\n"
        + (
            f"        aie.dma_bd(%arg0 : {host}, 0, {cut})\n        aie.next_bd ^bb1\n      ^bb1:\n"
            if cut
            else ""
        )
        + f"        aie.dma_bd(%arg0 : {host}, {cut}, {total - cut})\n        aie.end\n      }}\n"
        "      aiex.dma_start_task(%t_in)\n"
    )
    rt = fill + task("out", 1, host, total, token=True) + await_("out")
    m = module(body, [host, host], rt)
    x = np.arange(total, dtype=np.int32) * 3 + 1
    pattern = bd_offsets(BufferDescriptor(0, n, BdDims.from_pairs([(cols, 1), (rows, cols)])))
    expected = []
    for block in x.reshape(objects, n):
        stored = block.copy()
        if transpose_in:
            stored[pattern] = block  # S2MM scatters the k-th stream element to pattern[k]
        expected.append(stored[pattern])  # MM2S gathers
    np.testing.assert_array_equal(simulate(m, [x]).outputs[1], np.concatenate(expected))


def _core_loop(code: str, funcs: str = ""):
    """The loop of core_0_2 running ``code``, in a design with a shared-memory fifo @pipe
    (tile 0_2 -> 0_3) and the usual @in/@out."""
    body = fifo("in", "%shim_noc_tile_0_0", "%tile_0_2") + fifo(
        "out", "%tile_0_2", "%shim_noc_tile_0_0"
    )
    body += fifo("pipe", "%tile_0_2", "%tile_0_3")
    body += funcs + core("0_2", code, 4)
    rt = task("out", 1, "memref<8xi32>", 8, token=True) + await_("out")
    m = module(body, ["memref<8xi32>", "memref<8xi32>"], rt, verify=False)
    return next(op for op in m.walk() if op.name == "scf.for")


EXTERNAL = "    func.func private @kernel(memref<8xi32>) -> ()\n"
DEFINED = "    func.func @helper() -> () {\n      func.return\n    }\n"


@pytest.mark.parametrize(
    ("code", "funcs", "bounded"),
    [
        # Acquire and release one end at the top of the body (a kernel call between): every
        # iteration takes from a lock nothing in the loop gives back, so it must block.
        (
            acquire("in", "Consume", 1, I8, "a")
            + "        func.call @kernel(%a) : (memref<8xi32>) -> ()\n"
            + release("in", "Consume", 1),
            EXTERNAL,
            True,
        ),
        # Sliding window: acquire 2, release 1 still takes one per iteration.
        (acquire("in", "Consume", 2, I8, "a") + release("in", "Consume", 1), "", True),
        # Both ends of one shared-memory fifo: the loop refills its own lock.
        (
            acquire("pipe", "Produce", 1, I8, "a")
            + release("pipe", "Produce", 1)
            + acquire("pipe", "Consume", 1, I8, "b")
            + release("pipe", "Consume", 1),
            "",
            False,
        ),
        # An acquire without a release: once held, later iterations take nothing.
        (acquire("in", "Consume", 1, I8, "a"), "", False),
        # A defined function could acquire or release anything.
        (
            acquire("in", "Consume", 1, I8, "a")
            + "        func.call @helper() : () -> ()\n"
            + release("in", "Consume", 1),
            DEFINED,
            False,
        ),
        # The acquire inside a branch does not happen every iteration.
        (
            "        %t = arith.constant true\n        scf.if %t {\n"
            + acquire("in", "Consume", 1, I8, "a")
            + "        }\n"
            + release("in", "Consume", 1),
            "",
            False,
        ),
    ],
    ids=["kernel_between", "sliding_window", "both_ends", "no_release", "defined_call", "branch"],
)
def test_loops_that_must_block_need_no_budget_tick(code, funcs, bounded):
    from types import SimpleNamespace

    from iron_ir.sim.codegen.aie import yields_within_bounds

    emitter = SimpleNamespace(scope=SimpleNamespace(globals={}))
    assert yields_within_bounds(emitter, _core_loop(code, funcs)) is bounded


def test_a_loop_refilling_its_own_lock_is_still_stopped_by_the_time_budget():
    # Both ends of a fifo from tile 0_2 to itself, in an endless loop: every acquire succeeds
    # and the core never yields, so only the budget check inside the loop can end it.
    from iron_ir.sim import BudgetExceededError, SimOptions

    body = fifo("out", "%tile_0_2", "%shim_noc_tile_0_0") + fifo("self", "%tile_0_2", "%tile_0_2")
    body += core(
        "0_2",
        acquire("self", "Produce", 1, I8, "a")
        + release("self", "Produce", 1)
        + acquire("self", "Consume", 1, I8, "b")
        + release("self", "Consume", 1),
    )
    rt = task("out", 0, "memref<8xi32>", 8, token=True) + await_("out")
    m = module(body, ["memref<8xi32>"], rt, verify=False)
    with pytest.raises(BudgetExceededError, match="inside a core's loop"):
        simulate(m, [], SimOptions(timeout=0.3))


@pytest.mark.parametrize("dtype", ["int8", "int32", "float32", "bfloat16"])
def test_pool_reset_restores_inits_and_zeroes_the_rest(dtype):
    """A machine is reset between runs of a compiled design: a pool's buffers with init values
    get them back, the others all-zero bits (+0 in every element type)."""
    from ml_dtypes import bfloat16  # noqa: F401  (registers the dtype name)

    from iron_ir.sim.machine import Lock
    from iron_ir.sim.machine.fifo import Pool

    dt = np.dtype(dtype)
    buffers = [np.zeros((2, 3), dt) for _ in range(3)]
    init = np.arange(6, dtype=dt).reshape(2, 3)
    pool = Pool("p", "f", "tile_0_2", buffers, [Lock("a", 0)], [Lock("b", 0)], [init])
    for run in range(2):
        for buf in buffers:
            buf[...] = -(run + 1)
        pool.reset()
        np.testing.assert_array_equal(buffers[0], init)
        for buf in buffers[1:]:
            assert not buf.view(np.uint8).any()
