// AIE1 (xcvc1902): one binary lock per object, <fifo>_lock_<i>; the producer acquires its
// object's lock in state 0 and releases it in state 1, the consumer the other way round, and the
// DMAs likewise (MM2S acquires 1 / releases 0, S2MM acquires 0 / releases 1).
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s

// CHECK: module @aie1 {
// CHECK: aie.device(xcvc1902) {
// CHECK: %[[TILE_1_2:.*]] = aie.tile(1, 2)
// CHECK: %[[TILE_1_3:.*]] = aie.tile(1, 3)
// CHECK: %[[TILE_3_3:.*]] = aie.tile(3, 3)
// CHECK: %[[FAR_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_3_3]]) {sym_name = "far_cons_buff_0"} : memref<16xi32>
// CHECK: %[[FAR_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_3_3]]) {sym_name = "far_cons_buff_1"} : memref<16xi32>
// CHECK: %[[FAR_CONS_BUFF_2:.*]] = aie.buffer(%[[TILE_3_3]]) {sym_name = "far_cons_buff_2"} : memref<16xi32>
// CHECK: %[[FAR_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_3_3]], 0) {init = 0 : i32, sym_name = "far_cons_lock_0"}
// CHECK: %[[FAR_CONS_LOCK_1:.*]] = aie.lock(%[[TILE_3_3]], 1) {init = 0 : i32, sym_name = "far_cons_lock_1"}
// CHECK: %[[FAR_CONS_LOCK_2:.*]] = aie.lock(%[[TILE_3_3]], 2) {init = 0 : i32, sym_name = "far_cons_lock_2"}
// CHECK: %[[FAR_BUFF_0:.*]] = aie.buffer(%[[TILE_1_2]]) {sym_name = "far_buff_0"} : memref<16xi32>
// CHECK: %[[FAR_BUFF_1:.*]] = aie.buffer(%[[TILE_1_2]]) {sym_name = "far_buff_1"} : memref<16xi32>
// CHECK: %[[FAR_LOCK_0:.*]] = aie.lock(%[[TILE_1_2]], 2) {init = 0 : i32, sym_name = "far_lock_0"}
// CHECK: %[[FAR_LOCK_1:.*]] = aie.lock(%[[TILE_1_2]], 3) {init = 0 : i32, sym_name = "far_lock_1"}
// CHECK: %[[NEAR_BUFF_0:.*]] = aie.buffer(%[[TILE_1_2]]) {sym_name = "near_buff_0"} : memref<16xi32>
// CHECK: %[[NEAR_BUFF_1:.*]] = aie.buffer(%[[TILE_1_2]]) {sym_name = "near_buff_1"} : memref<16xi32>
// CHECK: %[[NEAR_LOCK_0:.*]] = aie.lock(%[[TILE_1_2]], 0) {init = 0 : i32, sym_name = "near_lock_0"}
// CHECK: %[[NEAR_LOCK_1:.*]] = aie.lock(%[[TILE_1_2]], 1) {init = 0 : i32, sym_name = "near_lock_1"}
// CHECK: aie.flow(%[[TILE_1_2]], DMA : 0, %[[TILE_3_3]], DMA : 0)
// CHECK: func.func private @work(memref<16xi32>, memref<16xi32>)
// CHECK: %[[CORE_1_2:.*]] = aie.core(%[[TILE_1_2]]) {
// CHECK: aie.use_lock(%[[NEAR_LOCK_0]], Acquire, 0)
// CHECK: aie.use_lock(%[[FAR_LOCK_0]], Acquire, 0)
// CHECK: func.call @work(%[[NEAR_BUFF_0]], %[[FAR_BUFF_0]]) : (memref<16xi32>, memref<16xi32>) -> ()
// CHECK: aie.use_lock(%[[NEAR_LOCK_0]], Release, 1)
// CHECK: aie.use_lock(%[[FAR_LOCK_0]], Release, 1)
// CHECK: aie.end
// CHECK: }
// CHECK: %[[CORE_3_3:.*]] = aie.core(%[[TILE_3_3]]) {
// CHECK: aie.use_lock(%[[FAR_CONS_LOCK_0]], Acquire, 1)
// CHECK: aie.use_lock(%[[FAR_CONS_LOCK_1]], Acquire, 1)
// CHECK: func.call @work(%[[FAR_CONS_BUFF_0]], %[[FAR_CONS_BUFF_1]]) : (memref<16xi32>, memref<16xi32>) -> ()
// CHECK: aie.use_lock(%[[FAR_CONS_LOCK_0]], Release, 0)
// CHECK: aie.use_lock(%[[FAR_CONS_LOCK_1]], Release, 0)
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_1_2:.*]] = aie.mem(%[[TILE_1_2]]) {
// CHECK: %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[FAR_LOCK_0]], Acquire, 1)
// CHECK: aie.dma_bd(%[[FAR_BUFF_0]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAR_LOCK_0]], Release, 0)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[FAR_LOCK_1]], Acquire, 1)
// CHECK: aie.dma_bd(%[[FAR_BUFF_1]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAR_LOCK_1]], Release, 0)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_3_3:.*]] = aie.mem(%[[TILE_3_3]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb4)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb3
// CHECK: aie.use_lock(%[[FAR_CONS_LOCK_0]], Acquire, 0)
// CHECK: aie.dma_bd(%[[FAR_CONS_BUFF_0]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAR_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[FAR_CONS_LOCK_1]], Acquire, 0)
// CHECK: aie.dma_bd(%[[FAR_CONS_BUFF_1]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAR_CONS_LOCK_1]], Release, 1)
// CHECK: aie.next_bd ^bb3
// CHECK: ^bb3:  // pred: ^bb2
// CHECK: aie.use_lock(%[[FAR_CONS_LOCK_2]], Acquire, 0)
// CHECK: aie.dma_bd(%[[FAR_CONS_BUFF_2]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAR_CONS_LOCK_2]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb4:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: }
// CHECK: }

module @aie1 {
  aie.device(xcvc1902) {
    %t12 = aie.tile(1, 2)
    %t13 = aie.tile(1, 3)
    %t33 = aie.tile(3, 3)
    aie.objectfifo @near(%t12, {%t13}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo @far(%t12, {%t33}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    func.func private @work(memref<16xi32>, memref<16xi32>)
    %c12 = aie.core(%t12) {
      %a = aie.objectfifo.acquire @near(Produce, 1) : !aie.objectfifosubview<memref<16xi32>>
      %x = aie.objectfifo.subview.access %a[0] : !aie.objectfifosubview<memref<16xi32>> -> memref<16xi32>
      %b = aie.objectfifo.acquire @far(Produce, 1) : !aie.objectfifosubview<memref<16xi32>>
      %y = aie.objectfifo.subview.access %b[0] : !aie.objectfifosubview<memref<16xi32>> -> memref<16xi32>
      func.call @work(%x, %y) : (memref<16xi32>, memref<16xi32>) -> ()
      aie.objectfifo.release @near(Produce, 1)
      aie.objectfifo.release @far(Produce, 1)
      aie.end
    }
    %c33 = aie.core(%t33) {
      %b = aie.objectfifo.acquire @far(Consume, 2) : !aie.objectfifosubview<memref<16xi32>>
      %x = aie.objectfifo.subview.access %b[0] : !aie.objectfifosubview<memref<16xi32>> -> memref<16xi32>
      %y = aie.objectfifo.subview.access %b[1] : !aie.objectfifosubview<memref<16xi32>> -> memref<16xi32>
      func.call @work(%x, %y) : (memref<16xi32>, memref<16xi32>) -> ()
      aie.objectfifo.release @far(Consume, 2)
      aie.end
    }
  }
}
