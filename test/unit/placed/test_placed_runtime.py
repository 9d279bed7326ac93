"""Runtime sequences of placed designs: host DMAs, DMA tasks, runtime parameters, locks."""

import numpy as np
import pytest

from iron_ir.errors import RuntimeSequenceError
from iron_ir.placed.aie import (
    DMAChannelDir,
    EndOp,
    buffer,
    lock,
    object_fifo,
    shim_dma_allocation,
    tile,
)
from iron_ir.placed.aiex import (
    bds,
    dma_await_task,
    dma_bd,
    dma_configure_task,
    dma_configure_task_for,
    dma_free_task,
    dma_start_task,
    dma_wait,
    npu_dma_memcpy_nd,
    npu_rtp_write,
    npu_sync,
    npu_write32,
    runtime_sequence,
    set_lock,
    shim_dma_single_bd_task,
)
from iron_ir.taplib import TensorAccessPattern
from placed_helpers import build, device_lines

VEC = np.ndarray[(256,), np.dtype[np.int32]]
TILE = np.ndarray[(64,), np.dtype[np.int32]]


def sequence_lines(body) -> list[str]:
    lines = device_lines(build(body))
    start = next(i for i, line in enumerate(lines) if line.startswith("aie.runtime_sequence"))
    return lines[start:]


def fifos():
    s, c = tile(0, 0), tile(0, 2)
    return object_fifo("in", s, c, 2, TILE), object_fifo("out", c, s, 2, TILE)


def test_npu_dma_memcpy_nd_and_dma_wait_the_aie2_py_form():
    def body():
        of_in, of_out = fifos()

        @runtime_sequence(VEC, VEC)
        def sequence(a, b):
            npu_dma_memcpy_nd(metadata=of_in, bd_id=0, mem=a, sizes=[1, 1, 1, 256], issue_token=True)
            npu_dma_memcpy_nd("out", 1, b, offsets=[0, 0, 0, 64], sizes=[1, 1, 2, 64], strides=[0, 0, 64, 1])
            dma_wait(of_in, "out")

    assert sequence_lines(body) == [
        "aie.runtime_sequence(%arg0: memref<256xi32>, %arg1: memref<256xi32>) {",
        "  aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 256][0, 0, 0, 1]) {id = 0 : i64, issue_token = true, metadata = @in} : memref<256xi32>",
        "  aiex.npu.dma_memcpy_nd(%arg1[0, 0, 0, 64][1, 1, 2, 64][0, 0, 64, 1]) {id = 1 : i64, metadata = @out} : memref<256xi32>",
        "  aiex.npu.dma_wait {symbol = @in}",
        "  aiex.npu.dma_wait {symbol = @out}",
        "}",
    ]


def test_a_tap_gives_the_dims_of_a_transfer():
    tap = TensorAccessPattern((16, 16), offset=0, sizes=[1, 1, 16, 16], strides=[0, 0, 1, 16])

    def body():
        of_in, of_out = fifos()

        @runtime_sequence(VEC, VEC)
        def sequence(a, b):
            npu_dma_memcpy_nd(of_in, 0, a, tap)
            t = shim_dma_single_bd_task(of_out, b, tap=tap, issue_token=True)
            dma_start_task(t)
            dma_await_task(t)

    lines = sequence_lines(body)
    assert lines[1] == (
        "  aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 16, 16][0, 0, 1, 16]) "
        "{id = 0 : i64, metadata = @in} : memref<256xi32>"
    )
    assert lines[3] == (
        "    aie.dma_bd(%arg1 : memref<256xi32>, 0, 256, [<size = 1, stride = 0>, <size = 1, "
        "stride = 0>, <size = 16, stride = 1>, <size = 16, stride = 16>]) {burst_length = 0 : i32}"
    )


def test_dma_tasks_repeat_and_free():
    def body():
        of_in, of_out = fifos()

        @runtime_sequence(VEC, VEC)
        def seq(a, b):
            t_in = shim_dma_single_bd_task(of_in, a, sizes=[4, 1, 1, 64])
            t_out = shim_dma_single_bd_task(of_out, b, sizes=[1, 1, 1, 256], issue_token=True)
            dma_start_task(t_in, t_out)
            dma_await_task(t_out)
            dma_free_task(t_in)

    assert sequence_lines(body) == [
        "aie.runtime_sequence @seq(%arg0: memref<256xi32>, %arg1: memref<256xi32>) {",
        "  %0 = aiex.dma_configure_task_for @in {",
        "    aie.dma_bd(%arg0 : memref<256xi32>, 0, 64, [<size = 4, stride = 0>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 64, stride = 1>]) {burst_length = 0 : i32}",
        "    aie.end",
        "  } {repeat_count = 3 : i32}",
        "  %1 = aiex.dma_configure_task_for @out {",
        "    aie.dma_bd(%arg1 : memref<256xi32>, 0, 256, [<size = 1, stride = 0>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 256, stride = 1>]) {burst_length = 0 : i32}",
        "    aie.end",
        "  } {issue_token = true}",
        "  aiex.dma_start_task(%0)",
        "  aiex.dma_start_task(%1)",
        "  aiex.dma_await_task(%1)",
        "  aiex.dma_free_task(%0)",
        "}",
    ]


def test_hand_written_task_bds():
    def body():
        s = tile(0, 0)
        shim_dma_allocation("alloc", s, DMAChannelDir.MM2S, 0)

        @runtime_sequence(VEC)
        def sequence(a):
            t = dma_configure_task_for("alloc", issue_token=True)
            with bds(t) as bd:
                with bd[0]:
                    dma_bd(a, offset=0, len=128)
                    EndOp()
            u = dma_configure_task(s, DMAChannelDir.S2MM, 1, packet=(0, 2))
            with bds(u) as bd:
                with bd[0]:
                    dma_bd(a, 128, 128, [(128, 1)])
                    EndOp()
            dma_start_task(t, u)
            dma_await_task(t)

    lines = sequence_lines(body)
    assert lines[1:4] == [
        "  %0 = aiex.dma_configure_task_for @alloc {",
        "    aie.dma_bd(%arg0 : memref<256xi32>, 0, 128)",
        "    aie.end",
    ]
    assert lines[5] == "  %dma_configure_task_0_0 = aiex.dma_configure_task(%shim_noc_tile_0_0, S2MM, 1, <pkt_type = 0, pkt_id = 2>) {"
    assert lines[6] == "    aie.dma_bd(%arg0 : memref<256xi32>, 128, 128, [<size = 128, stride = 1>])"


def test_runtime_parameters_locks_and_registers():
    def body():
        c = tile(0, 2)
        rtp = buffer(c, np.ndarray[(16,), np.dtype[np.int32]], "rtp", use_write_rtp=True)
        lk = lock(c, init=0)

        @runtime_sequence(VEC)
        def sequence(a):
            rtp[0] = 50
            rtp[2] = -1
            npu_rtp_write("rtp", 3, 7)
            set_lock(lk, 1)
            npu_sync(column=0, row=0, direction=0, channel=1)
            npu_write32(0x1D004, 0x80000000, column=0, row=2)

    assert sequence_lines(body)[1:-1] == [
        "  aiex.npu.rtp_write(@rtp, 0, 50)",
        "  aiex.npu.rtp_write(@rtp, 2, -1)",
        "  aiex.npu.rtp_write(@rtp, 3, 7)",
        "  aiex.set_lock(%lock_0_2, 1)",
        "  aiex.npu.sync {channel = 1 : i32, column = 0 : i32, column_num = 1 : i32, direction = 0 : i32, row = 0 : i32, row_num = 1 : i32}",
        "  aiex.npu.write32 {address = 118788 : ui32, column = 0 : i32, row = 2 : i32, value = 2147483648 : ui32}",
    ]


def test_runtime_sequence_with_a_scalar_argument_and_no_arguments():
    def body():
        @runtime_sequence(VEC, np.int32)
        def sequence(a, n):
            pass

        @runtime_sequence()
        def second():
            pass

    lines = sequence_lines(body)
    assert lines[0] == "aie.runtime_sequence(%arg0: memref<256xi32>, %arg1: i32) {"
    assert lines[2] == "aie.runtime_sequence @second() {"


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda a, of: npu_dma_memcpy_nd(of, 0, a, sizes=[1, 256]), "has 2 entries; a shim DMA takes four"),
        (lambda a, of: npu_dma_memcpy_nd(of, 0, a, TensorAccessPattern((256,), 0, [1, 1, 1, 256], [0, 0, 0, 1]), sizes=[1, 1, 1, 1]), "either a TensorAccessPattern"),
        (lambda a, of: dma_wait(), "at least one objectfifo"),
        (lambda a, of: dma_start_task(), "at least one task"),
    ],
)
def test_runtime_misuse_is_reported_at_the_design_line(call, message):
    def body():
        of_in, _ = fifos()

        @runtime_sequence(VEC)
        def sequence(a):
            call(a, of_in)

    with pytest.raises(RuntimeSequenceError) as info:
        build(body)
    assert message in info.value.message
    assert info.value.location.startswith(__file__ + ":")
