// A fill through a mem tile to a core, drained back to the shim. The 1:1 link at the mem tile
// makes one set of buffers (the input's consumer end, in_cons) that its S2MM and MM2S share; the
// shim ends get locks but no buffers, and aie.shim_dma_allocation ops named <fifo>_shim_alloc,
// which the runtime sequence's tasks now refer to (the drain's is named after the producer fifo).
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s

// CHECK: module @shim_link {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[SHIM_NOC_TILE_0_0:.*]] = aie.tile(0, 0)
// CHECK: %[[MEM_TILE_0_1:.*]] = aie.tile(0, 1)
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[OUT_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 2) {init = 0 : i32, sym_name = "out_cons_prod_lock_0"}
// CHECK: %[[OUT_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 3) {init = 0 : i32, sym_name = "out_cons_cons_lock_0"}
// CHECK: %[[OUT_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "out_buff_0"} : memref<64xi32>
// CHECK: %[[OUT_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "out_buff_1"} : memref<64xi32>
// CHECK: %[[OUT_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 2) {init = 2 : i32, sym_name = "out_prod_lock_0"}
// CHECK: %[[OUT_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 3) {init = 0 : i32, sym_name = "out_cons_lock_0"}
// CHECK: %[[IN_FWD_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "in_fwd_cons_buff_0"} : memref<64xi32>
// CHECK: %[[IN_FWD_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "in_fwd_cons_buff_1"} : memref<64xi32>
// CHECK: %[[IN_FWD_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 0) {init = 2 : i32, sym_name = "in_fwd_cons_prod_lock_0"}
// CHECK: %[[IN_FWD_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 1) {init = 0 : i32, sym_name = "in_fwd_cons_cons_lock_0"}
// CHECK: %[[IN_CONS_BUFF_0:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {sym_name = "in_cons_buff_0"} : memref<64xi32>
// CHECK: %[[IN_CONS_BUFF_1:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {sym_name = "in_cons_buff_1"} : memref<64xi32>
// CHECK: %[[IN_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[MEM_TILE_0_1]], 0) {init = 2 : i32, sym_name = "in_cons_prod_lock_0"}
// CHECK: %[[IN_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[MEM_TILE_0_1]], 1) {init = 0 : i32, sym_name = "in_cons_cons_lock_0"}
// CHECK: %[[IN_PROD_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 0) {init = 0 : i32, sym_name = "in_prod_lock_0"}
// CHECK: %[[IN_CONS_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 1) {init = 0 : i32, sym_name = "in_cons_lock_0"}
// CHECK: aie.flow(%[[SHIM_NOC_TILE_0_0]], DMA : 0, %[[MEM_TILE_0_1]], DMA : 0)
// CHECK: aie.flow(%[[MEM_TILE_0_1]], DMA : 0, %[[TILE_0_2]], DMA : 0)
// CHECK: aie.flow(%[[TILE_0_2]], DMA : 0, %[[SHIM_NOC_TILE_0_0]], DMA : 0)
// CHECK: func.func private @copy(memref<64xi32>, memref<64xi32>)
// CHECK: %[[CORE_0_2:.*]] = aie.core(%[[TILE_0_2]]) {
// CHECK: aie.use_lock(%[[IN_FWD_CONS_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.use_lock(%[[OUT_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: func.call @copy(%[[IN_FWD_CONS_BUFF_0]], %[[OUT_BUFF_0]]) : (memref<64xi32>, memref<64xi32>) -> ()
// CHECK: aie.use_lock(%[[IN_FWD_CONS_PROD_LOCK_0]], Release, 1)
// CHECK: aie.use_lock(%[[OUT_CONS_LOCK_0]], Release, 1)
// CHECK: aie.end
// CHECK: }
// CHECK: aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: memref<64xi32>) {
// CHECK: %0 = aiex.dma_configure_task_for @in_shim_alloc {
// CHECK: aie.dma_bd(%arg0 : memref<64xi32>, 0, 64)
// CHECK: aie.end
// CHECK: }
// CHECK: aiex.dma_start_task(%0)
// CHECK: %1 = aiex.dma_configure_task_for @out_shim_alloc {
// CHECK: aie.dma_bd(%arg1 : memref<64xi32>, 0, 64)
// CHECK: aie.end
// CHECK: } {issue_token = true}
// CHECK: aiex.dma_start_task(%1)
// CHECK: aiex.dma_await_task(%1)
// CHECK: }
// CHECK: aie.shim_dma_allocation @in_shim_alloc(%[[SHIM_NOC_TILE_0_0]], MM2S, 0)
// CHECK: %[[MEMTILE_DMA_0_1:.*]] = aie.memtile_dma(%[[MEM_TILE_0_1]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[IN_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[IN_CONS_BUFF_0]] : memref<64xi32>, 0, 64)
// CHECK: aie.use_lock(%[[IN_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[IN_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[IN_CONS_BUFF_1]] : memref<64xi32>, 0, 64)
// CHECK: aie.use_lock(%[[IN_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(MM2S, 0, ^bb4, ^bb6)
// CHECK: ^bb4:  // 2 preds: ^bb3, ^bb5
// CHECK: aie.use_lock(%[[IN_CONS_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[IN_CONS_BUFF_0]] : memref<64xi32>, 0, 64)
// CHECK: aie.use_lock(%[[IN_CONS_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb5
// CHECK: ^bb5:  // pred: ^bb4
// CHECK: aie.use_lock(%[[IN_CONS_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[IN_CONS_BUFF_1]] : memref<64xi32>, 0, 64)
// CHECK: aie.use_lock(%[[IN_CONS_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb4
// CHECK: ^bb6:  // pred: ^bb3
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_2:.*]] = aie.mem(%[[TILE_0_2]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[IN_FWD_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[IN_FWD_CONS_BUFF_0]] : memref<64xi32>, 0, 64)
// CHECK: aie.use_lock(%[[IN_FWD_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[IN_FWD_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[IN_FWD_CONS_BUFF_1]] : memref<64xi32>, 0, 64)
// CHECK: aie.use_lock(%[[IN_FWD_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(MM2S, 0, ^bb4, ^bb6)
// CHECK: ^bb4:  // 2 preds: ^bb3, ^bb5
// CHECK: aie.use_lock(%[[OUT_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[OUT_BUFF_0]] : memref<64xi32>, 0, 64)
// CHECK: aie.use_lock(%[[OUT_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb5
// CHECK: ^bb5:  // pred: ^bb4
// CHECK: aie.use_lock(%[[OUT_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[OUT_BUFF_1]] : memref<64xi32>, 0, 64)
// CHECK: aie.use_lock(%[[OUT_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb4
// CHECK: ^bb6:  // pred: ^bb3
// CHECK: aie.end
// CHECK: }
// CHECK: aie.shim_dma_allocation @out_shim_alloc(%[[SHIM_NOC_TILE_0_0]], S2MM, 0)
// CHECK: }
// CHECK: }

module @shim_link {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %core = aie.tile(0, 2)
    aie.objectfifo @in(%shim, {%mem}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
    aie.objectfifo @in_fwd(%mem, {%core}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
    aie.objectfifo.link [@in] -> [@in_fwd] ([] [])
    aie.objectfifo @out(%core, {%shim}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
    func.func private @copy(memref<64xi32>, memref<64xi32>)
    %c = aie.core(%core) {
      %a = aie.objectfifo.acquire @in_fwd(Consume, 1) : !aie.objectfifosubview<memref<64xi32>>
      %x = aie.objectfifo.subview.access %a[0] : !aie.objectfifosubview<memref<64xi32>> -> memref<64xi32>
      %b = aie.objectfifo.acquire @out(Produce, 1) : !aie.objectfifosubview<memref<64xi32>>
      %y = aie.objectfifo.subview.access %b[0] : !aie.objectfifosubview<memref<64xi32>> -> memref<64xi32>
      func.call @copy(%x, %y) : (memref<64xi32>, memref<64xi32>) -> ()
      aie.objectfifo.release @in_fwd(Consume, 1)
      aie.objectfifo.release @out(Produce, 1)
      aie.end
    }
    aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: memref<64xi32>) {
      %t0 = aiex.dma_configure_task_for @in {
        aie.dma_bd(%arg0 : memref<64xi32>, 0, 64)
        aie.end
      }
      aiex.dma_start_task(%t0)
      %t1 = aiex.dma_configure_task_for @out {
        aie.dma_bd(%arg1 : memref<64xi32>, 0, 64)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%t1)
      aiex.dma_await_task(%t1)
    }
  }
}
