// init_values: the buffers start with the given values and the consumer lock starts full. A
// mem-tile producer with static values and iter_count = 4 and no upstream link needs no locks: its
// MM2S chain runs 4 times (repeat_count = 3) and ends in its own aie.end block.
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s

// CHECK: module @init_values {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[MEM_TILE_0_1:.*]] = aie.tile(0, 1)
// CHECK: %[[TABLE_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "table_cons_buff_0"} : memref<4xi32>
// CHECK: %[[TABLE_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 0) {init = 1 : i32, sym_name = "table_cons_prod_lock_0"}
// CHECK: %[[TABLE_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 1) {init = 0 : i32, sym_name = "table_cons_cons_lock_0"}
// CHECK: %[[TABLE_BUFF_0:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {sym_name = "table_buff_0"} : memref<4xi32> = dense<[1, 2, 3, 4]>
// CHECK: %[[WEIGHTS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "weights_buff_0"} : memref<2x2xi32> = dense<{{\[\[}}0, 1], [2, 3]]>
// CHECK: %[[WEIGHTS_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "weights_buff_1"} : memref<2x2xi32> = dense<{{\[\[}}4, 5], [6, 7]]>
// CHECK: %[[WEIGHTS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 0) {init = 0 : i32, sym_name = "weights_prod_lock_0"}
// CHECK: %[[WEIGHTS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 1) {init = 2 : i32, sym_name = "weights_cons_lock_0"}
// CHECK: aie.flow(%[[MEM_TILE_0_1]], DMA : 0, %[[TILE_0_3]], DMA : 0)
// CHECK: %[[MEMTILE_DMA_0_1:.*]] = aie.memtile_dma(%[[MEM_TILE_0_1]]) {
// CHECK: %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb3, repeat_count = 3)
// CHECK: ^bb1:  // pred: ^bb0
// CHECK: aie.dma_bd(%[[TABLE_BUFF_0]] : memref<4xi32>, 0, 4)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.end
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_3:.*]] = aie.mem(%[[TILE_0_3]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK: aie.use_lock(%[[TABLE_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[TABLE_CONS_BUFF_0]] : memref<4xi32>, 0, 4)
// CHECK: aie.use_lock(%[[TABLE_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb2:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: }
// CHECK: }

module @init_values {
  aie.device(npu1_1col) {
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    %mem = aie.tile(0, 1)
    aie.objectfifo @weights(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<2x2xi32>> = [dense<[[0, 1], [2, 3]]> : memref<2x2xi32>, dense<[[4, 5], [6, 7]]> : memref<2x2xi32>]
    aie.objectfifo @table(%mem, {%t03}, 1 : i32) {iter_count = 4 : i32} : !aie.objectfifo<memref<4xi32>> = [dense<[1, 2, 3, 4]> : memref<4xi32>]
  }
}
