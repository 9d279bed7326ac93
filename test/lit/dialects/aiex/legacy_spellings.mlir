// Older spellings mlir-aie used to print are read and printed in the current spelling:
// dma_memcpy_nd with leading x, y operands, three strides (innermost implicitly 1) and an
// i32 id; quoted enum keywords; aiex.runtime_sequence @sequence.
// RUN: iron-opt %s --split-input-file | filecheck %s

module {
  aie.device(npu1_1col) {
    %tile_0_0 = aie.tile(0, 0)
    %tile_0_2 = aie.tile(0, 2)
    aie.objectfifo @in(%tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<12288xui8>>
    aiex.runtime_sequence @sequence(%arg0: memref<12288xui8>, %arg1: memref<64xi32>) {
      aiex.npu.dma_memcpy_nd(0, 0, %arg0[0, 0, 0, 0][1, 1, 1, 12288][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<12288xui8>
      aiex.npu.dma_memcpy_nd(0, 0, %arg1[0,0,0,0][1,1,1,64][0,0,0]) {metadata = @in, id = 1 : i32} : memref<64xi32>
      aiex.npu.dma_memcpy_nd(%arg1[0, 0, 0, 0][1, 2, 4, 8][0, 32, 8]) {id = 2 : i64, metadata = @in} : memref<64xi32>
      aiex.npu.push_queue (0, 0, "MM2S":1) {issue_token = true, repeat_count = 0 : i32, bd_id = 3 : i32 }
    }
  }
}

// CHECK:      aie.runtime_sequence(%arg0: memref<12288xui8>, %arg1: memref<64xi32>) {
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 12288][0, 0, 0, 1]) {id = 0 : i64, metadata = @in} : memref<12288xui8>
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg1[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 1 : i64, metadata = @in} : memref<64xi32>
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg1[0, 0, 0, 0][1, 2, 4, 8][0, 32, 8, 1]) {id = 2 : i64, metadata = @in} : memref<64xi32>
// CHECK-NEXT:   aiex.npu.push_queue(0, 0, MM2S : 1) {bd_id = 3 : i32, issue_token = true, repeat_count = 0 : i32}
// CHECK-NEXT: }

// -----

// Generic form as older mlir-aie printed it (runtime sequence still in aiex).
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    %0 = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    "aie.shim_dma_allocation"(%0) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "out0"}> : (index) -> ()
    "aiex.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%arg0: memref<32xi32>):
      "aiex.npu.dma_memcpy_nd"(%arg0) <{id = 0 : i64, issue_token = true, metadata = @out0, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 1, 1, 32>, static_strides = array<i64: 0, 0, 0, 1>}> : (memref<32xi32>) -> ()
      "aiex.npu.dma_wait"() <{symbol = @out0}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// CHECK:      aie.shim_dma_allocation @out0(%shim_noc_tile_0_0, MM2S, 0)
// CHECK-NEXT: aie.runtime_sequence(%arg0: memref<32xi32>) {
// CHECK-NEXT:   aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 32][0, 0, 0, 1]) {id = 0 : i64, issue_token = true, metadata = @out0} : memref<32xi32>
// CHECK-NEXT:   aiex.npu.dma_wait {symbol = @out0}
// CHECK-NEXT: }
