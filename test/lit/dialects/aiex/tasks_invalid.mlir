// Verifier rules of the DMA task ops.
// RUN: iron-opt %s --split-input-file --verify-diagnostics | filecheck %s

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %0 = aiex.dma_configure_task_for @nowhere {
      aie.end
    }
  }
}

// CHECK: no shim DMA allocation found for symbol @nowhere: expected an aie.shim_dma_allocation or aie.objectfifo named @nowhere in the enclosing aie.device

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %0 = aiex.dma_configure_task_for @of {
      aie.end
    } {repeat_count = 256 : i32}
  }
}

// CHECK: Repeat count exceeds the [0:255] range (got 256).

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %0 = aiex.dma_configure_task(%shim_noc_tile_0_0, MM2S, 0) {
      aie.end
    } {repeat_count = -1 : i32}
  }
}

// CHECK: Repeat count exceeds the [0:255] range (got -1).

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %c0 = arith.constant 0 : index
    aiex.dma_start_task(%c0)
  }
}

// CHECK: does not reference a valid configure_task operation. The task operand must be the result of aiex.dma_configure_task, aiex.dma_configure_task_for, aiex.dma_start_bd_chain or aiex.dma_start_bd_chain_for

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %c0 = arith.constant 0 : index
    aiex.dma_free_task(%c0)
  }
}

// CHECK: does not reference a valid configure_task operation.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %0 = aiex.dma_configure_task(%shim_noc_tile_0_0, MM2S, 2) {
      aie.end
    }
  }
}

// CHECK: channel 2 is not a MM2S DMA channel of the shim NOC tile at (0, 0): it has 2 (MM2S 0..1)

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %0 = aiex.dma_configure_task(%mem_tile_0_1, S2MM, 6) {
      aie.end
    }
  }
}

// CHECK: channel 6 is not a S2MM DMA channel of the mem tile at (0, 1): it has 6 (S2MM 0..5)

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %0 = aiex.dma_configure_task(%shim_noc_tile_0_0, MM2S, 0) {
      aie.end
    ^bb1:
      aie.end
    }
  }
}

// CHECK: Block ending in this terminator does not form a chain with entry block.

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %0 = aiex.dma_configure_task(%tile_0_2, MM2S, 0) {
      aie.dma_bd(%arg0 : memref<64xi32>, 0, 64) {burst_length = 128 : i32}
      aie.end
    }
  }
}

// CHECK: Burst length is only supported in Shim NOC tiles that are connected to the memory-mapped NOC.

// -----

// An enum value outside DMAChannelDir in generic form.
aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %0 = "aiex.dma_configure_task"(%shim_noc_tile_0_0) <{channel = 0 : i32, direction = 7 : i32}> ({
      "aie.end"() : () -> ()
    }) : (index) -> index
  }
}

// CHECK: direction = 7 is not a valid DMAChannelDir

// -----

// Task ops live in a runtime sequence.
aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  %c = aiex.dma_configure_task_for @of {
    aie.end
  }
  aie.runtime_sequence(%arg0: memref<64xi32>) {
  }
}

// CHECK: expects parent op to be one of 'aie.runtime_sequence'

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%a: memref<8xi16>) {
    %t = aiex.dma_start_bd_chain @nowhere(%a) : (memref<8xi16>) on (%shim_noc_tile_0_0, MM2S, 0)
  }
}

// CHECK: symbol does not reference valid BD chain (@nowhere)

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.bd_chain @chain(%a: memref<8xi16>) {
    aie.dma_bd(%a : memref<8xi16>, 0, 8)
    aie.end
  }
  aie.runtime_sequence(%a: memref<8xi16>) {
    %t = aiex.dma_start_bd_chain @chain(%a, %a) : (memref<8xi16>, memref<8xi16>) on (%shim_noc_tile_0_0, MM2S, 0)
  }
}

// CHECK: Number of arguments mismatches. @chain takes 1, got 2

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.bd_chain @chain(%a: memref<8xi16>) {
    aie.dma_bd(%a : memref<8xi16>, 0, 8)
    aie.end
  }
  aie.runtime_sequence(%a: memref<9xi16>) {
    %t = aiex.dma_start_bd_chain @chain(%a) : (memref<9xi16>) on (%shim_noc_tile_0_0, MM2S, 0)
  }
}

// CHECK: Argument 1 types mismatch: expected memref<8xi16> but got memref<9xi16>

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.bd_chain @chain(%a: memref<8xi16>) {
    aie.dma_bd(%a : memref<8xi16>, 0, 8)
    aie.end
  }
  aie.runtime_sequence(%a: memref<8xi16>) {
    %t = aiex.dma_start_bd_chain @chain(%a) : (memref<8xi16>) on (%shim_noc_tile_0_0, S2MM, 3)
  }
}

// CHECK: channel 3 is not a S2MM DMA channel of the shim NOC tile at (0, 0)

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.bd_chain @chain(%a: memref<8xi16>) {
    aie.dma_bd(%a : memref<8xi16>, 0, 8)
    aie.end
  }
  aie.runtime_sequence(%a: memref<8xi16>) {
    %t = aiex.dma_start_bd_chain_for @chain(%a) : (memref<8xi16>) for @nowhere
  }
}

// CHECK: no shim DMA allocation found for symbol @nowhere

// -----

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.bd_chain @chain(%a: memref<8xi16>) {
    aie.dma_bd(%a : memref<8xi16>, 0, 8)
    aie.end
  }
  aie.runtime_sequence(%a: memref<8xi16>) {
    %t = aiex.dma_start_bd_chain_for @chain(%a) : (memref<8xi16>) for @of {repeat_count = 300 : i32}
  }
}

// CHECK: Repeat count exceeds the [0:255] range (got 300).
