// Every verifier rule of aiex.npu.dma_memcpy_nd, with mlir-aie's message.
// RUN: iron-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<8xi64>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 8][0, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<8xi64>
  }
}

// CHECK: Maximum element bit width allowed is 32bits.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<1xi16>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 1][0, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<1xi16>
  }
}

// CHECK: Minimum data transfer size required is 32bits.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @of_in, burst_length = 512 : i64} : memref<64xi32>
  }
}

// CHECK: Requested burst length is not supported by the target. Supported burst lengths: 64 128 256

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<64xi8>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 1][1, 1, 1, 8][0, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<64xi8>
  }
}

// CHECK: Offset must be 4-byte-aligned.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 0, 1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<64xi32>
  }
}

// CHECK: Size 2 must be a positive integer.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<64xi8>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 6][0, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<64xi8>
  }
}

// CHECK: Transfer sizes must be multiples of 4 bytes. 6 elements at 1 bytes each equal 6 bytes, which is not divisible by 4.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 4, 16][0, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<64xi32>
  }
}

// CHECK: Stride 1 must be a positive integer.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][2, 1, 1, 16][-16, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<64xi32>
  }
}

// CHECK: Stride 3 must be a non-negative integer.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<64xi8>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 2, 8][0, 0, 10, 1]) {id = 0 : i64, metadata = @of_in} : memref<64xi8>
  }
}

// CHECK: Stride 1 is 10 elements * 1 bytes = 10 bytes, which is not divisible by 4.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<4096xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 2, 1024][0, 0, 2048, 1]) {id = 0 : i64, metadata = @of_in} : memref<4096xi32>
  }
}

// CHECK: Size 0 exceeds the [0:1023] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<4096xi16>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 2, 2048][0, 0, 2048, 2]) {id = 0 : i64, metadata = @of_in} : memref<4096xi16>
  }
}

// CHECK: Size 0 exceeds the [0:1023] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<8192xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1024, 4][0, 0, 8, 1]) {id = 0 : i64, metadata = @of_in} : memref<8192xi32>
  }
}

// CHECK: Size 1 exceeds the [0:1023] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<8192xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][65, 1, 1, 4][4, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<8192xi32>
  }
}

// CHECK: Size 3 exceeds the [1:64] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<8192xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 2, 4][0, 0, 1048577, 1]) {id = 0 : i64, metadata = @of_in} : memref<8192xi32>
  }
}

// CHECK: Stride 1 exceeds the [1:1048576] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<8192xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 2, 2, 4][0, 2000000, 8, 1]) {id = 0 : i64, metadata = @of_in} : memref<8192xi32>
  }
}

// CHECK: Stride 2 exceeds the [1:1048576] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<8192xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][2, 1, 1, 4][1048577, 0, 0, 1]) {id = 0 : i64, metadata = @of_in} : memref<8192xi32>
  }
}

// CHECK: Stride 3 exceeds the [1:1048576] range.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.shim_dma_allocation @of_in(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<8192xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 2][0, 0, 0, 1048577]) {id = 0 : i64, metadata = @of_in} : memref<8192xi32>
  }
}

// CHECK: Stride 0 exceeds the [1:1048576] range.
// -----

// The stride limit is that of the allocation's shim tile; packet header field widths.
aie.device(npu2) {
  %shim_noc_tile_2_0 = aie.tile(2, 0)
  aie.shim_dma_allocation @alloc(%shim_noc_tile_2_0, S2MM, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1], packet = <pkt_type = 8, pkt_id = 1>) {id = 0 : i64, metadata = @alloc} : memref<64xi32>
  }
}

// CHECK: Packet type field can only hold 3 bits.

// -----

aie.device(npu2) {
  %shim_noc_tile_2_0 = aie.tile(2, 0)
  aie.shim_dma_allocation @alloc(%shim_noc_tile_2_0, S2MM, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1], packet = <pkt_type = 0, pkt_id = 32>) {id = 0 : i64, metadata = @alloc} : memref<64xi32>
  }
}

// CHECK: Packet ID field can only hold 5 bits.

// -----

aie.device(npu2) {
  %shim_noc_tile_2_0 = aie.tile(2, 0)
  aie.shim_dma_allocation @alloc(%shim_noc_tile_2_0, S2MM, 1)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {burst_length = 1024 : i64, id = 0 : i64, metadata = @alloc} : memref<64xi32>
  }
}

// CHECK: Requested burst length is not supported by the target. Supported burst lengths: 64 128 256 512

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  aie.shim_dma_allocation @alloc(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @alloc} : memref<64xi32>
  }
}

// CHECK: aiex.npu.dma_memcpy_nd takes 4 sizes (outermost first), got 2

// -----

// An SSA entry must be an i64.
aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  aie.shim_dma_allocation @alloc(%shim_noc_tile_0_0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<64xi32>, %n: i32) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, %n][0, 0, 0, 1]) {id = 0 : i64, metadata = @alloc} : memref<64xi32>
  }
}

// CHECK: operand is used with type i64, but has been previously used or defined with type i32

// -----

// Generic form whose dynamic markers and SSA operands disagree.
aie.device(npu1_1col) {
  %0 = aie.tile(0, 0)
  aie.shim_dma_allocation @out0(%0, MM2S, 0)
  aie.runtime_sequence(%arg0: memref<32xi32>) {
    "aiex.npu.dma_memcpy_nd"(%arg0) <{id = 0 : i64, metadata = @out0, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 1, 1, -9223372036854775808>, static_strides = array<i64: 0, 0, 0, 1>}> : (memref<32xi32>) -> ()
  }
}

// CHECK: The number of dynamic positions passed as values (0) does not match the number of dynamic position markers (1) in static_sizes.
