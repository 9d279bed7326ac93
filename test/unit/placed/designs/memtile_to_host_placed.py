# A hand-programmed placed design (iron-ir's own): a mem tile holds a constant table and sends it
# to the host when the runtime sequence releases its lock; the shim's BD is written by hand
# (npu_writebd + npu_address_patch) and started with npu_push_queue, then awaited with npu_sync.
import sys

import numpy as np

from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx

N = 128
dev = AIEDevice.npu1_1col

with mlir_mod_ctx() as ctx:

    @device(dev)
    def body():
        vec_ty = np.ndarray[(N,), np.dtype[np.int32]]
        shim = tile(0, 0)
        mem_tile = tile(0, 1)
        table = buffer(mem_tile, vec_ty, name="table", initial_value=(np.arange(N, dtype=np.int32) * 5 - 7))
        ready = lock(mem_tile, lock_id=0, init=0, sym_name="ready")
        flow(mem_tile, WireBundle.DMA, 0, shim, WireBundle.DMA, 0)

        @memtile_dma(mem_tile)
        def dma_program(block):
            dma_start(DMAChannelDir.MM2S, 0, dest=block[1], chain=block[2])
            with block[1]:
                use_lock(ready, LockAction.AcquireGreaterEqual, value=1)
                dma_bd(table, offset=0, len=N)
                use_lock(ready, LockAction.Release, value=0)
                next_bd(block[1])
            with block[2]:
                EndOp()

        tm = get_target_model(dev)
        lock_base = 0xC0000  # mem tile lock 0's value register

        @runtime_sequence(vec_ty)
        def sequence(out):
            npu_write32(column=0, row=1, address=lock_base, value=1)
            npu_writebd(
                bd_id=3, buffer_length=N, buffer_offset=0, column=0, row=0, enable_packet=0,
                out_of_order_id=0, packet_id=0, packet_type=0, d0_size=0, d0_stride=0,
                d0_zero_before=0, d0_zero_after=0, d1_size=0, d1_stride=0, d1_zero_before=0,
                d1_zero_after=0, d2_size=0, d2_stride=0, d2_zero_before=0, d2_zero_after=0,
                iteration_current=0, iteration_size=0, iteration_stride=0, lock_acq_enable=0,
                lock_acq_id=0, lock_acq_val=0, lock_rel_id=0, lock_rel_val=0, next_bd=0,
                use_next_bd=0, valid_bd=1,
            )
            npu_address_patch(addr=(0 << tm.get_column_shift()) | (0x1D004 + 3 * 0x20), arg_idx=0, arg_plus=0)
            npu_push_queue(0, 0, DMAChannelDir.S2MM, 0, True, 0, 3)
            npu_sync(column=0, row=0, direction=0, channel=0, column_num=1, row_num=1)

    assert ctx.module.operation.verify() == True
print(ctx.module)
