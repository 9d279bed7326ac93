// Verifier rules aie-opt has, with its wording, at the op it blames.
// RUN: iron-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// RUN: not iron-opt %s --split-input-file -o /dev/null 2>&1 | filecheck %s --check-prefix=LOC

// Outside any aie.device the VC1902 model applies: a buffer used by a core that cannot reach it.
module @legacy {
  %t11 = aie.tile(1, 1)
  %t44 = aie.tile(4, 4)
  %b = aie.buffer(%t11) {sym_name = "a"} : memref<16xi32>
  %c = aie.core(%t44) {
    %v = arith.constant 1 : i32
    %i = arith.constant 3 : index
    memref.store %v, %b[%i] : memref<16xi32>
    aie.end
  }
}
// CHECK: in Column 1 and Row 1 is accessed from an unreachable tile in Column 4 and Row 4
// LOC: verdict_invalid.mlir:9:3: error: 'aie.buffer' op in Column 1 and Row 1 is accessed from an unreachable tile in Column 4 and Row 4

// -----
module @lock_outside {
  %t44 = aie.tile(4, 4)
  %l = aie.lock(%t44, 3)
  func.func @f() -> () {
    aie.use_lock(%l, Acquire, 1)
    return
  }
}
// CHECK: is accessed outside of a tile

// -----
module @core_on_shim {
  %t = aie.tile(4, 0)
  %c = aie.core(%t) {
    aie.end
  }
}
// CHECK: failed to verify that op exists in a core tile

// -----
aie.device(xcve2802) {
  %t = aie.tile(1, 1)
  %l = aie.lock(%t, 64)
}
// CHECK: lock assigned invalid id (maximum is 63)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %l = aie.lock(%t, -3)
}
// CHECK: attribute 'lockID' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0

// -----
// Mem tiles reach their West and East mem tiles only.
aie.device(xcve2802) {
  %t1 = aie.tile(1, 1)
  %t3 = aie.tile(3, 1)
  %b1 = aie.buffer(%t1) : memref<256xi32>
  %b3 = aie.buffer(%t3) : memref<256xi32>
  %m = aie.memtile_dma(%t1) {
    aie.dma_start("MM2S", 0, ^bd0, ^end)
  ^bd0:
    aie.dma_bd(%b3 : memref<256xi32>, 0, 256)
    aie.next_bd ^end
  ^end:
    aie.end
  }
}
// CHECK: in Column 3 and Row 1 is accessed from an unreachable tile in Column 1 and Row 1

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %m = aie.mem(%t) {
    %d = aie.dma_start("MM2S", 0, ^bd0, ^end)
  ^bd0:
    cf.br ^end
  ^end:
    aie.end
  }
}
// CHECK: is not an allowed terminator
// LOC: verdict_invalid.mlir:78:5: error: 'cf.br' op is not an allowed terminator

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<16xi32>
  %l0 = aie.lock(%t, 0)
  %l1 = aie.lock(%t, 1)
  %l2 = aie.lock(%t, 2)
  %m = aie.mem(%t) {
    %d = aie.dma_start("MM2S", 0, ^bd0, ^end)
  ^bd0:
    aie.use_lock(%l0, AcquireGreaterEqual, 1)
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.use_lock(%l1, Release, 1)
    aie.use_lock(%l2, Release, 1)
    aie.next_bd ^bd0
  ^end:
    aie.end
  }
}
// CHECK: BD block must have at most one release UseLockOp, found 2

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<16xi32>
  %l0 = aie.lock(%t, 0)
  %m = aie.mem(%t) {
    %d = aie.dma_start("MM2S", 0, ^bd0, ^end)
  ^bd0:
    aie.use_lock(%l0, AcquireGreaterEqual, 1)
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.use_lock(%l0, Release, 2)
    aie.next_bd ^bd1
  ^bd1:
    aie.use_lock(%l0, AcquireGreaterEqual, 1)
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.use_lock(%l0, Release, 1)
    aie.use_lock(%l0, Release, 3)
    aie.next_bd ^end
  ^end:
    aie.end
  }
}
// CHECK: acquires/releases the lock in a DMA block from/to multiple states.

// -----
// AIE1 DMA blocks use one lock.
module @aie1_locks {
  %t = aie.tile(7, 3)
  %b = aie.buffer(%t) : memref<256xi32>
  %l0 = aie.lock(%t, 0)
  %l1 = aie.lock(%t, 1)
  %m = aie.mem(%t) {
    %d = aie.dma_start("MM2S", 0, ^bd0, ^end)
  ^bd0:
    aie.use_lock(%l0, Acquire, 0)
    aie.dma_bd(%b : memref<256xi32>, 0, 256)
    aie.use_lock(%l1, Release, 1)
    aie.next_bd ^end
  ^end:
    aie.end
  }
}
// CHECK: used in a DMA block that have multiple locks.

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %l = aie.lock(%t, 0)
  aie.use_lock(%l, Release, 1)
}
// CHECK: must be used in a core or memory operation.

// -----
// Mem-tile channels 4 and 5 reach only the tile's own buffers.
aie.device(npu1) {
  %t1 = aie.tile(1, 1)
  %t0 = aie.tile(0, 1)
  %b0 = aie.buffer(%t0) : memref<256xi32>
  %m = aie.memtile_dma(%t1) {
    aie.dma_start("MM2S", 4, ^bd0, ^end)
  ^bd0:
    aie.dma_bd(%b0 : memref<256xi32>, 0, 256)
    aie.next_bd ^end
  ^end:
    aie.end
  }
}
// CHECK: is reachable from DMA channel 4 and attempts to access a non-local buffer

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<256xi32>
  %l = aie.lock(%t, 0)
  %m = aie.memtile_dma(%t) {
    %0 = aie.dma(MM2S, 0) [{
      aie.dma_bd(%b : memref<256xi32>, 0, 256)
    }]
    aie.end
  }
}
// CHECK: DMAOp regions/blocks must have exactly two UseLock ops

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %c = aie.core(%t) {
    %x = arith.constant 0 : i32
    aie.end
  } {elf_file = "core.elf"}
}
// CHECK: When `elf_file` attribute is specified, core body must be empty

// -----
aie.device(npu1) {
  %t = aie.tile(0, 0) {allocation_scheme = "basic-sequential"}
}
// CHECK: Shim tiles cannot have an allocation scheme

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) {aie_stream_port = 0 : i32} : !aie.objectfifo<memref<4xi32>>
}
// CHECK: `aie_stream` must be defined

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) {aie_stream = 1 : i32} : !aie.objectfifo<memref<4xi32>>
}
// CHECK: `aie_stream_port` must be defined

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) {aie_stream = 0 : i32, aie_stream_port = 0 : i32, repeat_count = 2 : i32} : !aie.objectfifo<memref<4xi32>>
}
// CHECK: `repeat_count` unavailable on stream end

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03 dimensionsFromStream [<size = 2, stride = 2>]}, 2 : i32) {aie_stream = 0 : i32, aie_stream_port = 0 : i32} : !aie.objectfifo<memref<4xi32>>
}
// CHECK: `dimensionsFromStreamPerConsumer` data layout transformations are unavailable on stream end

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo @c(%t01, {%t02}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.link [@a] -> [@c]([0] [0])
}
// CHECK: all offsets should be empty if there is no join or distribute

// -----
aie.device(xcvc1902) {
  %t32 = aie.tile(3, 2)
  %t33 = aie.tile(3, 3)
  %t34 = aie.tile(3, 4)
  aie.objectfifo @a(%t33, {%t32}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @b(%t34, {%t32}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @c(%t32, {%t33}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.link [@a, @b] -> [@c]([0, 8] [])
}
// CHECK: join and distribute require semaphore locks, which this device lacks
