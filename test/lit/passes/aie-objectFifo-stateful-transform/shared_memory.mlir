// Adjacent tiles share memory: one set of buffers and locks on the producer's tile, no DMA and
// no flow. The producer loop is unrolled by the depth (3); the consumer's second acquire of 2
// takes only one new object because it still holds one.
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s --check-prefix=NODMA

// NODMA-NOT: aie.flow
// NODMA-NOT: aie.mem
// NODMA-NOT: aie.objectfifo

// CHECK: module @shared {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[PIPE_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "pipe_buff_0"} : memref<8xi32>
// CHECK: %[[PIPE_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "pipe_buff_1"} : memref<8xi32>
// CHECK: %[[PIPE_BUFF_2:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "pipe_buff_2"} : memref<8xi32>
// CHECK: %[[PIPE_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 0) {init = 3 : i32, sym_name = "pipe_prod_lock_0"}
// CHECK: %[[PIPE_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 1) {init = 0 : i32, sym_name = "pipe_cons_lock_0"}
// CHECK: func.func @fill(%arg0: memref<8xi32>) {
// CHECK: return
// CHECK: }
// CHECK: func.func @use2(%arg0: memref<8xi32>, %arg1: memref<8xi32>) {
// CHECK: return
// CHECK: }
// CHECK: %[[CORE_0_2:.*]] = aie.core(%[[TILE_0_2]]) {
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C9:.*]] = arith.constant 9 : index
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: scf.for %arg0 = %[[C0]] to %[[C9]] step %[[C3]] {
// CHECK: aie.use_lock(%[[PIPE_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: func.call @fill(%[[PIPE_BUFF_0]]) : (memref<8xi32>) -> ()
// CHECK: aie.use_lock(%[[PIPE_CONS_LOCK_0]], Release, 1)
// CHECK: aie.use_lock(%[[PIPE_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: func.call @fill(%[[PIPE_BUFF_1]]) : (memref<8xi32>) -> ()
// CHECK: aie.use_lock(%[[PIPE_CONS_LOCK_0]], Release, 1)
// CHECK: aie.use_lock(%[[PIPE_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: func.call @fill(%[[PIPE_BUFF_2]]) : (memref<8xi32>) -> ()
// CHECK: aie.use_lock(%[[PIPE_CONS_LOCK_0]], Release, 1)
// CHECK: }
// CHECK: aie.end
// CHECK: }
// CHECK: %[[CORE_0_3:.*]] = aie.core(%[[TILE_0_3]]) {
// CHECK: aie.use_lock(%[[PIPE_CONS_LOCK_0]], AcquireGreaterEqual, 2)
// CHECK: func.call @use2(%[[PIPE_BUFF_0]], %[[PIPE_BUFF_1]]) : (memref<8xi32>, memref<8xi32>) -> ()
// CHECK: aie.use_lock(%[[PIPE_PROD_LOCK_0]], Release, 1)
// CHECK: aie.use_lock(%[[PIPE_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: func.call @use2(%[[PIPE_BUFF_1]], %[[PIPE_BUFF_2]]) : (memref<8xi32>, memref<8xi32>) -> ()
// CHECK: aie.use_lock(%[[PIPE_PROD_LOCK_0]], Release, 2)
// CHECK: aie.end
// CHECK: }
// CHECK: }
// CHECK: }

module @shared {
  aie.device(npu1_1col) {
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    aie.objectfifo @pipe(%t02, {%t03}, 3 : i32) : !aie.objectfifo<memref<8xi32>>
    func.func @fill(%b: memref<8xi32>) -> () {
      return
    }
    func.func @use2(%a: memref<8xi32>, %b: memref<8xi32>) -> () {
      return
    }
    %core02 = aie.core(%t02) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c9 = arith.constant 9 : index
      scf.for %i = %c0 to %c9 step %c1 {
        %s = aie.objectfifo.acquire @pipe(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
        %e = aie.objectfifo.subview.access %s[0] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
        func.call @fill(%e) : (memref<8xi32>) -> ()
        aie.objectfifo.release @pipe(Produce, 1)
      }
      aie.end
    }
    %core03 = aie.core(%t03) {
      %s0 = aie.objectfifo.acquire @pipe(Consume, 2) : !aie.objectfifosubview<memref<8xi32>>
      %a = aie.objectfifo.subview.access %s0[0] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
      %b = aie.objectfifo.subview.access %s0[1] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
      func.call @use2(%a, %b) : (memref<8xi32>, memref<8xi32>) -> ()
      aie.objectfifo.release @pipe(Consume, 1)
      %s1 = aie.objectfifo.acquire @pipe(Consume, 2) : !aie.objectfifosubview<memref<8xi32>>
      %c = aie.objectfifo.subview.access %s1[0] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
      %d = aie.objectfifo.subview.access %s1[1] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
      func.call @use2(%c, %d) : (memref<8xi32>, memref<8xi32>) -> ()
      aie.objectfifo.release @pipe(Consume, 2)
      aie.end
    }
  }
}
