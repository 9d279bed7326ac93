// compute_tile_add_one.mlir with its runtime sequence lowered as aie-dma-to-npu lowers it: the
// shim BDs are written to the registers (a blockwrite of BD 0's words, a writebd of BD 1),
// their addresses patched with the host buffers, pushed onto the channels' task queues (a
// write32 to the MM2S0 queue register, a push_queue), and the output awaited with npu.sync.
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
    "memref.global"() <{sym_name = "blockwrite_data_0", sym_visibility = "private", type = memref<8xi32>, initial_value = dense<[32, 0, 0, 0, 0, 0, 0, 33554432]> : tensor<8xi32>, constant}> : () -> ()
    aie.runtime_sequence(%arg0: memref<32xi32>, %arg1: memref<32xi32>) {
      %0 = memref.get_global @blockwrite_data_0 : memref<8xi32>
      aiex.npu.blockwrite(%0) {address = 118784 : ui32, column = 0 : i32, row = 0 : i32} : memref<8xi32>
      aiex.npu.address_patch {addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 0 : i32}
      aiex.npu.write32 {address = 119316 : ui32, column = 0 : i32, row = 0 : i32, value = 0 : ui32}
      aiex.npu.writebd {bd_id = 1 : i32, buffer_length = 32 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      aiex.npu.address_patch {addr = 118820 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}
      aiex.npu.push_queue(0, 0, S2MM : 0) {bd_id = 1 : i32, issue_token = true, repeat_count = 0 : i32}
      aiex.npu.sync {channel = 0 : i32, column = 0 : i32, column_num = 1 : i32, direction = 0 : i32, row = 0 : i32, row_num = 1 : i32}
    }
  }
}
