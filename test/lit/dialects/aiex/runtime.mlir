// The legacy aiex.runtime_sequence spelling parses into aie.runtime_sequence (its default
// symbol @sequence is not printed); aiex.set_lock round trips.
// RUN: iron-opt %s --split-input-file | filecheck %s
// RUN: iron-opt %s --split-input-file --print-op-generic | iron-opt --split-input-file | filecheck %s

module {
  aie.device(npu2_1col) {
    %tile_0_2 = aie.tile(0, 2)
    %lock_0_2 = aie.lock(%tile_0_2)
    %lock_0_2_0 = aie.lock(%tile_0_2, 15) {init = 1 : i32}
    aiex.runtime_sequence @sequence(%arg0: memref<512x512xi32>, %arg1: memref<512x512xi32>) {
      aiex.set_lock(%lock_0_2, 1)
      aiex.set_lock(%lock_0_2_0, 63)
    }
  }
}

// CHECK:      aie.runtime_sequence(%arg0: memref<512x512xi32>, %arg1: memref<512x512xi32>) {
// CHECK-NEXT:   aiex.set_lock(%lock_0_2, 1)
// CHECK-NEXT:   aiex.set_lock(%lock_0_2_0, 63)
// CHECK-NEXT: }

// -----

module {
  aie.device(npu1) {
    aiex.runtime_sequence @seq1() {
    }
    aiex.runtime_sequence(%arg0: memref<8xi32>) {
    }
  }
}

// CHECK:      aie.runtime_sequence @seq1() {
// CHECK-NEXT: }
// CHECK-NEXT: aie.runtime_sequence(%arg0: memref<8xi32>) {
// CHECK-NEXT: }
