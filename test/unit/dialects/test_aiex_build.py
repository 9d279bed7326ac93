"""Building aiex IR from Python: constructors, name hints, printing, the dialect's op list."""

from xdsl.builder import Builder
from xdsl.dialects.builtin import MemRefType, ModuleOp, i16, i32
from xdsl.ir import Block, Region
from xdsl.rewriter import InsertPoint

from iron_ir.dialects.aie import (
    AIEDevice,
    DMAChannelDir,
    DeviceOp,
    DMABDOp,
    EndOp,
    LockOp,
    ObjectFifoCreateOp,
    PacketInfoAttr,
    RuntimeSequenceOp,
    TileOp,
)
from iron_ir.dialects.aiex import (
    AIEX,
    DMAAwaitTaskOp,
    DMAConfigureTaskForOp,
    DMAConfigureTaskOp,
    DMAFreeTaskOp,
    DMAStartTaskOp,
    NpuDmaMemcpyNdOp,
    NpuDmaWaitOp,
    NpuSyncOp,
    NpuWriteBdOp,
    SetLockOp,
)
from iron_ir.ir.printer import print_module

# Every aiex op of mlir-aie's AIEX dialect (NPU instructions, DMA tasks, CERT), plus the legacy
# runtime sequence.
GRAMMAR_OPS = {
    "aiex.dma_configure_task_for", "aiex.dma_configure_task", "aiex.dma_start_task",
    "aiex.dma_await_task", "aiex.dma_free_task", "aiex.dma_start_bd_chain",
    "aiex.dma_start_bd_chain_for", "aiex.npu.dma_memcpy_nd", "aiex.npu.dma_wait",
    "aiex.npu.rtp_write", "aiex.npu.write32", "aiex.npu.maskwrite32", "aiex.npu.blockwrite",
    "aiex.npu.writebd", "aiex.npu.address_patch", "aiex.npu.sync", "aiex.npu.push_queue",
    "aiex.npu.load_pdi", "aiex.npu.preempt", "aiex.control_packet", "aiex.runtime_sequence",
    "aiex.set_lock", "aiex.getTile", "aiex.connection", "aiex.multicast", "aiex.multi_dest",
    "aiex.broadcast_packet", "aiex.bp_id", "aiex.bp_dest", "aiex.token", "aiex.useToken",
    "aiex.memcpy", "aiex.herd", "aiex.place", "aiex.route", "aiex.iter", "aiex.select",
    "aiex.configure", "aiex.run", "aiex.cert.uc_dma_chain", "aiex.cert.uc_dma_bd",
    "aiex.cert.job", "aiex.cert.write32", "aiex.cert.maskwrite32", "aiex.cert.apply_offset_57",
    "aiex.cert.wait_tcts", "aiex.cert.uc_dma_write_des_sync", "aiex.cert.local_barrier",
    "aiex.cert.remote_barrier", "aiex.cert.nop", "aiex.cert.attach_to_group",
}  # fmt: skip


def test_dialect_lists_every_grammar_op_once():
    names = [op.name for op in AIEX.operations]
    assert len(names) == len(set(names))
    assert set(names) == GRAMMAR_OPS
    assert [a.name for a in AIEX.attributes] == ["aiex.bfp"]


def _design(device: AIEDevice, arg_types):
    """A device with a shim tile, a compute tile and a fifo between them, and an empty
    runtime sequence; returns (module, builder at the end of the sequence, handles)."""
    dev = DeviceOp(device)
    b = Builder(InsertPoint.before(dev.body.last_op))
    shim = b.insert(TileOp(0, 0))
    core = b.insert(TileOp(0, 2))
    b.insert(ObjectFifoCreateOp("of", shim, [core], 2, MemRefType(i32, [64])))
    lock = b.insert(LockOp(core.result))
    seq = b.insert(RuntimeSequenceOp(arg_types))
    return ModuleOp([dev]), Builder(InsertPoint.at_end(seq.block)), shim, lock, seq


def _print_body(module: ModuleOp) -> list[str]:
    lines = print_module(module).splitlines()
    start = next(i for i, line in enumerate(lines) if "aie.runtime_sequence" in line)
    return [line.strip() for line in lines[start + 1 : -3]]


def test_dma_memcpy_nd_builder_prints_mlir_aie_text():
    memref = MemRefType(i32, [64])
    module, b, _, _, seq = _design(AIEDevice.npu1_1col, [memref])
    arg = seq.block.args[0]
    b.insert(NpuDmaMemcpyNdOp(arg, [0, 0, 0, 0], [1, 1, 1, 64], [0, 0, 0, 1],
                              metadata="of", id=0))  # fmt: skip
    b.insert(NpuDmaMemcpyNdOp(arg, [0, 0, 0, 0], [1, 1, 4, 16], [0, 0, 16, 1], metadata="of",
                              id=1, issue_token=True, packet=PacketInfoAttr(1, 3)))  # fmt: skip
    b.insert(NpuDmaWaitOp("of"))
    b.insert(NpuSyncOp(0, 0, 0, 1))
    module.verify()
    assert _print_body(module) == [
        "aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) "
        "{id = 0 : i64, metadata = @of} : memref<64xi32>",
        "aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 4, 16][0, 0, 16, 1], packet = "
        "<pkt_type = 1, pkt_id = 3>) {id = 1 : i64, issue_token = true, metadata = @of} "
        ": memref<64xi32>",
        "aiex.npu.dma_wait {symbol = @of}",
        "aiex.npu.sync {channel = 1 : i32, column = 0 : i32, column_num = 1 : i32, "
        "direction = 0 : i32, row = 0 : i32, row_num = 1 : i32}",
    ]


def test_dma_memcpy_nd_mixed_lists():
    memref = MemRefType(i16, [128])
    module, b, _, _, seq = _design(AIEDevice.npu2, [memref])
    arg = seq.block.args[0]
    op = b.insert(NpuDmaMemcpyNdOp(arg, [0, 0, 0, 0], [1, 1, 2, 64], [0, 0, 64, 1],
                                   metadata="of", id=3))  # fmt: skip
    assert op.mixed("sizes") == [1, 1, 2, 64]
    assert op.static_values("strides") == [0, 0, 64, 1]
    module.verify()


def test_task_builders_and_name_hints():
    memref = MemRefType(i32, [64])
    module, b, shim, lock, seq = _design(AIEDevice.npu1_1col, [memref])
    arg = seq.block.args[0]
    body = Region(Block([DMABDOp(arg, 0, 64), EndOp()]))
    fill = b.insert(DMAConfigureTaskForOp("of", body, repeat_count=3))
    b.insert(DMAStartTaskOp(fill.result))
    drain_body = Region(Block([DMABDOp(arg, 0, 64), EndOp()]))
    drain = b.insert(
        DMAConfigureTaskOp(shim.result, DMAChannelDir.S2MM, 1, drain_body, issue_token=True)
    )
    b.insert(DMAStartTaskOp(drain.result))
    b.insert(DMAAwaitTaskOp(drain.result))
    b.insert(DMAFreeTaskOp(fill.result))
    b.insert(SetLockOp(lock.result, 1))
    module.verify()
    assert drain.asm_result_names() == ["dma_configure_task_0_0"]
    assert _print_body(module) == [
        "%0 = aiex.dma_configure_task_for @of {",
        "aie.dma_bd(%arg0 : memref<64xi32>, 0, 64)",
        "aie.end",
        "} {repeat_count = 3 : i32}",
        "aiex.dma_start_task(%0)",
        "%dma_configure_task_0_0 = aiex.dma_configure_task(%shim_noc_tile_0_0, S2MM, 1) {",
        "aie.dma_bd(%arg0 : memref<64xi32>, 0, 64)",
        "aie.end",
        "} {issue_token = true}",
        "aiex.dma_start_task(%dma_configure_task_0_0)",
        "aiex.dma_await_task(%dma_configure_task_0_0)",
        "aiex.dma_free_task(%0)",
        "aiex.set_lock(%lock_0_2, 1)",
    ]


def test_writebd_builder_needs_every_field():
    fields = dict.fromkeys(
        ["column", "bd_id", "buffer_length", "buffer_offset", "enable_packet",
         "out_of_order_id", "packet_id", "packet_type", "d0_size", "d0_stride", "d1_size",
         "d1_stride", "d2_size", "d2_stride", "iteration_current", "iteration_size",
         "iteration_stride", "next_bd", "row", "use_next_bd", "valid_bd", "lock_rel_val",
         "lock_rel_id", "lock_acq_enable", "lock_acq_val", "lock_acq_id", "d0_zero_before",
         "d1_zero_before", "d2_zero_before", "d0_zero_after", "d1_zero_after",
         "d2_zero_after"], 0)  # fmt: skip
    op = NpuWriteBdOp(**fields, burst_length=64)
    assert op.field("burst_length") == 64
    del fields["valid_bd"]
    try:
        NpuWriteBdOp(**fields)
    except TypeError as error:
        assert "valid_bd" in str(error)
    else:
        raise AssertionError("a missing BD field must be rejected")

