// dynamic-objFifos: loops stay rolled; each core keeps its fifos' next-object indices in an
// anonymous buffer of i32 counters, every access selects its buffer with scf.index_switch over
// the counter, and every release advances the counter modulo the depth.
// RUN: iron-opt --aie-objectFifo-stateful-transform=dynamic-objFifos=true %s | filecheck %s

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
// CHECK: %[[BUFFER_0_2:.*]] = aie.buffer(%[[TILE_0_2]]) : memref<1xi32>
// CHECK: %[[CORE_0_2:.*]] = aie.core(%[[TILE_0_2]]) {
// CHECK: %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C3_I32:.*]] = arith.constant 3 : i32
// CHECK: memref.store %[[C0_I32]], %[[BUFFER_0_2]][%[[C0]]] : memref<1xi32>
// CHECK: %[[C0_0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C9:.*]] = arith.constant 9 : index
// CHECK: scf.for %arg0 = %[[C0_0]] to %[[C9]] step %[[C1]] {
// CHECK: aie.use_lock(%[[PIPE_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: %0 = memref.load %[[BUFFER_0_2]][%[[C0]]] : memref<1xi32>
// CHECK: %1 = arith.index_cast %0 : i32 to index
// CHECK: %2 = scf.index_switch %1 -> memref<8xi32>
// CHECK: case 0 {
// CHECK: scf.yield %[[PIPE_BUFF_0]] : memref<8xi32>
// CHECK: }
// CHECK: case 1 {
// CHECK: scf.yield %[[PIPE_BUFF_1]] : memref<8xi32>
// CHECK: }
// CHECK: case 2 {
// CHECK: scf.yield %[[PIPE_BUFF_2]] : memref<8xi32>
// CHECK: }
// CHECK: default {
// CHECK: scf.yield %[[PIPE_BUFF_0]] : memref<8xi32>
// CHECK: }
// CHECK: func.call @fill(%2) : (memref<8xi32>) -> ()
// CHECK: aie.use_lock(%[[PIPE_CONS_LOCK_0]], Release, 1)
// CHECK: %3 = memref.load %[[BUFFER_0_2]][%[[C0]]] : memref<1xi32>
// CHECK: %[[C1_I32:.*]] = arith.constant 1 : i32
// CHECK: %4 = arith.addi %3, %[[C1_I32]] : i32
// CHECK: %5 = arith.cmpi sge, %4, %[[C3_I32]] : i32
// CHECK: %6 = arith.subi %4, %[[C3_I32]] : i32
// CHECK: %7 = arith.select %5, %6, %4 : i32
// CHECK: memref.store %7, %[[BUFFER_0_2]][%[[C0]]] : memref<1xi32>
// CHECK: }
// CHECK: aie.end
// CHECK: }
// CHECK: %[[BUFFER_0_3:.*]] = aie.buffer(%[[TILE_0_3]]) : memref<1xi32>
// CHECK: %[[CORE_0_3:.*]] = aie.core(%[[TILE_0_3]]) {
// CHECK: %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C3_I32:.*]] = arith.constant 3 : i32
// CHECK: memref.store %[[C0_I32]], %[[BUFFER_0_3]][%[[C0]]] : memref<1xi32>
// CHECK: aie.use_lock(%[[PIPE_CONS_LOCK_0]], AcquireGreaterEqual, 2)
// CHECK: %0 = memref.load %[[BUFFER_0_3]][%[[C0]]] : memref<1xi32>
// CHECK: %1 = arith.index_cast %0 : i32 to index
// CHECK: %2 = scf.index_switch %1 -> memref<8xi32>
// CHECK: case 0 {
// CHECK: scf.yield %[[PIPE_BUFF_0]] : memref<8xi32>
// CHECK: }
// CHECK: case 1 {
// CHECK: scf.yield %[[PIPE_BUFF_1]] : memref<8xi32>
// CHECK: }
// CHECK: case 2 {
// CHECK: scf.yield %[[PIPE_BUFF_2]] : memref<8xi32>
// CHECK: }
// CHECK: default {
// CHECK: scf.yield %[[PIPE_BUFF_0]] : memref<8xi32>
// CHECK: }
// CHECK: %3 = memref.load %[[BUFFER_0_3]][%[[C0]]] : memref<1xi32>
// CHECK: %4 = arith.index_cast %3 : i32 to index
// CHECK: %5 = scf.index_switch %4 -> memref<8xi32>
// CHECK: case 0 {
// CHECK: scf.yield %[[PIPE_BUFF_1]] : memref<8xi32>
// CHECK: }
// CHECK: case 1 {
// CHECK: scf.yield %[[PIPE_BUFF_2]] : memref<8xi32>
// CHECK: }
// CHECK: case 2 {
// CHECK: scf.yield %[[PIPE_BUFF_0]] : memref<8xi32>
// CHECK: }
// CHECK: default {
// CHECK: scf.yield %[[PIPE_BUFF_1]] : memref<8xi32>
// CHECK: }
// CHECK: func.call @use2(%2, %5) : (memref<8xi32>, memref<8xi32>) -> ()
// CHECK: aie.use_lock(%[[PIPE_PROD_LOCK_0]], Release, 1)
// CHECK: %6 = memref.load %[[BUFFER_0_3]][%[[C0]]] : memref<1xi32>
// CHECK: %[[C1_I32:.*]] = arith.constant 1 : i32
// CHECK: %7 = arith.addi %6, %[[C1_I32]] : i32
// CHECK: %8 = arith.cmpi sge, %7, %[[C3_I32]] : i32
// CHECK: %9 = arith.subi %7, %[[C3_I32]] : i32
// CHECK: %10 = arith.select %8, %9, %7 : i32
// CHECK: memref.store %10, %[[BUFFER_0_3]][%[[C0]]] : memref<1xi32>
// CHECK: aie.use_lock(%[[PIPE_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: %11 = memref.load %[[BUFFER_0_3]][%[[C0]]] : memref<1xi32>
// CHECK: %12 = arith.index_cast %11 : i32 to index
// CHECK: %13 = scf.index_switch %12 -> memref<8xi32>
// CHECK: case 0 {
// CHECK: scf.yield %[[PIPE_BUFF_0]] : memref<8xi32>
// CHECK: }
// CHECK: case 1 {
// CHECK: scf.yield %[[PIPE_BUFF_1]] : memref<8xi32>
// CHECK: }
// CHECK: case 2 {
// CHECK: scf.yield %[[PIPE_BUFF_2]] : memref<8xi32>
// CHECK: }
// CHECK: default {
// CHECK: scf.yield %[[PIPE_BUFF_0]] : memref<8xi32>
// CHECK: }
// CHECK: %14 = memref.load %[[BUFFER_0_3]][%[[C0]]] : memref<1xi32>
// CHECK: %15 = arith.index_cast %14 : i32 to index
// CHECK: %16 = scf.index_switch %15 -> memref<8xi32>
// CHECK: case 0 {
// CHECK: scf.yield %[[PIPE_BUFF_1]] : memref<8xi32>
// CHECK: }
// CHECK: case 1 {
// CHECK: scf.yield %[[PIPE_BUFF_2]] : memref<8xi32>
// CHECK: }
// CHECK: case 2 {
// CHECK: scf.yield %[[PIPE_BUFF_0]] : memref<8xi32>
// CHECK: }
// CHECK: default {
// CHECK: scf.yield %[[PIPE_BUFF_1]] : memref<8xi32>
// CHECK: }
// CHECK: func.call @use2(%13, %16) : (memref<8xi32>, memref<8xi32>) -> ()
// CHECK: aie.use_lock(%[[PIPE_PROD_LOCK_0]], Release, 2)
// CHECK: %17 = memref.load %[[BUFFER_0_3]][%[[C0]]] : memref<1xi32>
// CHECK: %[[C2_I32:.*]] = arith.constant 2 : i32
// CHECK: %18 = arith.addi %17, %[[C2_I32]] : i32
// CHECK: %19 = arith.cmpi sge, %18, %[[C3_I32]] : i32
// CHECK: %20 = arith.subi %18, %[[C3_I32]] : i32
// CHECK: %21 = arith.select %19, %20, %18 : i32
// CHECK: memref.store %21, %[[BUFFER_0_3]][%[[C0]]] : memref<1xi32>
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
