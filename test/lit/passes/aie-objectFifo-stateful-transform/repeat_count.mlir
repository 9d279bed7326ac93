// repeat_count: on a mem-tile link output with one buffer the DMA task repeats (dma_start
// repeat_count = 2) and the shared input lock counts 3 objects per buffer; on a compute tile with
// two buffers every BD is written twice in the chain; lock inits and the core's lock amounts are
// multiplied by the repeat count.
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s

// CHECK: module @repeat {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[SHIM_NOC_TILE_0_0:.*]] = aie.tile(0, 0)
// CHECK: %[[MEM_TILE_0_1:.*]] = aie.tile(0, 1)
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[TWICE_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "twice_cons_buff_0"} : memref<8xi32>
// CHECK: %[[TWICE_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "twice_cons_buff_1"} : memref<8xi32>
// CHECK: %[[TWICE_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 0) {init = 2 : i32, sym_name = "twice_cons_prod_lock_0"}
// CHECK: %[[TWICE_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 1) {init = 0 : i32, sym_name = "twice_cons_cons_lock_0"}
// CHECK: %[[TWICE_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "twice_buff_0"} : memref<8xi32>
// CHECK: %[[TWICE_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "twice_buff_1"} : memref<8xi32>
// CHECK: %[[TWICE_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 2) {init = 4 : i32, sym_name = "twice_prod_lock_0"}
// CHECK: %[[TWICE_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 3) {init = 0 : i32, sym_name = "twice_cons_lock_0"}
// CHECK: %[[ONCE_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "once_cons_buff_0"} : memref<32xi32>
// CHECK: %[[ONCE_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 0) {init = 1 : i32, sym_name = "once_cons_prod_lock_0"}
// CHECK: %[[ONCE_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 1) {init = 0 : i32, sym_name = "once_cons_cons_lock_0"}
// CHECK: %[[IN_CONS_BUFF_0:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {sym_name = "in_cons_buff_0"} : memref<32xi32>
// CHECK: %[[IN_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[MEM_TILE_0_1]], 0) {init = 3 : i32, sym_name = "in_cons_prod_lock_0"}
// CHECK: %[[IN_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[MEM_TILE_0_1]], 1) {init = 0 : i32, sym_name = "in_cons_cons_lock_0"}
// CHECK: %[[IN_PROD_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 0) {init = 0 : i32, sym_name = "in_prod_lock_0"}
// CHECK: %[[IN_CONS_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 1) {init = 0 : i32, sym_name = "in_cons_lock_0"}
// CHECK: aie.flow(%[[SHIM_NOC_TILE_0_0]], DMA : 0, %[[MEM_TILE_0_1]], DMA : 0)
// CHECK: aie.flow(%[[MEM_TILE_0_1]], DMA : 0, %[[TILE_0_2]], DMA : 0)
// CHECK: aie.flow(%[[TILE_0_2]], DMA : 0, %[[TILE_0_3]], DMA : 0)
// CHECK: func.func private @k(memref<32xi32>, memref<8xi32>)
// CHECK: %[[CORE_0_2:.*]] = aie.core(%[[TILE_0_2]]) {
// CHECK: aie.use_lock(%[[ONCE_CONS_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.use_lock(%[[TWICE_PROD_LOCK_0]], AcquireGreaterEqual, 2)
// CHECK: func.call @k(%[[ONCE_CONS_BUFF_0]], %[[TWICE_BUFF_0]]) : (memref<32xi32>, memref<8xi32>) -> ()
// CHECK: aie.use_lock(%[[ONCE_CONS_PROD_LOCK_0]], Release, 1)
// CHECK: aie.use_lock(%[[TWICE_CONS_LOCK_0]], Release, 2)
// CHECK: aie.end
// CHECK: }
// CHECK: aie.shim_dma_allocation @in_shim_alloc(%[[SHIM_NOC_TILE_0_0]], MM2S, 0)
// CHECK: %[[MEMTILE_DMA_0_1:.*]] = aie.memtile_dma(%[[MEM_TILE_0_1]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK: aie.use_lock(%[[IN_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 3)
// CHECK: aie.dma_bd(%[[IN_CONS_BUFF_0]] : memref<32xi32>, 0, 32)
// CHECK: aie.use_lock(%[[IN_CONS_CONS_LOCK_0]], Release, 3)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb2:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(MM2S, 0, ^bb3, ^bb4, repeat_count = 2)
// CHECK: ^bb3:  // 2 preds: ^bb2, ^bb3
// CHECK: aie.use_lock(%[[IN_CONS_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[IN_CONS_BUFF_0]] : memref<32xi32>, 0, 32)
// CHECK: aie.use_lock(%[[IN_CONS_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb3
// CHECK: ^bb4:  // pred: ^bb2
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_2:.*]] = aie.mem(%[[TILE_0_2]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK: aie.use_lock(%[[ONCE_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[ONCE_CONS_BUFF_0]] : memref<32xi32>, 0, 32)
// CHECK: aie.use_lock(%[[ONCE_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb2:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(MM2S, 0, ^bb3, ^bb7)
// CHECK: ^bb3:  // 2 preds: ^bb2, ^bb6
// CHECK: aie.use_lock(%[[TWICE_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[TWICE_BUFF_0]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[TWICE_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb4
// CHECK: ^bb4:  // pred: ^bb3
// CHECK: aie.use_lock(%[[TWICE_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[TWICE_BUFF_0]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[TWICE_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb5
// CHECK: ^bb5:  // pred: ^bb4
// CHECK: aie.use_lock(%[[TWICE_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[TWICE_BUFF_1]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[TWICE_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb6
// CHECK: ^bb6:  // pred: ^bb5
// CHECK: aie.use_lock(%[[TWICE_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[TWICE_BUFF_1]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[TWICE_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb3
// CHECK: ^bb7:  // pred: ^bb2
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_3:.*]] = aie.mem(%[[TILE_0_3]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[TWICE_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[TWICE_CONS_BUFF_0]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[TWICE_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[TWICE_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[TWICE_CONS_BUFF_1]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[TWICE_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: }
// CHECK: }

module @repeat {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    aie.objectfifo @in(%shim, {%mem}, 1 : i32) : !aie.objectfifo<memref<32xi32>>
    aie.objectfifo @once(%mem, {%t02}, 1 : i32) {repeat_count = 3 : i32} : !aie.objectfifo<memref<32xi32>>
    aie.objectfifo.link [@in] -> [@once] ([] [])
    aie.objectfifo @twice(%t02, {%t03}, 2 : i32) {repeat_count = 2 : i32} : !aie.objectfifo<memref<8xi32>>
    func.func private @k(memref<32xi32>, memref<8xi32>)
    %c02 = aie.core(%t02) {
      %a = aie.objectfifo.acquire @once(Consume, 1) : !aie.objectfifosubview<memref<32xi32>>
      %x = aie.objectfifo.subview.access %a[0] : !aie.objectfifosubview<memref<32xi32>> -> memref<32xi32>
      %b = aie.objectfifo.acquire @twice(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
      %y = aie.objectfifo.subview.access %b[0] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
      func.call @k(%x, %y) : (memref<32xi32>, memref<8xi32>) -> ()
      aie.objectfifo.release @once(Consume, 1)
      aie.objectfifo.release @twice(Produce, 1)
      aie.end
    }
  }
}
