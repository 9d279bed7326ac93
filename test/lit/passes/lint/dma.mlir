// iron-lint rules (dma): legal IR aie-opt accepts that will hang, overflow or
// mis-transfer; each warning names its rule.
// RUN: iron-opt %s --split-input-file -p iron-lint -o /dev/null 2>&1 | filecheck %s

aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi8>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi8>, 2, 8)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: warning: 'aie.dma_bd' op bd address must be 4 byte (32b) aligned; got offset 2 elements = 2 bytes [the compute tile BD of this aie.mem] [iron-lint: bd-hardware]

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<256xi32>, 32, 64, [<size = 8, stride = 32>, <size = 8, stride = 1>])
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: warning: 'aie.dma_bd' op Specified stride(s) and size(s) result in out of bounds access in buffer, for index 263 in memref of length 256. [the compute tile BD of this aie.mem] [iron-lint: bd-hardware]

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<256xi32>
  %l = aie.lock(%t, 0)
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.use_lock(%l, Release, 64)
    aie.dma_bd(%b : memref<256xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: warning: 'aie.use_lock' op aie.use_lock value 64 is out of range: locks on a compute tile of npu1 hold 0..63 [iron-lint: lock-value]

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<16xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(S2MM, 2, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: warning: 'aie.dma_start' op S2MM channel 2 does not exist: a compute tile has 2 S2MM channels [iron-lint: dma-channel]

// -----
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  %t02 = aie.tile(0, 2)
  aie.objectfifo @in(%t00, {%t02}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.runtime_sequence(%a: memref<2097152xi32>) {
    %0 = aiex.dma_configure_task_for @in {
      aie.dma_bd(%a : memref<2097152xi32>, 0, 2, [<size = 2, stride = 1048577>, <size = 1, stride = 1>])
      aie.end
    }
  }
}
// CHECK: warning: 'aie.dma_bd' op Stride may not exceed 1048576. (dimension 1 of this shim NOC tile BD: stride 1048577 elements = 1048577 words) [the shim NOC tile BD of this runtime task] [iron-lint: bd-hardware]

// -----
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  aie.runtime_sequence(%a: memref<1024xi32>) {
    %0 = aiex.dma_configure_task(%t00, MM2S, 0) {
      aie.dma_bd(%a : memref<1024xi32>, 0, 32, [<size = 1, stride = 0>, <size = 2, stride = 1>, <size = 2, stride = 1>, <size = 2, stride = 1>, <size = 4, stride = 1>])
      aie.end
    }
  }
}
// CHECK: warning: 'aie.dma_bd' op Cannot give more than 3 dimensions plus one iteration dimension for step sizes and wraps on this tile (shim NOC tile) (got 5 dimensions). [the shim NOC tile BD of this runtime task] [iron-lint: bd-hardware]

// -----
aie.device(npu2) {
  %t00 = aie.tile(0, 0)
  aie.shim_dma_allocation @alloc(%t00, MM2S, 0)
  aie.runtime_sequence(%a: memref<65536xi32>) {
    %0 = aiex.dma_configure_task_for @alloc {
      aie.dma_bd(%a : memref<65536xi32>, 0, 1024, [<size = 65, stride = 1024>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 1024, stride = 1>])
      aie.end
    }
  }
}
// CHECK: warning: 'aie.dma_bd' op Iteration size 65 exceeds the [1:64] range of the BD iteration (repeat) dimension. [the shim NOC tile BD of this runtime task] [iron-lint: bd-hardware]

// -----
aie.device(npu2) {
  %t00 = aie.tile(0, 0)
  %t02 = aie.tile(0, 2)
  aie.objectfifo @out(%t02, {%t00}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.runtime_sequence(%a: memref<4096xi32>) {
    %0 = aiex.dma_configure_task_for @out {
      aie.dma_bd(%a : memref<4096xi32>, 0, 4096, [<size = 2, stride = 4096>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 4096, stride = 1>])
      aie.end
    }
  }
}
// CHECK: warning: 'aie.dma_bd' op Specified stride(s) and size(s) result in out of bounds access in buffer, for index 8191 in memref of length 4096. [the shim NOC tile BD of this runtime task] [iron-lint: bd-hardware]

// -----
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  aie.runtime_sequence(%a: memref<?xi8>) {
    %0 = aiex.dma_configure_task(%t00, MM2S, 0) {
      aie.dma_bd(%a : memref<?xi8>, 0, 6)
      aie.end
    }
  }
}
// CHECK: warning: 'aie.dma_bd' op transfer length must be multiple of 4 (i.e., represent 4 byte aligned address): 6 elements x 1 bytes = 6 bytes [the shim NOC tile BD of this runtime task] [iron-lint: bd-hardware]
