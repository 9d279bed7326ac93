// Older mlir-aie spellings are normalised on parsing: link_with moves from aie.core onto the
// private declarations of the functions the core calls; aiex.runtime_sequence (custom or
// generic) becomes aie.runtime_sequence, whose default @sequence symbol is not printed.
// RUN: iron-opt %s --split-input-file | filecheck %s --match-full-lines --strict-whitespace

aie.device(npu1) {
  %tile_0_2 = aie.tile(0, 2)
  func.func private @kernel(memref<16xi32>)
  func.func private @other(memref<16xi32>)
  func.func private @unused(i32)
  %buf = aie.buffer(%tile_0_2) {sym_name = "buf"} : memref<16xi32>
  %core_0_2 = aie.core(%tile_0_2) {
    func.call @kernel(%buf) : (memref<16xi32>) -> ()
    func.call @other(%buf) : (memref<16xi32>) -> ()
    func.call @kernel(%buf) : (memref<16xi32>) -> ()
    aie.end
  } {link_with = "kernel.o"}
  aiex.runtime_sequence @sequence(%a: memref<16xi32>) {
  }
  "aiex.runtime_sequence"() <{sym_name = "second"}> ({
  ^bb0(%b: memref<8xi32>):
  }) : () -> ()
}

// CHECK:module {
// CHECK-NEXT:  aie.device(npu1) {
// CHECK-NEXT:    %tile_0_2 = aie.tile(0, 2)
// CHECK-NEXT:    func.func private @kernel(memref<16xi32>) attributes {link_with = "kernel.o"}
// CHECK-NEXT:    func.func private @other(memref<16xi32>) attributes {link_with = "kernel.o"}
// CHECK-NEXT:    func.func private @unused(i32)
// CHECK-NEXT:    %buf = aie.buffer(%tile_0_2) {sym_name = "buf"} : memref<16xi32> 
// CHECK-NEXT:    %core_0_2 = aie.core(%tile_0_2) {
// CHECK-NEXT:      func.call @kernel(%buf) : (memref<16xi32>) -> ()
// CHECK-NEXT:      func.call @other(%buf) : (memref<16xi32>) -> ()
// CHECK-NEXT:      func.call @kernel(%buf) : (memref<16xi32>) -> ()
// CHECK-NEXT:      aie.end
// CHECK-NEXT:    }
// CHECK-NEXT:    aie.runtime_sequence(%arg0: memref<16xi32>) {
// CHECK-NEXT:    }
// CHECK-NEXT:    aie.runtime_sequence @second(%arg0: memref<8xi32>) {
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// A core that calls no declared function keeps its link_with.
aie.device(npu1) {
  %tile_0_2 = aie.tile(0, 2)
  %core_0_2 = aie.core(%tile_0_2) {
    aie.end
  } {link_with = "b.o"}
}
// CHECK:// -----
// CHECK-NEXT:module {
// CHECK-NEXT:  aie.device(npu1) {
// CHECK-NEXT:    %tile_0_2 = aie.tile(0, 2)
// CHECK-NEXT:    %core_0_2 = aie.core(%tile_0_2) {
// CHECK-NEXT:      aie.end
// CHECK-NEXT:    } {link_with = "b.o"}
