// Data layouts: dimensionsToStream on the mem tile's MM2S BDs, with padDimensions (the mem tile
// keeps the unpadded 60-element input buffers; each BD sends 84 elements, the padding added by
// the DMA); dimensionsFromStream on the consumer's S2MM BDs, which also makes the adjacent tiles
// use a DMA instead of their shared memory.
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s

// CHECK: module @layouts {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[SHIM_NOC_TILE_0_0:.*]] = aie.tile(0, 0)
// CHECK: %[[MEM_TILE_0_1:.*]] = aie.tile(0, 1)
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[NEAR_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "near_cons_buff_0"} : memref<8xi32>
// CHECK: %[[NEAR_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "near_cons_buff_1"} : memref<8xi32>
// CHECK: %[[NEAR_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 0) {init = 2 : i32, sym_name = "near_cons_prod_lock_0"}
// CHECK: %[[NEAR_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 1) {init = 0 : i32, sym_name = "near_cons_cons_lock_0"}
// CHECK: %[[NEAR_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "near_buff_0"} : memref<8xi32>
// CHECK: %[[NEAR_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "near_buff_1"} : memref<8xi32>
// CHECK: %[[NEAR_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 2) {init = 2 : i32, sym_name = "near_prod_lock_0"}
// CHECK: %[[NEAR_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 3) {init = 0 : i32, sym_name = "near_cons_lock_0"}
// CHECK: %[[PADDED_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "padded_cons_buff_0"} : memref<84xi32>
// CHECK: %[[PADDED_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "padded_cons_buff_1"} : memref<84xi32>
// CHECK: %[[PADDED_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 0) {init = 2 : i32, sym_name = "padded_cons_prod_lock_0"}
// CHECK: %[[PADDED_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 1) {init = 0 : i32, sym_name = "padded_cons_cons_lock_0"}
// CHECK: %[[IN_CONS_BUFF_0:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {sym_name = "in_cons_buff_0"} : memref<60xi32>
// CHECK: %[[IN_CONS_BUFF_1:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {sym_name = "in_cons_buff_1"} : memref<60xi32>
// CHECK: %[[IN_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[MEM_TILE_0_1]], 0) {init = 2 : i32, sym_name = "in_cons_prod_lock_0"}
// CHECK: %[[IN_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[MEM_TILE_0_1]], 1) {init = 0 : i32, sym_name = "in_cons_cons_lock_0"}
// CHECK: %[[IN_PROD_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 0) {init = 0 : i32, sym_name = "in_prod_lock_0"}
// CHECK: %[[IN_CONS_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 1) {init = 0 : i32, sym_name = "in_cons_lock_0"}
// CHECK: aie.flow(%[[SHIM_NOC_TILE_0_0]], DMA : 0, %[[MEM_TILE_0_1]], DMA : 0)
// CHECK: aie.flow(%[[MEM_TILE_0_1]], DMA : 0, %[[TILE_0_2]], DMA : 0)
// CHECK: aie.flow(%[[TILE_0_2]], DMA : 0, %[[TILE_0_3]], DMA : 0)
// CHECK: aie.shim_dma_allocation @in_shim_alloc(%[[SHIM_NOC_TILE_0_0]], MM2S, 0)
// CHECK: %[[MEMTILE_DMA_0_1:.*]] = aie.memtile_dma(%[[MEM_TILE_0_1]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[IN_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[IN_CONS_BUFF_0]] : memref<60xi32>, 0, 60)
// CHECK: aie.use_lock(%[[IN_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[IN_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[IN_CONS_BUFF_1]] : memref<60xi32>, 0, 60)
// CHECK: aie.use_lock(%[[IN_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(MM2S, 0, ^bb4, ^bb6)
// CHECK: ^bb4:  // 2 preds: ^bb3, ^bb5
// CHECK: aie.use_lock(%[[IN_CONS_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[IN_CONS_BUFF_0]] : memref<60xi32>, 0, 84, [<size = 6, stride = 10>, <size = 10, stride = 1>], [<const_pad_before = 0, const_pad_after = 1>, <const_pad_before = 0, const_pad_after = 2>])
// CHECK: aie.use_lock(%[[IN_CONS_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb5
// CHECK: ^bb5:  // pred: ^bb4
// CHECK: aie.use_lock(%[[IN_CONS_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[IN_CONS_BUFF_1]] : memref<60xi32>, 0, 84, [<size = 6, stride = 10>, <size = 10, stride = 1>], [<const_pad_before = 0, const_pad_after = 1>, <const_pad_before = 0, const_pad_after = 2>])
// CHECK: aie.use_lock(%[[IN_CONS_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb4
// CHECK: ^bb6:  // pred: ^bb3
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_2:.*]] = aie.mem(%[[TILE_0_2]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[PADDED_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[PADDED_CONS_BUFF_0]] : memref<84xi32>, 0, 84)
// CHECK: aie.use_lock(%[[PADDED_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[PADDED_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[PADDED_CONS_BUFF_1]] : memref<84xi32>, 0, 84)
// CHECK: aie.use_lock(%[[PADDED_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(MM2S, 0, ^bb4, ^bb6)
// CHECK: ^bb4:  // 2 preds: ^bb3, ^bb5
// CHECK: aie.use_lock(%[[NEAR_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[NEAR_BUFF_0]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[NEAR_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb5
// CHECK: ^bb5:  // pred: ^bb4
// CHECK: aie.use_lock(%[[NEAR_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[NEAR_BUFF_1]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[NEAR_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb4
// CHECK: ^bb6:  // pred: ^bb3
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_3:.*]] = aie.mem(%[[TILE_0_3]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[NEAR_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[NEAR_CONS_BUFF_0]] : memref<8xi32>, 0, 8, [<size = 4, stride = 2>, <size = 2, stride = 1>])
// CHECK: aie.use_lock(%[[NEAR_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[NEAR_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[NEAR_CONS_BUFF_1]] : memref<8xi32>, 0, 8, [<size = 4, stride = 2>, <size = 2, stride = 1>])
// CHECK: aie.use_lock(%[[NEAR_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: }
// CHECK: }

module @layouts {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    aie.objectfifo @in(%shim, {%mem}, 2 : i32) : !aie.objectfifo<memref<60xi32>>
    aie.objectfifo @padded(%mem dimensionsToStream [<size = 6, stride = 10>, <size = 10, stride = 1>], {%t02}, 2 : i32) {padDimensions = #aie<bd_pad_layout_array[<const_pad_before = 0, const_pad_after = 1>, <const_pad_before = 0, const_pad_after = 2>]>} : !aie.objectfifo<memref<84xi32>>
    aie.objectfifo.link [@in] -> [@padded] ([] [])
    aie.objectfifo @near(%t02, {%t03 dimensionsFromStream [<size = 4, stride = 2>, <size = 2, stride = 1>]}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  }
}
