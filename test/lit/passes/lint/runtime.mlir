// iron-lint rules (runtime): legal IR aie-opt accepts that will hang, overflow or
// mis-transfer; each warning names its rule.
// RUN: iron-opt %s --split-input-file -p iron-lint -o /dev/null 2>&1 | filecheck %s

aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of_in(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @nowhere} : memref<64xi32>
  }
}
// CHECK: warning: 'aiex.npu.dma_memcpy_nd' op @nowhere names no aie.objectfifo or aie.shim_dma_allocation in the enclosing aie.device: the transfer has no shim channel to run on [iron-lint: memcpy-pattern]

// -----
aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %0 = aiex.dma_configure_task_for @of {
      aie.end
    }
    aiex.dma_start_task(%0)
    aiex.dma_await_task(%0)
  }
}
// CHECK: warning: 'aiex.dma_await_task' op Cannot wait on a BD that is not configured to issue a token: set issue_token = true on the 'aiex.dma_configure_task_for' of this task, or free it with aiex.dma_free_task; lowering (aie-dma-tasks-to-npu) rejects this wait [iron-lint: await-token]

// -----
aie.device(npu1_1col) {
  %shim_noc_tile_0_0 = aie.tile(0, 0)
  %mem_tile_0_1 = aie.tile(0, 1)
  %tile_0_2 = aie.tile(0, 2)
  aie.objectfifo @of(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
  aie.runtime_sequence(%arg0: memref<64xi32>) {
    %0 = aiex.dma_configure_task(%shim_noc_tile_0_0, MM2S, 0) {
      aie.end
    } {issue_token = false}
    aiex.dma_await_task(%0)
  }
}
// CHECK: warning: 'aiex.dma_await_task' op Cannot wait on a BD that is not configured to issue a token: set issue_token = true on the 'aiex.dma_configure_task' of this task, or free it with aiex.dma_free_task; lowering (aie-dma-tasks-to-npu) rejects this wait [iron-lint: await-token]
