// IR that aie-opt accepts and our verifier therefore accepts too (iron-lint may warn about
// some of it): every chunk must print back without an error.
// RUN: iron-opt %s --split-input-file | filecheck %s
// RUN: iron-opt %s --split-input-file -o /dev/null 2>&1 | filecheck %s --check-prefix=NOERR --allow-empty
// NOERR-NOT: error:

// A consumer may hold more objects than its declared depth: the stateful transform raises it.
// CHECK-LABEL: aie.device(npu1)
// CHECK: aie.objectfifo.acquire @of(Consume, 3)
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t03) {
    %s = aie.objectfifo.acquire @of(Consume, 3) : !aie.objectfifosubview<memref<16xi32>>
    aie.objectfifo.release @of(Consume, 3)
    aie.end
  }
}

// -----
// Waiting on a task without a token is rejected by its lowering, not by the verifier.
// CHECK: aiex.dma_await_task
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  aie.runtime_sequence(%a: memref<64xi32>) {
    %0 = aiex.dma_configure_task(%t00, MM2S, 0) {
      aie.dma_bd(%a : memref<64xi32>, 0, 64)
      aie.end
    }
    aiex.dma_start_task(%0)
    aiex.dma_await_task(%0)
  }
}

// -----
// Several shim_mux ops, and two dma_start ops on one channel, on one tile.
// CHECK-COUNT-2: aie.shim_mux
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  %m0 = aie.shim_mux(%t00) {
    aie.connect<DMA : 0, North : 3>
  }
  %m1 = aie.shim_mux(%t00) {
    aie.connect<DMA : 1, North : 7>
  }
}

// -----
// A BD in a runtime task is verified when the task is lowered: more dimensions than a DMA
// program's BD (the outermost one is the iteration dimension) and a reach past the buffer.
// CHECK: aiex.dma_configure_task
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  aie.runtime_sequence(%a: memref<64xi32>) {
    %0 = aiex.dma_configure_task(%t00, MM2S, 0) {
      aie.dma_bd(%a : memref<64xi32>, 0, 256, [<size = 4, stride = 0>, <size = 2, stride = 32>, <size = 4, stride = 8>, <size = 8, stride = 1>])
      aie.end
    }
  }
}

// -----
// A padded BD may be longer than its buffer; offset + len past the buffer and a BD offset
// that is not word aligned (no address assigned yet) are accepted.
// CHECK: aie.memtile_dma
aie.device(npu2) {
  %t11 = aie.tile(1, 1)
  %buf = aie.buffer(%t11) : memref<512xi32>
  %b8 = aie.buffer(%t11) : memref<64xi8>
  aie.memtile_dma(%t11) {
    aie.dma_start(MM2S, 0, ^bd0, ^end)
  ^bd0:
    aie.dma_bd(%buf : memref<512xi32> len = 1024 sizes = [1, 512] strides = [0, 1] pad [<const_pad_before = 0, const_pad_after = 1>, <const_pad_before = 0, const_pad_after = 0>])
    aie.next_bd ^bd1
  ^bd1:
    aie.dma_bd(%b8 : memref<64xi8>, 2, 4)
    aie.next_bd ^end
  ^end:
    aie.end
  }
}

// -----
// Overlapping distribute offsets, a duplicated tile, buffers past a tile's memory, lock init
// values a lock cannot hold: all legal IR (iron-lint warns).
// CHECK: aie.objectfifo.link [@a] -> [@b, @c]([] [0, 4])
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  %t03b = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo @b(%t01, {%t02}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @c(%t01, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo.link [@a] -> [@b, @c]([] [0, 4])
  %big = aie.buffer(%t03) : memref<20000xi32>
  %l = aie.lock(%t03, 0) {init = 99 : i32}
}

// -----
// The 2023 spelling of BD dimensions.
// CHECK: aie.dma_bd(%{{.*}} : memref<128xi32>, 0, 128, [<size = 2, stride = 64>, <size = 64, stride = 1>])
aie.device(xcve2802) {
  %t33 = aie.tile(3, 3)
  %buf = aie.buffer(%t33) : memref<128xi32>
  %m = aie.mem(%t33) {
    %d = aie.dma_start("MM2S", 0, ^bd0, ^end)
  ^bd0:
    aie.dma_bd(%buf : memref<128xi32>, 0, 128, [<wrap = 2, step = 64>, <wrap = 64, step = 1>])
    aie.next_bd ^end
  ^end:
    aie.end
  }
}
