// External buffers registered on a shim make a shim_dma program over them (and the shim's locks
// count them); objectfifo.allocate puts a shared-memory fifo's buffers on the delegate tile;
// via_DMA forces a DMA between adjacent tiles.
// RUN: iron-opt --aie-objectFifo-stateful-transform %s | filecheck %s

// CHECK: module @external {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[SHIM_NOC_TILE_0_0:.*]] = aie.tile(0, 0)
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[TILE_0_4:.*]] = aie.tile(0, 4)
// CHECK: %[[FORCED_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_4]]) {sym_name = "forced_cons_buff_0"} : memref<16xi32>
// CHECK: %[[FORCED_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_4]], 2) {init = 1 : i32, sym_name = "forced_cons_prod_lock_0"}
// CHECK: %[[FORCED_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_4]], 3) {init = 0 : i32, sym_name = "forced_cons_cons_lock_0"}
// CHECK: %[[FORCED_BUFF_0:.*]] = aie.buffer(%[[TILE_0_3]]) {sym_name = "forced_buff_0"} : memref<16xi32>
// CHECK: %[[FORCED_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 0) {init = 1 : i32, sym_name = "forced_prod_lock_0"}
// CHECK: %[[FORCED_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_3]], 1) {init = 0 : i32, sym_name = "forced_cons_lock_0"}
// CHECK: %[[PLACED_BUFF_0:.*]] = aie.buffer(%[[TILE_0_4]]) {sym_name = "placed_buff_0"} : memref<16xi32>
// CHECK: %[[PLACED_BUFF_1:.*]] = aie.buffer(%[[TILE_0_4]]) {sym_name = "placed_buff_1"} : memref<16xi32>
// CHECK: %[[PLACED_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_4]], 0) {init = 2 : i32, sym_name = "placed_prod_lock_0"}
// CHECK: %[[PLACED_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_4]], 1) {init = 0 : i32, sym_name = "placed_cons_lock_0"}
// CHECK: %[[FROM_DDR_CONS_BUFF_0:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "from_ddr_cons_buff_0"} : memref<16xi32>
// CHECK: %[[FROM_DDR_CONS_BUFF_1:.*]] = aie.buffer(%[[TILE_0_2]]) {sym_name = "from_ddr_cons_buff_1"} : memref<16xi32>
// CHECK: %[[FROM_DDR_CONS_PROD_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 0) {init = 2 : i32, sym_name = "from_ddr_cons_prod_lock_0"}
// CHECK: %[[FROM_DDR_CONS_CONS_LOCK_0:.*]] = aie.lock(%[[TILE_0_2]], 1) {init = 0 : i32, sym_name = "from_ddr_cons_cons_lock_0"}
// CHECK: %[[FROM_DDR_PROD_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 0) {init = 2 : i32, sym_name = "from_ddr_prod_lock_0"}
// CHECK: %[[FROM_DDR_CONS_LOCK_0:.*]] = aie.lock(%[[SHIM_NOC_TILE_0_0]], 1) {init = 0 : i32, sym_name = "from_ddr_cons_lock_0"}
// CHECK: aie.flow(%[[SHIM_NOC_TILE_0_0]], DMA : 0, %[[TILE_0_2]], DMA : 0)
// CHECK: %[[EXT0:.*]] = aie.external_buffer {sym_name = "ext0"} : memref<64xi32>
// CHECK: %[[EXT1:.*]] = aie.external_buffer {sym_name = "ext1"} : memref<64xi32>
// CHECK: aie.flow(%[[TILE_0_3]], DMA : 0, %[[TILE_0_4]], DMA : 0)
// CHECK: %[[SHIM_DMA_0_0:.*]] = aie.shim_dma(%[[SHIM_NOC_TILE_0_0]]) {
// CHECK: %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[FROM_DDR_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[EXT0]] : memref<64xi32>, 0, 64)
// CHECK: aie.use_lock(%[[FROM_DDR_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[FROM_DDR_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[EXT1]] : memref<64xi32>, 0, 64)
// CHECK: aie.use_lock(%[[FROM_DDR_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: aie.shim_dma_allocation @from_ddr_shim_alloc(%[[SHIM_NOC_TILE_0_0]], MM2S, 0)
// CHECK: %[[MEM_0_2:.*]] = aie.mem(%[[TILE_0_2]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK: aie.use_lock(%[[FROM_DDR_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FROM_DDR_CONS_BUFF_0]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FROM_DDR_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb2
// CHECK: ^bb2:  // pred: ^bb1
// CHECK: aie.use_lock(%[[FROM_DDR_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FROM_DDR_CONS_BUFF_1]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FROM_DDR_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb3:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_3:.*]] = aie.mem(%[[TILE_0_3]]) {
// CHECK: %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK: aie.use_lock(%[[FORCED_CONS_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FORCED_BUFF_0]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FORCED_PROD_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb2:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: %[[MEM_0_4:.*]] = aie.mem(%[[TILE_0_4]]) {
// CHECK: %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
// CHECK: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK: aie.use_lock(%[[FORCED_CONS_PROD_LOCK_0]], AcquireGreaterEqual, 1)
// CHECK: aie.dma_bd(%[[FORCED_CONS_BUFF_0]] : memref<16xi32>, 0, 16)
// CHECK: aie.use_lock(%[[FORCED_CONS_CONS_LOCK_0]], Release, 1)
// CHECK: aie.next_bd ^bb1
// CHECK: ^bb2:  // pred: ^bb0
// CHECK: aie.end
// CHECK: }
// CHECK: }
// CHECK: }

module @external {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    %t04 = aie.tile(0, 4)
    aie.objectfifo @from_ddr(%shim, {%t02}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    %ext0 = aie.external_buffer {sym_name = "ext0"} : memref<64xi32>
    %ext1 = aie.external_buffer {sym_name = "ext1"} : memref<64xi32>
    aie.objectfifo.register_external_buffers @from_ddr(%shim, {%ext0, %ext1}) : (memref<64xi32>, memref<64xi32>)
    aie.objectfifo @placed(%t03, {%t04}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo.allocate @placed(%t04)
    aie.objectfifo @forced(%t03, {%t04}, 1 : i32) {via_DMA = true} : !aie.objectfifo<memref<16xi32>>
  }
}
