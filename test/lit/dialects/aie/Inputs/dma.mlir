module {
  aie.device(npu2) {
    %tile_1_2 = aie.tile(1, 2)
    %mem_tile_1_1 = aie.tile(1, 1)
    %shim_noc_tile_1_0 = aie.tile(1, 0)
    %buf0 = aie.buffer(%tile_1_2) {sym_name = "buf0"} : memref<32xi32> 
    %buf1 = aie.buffer(%tile_1_2) {sym_name = "buf1"} : memref<32xi32> 
    %mt_buf = aie.buffer(%mem_tile_1_1) {sym_name = "mt_buf"} : memref<256xi32> 
    %lock_1_2 = aie.lock(%tile_1_2, 0) {init = 1 : i32}
    %lock_1_2_0 = aie.lock(%tile_1_2, 1) {init = 0 : i32}
    %lock_1_1 = aie.lock(%mem_tile_1_1, 0) {init = 2 : i32}
    %ext = aie.external_buffer {sym_name = "ext"} : memref<64xi32>
    %mem_1_2 = aie.mem(%tile_1_2) {
      %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
    ^bb1:  // 2 preds: ^bb0, ^bb2
      aie.use_lock(%lock_1_2, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf0 : memref<32xi32>) {bd_id = 0 : i32, next_bd_id = 1 : i32}
      aie.use_lock(%lock_1_2_0, Release, 1)
      aie.next_bd ^bb2
    ^bb2:  // pred: ^bb1
      aie.use_lock(%lock_1_2, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf1 : memref<32xi32>, 0, 32, [<size = 4, stride = 8>, <size = 8, stride = 1>]) {bd_id = 1 : i32, next_bd_id = 0 : i32}
      aie.use_lock(%lock_1_2_0, Release, 1)
      aie.next_bd ^bb1
    ^bb3:  // pred: ^bb0
      %1 = aie.dma_start(MM2S, 1, ^bb4, ^bb5, repeat_count = 4)
    ^bb4:  // 2 preds: ^bb3, ^bb4
      aie.use_lock(%lock_1_2_0, Acquire, 1, NonBlocking)
      aie.dma_bd(%buf0 : memref<32xi32>, 8, 16) {packet = #aie.packet_info<pkt_type = 1, pkt_id = 3>}
      aie.use_lock(%lock_1_2, Release, 1) {acq_en = false}
      aie.next_bd ^bb4
    ^bb5:  // pred: ^bb3
      aie.end
    }
    %memtile_dma_1_1 = aie.memtile_dma(%mem_tile_1_1) {
      %0 = aie.dma(MM2S, 0) [{
        aie.use_lock(%lock_1_1, AcquireGreaterEqual, 1)
        aie.dma_bd(%mt_buf : memref<256xi32>, 0, 512, [<size = 64, stride = 4>, <size = 4, stride = 1>], [<const_pad_before = 0, const_pad_after = 0>, <const_pad_before = 0, const_pad_after = 4>], pad_value = 7)
        aie.use_lock(%lock_1_1, Release, 1)
      }, {
        aie.use_lock(%lock_1_1, AcquireGreaterEqual, 1)
        aie.dma_bd_packet(0, 2)
        aie.dma_bd(%mt_buf : memref<256xi32>, 128, 128)
        aie.use_lock(%lock_1_1, Release, 1)
      }]
      %d = aie.dma(S2MM, 1) {loop = false, repeat_count = 2 : i32, sym_name = "d"} [{
        aie.use_lock(%lock_1_1, AcquireGreaterEqual, 1)
        aie.dma_bd(%mt_buf : memref<256xi32>)
        aie.use_lock(%lock_1_1, Release, 1)
      }]
      aie.end
    }
    %shim_dma_1_0 = aie.shim_dma(%shim_noc_tile_1_0) {
      %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
    ^bb1:  // 2 preds: ^bb0, ^bb1
      aie.dma_bd(%ext : memref<64xi32>, 0, 64) {burst_length = 256 : i32}
      aie.next_bd ^bb1
    ^bb2:  // pred: ^bb0
      aie.end
    }
    aie.shim_dma_allocation @of0_shim_alloc(%shim_noc_tile_1_0, MM2S, 0)
    aie.shim_dma_allocation @of1_shim_alloc(%shim_noc_tile_1_0, S2MM, 1, <pkt_type = 0, pkt_id = 2>) {plio = true}
    aie.bd_chain @simple_chain(%arg0: memref<8xi16>, %arg1: memref<12xi16>, %arg2: memref<8xi16>) {
      aie.dma_bd(%arg0 : memref<8xi16>, 0, 8)
      aie.next_bd ^bb1
    ^bb1:  // pred: ^bb0
      aie.dma_bd(%arg1 : memref<12xi16>, 0, 12)
      aie.next_bd ^bb2
    ^bb2:  // pred: ^bb1
      aie.dma_bd(%arg2 : memref<8xi16>, 0, 8) {burst_length = 0 : i32}
      aie.end
    }
    aie.runtime_sequence(%arg0: memref<16384xi8>, %arg1: memref<512x512xi32>) {
    }
    aie.runtime_sequence @seq1(%arg0: memref<16xi32>) {
    }
  }
}

