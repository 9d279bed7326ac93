// Distribute at a mem tile with offsets [0, 16, 36]: the input owns two 48-element buffers and
// one lock pair per output; S2MM walks every slice of every buffer, MM2S k walks slice k.
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s

// CHECK: module @link_distribute_offsets {
// CHECK: aie.device(xcve2302) {
// CHECK: %[[SHIM_NOC_TILE_2_0:.*]] = aie.tile(2, 0)
// CHECK: %[[MEM_TILE_2_1:.*]] = aie.tile(2, 1)
// CHECK: %[[TILE_2_2:.*]] = aie.tile(2, 2)
// CHECK: %[[TILE_2_3:.*]] = aie.tile(2, 3)
// CHECK: %[[TILE_3_3:.*]] = aie.tile(3, 3)
// CHECK: %[[LINK4_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_3_3]]) {sym_name = "link4_cons_buff_0"} : memref<12xi32>
// CHECK: %[[LINK4_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_3_3]]) {sym_name = "link4_cons_buff_1"} : memref<12xi32>
// CHECK: %[[LINK4_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_3_3]], 0) {init = 2 : i32, sym_name = "link4_cons_prod_lock_0"}
// CHECK: %[[LINK4_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_3_3]], 1) {init = 0 : i32, sym_name = "link4_cons_cons_lock_0"}
// CHECK: %[[LINK3_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_2_3]]) {sym_name = "link3_cons_buff_0"} : memref<20xi32>
// CHECK: %[[LINK3_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_2_3]]) {sym_name = "link3_cons_buff_1"} : memref<20xi32>
// CHECK: %[[LINK3_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_2_3]], 0) {init = 2 : i32, sym_name = "link3_cons_prod_lock_0"}
// CHECK: %[[LINK3_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_2_3]], 1) {init = 0 : i32, sym_name = "link3_cons_cons_lock_0"}
// CHECK: %[[LINK2_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_2_2]]) {sym_name = "link2_cons_buff_0"} : memref<4x4xi32>
// CHECK: %[[LINK2_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_2_2]]) {sym_name = "link2_cons_buff_1"} : memref<4x4xi32>
// CHECK: %[[LINK2_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_2_2]], 0) {init = 2 : i32, sym_name = "link2_cons_prod_lock_0"}
// CHECK: %[[LINK2_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_2_2]], 1) {init = 0 : i32, sym_name = "link2_cons_cons_lock_0"}
// CHECK: %[[LINK1_CONS_BUFF_0:.*]] = aie.buffer(%[[MEM_TILE_2_1]]) {sym_name = "link1_cons_buff_0"} : memref<48xi32>
// CHECK: %[[LINK1_CONS_BUFF_1:.*]] = aie.buffer(%[[MEM_TILE_2_1]]) {sym_name = "link1_cons_buff_1"} : memref<48xi32>
// CHECK: %[[LINK1_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[MEM_TILE_2_1]], 0) {init = 2 : i32, sym_name = "link1_cons_prod_lock_0"}
// CHECK: %[[LINK1_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[MEM_TILE_2_1]], 1) {init = 0 : i32, sym_name = "link1_cons_cons_lock_0"}
// CHECK: %[[LINK1_CONS_PROD_LOCK_1:.*]] = aie.lock(%[[MEM_TILE_2_1]], 2) {init = 2 : i32, sym_name = "link1_cons_prod_lock_1"}
// CHECK: %[[LINK1_CONS_CONS_LOCK_1:.*]] = aie.lock(%[[MEM_TILE_2_1]], 3) {init = 0 : i32, sym_name = "link1_cons_cons_lock_1"}
// CHECK: %[[LINK1_CONS_PROD_LOCK_2:.*]] = aie.lock(%[[MEM_TILE_2_1]], 4) {init = 2 : i32, sym_name = "link1_cons_prod_lock_2"}
// CHECK: %[[LINK1_CONS_CONS_LOCK_2:.*]] = aie.lock(%[[MEM_TILE_2_1]], 5) {init = 0 : i32, sym_name = "link1_cons_cons_lock_2"}
// CHECK: %[[LINK1_PROD_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_2_0]], 0) {init = 0 : i32, sym_name = "link1_prod_lock_0"}
// CHECK: %[[LINK1_CONS_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_2_0]], 1) {init = 0 : i32, sym_name = "link1_cons_lock_0"}
// CHECK: aie.flow(%[[SHIM_NOC_TILE_2_0]], DMA : 0, %[[MEM_TILE_2_1]], DMA : 0)
// CHECK: aie.flow(%[[MEM_TILE_2_1]], DMA : 0, %[[TILE_2_2]], DMA : 0)
// CHECK: aie.flow(%[[MEM_TILE_2_1]], DMA : 1, %[[TILE_2_3]], DMA : 0)
// CHECK: aie.flow(%[[MEM_TILE_2_1]], DMA : 2, %[[TILE_3_3]], DMA : 0)
// CHECK: aie.shim_dma_allocation @link1_shim_alloc(%[[SHIM_NOC_TILE_2_0]], MM2S, 0)
// CHECK: %[[MEMTILE_DMA_2_1:.*]] = aie.memtile_dma(%[[MEM_TILE_2_1]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb7)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb6
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_0]] : memref<48xi32>, 0, 16)
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_1]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_0]] : memref<48xi32>, 16, 20)
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_1]], Release, 1)
// CHECK: aie.next_bd ^bb3
// CHECK: ^bb3:  // pred: ^bb2
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_2]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_0]] : memref<48xi32>, 36, 12)
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_2]], Release, 1)
// CHECK: aie.next_bd ^bb4
// CHECK: ^bb4:  // pred: ^bb3
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_1]] : memref<48xi32>, 0, 16)
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb5
// CHECK: ^bb5:  // pred: ^bb4
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_1]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_1]] : memref<48xi32>, 16, 20)
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_1]], Release, 1)
// CHECK: aie.next_bd ^bb6
// CHECK: ^bb6:  // pred: ^bb5
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_2]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_1]] : memref<48xi32>, 36, 12)
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_2]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb7:  // pred: ^bb0
// CHECK: %1 = aie.dma_start(MM2S, 0, ^bb8, ^bb10)
// CHECK: ^bb8:  // 2 preds: ^bb7, ^bb9
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_0]] : memref<48xi32>, 0, 16)
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb9
// CHECK: ^bb9:  // pred: ^bb8
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_1]] : memref<48xi32>, 0, 16)
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb8
// CHECK: ^bb10:  // pred: ^bb7
// CHECK: %2 = aie.dma_start(MM2S, 1, ^bb11, ^bb13)
// CHECK: ^bb11:  // 2 preds: ^bb10, ^bb12
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_1]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_0]] : memref<48xi32>, 16, 20)
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_1]], Release, 1)
// CHECK: aie.next_bd ^bb12
// CHECK: ^bb12:  // pred: ^bb11
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_1]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_1]] : memref<48xi32>, 16, 20)
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_1]], Release, 1)
// CHECK: aie.next_bd ^bb11
// CHECK: ^bb13:  // pred: ^bb10
// CHECK: %3 = aie.dma_start(MM2S, 2, ^bb14, ^bb16)
// CHECK: ^bb14:  // 2 preds: ^bb13, ^bb15
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_2]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_0]] : memref<48xi32>, 36, 12)
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_2]], Release, 1)
// CHECK: aie.next_bd ^bb15
// CHECK: ^bb15:  // pred: ^bb14
// CHECK: aie.use_lock(%[[LINK1_CONS_CONS_LOCK_2]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK1_CONS_BUFF_1]] : memref<48xi32>, 36, 12)
// CHECK: aie.use_lock(%[[LINK1_CONS_PROD_LOCK_2]], Release, 1)
// CHECK: aie.next_bd ^bb14
// CHECK: ^bb16:  // pred: ^bb13
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_2_2:.*]] = aie.mem(%[[TILE_2_2]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[LINK2_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK2_CONS_BUFF_0]] : memref<4x4xi32>, 0, 16)
// CHECK: aie.use_lock(%[[LINK2_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[LINK2_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK2_CONS_BUFF_1]] : memref<4x4xi32>, 0, 16)
// CHECK: aie.use_lock(%[[LINK2_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_2_3:.*]] = aie.mem(%[[TILE_2_3]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[LINK3_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK3_CONS_BUFF_0]] : memref<20xi32>, 0, 20)
// CHECK: aie.use_lock(%[[LINK3_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[LINK3_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK3_CONS_BUFF_1]] : memref<20xi32>, 0, 20)
// CHECK: aie.use_lock(%[[LINK3_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_3_3:.*]] = aie.mem(%[[TILE_3_3]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[LINK4_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK4_CONS_BUFF_0]] : memref<12xi32>, 0, 12)
// CHECK: aie.use_lock(%[[LINK4_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[LINK4_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[LINK4_CONS_BUFF_1]] : memref<12xi32>, 0, 12)
// CHECK: aie.use_lock(%[[LINK4_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: }
// CHECK: }

module @link_distribute_offsets {
    aie.device(xcve2302) {
        %tile20 = aie.tile(2, 0)
        %tile21 = aie.tile(2, 1)
        %tile22 = aie.tile(2, 2)
        %tile23 = aie.tile(2, 3)
        %tile33 = aie.tile(3, 3)
        aie.objectfifo @link1 (%tile20, {%tile21}, 2 : i32) : !aie.objectfifo<memref<48xi32>>
        aie.objectfifo @link2 (%tile21, {%tile22}, 2 : i32) : !aie.objectfifo<memref<4x4xi32>>
        aie.objectfifo @link3 (%tile21, {%tile23}, 2 : i32) : !aie.objectfifo<memref<20xi32>>
        aie.objectfifo @link4 (%tile21, {%tile33}, 2 : i32) : !aie.objectfifo<memref<12xi32>>
        aie.objectfifo.link [@link1] -> [@link2, @link3, @link4] ([][0, 16, 36])
    }
}
