// A hand-written physical-level mem-tile design: the mem tile's S2MM fills two 4x4 buffers under
// a lock pair; its MM2S sends each one transposed, every row padded with a zero on both sides
// (6x4 per object), then releases it. Runtime tasks on the shim's channels move the data.
module {
  aie.device(npu1_1col) {
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %mem_tile_0_1 = aie.tile(0, 1)
    %blk_buff_0 = aie.buffer(%mem_tile_0_1) {address = 0 : i32, sym_name = "blk_buff_0"} : memref<16xi32>
    %blk_buff_1 = aie.buffer(%mem_tile_0_1) {address = 64 : i32, sym_name = "blk_buff_1"} : memref<16xi32>
    %blk_prod_lock_0 = aie.lock(%mem_tile_0_1, 0) {init = 2 : i32, sym_name = "blk_prod_lock_0"}
    %blk_cons_lock_0 = aie.lock(%mem_tile_0_1, 1) {init = 0 : i32, sym_name = "blk_cons_lock_0"}
    aie.flow(%shim_noc_tile_0_0, DMA : 0, %mem_tile_0_1, DMA : 0)
    aie.flow(%mem_tile_0_1, DMA : 0, %shim_noc_tile_0_0, DMA : 0)
    %memtile_dma_0_1 = aie.memtile_dma(%mem_tile_0_1) {
      %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
    ^bb1:
      aie.use_lock(%blk_prod_lock_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%blk_buff_0 : memref<16xi32>, 0, 16)
      aie.use_lock(%blk_cons_lock_0, Release, 1)
      aie.next_bd ^bb2
    ^bb2:
      aie.use_lock(%blk_prod_lock_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%blk_buff_1 : memref<16xi32>, 0, 16)
      aie.use_lock(%blk_cons_lock_0, Release, 1)
      aie.next_bd ^bb1
    ^bb3:
      %1 = aie.dma_start(MM2S, 0, ^bb4, ^bb6)
    ^bb4:
      aie.use_lock(%blk_cons_lock_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%blk_buff_0 : memref<16xi32>, 0, 24, [<size = 4, stride = 1>, <size = 4, stride = 4>], [<const_pad_before = 0, const_pad_after = 0>, <const_pad_before = 1, const_pad_after = 1>])
      aie.use_lock(%blk_prod_lock_0, Release, 1)
      aie.next_bd ^bb5
    ^bb5:
      aie.use_lock(%blk_cons_lock_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%blk_buff_1 : memref<16xi32>, 0, 24, [<size = 4, stride = 1>, <size = 4, stride = 4>], [<const_pad_before = 0, const_pad_after = 0>, <const_pad_before = 1, const_pad_after = 1>])
      aie.use_lock(%blk_prod_lock_0, Release, 1)
      aie.next_bd ^bb4
    ^bb6:
      aie.end
    }
    aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: memref<96xi32>) {
      %t0 = aiex.dma_configure_task(%shim_noc_tile_0_0, MM2S, 0) {
        aie.dma_bd(%arg0 : memref<64xi32>, 0, 64)
        aie.end
      }
      %t1 = aiex.dma_configure_task(%shim_noc_tile_0_0, S2MM, 0) {
        aie.dma_bd(%arg1 : memref<96xi32>, 0, 96)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%t0)
      aiex.dma_start_task(%t1)
      aiex.dma_await_task(%t1)
      aiex.dma_free_task(%t0)
    }
  }
}
