// Verifier rules of aiex.set_lock, the routing/token ops, aiex.configure/run, !aiex.bfp and the
// CERT jobs.
// RUN: iron-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

aie.device(npu1_1col) {
  %tile_0_2 = aie.tile(0, 2)
  %lock_0_2 = aie.lock(%tile_0_2)
  aie.runtime_sequence() {
    aiex.set_lock(%lock_0_2, 64)
  }
}

// CHECK: Lock value exceeds the maximum value of 63

// -----

aie.device(npu1_1col) {
  %tile_0_2 = aie.tile(0, 2)
  %lock_0_2 = aie.lock(%tile_0_2)
  aie.runtime_sequence() {
    aiex.set_lock(%lock_0_2, -1)
  }
}

// CHECK: Lock value must be non-negative (got -1)

// -----

aie.device(npu1_1col) {
  aie.runtime_sequence() {
    %c0 = arith.constant 0 : index
    aiex.set_lock(%c0, 1)
  }
}

// CHECK: the lock operand must be the result of an aie.lock

// -----

aie.device(xcvc1902) {
  %tile_7_2 = aie.tile(7, 2)
  %lock_7_2 = aie.lock(%tile_7_2, 0)
  aie.runtime_sequence() {
    aiex.set_lock(%lock_7_2, 1)
  }
}

// CHECK: SetLockOp is not supported on AIE1.

// -----

aie.device(npu1_1col) {
  %tile_0_2 = aie.tile(0, 2)
  %tile_0_3 = aie.tile(0, 3)
  aiex.multicast(%tile_0_2, DMA : 0) {
    aiex.multi_dest<%tile_0_3, DMA : 0>
    %c0 = arith.constant 0 : index
  }
}

// CHECK: cannot be contained in a Multicast op

// -----

aie.device(npu1_1col) {
  %tile_0_2 = aie.tile(0, 2)
  %tile_0_3 = aie.tile(0, 3)
  aiex.broadcast_packet(%tile_0_2, DMA : 0) {
    aiex.bp_id(0) {
      aiex.bp_dest<%tile_0_3, DMA : 0>
    }
    %c0 = arith.constant 0 : index
  }
}

// CHECK: cannot be contained in a BroadcastPacket op

// -----

aie.device(npu1_1col) {
  %tile_0_2 = aie.tile(0, 2)
  aiex.token(0) {sym_name = "token0"}
  aiex.useToken @token0(Acquire, 0)
}

// CHECK: must be directly inside one of func.func, aie.core, aie.mem, aie.shim_dma

// -----

aie.device(npu1_1col) {
  %tile_0_2 = aie.tile(0, 2)
  aiex.connection(%tile_0_2, Sideways : 0, %tile_0_2, DMA : 0)
}

// CHECK: 'Sideways' is not a valid WireBundle

// -----

module {
  aie.device(npu2) {
    aie.runtime_sequence(%arg0: memref<64xi32>) {
      aiex.configure @nowhere {
      }
    }
  }
}

// CHECK: No such device: '@nowhere'

// -----

module {
  func.func @notdev() {
    return
  }
  aie.device(npu2) {
    aie.runtime_sequence(%arg0: memref<64xi32>) {
      aiex.configure @notdev {
      }
    }
  }
}

// CHECK: Not a device: '@notdev'

// -----

module {
  aie.device(npu1) @other {
  }
  aie.device(npu2) {
    aie.runtime_sequence(%arg0: memref<64xi32>) {
      aiex.configure @other {
      }
    }
  }
}

// CHECK: Device types do not match: 'npu2' vs. 'npu1'

// -----

module {
  aie.device(npu2) @other {
    aie.runtime_sequence @go(%arg0: memref<64xi32>) {
    }
  }
  aie.device(npu2) {
    aie.runtime_sequence(%arg0: memref<64xi32>) {
      aiex.configure @other {
        aiex.run @stop(%arg0) : (memref<64xi32>)
      }
    }
  }
}

// CHECK: No such runtime sequence for device '@other': '@stop'

// -----

module {
  aie.device(npu2) @other {
    aie.runtime_sequence @go(%arg0: memref<64xi32>) {
    }
  }
  aie.device(npu2) {
    aie.runtime_sequence(%arg0: memref<64xi32>) {
      aiex.configure @other {
        aiex.run @go(%arg0, %arg0) : (memref<64xi32>, memref<64xi32>)
      }
    }
  }
}

// CHECK: argument count mismatch: expected 1, got 2

// -----

module {
  aie.device(npu2) @other {
    aie.runtime_sequence @go(%arg0: memref<64xi32>) {
    }
  }
  aie.device(npu2) {
    aie.runtime_sequence(%arg0: memref<32xi32>) {
      aiex.configure @other {
        aiex.run @go(%arg0) : (memref<32xi32>)
      }
    }
  }
}

// CHECK: argument 0 type mismatch: expected memref<64xi32> but got memref<32xi32>

// -----

aie.device(npu2) {
  %tile_0_2 = aie.tile(0, 2)
  %b = aie.buffer(%tile_0_2) {sym_name = "b"} : memref<4x!aiex.bfp<"v4bfp8">>
}

// CHECK: Invalid block type: v4bfp8. Known types are: v8bfp16ebs8, v16bfp16ebs16.

// -----

aie.device(npu2) {
  %tile_0_2 = aie.tile(0, 2)
  %core_0_2 = aie.core(%tile_0_2) {
    aiex.cert.job(1) {
    }
    aie.end
  }
}

// CHECK: expects parent op to be one of 'aie.device, aiex.cert.attach_to_group'

// -----

aie.device(npu2) {
  aiex.cert.job(1) {
    aiex.cert.uc_dma_bd @x, 0, 16, false
  }
}

// CHECK: 'aiex.cert.uc_dma_bd' expects parent op 'aiex.cert.uc_dma_chain'
