// Round trip of the aiex.npu.* instruction ops and aiex.control_packet.
// RUN: iron-opt %s --split-input-file | filecheck %s
// RUN: iron-opt %s --split-input-file --print-op-generic | iron-opt --split-input-file | filecheck %s

module {
  aie.device(npu1_1col) {
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %tile_0_2 = aie.tile(0, 2)
    aie.objectfifo @of_in(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>> 
    aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: i64) {
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<64xi32>
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 4, 16][0, 0, 16, 1]) {metadata = @of_in, issue_token = true, id = 1 : i64, burst_length = 0 : i64, d0_zero_before = 0 : i64} : memref<64xi32>
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, %arg1][1, 1, %arg1, 16][0, 0, 16, 1], packet = <pkt_type = 3, pkt_id = 2>) {id = 2 : i64, metadata = @of_in} : memref<64xi32>
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][2, 1, 1, 64][0, 0, 0, 1]) {burst_length = 256 : i64, id = 3 : i64, metadata = @of_in} : memref<64xi32>
      aiex.npu.dma_wait {symbol = @of_in}
    }
  }
}

// CHECK:      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<64xi32>
// CHECK-NEXT: aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 4, 16][0, 0, 16, 1]) {id = 1 : i64, issue_token = true, metadata = @of_in} : memref<64xi32>
// CHECK-NEXT: aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, %arg1][1, 1, %arg1, 16][0, 0, 16, 1], packet = <pkt_type = 3, pkt_id = 2>) {id = 2 : i64, metadata = @of_in} : memref<64xi32>
// CHECK-NEXT: aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][2, 1, 1, 64][0, 0, 0, 1]) {burst_length = 256 : i64, id = 3 : i64, metadata = @of_in} : memref<64xi32>
// CHECK-NEXT: aiex.npu.dma_wait {symbol = @of_in}

// -----

// A linear or contiguous transfer has no d0 wrap, so its d0 size may pass 1023 words.
module {
  aie.device(npu1_1col) {
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %tile_0_2 = aie.tile(0, 2)
    aie.objectfifo @of_in(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>> 
    aie.runtime_sequence(%arg0: memref<8192xi32>) {
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 8192][0, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<8192xi32>
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][2, 1, 2, 2048][0, 0, 2048, 1]) {id = 1 : i64, metadata = @of_in} : memref<8192xi32>
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][64, 1, 1, 64][64, 0, 0, 1]) {id = 2 : i64, metadata = @of_in} : memref<8192xi32>
    }
  }
}

// CHECK:      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 8192][0, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<8192xi32>
// CHECK-NEXT: aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][2, 1, 2, 2048][0, 0, 2048, 1]) {id = 1 : i64, metadata = @of_in} : memref<8192xi32>
// CHECK-NEXT: aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][64, 1, 1, 64][64, 0, 0, 1]) {id = 2 : i64, metadata = @of_in} : memref<8192xi32>

// -----

// A metadata symbol naming an aie.shim_dma_allocation; an unranked memref.
module {
  aie.device(npu2) {
    %shim_noc_tile_3_0 = aie.tile(3, 0)
    aie.shim_dma_allocation @ctrlpkt_col3_mm2s_chan0(%shim_noc_tile_3_0, MM2S, 0)
    aie.runtime_sequence(%arg0: memref<?xi32>) {
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 3][0, 0, 0, 1]) {id = 0 : i64, issue_token = true, metadata = @ctrlpkt_col3_mm2s_chan0} : memref<?xi32>
      aiex.npu.dma_wait {symbol = @ctrlpkt_col3_mm2s_chan0}
    }
  }
}

// CHECK:      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 3][0, 0, 0, 1]) {id = 0 : i64, issue_token = true, metadata = @ctrlpkt_col3_mm2s_chan0} : memref<?xi32>
// CHECK-NEXT: aiex.npu.dma_wait {symbol = @ctrlpkt_col3_mm2s_chan0}

// -----

module {
  aie.device(npu1_1col) {
    %tile_0_2 = aie.tile(0, 2)
    %rtp = aie.buffer(%tile_0_2) {address = 1024 : i32, sym_name = "rtp"} : memref<16xi32> 
    aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: memref<2xi32>) {
      aiex.npu.rtp_write(@rtp, 15, -3)
      aiex.npu.write32 {value = 2038038528 : ui32, row = 2 : i32, column = 0 : i32, address = 213200 : ui32}
      aiex.npu.write32 {address = 119300 : ui32, value = 2147483649 : ui32}
      aiex.npu.write32 {address = 2 : ui32, buffer = @rtp, value = 7 : ui32}
      aiex.npu.maskwrite32 {address = 1703940 : ui32, mask = 524287 : ui32, value = 12220 : ui32}
      aiex.npu.maskwrite32 {address = 4 : ui32, column = 0 : i32, mask = 255 : ui32, row = 2 : i32, value = 1 : ui32}
      aiex.npu.blockwrite(%arg1) {address = 2215936 : ui32} : memref<2xi32>
      aiex.npu.blockwrite(%arg1) {address = 0 : ui32, buffer = @rtp} : memref<2xi32>
      aiex.npu.address_patch {addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 8 : i32}
      aiex.npu.sync {channel = 0 : i32, column = 0 : i32, column_num = 1 : i32, direction = 0 : i32, row = 0 : i32, row_num = 1 : i32}
      aiex.npu.push_queue(0, 0, MM2S : 0) {bd_id = 7 : i32, issue_token = true, repeat_count = 0 : i32}
      aiex.npu.push_queue (0, 0, "S2MM":1) {issue_token = false, repeat_count = 255 : i32, bd_id = 15 : i32 }
      aiex.npu.writebd {bd_id = 1 : i32, buffer_length = 4096 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32, burst_length = 0 : i32}
      aiex.npu.writebd {bd_id = 2 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 128 : i32, column = 0 : i32, d0_size = 8 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 8 : i32, d1_stride = 15 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 63 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 3 : i32, iteration_stride = 1023 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 3 : i32, out_of_order_id = 0 : i32, packet_id = 31 : i32, packet_type = 7 : i32, row = 0 : i32, use_next_bd = 1 : i32, valid_bd = 1 : i32}
      aiex.npu.preempt {level = 2 : ui8}
      aiex.npu.load_pdi {device_ref = @main}
      aiex.npu.load_pdi {address = 0 : ui64, id = 0 : i32, size = 0 : i32}
      aiex.npu.load_pdi {address = 11806310467192 : ui64, id = 2 : i32, size = 1024 : i32}
      aiex.control_packet {address = 8 : ui32, data = array<i32: 300>, opcode = 0 : i32, stream_id = 0 : i32}
      aiex.control_packet {address = 126976 : ui32, length = 4 : i32, opcode = 1 : i32, stream_id = 2 : i32}
    }
  }
}

// CHECK:      aiex.npu.rtp_write(@rtp, 15, -3)
// CHECK-NEXT: aiex.npu.write32 {address = 213200 : ui32, column = 0 : i32, row = 2 : i32, value = 2038038528 : ui32}
// CHECK-NEXT: aiex.npu.write32 {address = 119300 : ui32, value = 2147483649 : ui32}
// CHECK-NEXT: aiex.npu.write32 {address = 2 : ui32, buffer = @rtp, value = 7 : ui32}
// CHECK-NEXT: aiex.npu.maskwrite32 {address = 1703940 : ui32, mask = 524287 : ui32, value = 12220 : ui32}
// CHECK-NEXT: aiex.npu.maskwrite32 {address = 4 : ui32, column = 0 : i32, mask = 255 : ui32, row = 2 : i32, value = 1 : ui32}
// CHECK-NEXT: aiex.npu.blockwrite(%arg1) {address = 2215936 : ui32} : memref<2xi32>
// CHECK-NEXT: aiex.npu.blockwrite(%arg1) {address = 0 : ui32, buffer = @rtp} : memref<2xi32>
// CHECK-NEXT: aiex.npu.address_patch {addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 8 : i32}
// CHECK-NEXT: aiex.npu.sync {channel = 0 : i32, column = 0 : i32, column_num = 1 : i32, direction = 0 : i32, row = 0 : i32, row_num = 1 : i32}
// CHECK-NEXT: aiex.npu.push_queue(0, 0, MM2S : 0) {bd_id = 7 : i32, issue_token = true, repeat_count = 0 : i32}
// CHECK-NEXT: aiex.npu.push_queue(0, 0, S2MM : 1) {bd_id = 15 : i32, issue_token = false, repeat_count = 255 : i32}
// CHECK-NEXT: aiex.npu.writebd {bd_id = 1 : i32, buffer_length = 4096 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
// CHECK-NEXT: aiex.npu.writebd {bd_id = 2 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 128 : i32, column = 0 : i32, d0_size = 8 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 8 : i32, d1_stride = 15 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 63 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 3 : i32, iteration_stride = 1023 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 3 : i32, out_of_order_id = 0 : i32, packet_id = 31 : i32, packet_type = 7 : i32, row = 0 : i32, use_next_bd = 1 : i32, valid_bd = 1 : i32}
// CHECK-NEXT: aiex.npu.preempt {level = 2 : ui8}
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @main}
// CHECK-NEXT: aiex.npu.load_pdi
// CHECK-NEXT: aiex.npu.load_pdi {address = 11806310467192 : ui64, id = 2 : i32, size = 1024 : i32}
// CHECK-NEXT: aiex.control_packet {address = 8 : ui32, data = array<i32: 300>, opcode = 0 : i32, stream_id = 0 : i32}
// CHECK-NEXT: aiex.control_packet {address = 126976 : ui32, length = 4 : i32, opcode = 1 : i32, stream_id = 2 : i32}
