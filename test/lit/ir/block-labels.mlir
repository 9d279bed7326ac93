// Block labels in a multi-block aie.mem body: ^bbN per region, MLIR's predecessor comments
// (`// pred:`, `// 2 preds:` sorted by block position), successors printed by label; the
// generic form keeps labels and comments and round-trips.
// RUN: iron-opt %s | filecheck %s --match-full-lines --strict-whitespace
// RUN: IRON_ROUNDTRIP --match-full-lines --strict-whitespace

aie.device(npu1) {
  %tile_0_2 = aie.tile(0, 2)
  %buf = aie.buffer(%tile_0_2) {sym_name = "buf"} : memref<16xi32>
  %l1 = aie.lock(%tile_0_2, 0) {init = 1 : i32, sym_name = "prod_lock"}
  %l2 = aie.lock(%tile_0_2, 1) {init = 0 : i32, sym_name = "cons_lock"}
  %mem_0_2 = aie.mem(%tile_0_2) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
  ^bb1:
    aie.use_lock(%l1, AcquireGreaterEqual, 1)
    aie.dma_bd(%buf : memref<16xi32>, 0, 16)
    aie.use_lock(%l2, Release, 1)
    aie.next_bd ^bb2
  ^bb2:
    aie.use_lock(%l1, AcquireGreaterEqual, 1)
    aie.dma_bd(%buf : memref<16xi32>, 0, 16)
    aie.use_lock(%l2, Release, 1)
    aie.next_bd ^bb1
  ^bb3:
    aie.end
  }
}

// CHECK:module {
// CHECK-NEXT:  aie.device(npu1) {
// CHECK-NEXT:    %tile_0_2 = aie.tile(0, 2)
// CHECK-NEXT:    %buf = aie.buffer(%tile_0_2) {sym_name = "buf"} : memref<16xi32> 
// CHECK-NEXT:    %prod_lock = aie.lock(%tile_0_2, 0) {init = 1 : i32, sym_name = "prod_lock"}
// CHECK-NEXT:    %cons_lock = aie.lock(%tile_0_2, 1) {init = 0 : i32, sym_name = "cons_lock"}
// CHECK-NEXT:    %mem_0_2 = aie.mem(%tile_0_2) {
// CHECK-NEXT:      %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK-NEXT:    ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:      aie.use_lock(%prod_lock, AcquireGreaterEqual, 1)
// CHECK-NEXT:      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
// CHECK-NEXT:      aie.use_lock(%cons_lock, Release, 1)
// CHECK-NEXT:      aie.next_bd ^bb2
// CHECK-NEXT:    ^bb2:  // pred: ^bb1
// CHECK-NEXT:      aie.use_lock(%prod_lock, AcquireGreaterEqual, 1)
// CHECK-NEXT:      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
// CHECK-NEXT:      aie.use_lock(%cons_lock, Release, 1)
// CHECK-NEXT:      aie.next_bd ^bb1
// CHECK-NEXT:    ^bb3:  // pred: ^bb0
// CHECK-NEXT:      aie.end
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:}
