# A hand-programmed placed design (iron-ir's own): two shim BDs written by hand chain through
# the shim tile's own locks, which the design never declares (the hardware has them, starting
# at 0). The mem tile sends its constant table to the host (BD 0 on S2MM 0, which then releases
# shim lock 1); only after that may BD 1 on MM2S 0 (acquiring lock 1) send the same host buffer
# on to a compute tile. So the compute tile's buffer ends up holding the table, not zeros.
import numpy as np

from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx

N = 64

with mlir_mod_ctx() as ctx:

    @device(AIEDevice.npu1_1col)
    def body():
        vec_ty = np.ndarray[(N,), np.dtype[np.int32]]
        shim, mem_tile, work = tile(0, 0), tile(0, 1), tile(0, 2)
        table = buffer(mem_tile, vec_ty, name="table", initial_value=np.arange(N, dtype=np.int32) * 3 + 1)
        ready = lock(mem_tile, lock_id=0, init=1, sym_name="ready")
        landed = buffer(work, vec_ty, name="landed")
        free = lock(work, lock_id=0, init=1, sym_name="free")
        flow(mem_tile, WireBundle.DMA, 0, shim, WireBundle.DMA, 0)
        flow(shim, WireBundle.DMA, 0, work, WireBundle.DMA, 0)

        @memtile_dma(mem_tile)
        def send(block):
            dma_start(DMAChannelDir.MM2S, 0, dest=block[1], chain=block[2])
            with block[1]:
                use_lock(ready, LockAction.AcquireGreaterEqual, value=1)
                dma_bd(table, offset=0, len=N)
                next_bd(block[1])
            with block[2]:
                EndOp()

        @mem(work)
        def receive(block):
            dma_start(DMAChannelDir.S2MM, 0, dest=block[1], chain=block[2])
            with block[1]:
                use_lock(free, LockAction.AcquireGreaterEqual, value=1)
                dma_bd(landed, offset=0, len=N)
                next_bd(block[1])
            with block[2]:
                EndOp()

        zero_dims = {f"d{d}_{f}": 0 for d in range(3) for f in ("size", "stride", "zero_before", "zero_after")}

        def shim_bd(bd_id, acq_id, acq_val, rel_id, rel_val):
            npu_writebd(
                bd_id=bd_id, buffer_length=N, buffer_offset=0, column=0, row=0, enable_packet=0,
                out_of_order_id=0, packet_id=0, packet_type=0, **zero_dims, iteration_current=0,
                iteration_size=0, iteration_stride=0, lock_acq_enable=1, lock_acq_id=acq_id,
                lock_acq_val=acq_val, lock_rel_id=rel_id, lock_rel_val=rel_val, next_bd=0,
                use_next_bd=0, valid_bd=1,
            )
            npu_address_patch(addr=0x1D004 + bd_id * 0x20, arg_idx=0, arg_plus=0)

        @runtime_sequence(vec_ty)
        def sequence(host):
            shim_bd(0, acq_id=0, acq_val=0, rel_id=1, rel_val=1)  # S2MM: lock 0 == 0, then lock 1 += 1
            shim_bd(1, acq_id=1, acq_val=1, rel_id=0, rel_val=0)  # MM2S: waits for lock 1 == 1
            npu_push_queue(0, 0, DMAChannelDir.MM2S, 0, True, 0, 1)
            npu_push_queue(0, 0, DMAChannelDir.S2MM, 0, False, 0, 0)
            # The MM2S BD runs last (it waits for the S2MM's release): its token ends the run.
            npu_sync(column=0, row=0, direction=1, channel=0, column_num=1, row_num=1)

    assert ctx.module.operation.verify() == True
print(ctx.module)
