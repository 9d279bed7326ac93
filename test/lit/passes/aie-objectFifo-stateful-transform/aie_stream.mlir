// aie_stream: a consumer-side stream (1) keeps the producer's buffers and MM2S and routes the flow
// to the consumer core's stream port; a stream at both ends (2) is only a Core-to-Core flow.
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s

// CHECK: module @streams {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[TILE_0_4:.*]] = aie.tile(0, 4)
// CHECK: %[[TO_CORE_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "to_core_buff_0"} : memref<16xi32>
// CHECK: %[[TO_CORE_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "to_core_buff_1"} : memref<16xi32>
// CHECK: %[[TO_CORE_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 0) {init = 2 : i32, sym_name = "to_core_prod_lock_0"}
// CHECK: %[[TO_CORE_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 1) {init = 0 : i32, sym_name = "to_core_cons_lock_0"}
// CHECK: aie.flow(%[[TILE_0_2]], DMA : 0, %[[TILE_0_3]], Core : 0)
// CHECK: aie.flow(%[[TILE_0_3]], Core : 0, %[[TILE_0_4]], Core : 0)
// CHECK: %[[MEM_0_2:.*]] = aie.mem(%[[TILE_0_2]]) {
// CHECK: %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[TO_CORE_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[TO_CORE_BUFF_0]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[TO_CORE_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[TO_CORE_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[TO_CORE_BUFF_1]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[TO_CORE_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: }
// CHECK: }

module @streams {
  aie.device(npu1_1col) {
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    %t04 = aie.tile(0, 4)
    aie.objectfifo @to_core(%t02, {%t03}, 2 : i32) {aie_stream = 1 : i32, aie_stream_port = 0 : i32} : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo @core_to_core(%t03, {%t04}, 2 : i32) {aie_stream = 2 : i32, aie_stream_port = 0 : i32} : !aie.objectfifo<memref<16xi32>>
  }
}
