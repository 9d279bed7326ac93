// iron-tile-to-dma-bd fails only when no legal form exists, naming the pattern, the tile kind,
// the field and its limit; and when its preconditions do not hold.
// RUN: iron-opt %s --split-input-file --verify-diagnostics -p iron-tile-to-dma-bd | filecheck %s

// Every other i8: the innermost run is one byte, below the DMA's 4-byte word.
iron.program @subword device(npu1_1col) {
  iron.fifo @in : memref<64xi8> producer(runtime @sequence depth 2 on #iron.tile<0, 0>) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<0, 2> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<128xi8>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 64] strides [0, 0, 0, 2] : memref<128xi8>
  }
}
// CHECK: iron.fill @in: cannot lower the access pattern (offset 0, sizes [1, 1, 1, 64], strides [0, 0, 0, 2]) of 1-byte elements on the shim NOC tile

// -----

// Layout transforms are not available on a shim end of a fifo.
iron.program @shim_dims device(npu1_1col) {
  iron.fifo @in : memref<64xi32> producer(runtime @sequence depth 2 dims [<size = 8, stride = 8>, <size = 8, stride = 1>] on #iron.tile<0, 0>) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<0, 2> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<64xi32>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 64] strides [0, 0, 0, 1] : memref<64xi32>
  }
}
// CHECK: fifo @in: dims_to_stream is on the runtime's end, a shim NOC tile, where objectfifo layout transforms are not available. Give the layout to the runtime's fill/drain as a tap (TensorAccessPattern) instead.

// -----

iron.program @unplaced device(npu1_1col) {
  iron.fifo @in : memref<64xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<64xi32>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 64] strides [0, 0, 0, 1] : memref<64xi32>
  }
}
// CHECK: iron.fill @in: the runtime end of the fifo is not placed yet; run iron-place before iron-tile-to-dma-bd

// -----

// Three transfers of one task group whose taps each need a chain of 6 BDs (6 dims that do not
// fold): 18 BDs on one shim tile, which has 16.
iron.program @budget device(npu1_1col) {
  iron.fifo @a : memref<4xi32> producer(runtime @sequence depth 2 on #iron.tile<0, 0>) consumers(worker @w depth 2)
  iron.fifo @b : memref<4xi32> producer(runtime @sequence depth 2 on #iron.tile<0, 0>) consumers(worker @w depth 2)
  iron.fifo @c : memref<4xi32> producer(worker @w depth 2) consumers(runtime @sequence depth 2 on #iron.tile<0, 0>)
  iron.worker @w on #iron.tile<0, 2> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%x: memref<100000xi32>, %y: memref<100000xi32>, %z: memref<100000xi32>) {
    iron.start [@w]
    iron.fill @a from %x offset 0 sizes [2, 3, 2, 2, 2, 2] strides [40000, 1000, 100, 10, 3, 1] : memref<100000xi32>
    iron.fill @b from %y offset 0 sizes [2, 3, 2, 2, 2, 2] strides [40000, 1000, 100, 10, 3, 1] : memref<100000xi32>
    iron.drain @c into %z offset 0 sizes [2, 3, 2, 2, 2, 2] strides [40000, 1000, 100, 10, 3, 1] wait : memref<100000xi32>
  }
}
// CHECK: the runtime transfers of one task group need 18 buffer descriptors on shim NOC tile Tile(0, 0) of npu1_1col, which has 16 (iron.fill @a: 6; iron.fill @b: 6; iron.drain @c: 6).
