// Broadcast: one MM2S channel and one flow per consumer (the flows in reverse consumer order,
// as mlir-aie inserts each right after the producer fifo); consumer ends <fifo>_<i>_cons. A
// scalar depth is resized per end (the producer acquires 1: 2 buffers; the consumer acquiring 2:
// 3; the one acquiring 1: 2); a depth array [2, 3, 1] is taken as written.
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s

// CHECK: module @broadcast {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[TILE_0_5:.*]] = aie.tile(0, 5)
// CHECK: %[[FAN2_0_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "fan2_0_cons_buff_0"} : memref<8xi32>
// CHECK: %[[FAN2_0_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "fan2_0_cons_buff_1"} : memref<8xi32>
// CHECK: %[[FAN2_0_CONS_BUFF_2:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "fan2_0_cons_buff_2"} : memref<8xi32>
// CHECK: %[[FAN2_0_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 2) {init = 3 : i32, sym_name = "fan2_0_cons_prod_lock_0"}
// CHECK: %[[FAN2_0_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 3) {init = 0 : i32, sym_name = "fan2_0_cons_cons_lock_0"}
// CHECK: %[[FAN2_1_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_5]]) {sym_name = "fan2_1_cons_buff_0"} : memref<8xi32>
// CHECK: %[[FAN2_1_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_5]], 2) {init = 1 : i32, sym_name = "fan2_1_cons_prod_lock_0"}
// CHECK: %[[FAN2_1_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_5]], 3) {init = 0 : i32, sym_name = "fan2_1_cons_cons_lock_0"}
// CHECK: %[[FAN2_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "fan2_buff_0"} : memref<8xi32>
// CHECK: %[[FAN2_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "fan2_buff_1"} : memref<8xi32>
// CHECK: %[[FAN2_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 2) {init = 2 : i32, sym_name = "fan2_prod_lock_0"}
// CHECK: %[[FAN2_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 3) {init = 0 : i32, sym_name = "fan2_cons_lock_0"}
// CHECK: %[[FAN_0_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "fan_0_cons_buff_0"} : memref<16xi32>
// CHECK: %[[FAN_0_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "fan_0_cons_buff_1"} : memref<16xi32>
// CHECK: %[[FAN_0_CONS_BUFF_2:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "fan_0_cons_buff_2"} : memref<16xi32>
// CHECK: %[[FAN_0_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 0) {init = 3 : i32, sym_name = "fan_0_cons_prod_lock_0"}
// CHECK: %[[FAN_0_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 1) {init = 0 : i32, sym_name = "fan_0_cons_cons_lock_0"}
// CHECK: %[[FAN_1_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_5]]) {sym_name = "fan_1_cons_buff_0"} : memref<16xi32>
// CHECK: %[[FAN_1_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_0_5]]) {sym_name = "fan_1_cons_buff_1"} : memref<16xi32>
// CHECK: %[[FAN_1_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_5]], 0) {init = 2 : i32, sym_name = "fan_1_cons_prod_lock_0"}
// CHECK: %[[FAN_1_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_5]], 1) {init = 0 : i32, sym_name = "fan_1_cons_cons_lock_0"}
// CHECK: %[[FAN_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "fan_buff_0"} : memref<16xi32>
// CHECK: %[[FAN_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "fan_buff_1"} : memref<16xi32>
// CHECK: %[[FAN_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 0) {init = 2 : i32, sym_name = "fan_prod_lock_0"}
// CHECK: %[[FAN_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 1) {init = 0 : i32, sym_name = "fan_cons_lock_0"}
// CHECK: aie.flow(%[[TILE_0_2]], DMA : 0, %[[TILE_0_5]], DMA : 0)
// CHECK: aie.flow(%[[TILE_0_2]], DMA : 0, %[[TILE_0_3]], DMA : 0)
// CHECK: aie.flow(%[[TILE_0_2]], DMA : 1, %[[TILE_0_5]], DMA : 1)
// CHECK: aie.flow(%[[TILE_0_2]], DMA : 1, %[[TILE_0_3]], DMA : 1)
// CHECK: func.func @work(%arg0: memref<16xi32>) {
// CHECK: return
// CHECK: }
// CHECK: %[[CORE_0_2:.*]] = aie.core(%[[TILE_0_2]]) {
// CHECK: aie.use_lock(%[[FAN_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: func.call @work(%[[FAN_BUFF_0]]) : (memref<16xi32>) -> ()
// CHECK: aie.use_lock(%[[FAN_CONS_LOCK_0]], Release, 1)
// CHECK: aie.end
// CHECK: }
// CHECK: %[[CORE_0_3:.*]] = aie.core(%[[TILE_0_3]]) {
// CHECK: aie.use_lock(%[[FAN_0_CONS_CONS_LOCK_0]], AcquireGreaterEqual, 2)
// CHECK: func.call @work(%[[FAN_0_CONS_BUFF_1]]) : (memref<16xi32>) -> ()
// CHECK: aie.use_lock(%[[FAN_0_CONS_PROD_LOCK_0]], Release, 2)
// CHECK: aie.end
// CHECK: }
// CHECK: %[[CORE_0_5:.*]] = aie.core(%[[TILE_0_5]]) {
// CHECK: aie.use_lock(%[[FAN_1_CONS_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: func.call @work(%[[FAN_1_CONS_BUFF_0]]) : (memref<16xi32>) -> ()
// CHECK: aie.use_lock(%[[FAN_1_CONS_PROD_LOCK_0]], Release, 1)
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_2:.*]] = aie.mem(%[[TILE_0_2]]) {
// CHECK: %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[FAN_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN_BUFF_0]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAN_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[FAN_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN_BUFF_1]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAN_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(MM2S, 1, ^bb4, ^bb6)
// CHECK: ^bb4:  // 2 preds: ^bb3, ^bb5
// CHECK: aie.use_lock(%[[FAN2_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN2_BUFF_0]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[FAN2_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb5
// CHECK: ^bb5:  // pred: ^bb4
// CHECK: aie.use_lock(%[[FAN2_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN2_BUFF_1]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[FAN2_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb4
// CHECK: ^bb6:  // pred: ^bb3
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_3:.*]] = aie.mem(%[[TILE_0_3]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb4)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb3
// CHECK: aie.use_lock(%[[FAN_0_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN_0_CONS_BUFF_0]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAN_0_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[FAN_0_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN_0_CONS_BUFF_1]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAN_0_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb3
// CHECK: ^bb3:  // pred: ^bb2
// CHECK: aie.use_lock(%[[FAN_0_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN_0_CONS_BUFF_2]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAN_0_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb4:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(S2MM, 1, ^bb5, ^bb8)
// CHECK: ^bb5:  // 2 preds: ^bb4, ^bb7
// CHECK: aie.use_lock(%[[FAN2_0_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN2_0_CONS_BUFF_0]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[FAN2_0_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb6
// CHECK: ^bb6:  // pred: ^bb5
// CHECK: aie.use_lock(%[[FAN2_0_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN2_0_CONS_BUFF_1]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[FAN2_0_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb7
// CHECK: ^bb7:  // pred: ^bb6
// CHECK: aie.use_lock(%[[FAN2_0_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN2_0_CONS_BUFF_2]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[FAN2_0_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb5
// CHECK: ^bb8:  // pred: ^bb4
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_5:.*]] = aie.mem(%[[TILE_0_5]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[FAN_1_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN_1_CONS_BUFF_0]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAN_1_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[FAN_1_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN_1_CONS_BUFF_1]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FAN_1_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(S2MM, 1, ^bb4, ^bb5)
// CHECK: ^bb4:  // 2 preds: ^bb3, ^bb4
// CHECK: aie.use_lock(%[[FAN2_1_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FAN2_1_CONS_BUFF_0]] : memref<8xi32>, 0, 8)
// CHECK: aie.use_lock(%[[FAN2_1_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb4
// CHECK: ^bb5:  // pred: ^bb3
// CHECK: aie.end
// CHECK: }
// CHECK: }
// CHECK: }

module @broadcast {
  aie.device(npu1_1col) {
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    %t05 = aie.tile(0, 5)
    aie.objectfifo @fan(%t02, {%t03, %t05}, 4 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo @fan2(%t02, {%t03, %t05}, [2, 3, 1]) : !aie.objectfifo<memref<8xi32>>
    func.func @work(%a: memref<16xi32>) -> () {
      return
    }
    %c02 = aie.core(%t02) {
      %s = aie.objectfifo.acquire @fan(Produce, 1) : !aie.objectfifosubview<memref<16xi32>>
      %e = aie.objectfifo.subview.access %s[0] : !aie.objectfifosubview<memref<16xi32>> -> memref<16xi32>
      func.call @work(%e) : (memref<16xi32>) -> ()
      aie.objectfifo.release @fan(Produce, 1)
      aie.end
    }
    %c03 = aie.core(%t03) {
      %s = aie.objectfifo.acquire @fan(Consume, 2) : !aie.objectfifosubview<memref<16xi32>>
      %e = aie.objectfifo.subview.access %s[1] : !aie.objectfifosubview<memref<16xi32>> -> memref<16xi32>
      func.call @work(%e) : (memref<16xi32>) -> ()
      aie.objectfifo.release @fan(Consume, 2)
      aie.end
    }
    %c05 = aie.core(%t05) {
      %s = aie.objectfifo.acquire @fan(Consume, 1) : !aie.objectfifosubview<memref<16xi32>>
      %e = aie.objectfifo.subview.access %s[0] : !aie.objectfifosubview<memref<16xi32>> -> memref<16xi32>
      func.call @work(%e) : (memref<16xi32>) -> ()
      aie.objectfifo.release @fan(Consume, 1)
      aie.end
    }
  }
}
