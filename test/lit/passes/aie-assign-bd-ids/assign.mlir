// BD ids per tile: written ids are kept, then each BD in block order takes the lowest free id
// its channel reaches (mem tile: even channels 0..23, odd channels 24..47); next_bd_id names the
// BD of the block a BD branches to, none when that block only ends the program. The region form
// (aie.dma) chains its BDs in order and loops back to the first.
// RUN: iron-opt --aie-assign-bd-ids %s | filecheck %s

// CHECK: module @bd_ids {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[MEM_TILE_0_1:.*]] = aie.tile(0, 1)
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[B0:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {sym_name = "b0"} : memref<16xi32>
// CHECK: %[[B1:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {sym_name = "b1"} : memref<16xi32>
// CHECK: %[[C0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "c0"} : memref<16xi32>
// CHECK: %[[C1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "c1"} : memref<16xi32>
// CHECK: %[[L:.*]] = aie.lock(%[[MEM_TILE_0_1]], 0) {init = 2 : i32, sym_name = "l"}
// CHECK: %[[M:.*]] = aie.lock(%[[MEM_TILE_0_1]], 1) {init = 0 : i32, sym_name = "m"}
// CHECK: %[[P:.*]] = aie.lock(%[[TILE_0_2]], 0) {init = 2 : i32, sym_name = "p"}
// CHECK: %[[Q:.*]] = aie.lock(%[[TILE_0_2]], 1) {init = 0 : i32, sym_name = "q"}
// CHECK: %[[MEMTILE_DMA_0_1:.*]] = aie.memtile_dma(%[[MEM_TILE_0_1]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[L]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[B0]] : memref<16xi32>, 0, 16) {bd_id = 0 : i32, next_bd_id = 1 : i32}
// CHECK: aie.use_lock(%[[M]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[L]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[B1]] : memref<16xi32>, 0, 16) {bd_id = 1 : i32, next_bd_id = 0 : i32}
// CHECK: aie.use_lock(%[[M]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(MM2S, 1, ^bb4, ^bb6)
// CHECK: ^bb4:  // pred: ^bb3
// CHECK: aie.use_lock(%[[M]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[B0]] : memref<16xi32>, 0, 16) {bd_id = 25 : i32, next_bd_id = 24 : i32}
// CHECK: aie.use_lock(%[[L]], Release, 1)
// CHECK: aie.next_bd ^bb5
// CHECK: ^bb5:  // pred: ^bb4
// CHECK: aie.use_lock(%[[M]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[B1]] : memref<16xi32>, 0, 16) {bd_id = 24 : i32}
// CHECK: aie.use_lock(%[[L]], Release, 1)
// CHECK: aie.next_bd ^bb7
// CHECK: ^bb6:  // pred: ^bb3
// CHECK: %2 = aie.dma_start(MM2S, 0, ^bb8, ^bb9)
// CHECK: ^bb7:  // pred: ^bb5
// CHECK: aie.end
// CHECK: ^bb8:  // 2 preds: ^bb6, ^bb8
// CHECK: aie.dma_bd(%[[B0]] : memref<16xi32>, 0, 16) {bd_id = 2 : i32, next_bd_id = 2 : i32}
// CHECK: aie.next_bd ^bb8
// CHECK: ^bb9:  // pred: ^bb6
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_2:.*]] = aie.mem(%[[TILE_0_2]]) {
// CHECK: %0 = aie.dma(S2MM, 0) [{
// CHECK: aie.use_lock(%[[P]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[C0]] : memref<16xi32>, 0, 16) {bd_id = 1 : i32, next_bd_id = 0 : i32}
// CHECK: aie.use_lock(%[[Q]], Release, 1)
// CHECK: aie.end
// CHECK: }, {
// CHECK: aie.use_lock(%[[P]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[C1]] : memref<16xi32>, 0, 16) {bd_id = 0 : i32, next_bd_id = 1 : i32}
// CHECK: aie.use_lock(%[[Q]], Release, 1)
// CHECK: aie.end
// CHECK: }]
// CHECK: aie.end
// CHECK: }
// CHECK: }
// CHECK: }

module @bd_ids {
  aie.device(npu1_1col) {
    %t01 = aie.tile(0, 1)
    %t02 = aie.tile(0, 2)
    %b0 = aie.buffer(%t01) {sym_name = "b0"} : memref<16xi32>
    %b1 = aie.buffer(%t01) {sym_name = "b1"} : memref<16xi32>
    %c0 = aie.buffer(%t02) {sym_name = "c0"} : memref<16xi32>
    %c1 = aie.buffer(%t02) {sym_name = "c1"} : memref<16xi32>
    %l = aie.lock(%t01, 0) {init = 2 : i32, sym_name = "l"}
    %m = aie.lock(%t01, 1) {init = 0 : i32, sym_name = "m"}
    %p = aie.lock(%t02, 0) {init = 2 : i32, sym_name = "p"}
    %q = aie.lock(%t02, 1) {init = 0 : i32, sym_name = "q"}
    %memtile_dma = aie.memtile_dma(%t01) {
      %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
    ^bb1:
      aie.use_lock(%l, AcquireGreaterEqual, 1)
      aie.dma_bd(%b0 : memref<16xi32>, 0, 16)
      aie.use_lock(%m, Release, 1)
      aie.next_bd ^bb2
    ^bb2:
      aie.use_lock(%l, AcquireGreaterEqual, 1)
      aie.dma_bd(%b1 : memref<16xi32>, 0, 16)
      aie.use_lock(%m, Release, 1)
      aie.next_bd ^bb1
    ^bb3:
      %1 = aie.dma_start(MM2S, 1, ^bb4, ^bb6)
    ^bb4:
      aie.use_lock(%m, AcquireGreaterEqual, 1)
      aie.dma_bd(%b0 : memref<16xi32>, 0, 16)
      aie.use_lock(%l, Release, 1)
      aie.next_bd ^bb5
    ^bb5:
      aie.use_lock(%m, AcquireGreaterEqual, 1)
      aie.dma_bd(%b1 : memref<16xi32>, 0, 16) {bd_id = 24 : i32}
      aie.use_lock(%l, Release, 1)
      aie.next_bd ^bb7
    ^bb6:
      %2 = aie.dma_start(MM2S, 0, ^bb8, ^bb9)
    ^bb7:
      aie.end
    ^bb8:
      aie.dma_bd(%b0 : memref<16xi32>, 0, 16)
      aie.next_bd ^bb8
    ^bb9:
      aie.end
    }
    %mem = aie.mem(%t02) {
      aie.dma(S2MM, 0) [{
        aie.use_lock(%p, AcquireGreaterEqual, 1)
        aie.dma_bd(%c0 : memref<16xi32>, 0, 16)
        aie.use_lock(%q, Release, 1)
        aie.end
      }, {
        aie.use_lock(%p, AcquireGreaterEqual, 1)
        aie.dma_bd(%c1 : memref<16xi32>, 0, 16) {bd_id = 0 : i32}
        aie.use_lock(%q, Release, 1)
        aie.end
      }]
      aie.end
    }
  }
}
