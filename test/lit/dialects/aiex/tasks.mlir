// Round trip of the DMA task ops: custom -> custom, and custom -> generic -> custom.
// RUN: iron-opt %s --split-input-file | filecheck %s
// RUN: iron-opt %s --split-input-file --print-op-generic | iron-opt --split-input-file | filecheck %s

module {
  aie.device(npu2_1col) {
    %tile_0_2 = aie.tile(0, 2)
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    aie.objectfifo @in(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<4096xi8>> 
    aie.objectfifo @out(%tile_0_2, {%shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<4096xi8>> 
    aie.runtime_sequence(%arg0: memref<16384xi8>, %arg1: memref<16384xi8>) {
      %0 = aiex.dma_configure_task_for @in {
        aie.end
      }
      aiex.dma_start_task(%0)
      %1 = aiex.dma_configure_task_for @out {
        aie.end
      } {issue_token = true, repeat_count = 7 : i32}
      aiex.dma_start_task(%1)
      aiex.dma_await_task(%1)
      aiex.dma_free_task(%0)
    }
  }
}

// CHECK:      aie.runtime_sequence(%arg0: memref<16384xi8>, %arg1: memref<16384xi8>) {
// CHECK-NEXT:   %0 = aiex.dma_configure_task_for @in {
// CHECK-NEXT:     aie.end
// CHECK-NEXT:   }
// CHECK-NEXT:   aiex.dma_start_task(%0)
// CHECK-NEXT:   %1 = aiex.dma_configure_task_for @out {
// CHECK-NEXT:     aie.end
// CHECK-NEXT:   } {issue_token = true, repeat_count = 7 : i32}
// CHECK-NEXT:   aiex.dma_start_task(%1)
// CHECK-NEXT:   aiex.dma_await_task(%1)
// CHECK-NEXT:   aiex.dma_free_task(%0)
// CHECK-NEXT: }

// -----

// Defaults written explicitly are elided; attributes are sorted by name.
module {
  aie.device(npu1_1col) {
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %tile_0_2 = aie.tile(0, 2)
    aie.objectfifo @fifo(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<16xi32>> 
    aie.runtime_sequence(%arg0: memref<16xi32>) {
      %0 = aiex.dma_configure_task_for @fifo {
        aie.end
      } {repeat_count = 0 : i32, issue_token = false}
      %1 = aiex.dma_configure_task_for @fifo {
        aie.end
      } {repeat_count = 3 : i32, issue_token = false, user.tag = "x"}
      aiex.dma_free_task(%0)
      aiex.dma_free_task(%1)
    }
  }
}

// CHECK:      %0 = aiex.dma_configure_task_for @fifo {
// CHECK-NEXT:   aie.end
// CHECK-NEXT: }
// CHECK-NEXT: %1 = aiex.dma_configure_task_for @fifo {
// CHECK-NEXT:   aie.end
// CHECK-NEXT: } {repeat_count = 3 : i32, user.tag = "x"}

// -----

// aiex.dma_configure_task on a placed tile is named dma_configure_task_C_R; with a packet
// header the packet info is printed stripped inside the parentheses.
module {
  aie.device(npu1) {
    %shim_noc_tile_1_0 = aie.tile(1, 0)
    %mem_tile_1_1 = aie.tile(1, 1)
    aie.runtime_sequence(%arg0: memref<32xi8>) {
      %t0 = aiex.dma_configure_task(%shim_noc_tile_1_0, MM2S, 1) {
        aie.end
      } {issue_token = true}
      %t1 = aiex.dma_configure_task(%shim_noc_tile_1_0, S2MM, 0, <pkt_type = 2, pkt_id = 7>) {
        aie.end
      } {repeat_count = 2 : i32}
      %t2 = aiex.dma_configure_task(%mem_tile_1_1, "MM2S", 5) {
        aie.end
      }
      aiex.dma_start_task(%t0)
      aiex.dma_start_task(%t1)
      aiex.dma_start_task(%t2)
      aiex.dma_await_task(%t0)
      aiex.dma_free_task(%t1)
      aiex.dma_free_task(%t2)
    }
  }
}

// CHECK:      %dma_configure_task_1_0 = aiex.dma_configure_task(%shim_noc_tile_1_0, MM2S, 1) {
// CHECK-NEXT:   aie.end
// CHECK-NEXT: } {issue_token = true}
// CHECK-NEXT: %dma_configure_task_1_0_0 = aiex.dma_configure_task(%shim_noc_tile_1_0, S2MM, 0, <pkt_type = 2, pkt_id = 7>) {
// CHECK-NEXT:   aie.end
// CHECK-NEXT: } {repeat_count = 2 : i32}
// CHECK-NEXT: %dma_configure_task_1_1 = aiex.dma_configure_task(%mem_tile_1_1, MM2S, 5) {
// CHECK-NEXT:   aie.end
// CHECK-NEXT: }
// CHECK-NEXT: aiex.dma_start_task(%dma_configure_task_1_0)
// CHECK-NEXT: aiex.dma_start_task(%dma_configure_task_1_0_0)
// CHECK-NEXT: aiex.dma_start_task(%dma_configure_task_1_1)
// CHECK-NEXT: aiex.dma_await_task(%dma_configure_task_1_0)
// CHECK-NEXT: aiex.dma_free_task(%dma_configure_task_1_0_0)
// CHECK-NEXT: aiex.dma_free_task(%dma_configure_task_1_1)

// -----

// A task body may be a chain of blocks.
module {
  aie.device(npu1_1col) {
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    aie.runtime_sequence(%arg0: memref<32xi8>) {
      %0 = aiex.dma_configure_task(%shim_noc_tile_0_0, MM2S, 0) {
        aie.next_bd ^bb1
      ^bb1:
        aie.end
      }
      aiex.dma_start_task(%0)
    }
  }
}

// CHECK:      %dma_configure_task_0_0 = aiex.dma_configure_task(%shim_noc_tile_0_0, MM2S, 0) {
// CHECK-NEXT:   aie.next_bd ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   aie.end
// CHECK-NEXT: }

// -----

// BD chains started on a tile channel (named like a TileElement) or on an allocation; a task
// body holding real BDs.
module {
  aie.device(npu1_1col) {
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %tile_0_2 = aie.tile(0, 2)
    aie.objectfifo @in(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<1024xi16>> 
    aie.bd_chain @simple_chain(%arg0: memref<8xi16>, %arg1: memref<12xi16>) {
      aie.dma_bd(%arg0 : memref<8xi16>, 0, 8)
      aie.next_bd ^bb1
    ^bb1:
      aie.dma_bd(%arg1 : memref<12xi16>, 0, 12)
      aie.end
    }
    aie.runtime_sequence(%arg0: memref<4096xi16>, %a: memref<8xi16>, %b: memref<12xi16>) {
      %0 = aiex.dma_configure_task_for @in {
        aie.dma_bd(%arg0 : memref<4096xi16>, 0, 4096, [<size = 1, stride = 0>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 4096, stride = 1>]) {burst_length = 0 : i32}
        aie.end
      }
      aiex.dma_start_task(%0)
      %1 = aiex.dma_start_bd_chain @simple_chain(%a, %b) : (memref<8xi16>, memref<12xi16>)  on (%shim_noc_tile_0_0, "MM2S", 1) {issue_token = true}
      %2 = aiex.dma_start_bd_chain_for @simple_chain(%a, %b) : (memref<8xi16>, memref<12xi16>) for @in {repeat_count = 0 : i32}
      %3 = aiex.dma_start_bd_chain_for @simple_chain(%a, %b) : (memref<8xi16>, memref<12xi16>) for @in {repeat_count = 2 : i32}
      aiex.dma_await_task(%1)
      aiex.dma_free_task(%2)
      aiex.dma_free_task(%3)
      aiex.dma_free_task(%0)
    }
  }
}

// CHECK:      aie.runtime_sequence(%arg0: memref<4096xi16>, %arg1: memref<8xi16>, %arg2: memref<12xi16>) {
// CHECK-NEXT:   %0 = aiex.dma_configure_task_for @in {
// CHECK-NEXT:     aie.dma_bd(%arg0 : memref<4096xi16>, 0, 4096, [<size = 1, stride = 0>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 4096, stride = 1>]) {burst_length = 0 : i32}
// CHECK-NEXT:     aie.end
// CHECK-NEXT:   }
// CHECK-NEXT:   aiex.dma_start_task(%0)
// CHECK-NEXT:   %dma_start_bd_chain_0_0 = aiex.dma_start_bd_chain @simple_chain(%arg1, %arg2) : (memref<8xi16>, memref<12xi16>) on (%shim_noc_tile_0_0, MM2S, 1) {issue_token = true}
// CHECK-NEXT:   %1 = aiex.dma_start_bd_chain_for @simple_chain(%arg1, %arg2) : (memref<8xi16>, memref<12xi16>) for @in
// CHECK-NEXT:   %2 = aiex.dma_start_bd_chain_for @simple_chain(%arg1, %arg2) : (memref<8xi16>, memref<12xi16>) for @in {repeat_count = 2 : i32}
// CHECK-NEXT:   aiex.dma_await_task(%dma_start_bd_chain_0_0)
// CHECK-NEXT:   aiex.dma_free_task(%1)
// CHECK-NEXT:   aiex.dma_free_task(%2)
// CHECK-NEXT:   aiex.dma_free_task(%0)
// CHECK-NEXT: }
