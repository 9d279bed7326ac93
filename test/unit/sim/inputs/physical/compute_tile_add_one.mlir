// A hand-written physical-level design: the compute tile's DMA program (aie.mem) ping-pongs two
// input and two output buffers under semaphore locks, the core adds one under the same locks,
// flows connect the shim's channels, and the runtime sequence drives the shim.
module {
  aie.device(npu1_1col) {
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %tile_0_2 = aie.tile(0, 2)
    %in_cons_buff_0 = aie.buffer(%tile_0_2) {address = 1024 : i32, sym_name = "in_cons_buff_0"} : memref<8xi32>
    %in_cons_buff_1 = aie.buffer(%tile_0_2) {address = 1056 : i32, sym_name = "in_cons_buff_1"} : memref<8xi32>
    %out_buff_0 = aie.buffer(%tile_0_2) {address = 1088 : i32, sym_name = "out_buff_0"} : memref<8xi32>
    %out_buff_1 = aie.buffer(%tile_0_2) {address = 1120 : i32, sym_name = "out_buff_1"} : memref<8xi32>
    %in_cons_prod_lock_0 = aie.lock(%tile_0_2, 0) {init = 2 : i32, sym_name = "in_cons_prod_lock_0"}
    %in_cons_cons_lock_0 = aie.lock(%tile_0_2, 1) {init = 0 : i32, sym_name = "in_cons_cons_lock_0"}
    %out_prod_lock_0 = aie.lock(%tile_0_2, 2) {init = 2 : i32, sym_name = "out_prod_lock_0"}
    %out_cons_lock_0 = aie.lock(%tile_0_2, 3) {init = 0 : i32, sym_name = "out_cons_lock_0"}
    aie.flow(%shim_noc_tile_0_0, DMA : 0, %tile_0_2, DMA : 0)
    aie.flow(%tile_0_2, DMA : 0, %shim_noc_tile_0_0, DMA : 0)
    %core_0_2 = aie.core(%tile_0_2) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c4 = arith.constant 4 : index
      %one = arith.constant 1 : i32
      scf.for %i = %c0 to %c4 step %c2 {
        aie.use_lock(%in_cons_cons_lock_0, AcquireGreaterEqual, 1)
        aie.use_lock(%out_prod_lock_0, AcquireGreaterEqual, 1)
        scf.for %j = %c0 to %c8 step %c1 {
          %v = memref.load %in_cons_buff_0[%j] : memref<8xi32>
          %w = arith.addi %v, %one : i32
          memref.store %w, %out_buff_0[%j] : memref<8xi32>
        }
        aie.use_lock(%in_cons_prod_lock_0, Release, 1)
        aie.use_lock(%out_cons_lock_0, Release, 1)
        aie.use_lock(%in_cons_cons_lock_0, AcquireGreaterEqual, 1)
        aie.use_lock(%out_prod_lock_0, AcquireGreaterEqual, 1)
        scf.for %j = %c0 to %c8 step %c1 {
          %v = memref.load %in_cons_buff_1[%j] : memref<8xi32>
          %w = arith.addi %v, %one : i32
          memref.store %w, %out_buff_1[%j] : memref<8xi32>
        }
        aie.use_lock(%in_cons_prod_lock_0, Release, 1)
        aie.use_lock(%out_cons_lock_0, Release, 1)
      }
      aie.end
    }
    %mem_0_2 = aie.mem(%tile_0_2) {
      %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb3)
    ^bb1:
      aie.use_lock(%in_cons_prod_lock_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%in_cons_buff_0 : memref<8xi32>, 0, 8)
      aie.use_lock(%in_cons_cons_lock_0, Release, 1)
      aie.next_bd ^bb2
    ^bb2:
      aie.use_lock(%in_cons_prod_lock_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%in_cons_buff_1 : memref<8xi32>, 0, 8)
      aie.use_lock(%in_cons_cons_lock_0, Release, 1)
      aie.next_bd ^bb1
    ^bb3:
      %1 = aie.dma_start(MM2S, 0, ^bb4, ^bb6)
    ^bb4:
      aie.use_lock(%out_cons_lock_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%out_buff_0 : memref<8xi32>, 0, 8)
      aie.use_lock(%out_prod_lock_0, Release, 1)
      aie.next_bd ^bb5
    ^bb5:
      aie.use_lock(%out_cons_lock_0, AcquireGreaterEqual, 1)
      aie.dma_bd(%out_buff_1 : memref<8xi32>, 0, 8)
      aie.use_lock(%out_prod_lock_0, Release, 1)
      aie.next_bd ^bb4
    ^bb6:
      aie.end
    }
    aie.shim_dma_allocation @in_shim_alloc(%shim_noc_tile_0_0, MM2S, 0)
    aie.shim_dma_allocation @out_shim_alloc(%shim_noc_tile_0_0, S2MM, 0)
    aie.runtime_sequence(%arg0: memref<32xi32>, %arg1: memref<32xi32>) {
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 1 : i64, metadata = @in_shim_alloc} : memref<32xi32>
      aiex.npu.dma_memcpy_nd(%arg1[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 0 : i64, issue_token = true, metadata = @out_shim_alloc} : memref<32xi32>
      aiex.npu.dma_wait {symbol = @out_shim_alloc}
    }
  }
}
