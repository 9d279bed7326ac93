// Names inside aie.device: hints from the ops (tiles, locks, cores, sym_name buffers), MLIR's
// uniquing against them, and an unnamed value in the device body shifting nested numbers.
// RUN: iron-opt %s | filecheck %s --match-full-lines --strict-whitespace

aie.device(npu2) {
  %t = aie.tile(0, 2)
  %buf = aie.buffer(%t) {sym_name = "c0_0"} : memref<4xi32>
  %e = aie.external_buffer : memref<16xi32>
  %l1 = aie.lock(%t, 0)
  %l2 = aie.lock(%t, 1)
  %core = aie.core(%t) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c1 step %c1 {
      %z = arith.constant 0 : index
      %v = memref.load %e[%z] : memref<16xi32>
      memref.store %v, %buf[%z] : memref<4xi32>
    }
    aie.end
  }
}

// CHECK:module {
// CHECK-NEXT:  aie.device(npu2) {
// CHECK-NEXT:    %tile_0_2 = aie.tile(0, 2)
// CHECK-NEXT:    %c0_0 = aie.buffer(%tile_0_2) {sym_name = "c0_0"} : memref<4xi32> 
// CHECK-NEXT:    %0 = aie.external_buffer : memref<16xi32>
// CHECK-NEXT:    %lock_0_2 = aie.lock(%tile_0_2, 0)
// CHECK-NEXT:    %lock_0_2_0 = aie.lock(%tile_0_2, 1)
// CHECK-NEXT:    %core_0_2 = aie.core(%tile_0_2) {
// CHECK-NEXT:      %c0 = arith.constant 0 : index
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      scf.for %arg0 = %c0 to %c1 step %c1 {
// CHECK-NEXT:        %c0_1 = arith.constant 0 : index
// CHECK-NEXT:        %1 = memref.load %0[%c0_1] : memref<16xi32>
// CHECK-NEXT:        memref.store %1, %c0_0[%c0_1] : memref<4xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:      aie.end
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:}
