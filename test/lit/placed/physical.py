# RUN: %python -m iron_ir.compat %s | filecheck %s
#
# Buffers, locks, a mem-tile DMA program, flows and a host-side DMA on a shim allocation,
# written by hand as pre-objectfifo designs do (the output re-parses: see the last RUN).
# RUN: %python -m iron_ir.compat %s | iron-opt | filecheck %s
import numpy as np

from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx

ty = np.ndarray[(64,), np.dtype[np.int32]]

# CHECK:      %shim_noc_tile_0_0 = aie.tile(0, 0)
# CHECK-NEXT: %mem_tile_0_1 = aie.tile(0, 1)
# CHECK-NEXT: %buf0 = aie.buffer(%mem_tile_0_1) {sym_name = "buf0"} : memref<64xi32>
# CHECK-NEXT: %in_prod = aie.lock(%mem_tile_0_1, 0) {init = 1 : i32, sym_name = "in_prod"}
# CHECK-NEXT: %in_cons = aie.lock(%mem_tile_0_1, 1) {init = 0 : i32, sym_name = "in_cons"}
# CHECK-NEXT: aie.flow(%shim_noc_tile_0_0, DMA : 0, %mem_tile_0_1, DMA : 0)
# CHECK-NEXT: aie.flow(%mem_tile_0_1, DMA : 0, %shim_noc_tile_0_0, DMA : 0)
# CHECK-NEXT: aie.shim_dma_allocation @in(%shim_noc_tile_0_0, MM2S, 0)
# CHECK-NEXT: aie.shim_dma_allocation @out(%shim_noc_tile_0_0, S2MM, 0)
# CHECK-NEXT: %memtile_dma_0_1 = aie.memtile_dma(%mem_tile_0_1) {
# CHECK-NEXT:   %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
# CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
# CHECK-NEXT:   aie.use_lock(%in_prod, AcquireGreaterEqual, 1)
# CHECK-NEXT:   aie.dma_bd(%buf0 : memref<64xi32>, 0, 64)
# CHECK-NEXT:   aie.use_lock(%in_cons, Release, 1)
# CHECK-NEXT:   aie.next_bd ^bb1
# CHECK-NEXT: ^bb2:  // pred: ^bb0
# CHECK-NEXT:   %1 = aie.dma_start(MM2S, 0, ^bb3, ^bb4)
# CHECK-NEXT: ^bb3:  // 2 preds: ^bb2, ^bb3
# CHECK-NEXT:   aie.use_lock(%in_cons, AcquireGreaterEqual, 1)
# CHECK-NEXT:   aie.dma_bd(%buf0 : memref<64xi32>, 0, 64, [<size = 8, stride = 8>, <size = 8, stride = 1>])
# CHECK-NEXT:   aie.use_lock(%in_prod, Release, 1)
# CHECK-NEXT:   aie.next_bd ^bb3
# CHECK-NEXT: ^bb4:  // pred: ^bb2
# CHECK-NEXT:   aie.end
# CHECK-NEXT: }
# CHECK-NEXT: aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: memref<64xi32>) {
# CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg1[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 1 : i64, issue_token = true, metadata = @out} : memref<64xi32>
# CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<64xi32>
# CHECK-NEXT:   aiex.npu.dma_wait {symbol = @out}
# CHECK-NEXT: }

with mlir_mod_ctx() as ctx:

    @device(AIEDevice.npu1_1col)
    def device_body():
        shim = tile(0, 0)
        mem = tile(0, 1)
        buf = buffer(mem, ty, "buf0")
        prod = lock(mem, lock_id=0, init=1, sym_name="in_prod")
        cons = lock(mem, lock_id=1, init=0, sym_name="in_cons")
        flow(shim, WireBundle.DMA, 0, mem, WireBundle.DMA, 0)
        flow(mem, WireBundle.DMA, 0, shim, WireBundle.DMA, 0)
        shim_dma_allocation("in", shim, DMAChannelDir.MM2S, 0)
        shim_dma_allocation("out", shim, DMAChannelDir.S2MM, 0)

        @memtile_dma(mem)
        def m(block):
            dma_start(DMAChannelDir.S2MM, 0, dest=block[1], chain=block[2])
            with block[1]:
                use_lock(prod, LockAction.AcquireGreaterEqual, value=1)
                dma_bd(buf, offset=0, len=64)
                use_lock(cons, LockAction.Release, value=1)
                next_bd(block[1])
            with block[2]:
                dma_start(DMAChannelDir.MM2S, 0, dest=block[3], chain=block[4])
            with block[3]:
                use_lock(cons, LockAction.AcquireGreaterEqual, value=1)
                dma_bd(buf, offset=0, len=64, dimensions=[(8, 8), (8, 1)])
                use_lock(prod, LockAction.Release, value=1)
                next_bd(block[3])
            with block[4]:
                EndOp()

        @runtime_sequence(ty, ty)
        def sequence(a, b):
            npu_dma_memcpy_nd(metadata="out", bd_id=1, mem=b, sizes=[1, 1, 1, 64], issue_token=True)
            npu_dma_memcpy_nd(metadata="in", bd_id=0, mem=a, sizes=[1, 1, 1, 64])
            dma_wait("out")

    print(ctx.module)
