// Round trip of the remaining aiex ops and the !aiex.bfp type.
// RUN: iron-opt %s --split-input-file | filecheck %s
// RUN: iron-opt %s --split-input-file --print-op-generic | iron-opt --split-input-file | filecheck %s

module {
  aie.device(xcvc1902) {
    %tile_7_2 = aie.tile(7, 2)
    %tile_7_3 = aie.tile(7, 3)
    %tile_7_4 = aie.tile(7, 4)
    %buf = aie.buffer(%tile_7_2) {sym_name = "buf"} : memref<16xi32> 
    %buf2 = aie.buffer(%tile_7_3) {sym_name = "buf2"} : memref<16xi32> 
    aiex.connection(%tile_7_2, DMA : 0, %tile_7_3, "North" : 1)
    aiex.multicast(%tile_7_2, DMA : 0) {
      aiex.multi_dest<%tile_7_3, DMA : 0>
      aiex.multi_dest<%tile_7_4, Core : 1>
    }
    aiex.broadcast_packet(%tile_7_2, DMA : 0) {
      aiex.bp_id(0) {
        aiex.bp_dest<%tile_7_3, DMA : 0>
      }
      aiex.bp_id(1) {
        aiex.bp_dest<%tile_7_4, DMA : 1>
        aiex.bp_dest<%tile_7_3, DMA : 1>
      }
    }
    aiex.token(0) {sym_name = "token0"}
    aiex.memcpy @token0(1, 2) (%tile_7_2 : <%buf, 0, 16>, %tile_7_3 : <%buf2, 4, 12>) : (memref<16xi32>, memref<16xi32>)
    %core_7_2 = aie.core(%tile_7_2) {
      aiex.useToken @token0(Acquire, 0)
      aiex.useToken @token0("Release", 1)
      aie.end
    }
  }
}

// CHECK:      aiex.connection(%tile_7_2, DMA : 0, %tile_7_3, North : 1)
// CHECK-NEXT: aiex.multicast(%tile_7_2, DMA : 0) {
// CHECK-NEXT:   aiex.multi_dest<%tile_7_3, DMA : 0>
// CHECK-NEXT:   aiex.multi_dest<%tile_7_4, Core : 1>
// CHECK-NEXT: }
// CHECK-NEXT: aiex.broadcast_packet(%tile_7_2, DMA : 0) {
// CHECK-NEXT:   aiex.bp_id(0) {
// CHECK-NEXT:     aiex.bp_dest<%tile_7_3, DMA : 0>
// CHECK-NEXT:   }
// CHECK-NEXT:   aiex.bp_id(1) {
// CHECK-NEXT:     aiex.bp_dest<%tile_7_4, DMA : 1>
// CHECK-NEXT:     aiex.bp_dest<%tile_7_3, DMA : 1>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: aiex.token(0) {sym_name = "token0"}
// CHECK-NEXT: aiex.memcpy @token0(1, 2) (%tile_7_2 : <%buf, 0, 16>, %tile_7_3 : <%buf2, 4, 12>) : (memref<16xi32>, memref<16xi32>)
// CHECK-NEXT: %core_7_2 = aie.core(%tile_7_2) {
// CHECK-NEXT:   aiex.useToken @token0(Acquire, 0)
// CHECK-NEXT:   aiex.useToken @token0(Release, 1)
// CHECK-NEXT:   aie.end
// CHECK-NEXT: }

// -----

// The experimental herd ops.
module {
  %0 = aiex.herd[2] [3]
  %1 = aiex.herd[1] [1] {sym_name = "h"}
  %2 = aiex.iter(0, 4, 2)
  %3 = aiex.select(%0, %2, %2)
  aiex.place(%0, %1, 2, 0)
  aiex.route(<%3, DMA : 0>, <%1, "DMA" : 1>)
  %c3 = arith.constant 3 : index
  %4 = aiex.getTile(%c3, %c3)
}

// CHECK:      %0 = aiex.herd[2] [3]
// CHECK-NEXT: %1 = aiex.herd[1] [1] {sym_name = "h"}
// CHECK-NEXT: %2 = aiex.iter(0, 4, 2)
// CHECK-NEXT: %3 = aiex.select(%0, %2, %2)
// CHECK-NEXT: aiex.place(%0, %1, 2, 0)
// CHECK-NEXT: aiex.route(<%3, DMA : 0>, <%1, DMA : 1>)
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %4 = aiex.getTile(%c3, %c3)

// -----

// Reconfiguring another device from a runtime sequence.
module {
  aie.device(npu2) @empty {
    aie.runtime_sequence @run_me(%arg0: memref<64xi32>) {
    }
  }
  aie.device(npu2) {
    aie.runtime_sequence(%arg0: memref<64xi32>) {
      aiex.configure @empty {
        aiex.run @run_me(%arg0) : (memref<64xi32>)
      }
      aiex.npu.load_pdi {device_ref = @empty}
    }
  }
}

// CHECK:      aie.runtime_sequence(%arg0: memref<64xi32>) {
// CHECK-NEXT:   aiex.configure @empty {
// CHECK-NEXT:     aiex.run @run_me(%arg0) : (memref<64xi32>)
// CHECK-NEXT:   }
// CHECK-NEXT:   aiex.npu.load_pdi {device_ref = @empty}
// CHECK-NEXT: }

// -----

// Block-float element types.
module {
  aie.device(npu2) {
    %tile_0_2 = aie.tile(0, 2)
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    aie.objectfifo @bfp(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<16x!aiex.bfp<"v16bfp16ebs16">>> 
    %b = aie.buffer(%tile_0_2) {sym_name = "b"} : memref<4x!aiex.bfp<"v8bfp16ebs8">> 
  }
}

// CHECK: aie.objectfifo @bfp(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<16x!aiex.bfp<"v16bfp16ebs16">>> {{$}}
// CHECK: %b = aie.buffer(%tile_0_2) {sym_name = "b"} : memref<4x!aiex.bfp<"v8bfp16ebs8">> {{$}}
