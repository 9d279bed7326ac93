// Verifier rules of the aiex.npu.* ops (wait, writes, rtp_write, sync, push_queue, writebd).
// RUN: iron-opt %s --split-input-file --verify-diagnostics | filecheck %s

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.dma_wait {symbol = @nowhere}
  }
}

// CHECK: couldn't find symbol in parent device: nothing named @nowhere in the enclosing aie.device

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  %rtp = aie.buffer(%tile_0_2) {sym_name = "rtp"} : memref<4xi32>
  %lock = aie.lock(%tile_0_2) {sym_name = "lk"}
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.write32 {address = 0 : ui32, buffer = @nope, value = 1 : ui32}
  }
}

// CHECK: buffer '@nope' not found in device

// -----

// A buffer-relative address needs an aie.buffer, not a lock.
aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  %rtp = aie.buffer(%tile_0_2) {sym_name = "rtp"} : memref<4xi32>
  %lock = aie.lock(%tile_0_2) {sym_name = "lk"}
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.maskwrite32 {address = 0 : ui32, buffer = @lk, mask = 1 : ui32, value = 1 : ui32}
  }
}

// CHECK: buffer '@lk' not found in device

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  %rtp = aie.buffer(%tile_0_2) {sym_name = "rtp"} : memref<4xi32>
  %lock = aie.lock(%tile_0_2) {sym_name = "lk"}
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.write32 {address = 0 : ui32, column = 0 : i32, value = 1 : ui32}
  }
}

// CHECK: column and row must be given together (a tile-relative address) or not at all

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  %rtp = aie.buffer(%tile_0_2) {sym_name = "rtp"} : memref<4xi32>
  %lock = aie.lock(%tile_0_2) {sym_name = "lk"}
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.blockwrite(%arg0) {address = 0 : ui32, column = 1 : i32, row = 2 : i32} : memref<64xi32>
  }
}

// CHECK: tile (1, 2) is not on device npu1_1col

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  %rtp = aie.buffer(%tile_0_2) {sym_name = "rtp"} : memref<4xi32>
  %lock = aie.lock(%tile_0_2) {sym_name = "lk"}
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.rtp_write(@missing, 0, 1)
  }
}

// CHECK: runtime parameter buffer @missing not found: expected an aie.buffer with that sym_name in the enclosing aie.device

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  %rtp = aie.buffer(%tile_0_2) {sym_name = "rtp"} : memref<4xi32>
  %lock = aie.lock(%tile_0_2) {sym_name = "lk"}
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.rtp_write(@rtp, 4, 1)
  }
}

// CHECK: index 4 is past the end of buffer @rtp (4 words)

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.sync {channel = 0 : i32, column = 0 : i32, column_num = 1 : i32, direction = 2 : i32, row = 0 : i32, row_num = 1 : i32}
  }
}

// CHECK: direction = 2 must be 0 (S2MM) or 1 (MM2S)

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.push_queue(0, 0, MM2S : 0) {bd_id = 0 : i32, issue_token = false, repeat_count = 256 : i32}
  }
}

// CHECK: Repeat count exceeds the [0:255] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.push_queue(0, 0, MM2S : 0) {bd_id = 16 : i32, issue_token = false, repeat_count = 0 : i32}
  }
}

// CHECK: BD ID exceeds the maximum ID. bd_id = 16, but a shim NOC tile has BDs 0..15

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.push_queue(0, 9, MM2S : 0) {bd_id = 0 : i32, issue_token = false, repeat_count = 0 : i32}
  }
}

// CHECK: tile (0, 9) is not on device npu1_1col

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 48 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 1 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: BD ID exceeds the maximum ID. bd_id = 48, but a mem tile has BDs 0..47

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 32 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: Packet ID exceeds the maximum supported by 5 bits.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 8 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: Packet Type exceeds the maximum supported by 3 bits.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 1024 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 2 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: D0 Size exceeds the [0:1023] range.

// -----

// Compute tiles have 8-bit wraps.
aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 256 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 2 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 2 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: D0 Size exceeds the [0:255] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 1048576 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: D0 Stride exceeds the [0:1M-1] range.

// -----

// Mem tiles have 17-bit steps.
aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 131072 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 1 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: D0 Stride exceeds the [0:131071] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 1024 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: D1 Size exceeds the [0:1023] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 1048576 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: D1 Stride exceeds the [0:1M-1] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 1024 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 1 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: D2 Size exceeds the [0:1023] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 1048576 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: D2 Stride exceeds the [0:1M-1] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 64 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: Iteration Size exceeds the [0:63] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 1048576 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: Iteration Stride exceeds the [0:1M-1] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 2 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: ShimTile only supports 3 dimensions of sizes.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 1 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: ShimTile doesn't support zero padding.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 1 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 2 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: compute tile doesn't support zero padding.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 1 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: Only ShimTiles support burst length.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, burst_length = 100 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: Requested burst length is not supported by the target. Supported burst lengths: 64 128 256

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  %mem_tile_0_1 = aie.tile(0, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.writebd {bd_id = 0 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, column = 3 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
  }
}

// CHECK: tile (3, 0) is not on device npu1_1col
