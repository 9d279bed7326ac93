"""The placed API's builders: each construct prints mlir-aie's text, in program order."""

import sys

import numpy as np
import pytest

from iron_ir.placed import mlir_mod_ctx
from iron_ir.placed.aie import (
    AIEDevice,
    Core,
    EndOp,
    LockAction,
    ObjectFifoPort,
    T,
    WireBundle,
    bd_dim_layout,
    buffer,
    core,
    device,
    external_func,
    lock,
    object_fifo,
    object_fifo_link,
    tile,
    use_lock,
)
from placed_helpers import build, device_lines

I32_16 = np.ndarray[(16,), np.dtype[np.int32]]
I32_64 = np.ndarray[(64,), np.dtype[np.int32]]


def test_device_tiles_and_objectfifos_in_program_order():
    def body():
        s = tile(0, 0)
        m = tile(0, 1)
        c = tile(0, 2)
        object_fifo("in", s, m, 2, I32_64)
        object_fifo("in1", m, [c], [2, 3], I32_16)
        object_fifo_link("in", ["in1"])

    assert device_lines(build(body)) == [
        "%shim_noc_tile_0_0 = aie.tile(0, 0)",
        "%mem_tile_0_1 = aie.tile(0, 1)",
        "%tile_0_2 = aie.tile(0, 2)",
        "aie.objectfifo @in(%shim_noc_tile_0_0, {%mem_tile_0_1}, 2 : i32) : !aie.objectfifo<memref<64xi32>> ",
        "aie.objectfifo @in1(%mem_tile_0_1, {%tile_0_2}, [2 : i32, 3 : i32]) : !aie.objectfifo<memref<16xi32>> ",
        "aie.objectfifo.link [@in] -> [@in1]([] [])",
    ]


def test_module_frame_and_every_device_name():
    for dev in AIEDevice:
        text = build(lambda: None, dev)
        assert text == f"module {{\n  aie.device({dev.name}) {{\n  }}\n}}\n"
    with mlir_mod_ctx() as ctx:
        device(AIEDevice.npu2, sym_name="second")(lambda: None)
    assert "aie.device(npu2) @second {" in str(ctx.module)


def test_objectfifo_options_print_as_mlir_aie_does():
    def body():
        a, b, c = tile(0, 1), tile(0, 2), tile(1, 2)
        of = object_fifo(
            "of0",
            a,
            [b, c],
            2,
            np.ndarray[(4,), np.dtype[np.float16]],
            [bd_dim_layout(size=1, stride=2)],
            [[(2, 1)], []],
            via_DMA=True,
            padDimensions=[(0, 4)],
            disable_synchronization=False,
            iter_count=3,
        )
        of.set_repeat_count(4)
        of.set_aie_stream(1, 0)
        object_fifo(
            "init", b, c, 2, np.ndarray[(2,), np.dtype[np.int32]],
            initValues=[np.array([1, 2], np.int32), np.array([3, 4], np.int32)],
        )

    lines = device_lines(build(body, AIEDevice.npu2))
    assert lines[3] == (
        "aie.objectfifo @of0(%mem_tile_0_1 dimensionsToStream [<size = 1, stride = 2>], "
        "{%tile_0_2 dimensionsFromStream [<size = 2, stride = 1>], %tile_1_2}, 2 : i32) "
        "{aie_stream = 1 : i32, aie_stream_port = 0 : i32, iter_count = 3 : i32, "
        "padDimensions = #aie<bd_pad_layout_array[<const_pad_before = 0, const_pad_after = 4>]>, "
        "repeat_count = 4 : i32, via_DMA = true} : !aie.objectfifo<memref<4xf16>> "
    )
    assert lines[4] == (
        "aie.objectfifo @init(%tile_0_2, {%tile_1_2}, 2 : i32) : "
        "!aie.objectfifo<memref<2xi32>> = [dense<[1, 2]> : memref<2xi32>, "
        "dense<[3, 4]> : memref<2xi32>]"
    )


def test_link_offsets_and_fifo_names():
    def body():
        m, a, b = tile(0, 1), tile(0, 2), tile(0, 3)
        src = object_fifo("src", tile(0, 0), m, 2, I32_64)
        outs = [object_fifo(f"o{i}", m, t, 2, np.ndarray[(32,), np.dtype[np.int32]]) for i, t in enumerate((a, b))]
        object_fifo_link(src, outs, [], [0, 32])
        assert src.sym_name.value == "src" and str(src.sym_name) == "src"

    assert device_lines(build(body))[-1] == "aie.objectfifo.link [@src] -> [@o0, @o1]([] [0, 32])"


def test_core_body_loops_acquires_and_kernel_call():
    def body():
        k = external_func("k", inputs=[I32_16, I32_16, np.int32], link_with="k.o")
        s, c = tile(0, 0), tile(0, 2)
        of_in = object_fifo("in", s, c, 2, I32_16)
        of_out = object_fifo("out", c, s, 2, I32_16)

        @core(c)
        def core_body():
            for _ in range(1):  # a Python loop unrolls
                pass
            import iron_ir.tracing.engine as engine

            for _ in engine.range_(sys.maxsize):
                x = of_in.acquire(ObjectFifoPort.Consume, 1)
                y = of_out.acquire(ObjectFifoPort.Produce, 1)
                k(x, y, 16)
                of_in.release(ObjectFifoPort.Consume, 1)
                of_out.release(ObjectFifoPort.Produce, 1)

    lines = device_lines(build(body))
    assert lines[0] == 'func.func private @k(memref<16xi32>, memref<16xi32>, i32) attributes {link_with = "k.o"}'
    assert lines[5:] == [
        "%core_0_2 = aie.core(%tile_0_2) {",
        "  %c0 = arith.constant 0 : index",
        "  %c9223372036854775807 = arith.constant 9223372036854775807 : index",
        "  %c1 = arith.constant 1 : index",
        "  scf.for %arg0 = %c0 to %c9223372036854775807 step %c1 {",
        "    %0 = aie.objectfifo.acquire @in(Consume, 1) : !aie.objectfifosubview<memref<16xi32>>",
        "    %1 = aie.objectfifo.subview.access %0[0] : !aie.objectfifosubview<memref<16xi32>> -> memref<16xi32>",
        "    %2 = aie.objectfifo.acquire @out(Produce, 1) : !aie.objectfifosubview<memref<16xi32>>",
        "    %3 = aie.objectfifo.subview.access %2[0] : !aie.objectfifosubview<memref<16xi32>> -> memref<16xi32>",
        "    %c16_i32 = arith.constant 16 : i32",
        "    func.call @k(%1, %3, %c16_i32) : (memref<16xi32>, memref<16xi32>, i32) -> ()",
        "    aie.objectfifo.release @in(Consume, 1)",
        "    aie.objectfifo.release @out(Produce, 1)",
        "  }",
        "  aie.end",
        "}",
    ]


def test_acquire_of_several_objects_gives_a_list():
    def body():
        c = tile(0, 2)
        of = object_fifo("w", tile(0, 3), c, 3, I32_16)

        @core(c)
        def _():
            elems = of.acquire(ObjectFifoPort.Consume, 2)
            assert isinstance(elems, list) and len(elems) == 2
            elems[1][0] = elems[0][3]
            of.release(ObjectFifoPort.Consume, 2)

    text = build(body)
    assert "aie.objectfifo.subview.access %0[1]" in text
    assert "memref.store %3, %2[%c0] : memref<16xi32>" in text


def test_core_options_2025_link_with_and_stack_size():
    def body():
        c = tile(0, 2)
        core(c, "kernel.o", stack_size=2048, dynamic_objfifo_lowering=True)(lambda: None)

    lines = device_lines(build(body))
    assert lines[1:] == [
        "%core_0_2 = aie.core(%tile_0_2) {",
        "  aie.end",
        '} {dynamic_objfifo_lowering = true, link_with = "kernel.o", stack_size = 2048 : i32}',
    ]


def test_core_op_filled_by_hand():
    from iron_ir.placed.builder import inside

    def body():
        c = Core(tile(1, 2))
        with inside(c.op.body.block, "test"):
            EndOp()

    assert device_lines(build(body))[1:] == ["%core_1_2 = aie.core(%tile_1_2) {", "  aie.end", "}"]


def test_external_func_results_and_index_arguments():
    def body():
        f = external_func("f", inputs=[T.memref(8, 8, T.i32()), T.i32()], outputs=[T.i32()])
        c = tile(0, 2)
        b = buffer(c, T.memref(8, 8, T.i32()), "b")

        @core(c)
        def _():
            import iron_ir.tracing.engine as engine

            for i in engine.range_(4):
                r = f(b, i)
                b[0, 0] = r

    text = build(body)
    assert "func.func private @f(memref<8x8xi32>, i32) -> i32" in text
    assert "%0 = arith.index_cast %arg0 : index to i32" in text
    assert "%1 = func.call @f(%b, %0) : (memref<8x8xi32>, i32) -> i32" in text


def test_buffers_locks_and_use_lock():
    def body():
        c = tile(0, 2)
        buffer(c, np.ndarray[(2, 2), np.dtype[np.int32]], initial_value=np.arange(4, dtype=np.int32).reshape(2, 2))
        buffer(c, I32_16, "named", address=4096)
        l0 = lock(c, lock_id=3, init=1, sym_name="l")
        l1 = lock(c)

        @core(c)
        def _():
            use_lock(l0, LockAction.AcquireGreaterEqual, value=1)
            use_lock(l1, LockAction.Release, 1)

    lines = device_lines(build(body))
    assert lines[1:5] == [
        "%buffer_0_2 = aie.buffer(%tile_0_2) : memref<2x2xi32> = dense<[[0, 1], [2, 3]]>",
        '%named = aie.buffer(%tile_0_2) {address = 4096 : i32, sym_name = "named"} : memref<16xi32> ',
        '%l = aie.lock(%tile_0_2, 3) {init = 1 : i32, sym_name = "l"}',
        "%lock_0_2 = aie.lock(%tile_0_2)",
    ]
    assert "  aie.use_lock(%l, AcquireGreaterEqual, 1)" in lines
    assert "  aie.use_lock(%lock_0_2, Release, 1)" in lines


def test_kernel_called_first_from_a_core_is_declared_above_it():
    from iron_ir.api.kernel import func

    def body():
        c = tile(0, 2)

        @func
        def add_one(a: I32_16, n: np.int32):
            import iron_ir.tracing.engine as engine

            for i in engine.range_(n):
                a[i] = a[i] + 1

        b = buffer(c, I32_16, "b")

        @core(c)
        def _():
            add_one(b, 16)

    lines = device_lines(build(body))
    decl = lines.index("func.func @add_one(%arg0: memref<16xi32>, %arg1: i32) {")
    assert lines[:decl] == ["%tile_0_2 = aie.tile(0, 2)", '%b = aie.buffer(%tile_0_2) {sym_name = "b"} : memref<16xi32> ']
    assert lines[lines.index("}", decl) + 1] == "%core_0_2 = aie.core(%tile_0_2) {"
    assert "  func.call @add_one(%b, %c16_i32) : (memref<16xi32>, i32) -> ()" in lines


def test_func_emit_true_declares_it_where_decorated():
    from iron_ir.api.kernel import func

    def body():
        @func(emit=True)
        def passthrough(a: I32_16, b: I32_16):
            b[0] = a[0]

        tile(0, 2)

    lines = device_lines(build(body))
    assert lines[0].startswith("func.func @passthrough(")
    assert lines[-1] == "%tile_0_2 = aie.tile(0, 2)"


def test_routing_ops():
    from iron_ir.placed.aie import cascade_flow, flow, packetflow, shim_dma_allocation
    from iron_ir.placed.aie import DMAChannelDir

    def body():
        s, a, b = tile(0, 0), tile(0, 2), tile(0, 3)
        flow(a, WireBundle.Trace, 0, s, WireBundle.DMA, 1)
        flow(s, dest=a)
        packetflow(1, a, WireBundle.Trace, 0, {"dest": s, "port": WireBundle.DMA, "channel": 1}, keep_pkt_header=True)
        packetflow(2, b, WireBundle.Trace, 0, dest=s, dest_port=WireBundle.DMA, dest_channel=1)
        cascade_flow(a, b)
        shim_dma_allocation("alloc", s, DMAChannelDir.MM2S, 1)

    assert device_lines(build(body))[3:] == [
        "aie.flow(%tile_0_2, Trace : 0, %shim_noc_tile_0_0, DMA : 1)",
        "aie.flow(%shim_noc_tile_0_0, DMA : 0, %tile_0_2, DMA : 0)",
        "aie.packet_flow(1) {",
        "  aie.packet_source<%tile_0_2, Trace : 0>",
        "  aie.packet_dest<%shim_noc_tile_0_0, DMA : 1>",
        "} {keep_pkt_header = true}",
        "aie.packet_flow(2) {",
        "  aie.packet_source<%tile_0_3, Trace : 0>",
        "  aie.packet_dest<%shim_noc_tile_0_0, DMA : 1>",
        "}",
        "aie.cascade_flow(%tile_0_2, %tile_0_3)",
        "aie.shim_dma_allocation @alloc(%shim_noc_tile_0_0, MM2S, 1)",
    ]


def test_tile_coordinates_read_as_mlir_aie_attributes():
    def body():
        t = tile(2, 3)
        assert int(t.col) == 2 and t.row.value == 3 and str(t) == "tile(col=2, row=3)"
        assert t == tile(2, 3) and t.is_core_tile() and not t.is_mem_tile()

    build(body, AIEDevice.npu1)


@pytest.mark.parametrize("dev", [AIEDevice.npu1, "npu2", 8])
def test_device_accepts_enum_names_and_values(dev):
    assert "aie.device(" in build(lambda: None, dev)
