// Rules of one aie.dma_bd (mlir-aie DMABDOp::verify), with the limits of the tile kind that
// runs it: from its aie.mem / aie.memtile_dma / aie.shim_dma, or, in a runtime sequence, the
// shim tile of the DMA task (aiex.dma_configure_task(%tile, ...) or the objectfifo of
// aiex.dma_configure_task_for @fifo).
// RUN: iron-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>, 0, 64, [<size = 2, stride = 1>, <size = 2, stride = 1>, <size = 2, stride = 1>, <size = 2, stride = 1>, <size = 4, stride = 1>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Cannot give more than 3 dimensions for step sizes and wraps on this tile (got 5 dimensions).

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi8>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi8>, 0, 6)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: transfer length must be multiple of 4 (i.e., represent 4 byte aligned address)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<16384xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<16384xi32>, 0, 16384)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: buffer descriptor length (16384 32-bit words) exceeds the maximum of 16383 words supported by this tile type

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<4096xi32>
  %m = aie.memtile_dma(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<4096xi32>, 0, 2048, [<size = 2, stride = 1024>, <size = 1024, stride = 1>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Size may not exceed 1023.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<8192xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<8192xi32>, 0, 2, [<size = 2, stride = 8193>, <size = 1, stride = 1>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: for index 8193 in memref of length 8192.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<131072xi32>
  %m = aie.memtile_dma(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<131072xi32>, 0, 2, [<size = 2, stride = 131071>, <size = 1, stride = 1>])
    aie.dma_bd(%b : memref<131072xi32>, 0, 2, [<size = 2, stride = 1024>, <size = 1, stride = 1>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: BD block must have at most one DMABDOp, found 2

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>, 0, 64, [<size = 8, stride = 0>, <size = 8, stride = 1>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Invalid step size; must be a positive integer.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi16>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi16>, 0, 64, [<size = 8, stride = 16>, <size = 8, stride = 2>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: For <32b width datatypes, inner-most dim stride must be 1

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi64>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi64>, 0, 64, [<size = 8, stride = 16>, <size = 8, stride = 2>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: For >32b width datatypes, inner-most dim stride must be 1

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi8>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi8>, 0, 12, [<size = 2, stride = 8>, <size = 6, stride = 1>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Innermost dim size (6) * 1-byte element width = 6 bytes: innermost dim size must be a multiple of 4 bytes for sub-32b element types

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi8>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi8>, 0, 16, [<size = 4, stride = 6>, <size = 4, stride = 1>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Dim 0 stride (6) * 1-byte element width = 6 bytes: non-innermost dim stride must be a multiple of 4 bytes

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>, 0, 256, [<size = 256, stride = 1>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Size may not exceed 255.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.memtile_dma(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>, 0, 256, [], [<const_pad_before = 1, const_pad_after = 0>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Padding requires n-d data layouts expressed as wrap(s) and stride(s).

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>, 0, 256, [<size = 16, stride = 16>, <size = 16, stride = 1>], [<const_pad_before = 0, const_pad_after = 0>, <const_pad_before = 0, const_pad_after = 0>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Padding is only supported by memtile dma bds.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.memtile_dma(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>, 0, 256, [<size = 16, stride = 16>, <size = 16, stride = 1>], [<const_pad_before = 0, const_pad_after = 4>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Mismatch number of dimensions between padding(s) and wrap(s) and stride(s).

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.memtile_dma(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>, 0, 256, [<size = 16, stride = 16>, <size = 16, stride = 1>], [<const_pad_before = 0, const_pad_after = 0>, <const_pad_before = 0, const_pad_after = 4>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Data exceeds len after padding.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<256xi8>
  %m = aie.memtile_dma(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi8>, 0, 272, [<size = 16, stride = 16>, <size = 16, stride = 1>], [<const_pad_before = 0, const_pad_after = 0>, <const_pad_before = 1, const_pad_after = 0>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Inner-most padding-before count must result in padding in 32-bit words.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>) {bd_id = 16 : i32}
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: bdId attribute exceeds max: 15

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.memtile_dma(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>) {next_bd_id = 48 : i32}
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: nextBdId attribute exceeds max: 47

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>) {packet = #aie.packet_info<pkt_type = 8, pkt_id = 1>}
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Packet type field can only hold 3 bits.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>) {packet = #aie.packet_info<pkt_type = 1, pkt_id = 32>}
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Packet ID field can only hold 5 bits.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>) {burst_length = 128 : i32}
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Burst length is only supported in Shim NOC tiles that are connected to the memory-mapped NOC.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 0)
  %b = aie.external_buffer : memref<256xi32>
  %m = aie.shim_dma(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>) {burst_length = 512 : i32}
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Requested burst length is not supported by the target. Supported burst lengths: 64 128 256

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = memref.alloc() : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: BDs only support BufferOp or ExternalBufferOp operands.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %t3 = aie.tile(0, 3)
  %b = aie.buffer(%t3) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Core tile DMAs can only access a buffer in the same tile.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %l = aie.lock(%t, 0)
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.use_lock(%l, AcquireGreaterEqual, 1)
    aie.use_lock(%l, AcquireGreaterEqual, 1)
    aie.dma_bd(%b : memref<256xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: BD block must have at most one acquire UseLockOp, found 2

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %t3 = aie.tile(0, 3)
  %l = aie.lock(%t3, 0)
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.use_lock(%l, AcquireGreaterEqual, 1)
    aie.dma_bd(%b : memref<256xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: can only access a lock in the same tile

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: failed to verify that op exists in a core tile: tile (0, 1) is a mem tile (where this DMA program runs)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.memtile_dma(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: failed to verify that op exists in a MemTile: tile (0, 2) is a compute tile (where this DMA program runs)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.external_buffer : memref<256xi32>
  %m = aie.shim_dma(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: failed to verify that op exists in a shim tile with NOC connection: tile (0, 1) is a mem tile (where this DMA program runs)

// -----
aie.device(xcvc1902) {
  %t = aie.tile(2, 3)
  %b = aie.buffer(%t) : memref<256xi32>
  %l = aie.lock(%t, 0)
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.use_lock(%l, AcquireGreaterEqual, 1)
    aie.dma_bd(%b : memref<256xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: AcquireGreaterEqual is not supported in AIE1.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd_packet(8, 1)
    aie.dma_bd(%b : memref<256xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Packet type field can only hold 3 bits.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<16xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb18)
  ^bb1:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb2
  ^bb2:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb3
  ^bb3:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb4
  ^bb4:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb5
  ^bb5:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb6
  ^bb6:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb7
  ^bb7:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb8
  ^bb8:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb9
  ^bb9:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb10
  ^bb10:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb11
  ^bb11:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb12
  ^bb12:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb13
  ^bb13:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb14
  ^bb14:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb15
  ^bb15:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb16
  ^bb16:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb17
  ^bb17:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb1
  ^bb18:
    aie.end
  }
}
// CHECK: has more than 16 blocks 

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %c = aie.core(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb1)
  ^bb1:
    aie.end
  }
}
// CHECK: expects parent op to be one of 'aie.mem', 'aie.memtile_dma', 'aie.shim_dma', 'func.func', not 'aie.core'

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %c = aie.core(%t) {
    %0 = aie.dma(S2MM, 0) [{
      aie.dma_bd_packet(0, 1)
    }]
    aie.end
  }
}
// CHECK: expects parent op to be one of 'aie.mem', 'aie.memtile_dma', 'aie.shim_dma', not 'aie.core'

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  aie.shim_dma_allocation @alloc(%t, MM2S, 0)
}
// CHECK: failed to verify that op exists in a shim tile: tile (0, 2) is a compute tile (shim DMA channels)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 0)
  aie.shim_dma_allocation @alloc(%t, S2MM, 2)
}
// CHECK: aie.shim_dma_allocation @alloc: S2MM channel 2 does not exist; a shim NOC tile has 2 S2MM channels

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>, 0, 16, bogus = 3)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: unknown aie.dma_bd field 'bogus'; expected offset, len, sizes, strides or pad_value
