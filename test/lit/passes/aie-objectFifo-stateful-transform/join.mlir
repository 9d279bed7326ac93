// Join at a mem tile: the output owns the buffers and one lock pair per input; each input's S2MM
// writes its slice of each buffer, the output's MM2S walks every slice of every buffer with the
// output's layout (each BD moves its slice's len elements of that layout).
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s

// CHECK: module @join {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[SHIM_NOC_TILE_0_0:.*]] = aie.tile(0, 0)
// CHECK: %[[MEM_TILE_0_1:.*]] = aie.tile(0, 1)
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[WHOLE_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 0) {init = 0 : i32, sym_name = "whole_cons_prod_lock_0"}
// CHECK: %[[WHOLE_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 1) {init = 0 : i32, sym_name = "whole_cons_cons_lock_0"}
// CHECK: %[[PART1_BUFF_0:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "part1_buff_0"} : memref<32xi16>
// CHECK: %[[PART1_BUFF_1:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "part1_buff_1"} : memref<32xi16>
// CHECK: %[[PART1_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 0) {init = 2 : i32, sym_name = "part1_prod_lock_0"}
// CHECK: %[[PART1_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 1) {init = 0 : i32, sym_name = "part1_cons_lock_0"}
// CHECK: %[[WHOLE_BUFF_0:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {sym_name = "whole_buff_0"} : memref<64xi16>
// CHECK: %[[WHOLE_BUFF_1:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {sym_name = "whole_buff_1"} : memref<64xi16>
// CHECK: %[[WHOLE_PROD_LOCK_0:.*]] = aie.lock(%[[MEM_TILE_0_1]], 0) {init = 2 : i32, sym_name = "whole_prod_lock_0"}
// CHECK: %[[WHOLE_CONS_LOCK_0:.*]] = aie.lock(%[[MEM_TILE_0_1]], 1) {init = 0 : i32, sym_name = "whole_cons_lock_0"}
// CHECK: %[[WHOLE_PROD_LOCK_1:.*]] = aie.lock(%[[MEM_TILE_0_1]], 2) {init = 2 : i32, sym_name = "whole_prod_lock_1"}
// CHECK: %[[WHOLE_CONS_LOCK_1:.*]] = aie.lock(%[[MEM_TILE_0_1]], 3) {init = 0 : i32, sym_name = "whole_cons_lock_1"}
// CHECK: %[[PART0_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "part0_buff_0"} : memref<32xi16>
// CHECK: %[[PART0_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "part0_buff_1"} : memref<32xi16>
// CHECK: %[[PART0_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 0) {init = 2 : i32, sym_name = "part0_prod_lock_0"}
// CHECK: %[[PART0_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 1) {init = 0 : i32, sym_name = "part0_cons_lock_0"}
// CHECK: aie.flow(%[[TILE_0_2]], DMA : 0, %[[MEM_TILE_0_1]], DMA : 0)
// CHECK: aie.flow(%[[TILE_0_3]], DMA : 0, %[[MEM_TILE_0_1]], DMA : 1)
// CHECK: aie.flow(%[[MEM_TILE_0_1]], DMA : 0, %[[SHIM_NOC_TILE_0_0]], DMA : 0)
// CHECK: %[[MEM_0_2:.*]] = aie.mem(%[[TILE_0_2]]) {
// CHECK: %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[PART0_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[PART0_BUFF_0]] : memref<32xi16>, 0, 32)
// CHECK: aie.use_lock(%[[PART0_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[PART0_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[PART0_BUFF_1]] : memref<32xi16>, 0, 32)
// CHECK: aie.use_lock(%[[PART0_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEMTILE_DMA_0_1:.*]] = aie.memtile_dma(%[[MEM_TILE_0_1]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[WHOLE_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[WHOLE_BUFF_0]] : memref<64xi16>, 0, 32)
// CHECK: aie.use_lock(%[[WHOLE_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[WHOLE_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[WHOLE_BUFF_1]] : memref<64xi16>, 0, 32)
// CHECK: aie.use_lock(%[[WHOLE_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(S2MM, 1, ^bb4, ^bb6)
// CHECK: ^bb4:  // 2 preds: ^bb3, ^bb5
// CHECK: aie.use_lock(%[[WHOLE_PROD_LOCK_1]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[WHOLE_BUFF_0]] : memref<64xi16>, 32, 32)
// CHECK: aie.use_lock(%[[WHOLE_CONS_LOCK_1]], Release, 1)
// CHECK: aie.next_bd ^bb5
// CHECK: ^bb5:  // pred: ^bb4
// CHECK: aie.use_lock(%[[WHOLE_PROD_LOCK_1]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[WHOLE_BUFF_1]] : memref<64xi16>, 32, 32)
// CHECK: aie.use_lock(%[[WHOLE_CONS_LOCK_1]], Release, 1)
// CHECK: aie.next_bd ^bb4
// CHECK: ^bb6:  // pred: ^bb3
// CHECK: %2 = aie.dma_start(MM2S, 0, ^bb7, ^bb11)
// CHECK: ^bb7:  // 2 preds: ^bb6, ^bb10
// CHECK: aie.use_lock(%[[WHOLE_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[WHOLE_BUFF_0]] : memref<64xi16>, 0, 32, [<size = 8, stride = 8>, <size = 8, stride = 1>])
// CHECK: aie.use_lock(%[[WHOLE_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb8
// CHECK: ^bb8:  // pred: ^bb7
// CHECK: aie.use_lock(%[[WHOLE_CONS_LOCK_1]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[WHOLE_BUFF_0]] : memref<64xi16>, 32, 32, [<size = 8, stride = 8>, <size = 8, stride = 1>])
// CHECK: aie.use_lock(%[[WHOLE_PROD_LOCK_1]], Release, 1)
// CHECK: aie.next_bd ^bb9
// CHECK: ^bb9:  // pred: ^bb8
// CHECK: aie.use_lock(%[[WHOLE_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[WHOLE_BUFF_1]] : memref<64xi16>, 0, 32, [<size = 8, stride = 8>, <size = 8, stride = 1>])
// CHECK: aie.use_lock(%[[WHOLE_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb10
// CHECK: ^bb10:  // pred: ^bb9
// CHECK: aie.use_lock(%[[WHOLE_CONS_LOCK_1]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[WHOLE_BUFF_1]] : memref<64xi16>, 32, 32, [<size = 8, stride = 8>, <size = 8, stride = 1>])
// CHECK: aie.use_lock(%[[WHOLE_PROD_LOCK_1]], Release, 1)
// CHECK: aie.next_bd ^bb7
// CHECK: ^bb11:  // pred: ^bb6
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_3:.*]] = aie.mem(%[[TILE_0_3]]) {
// CHECK: %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[PART1_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[PART1_BUFF_0]] : memref<32xi16>, 0, 32)
// CHECK: aie.use_lock(%[[PART1_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[PART1_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[PART1_BUFF_1]] : memref<32xi16>, 0, 32)
// CHECK: aie.use_lock(%[[PART1_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: aie.shim_dma_allocation @whole_shim_alloc(%[[SHIM_NOC_TILE_0_0]], S2MM, 0)
// CHECK: }
// CHECK: }

module @join {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    aie.objectfifo @part0(%t02, {%mem}, 2 : i32) : !aie.objectfifo<memref<32xi16>>
    aie.objectfifo @part1(%t03, {%mem}, 2 : i32) : !aie.objectfifo<memref<32xi16>>
    aie.objectfifo @whole(%mem dimensionsToStream [<size = 8, stride = 8>, <size = 8, stride = 1>], {%shim}, 2 : i32) : !aie.objectfifo<memref<64xi16>>
    aie.objectfifo.link [@part0, @part1] -> [@whole] ([0, 32] [])
  }
}
