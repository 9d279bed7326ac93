// iron-tile-to-dma-bd: runtime taps become BD chains on the fill/drain (IRON's exact four-dim
// BD when legal as written), fifo dims become one legal BD for the tile kind of their end.
// RUN: iron-opt %s --split-input-file -p iron-tile-to-dma-bd | filecheck %s

// Legal as written: IRON's single BD, repeat_count = sizes[0] - 1, len = prod(sizes[1:]).
iron.program @as_written device(npu2_1col) {
  iron.fifo @in : memref<64x32xi32> producer(runtime @sequence depth 2 on #iron.tile<0, 0>) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<0, 2> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<512x512xi32>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [8, 16, 64, 32] strides [32768, 32, 512, 1] : memref<512x512xi32>
  }
}
// CHECK-LABEL: iron.program @as_written
// CHECK: iron.fill @in from %arg0 offset 0 sizes [8, 16, 64, 32] strides [32768, 32, 512, 1] : memref<512x512xi32> {bds = [#iron.bd<offset = 0, len = 32768, dims = [<size = 8, stride = 32768>, <size = 16, stride = 32>, <size = 64, stride = 512>, <size = 32, stride = 1>]>], repeat_count = 7 : i32}

// -----

// A d0 size of 2048 words exceeds the shim's 10-bit wrap: the contiguous dims fold into one
// linear transfer; a strided 2048-element run moves to the unwrapped outer dimension.
iron.program @rewrite device(npu1_1col) {
  iron.fifo @in : memref<2048xi32> producer(runtime @sequence depth 2 on #iron.tile<0, 0>) consumers(worker @w depth 2)
  iron.fifo @out : memref<2048xi32> producer(worker @w depth 2) consumers(runtime @sequence depth 2 on #iron.tile<0, 0>)
  iron.worker @w on #iron.tile<0, 2> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<8192xi32>, %arg1: memref<4096x2xi32>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 2048, 4] strides [0, 0, 4, 1] : memref<8192xi32>
    iron.drain @out into %arg1 offset 0 sizes [1, 1, 1, 2048] strides [0, 0, 0, 2] wait : memref<4096x2xi32>
  }
}
// CHECK-LABEL: iron.program @rewrite
// CHECK: iron.fill @in {{.*}} {bds = [#iron.bd<offset = 0, len = 8192, dims = [<size = 1, stride = 0>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 8192, stride = 1>]>], repeat_count = 0 : i32}
// CHECK: iron.drain @out {{.*}} {bds = [#iron.bd<offset = 0, len = 2048, dims = [<size = 1, stride = 0>, <size = 2048, stride = 2>, <size = 1, stride = 0>, <size = 1, stride = 0>]>], repeat_count = 0 : i32}

// -----

// Fifo dims: a 2048-wide dim on a mem tile is factorised (4 x 512); a contiguous pattern on a
// compute tile needs no dims at all.
iron.program @fifo_dims device(npu1_1col) {
  iron.fifo @in : memref<4096xi32> producer(runtime @sequence depth 1 on #iron.tile<0, 0>) consumers(link @fwd depth 1 dims [<size = 2048, stride = 2>])
  iron.fifo @mid : memref<4096xi32> producer(link @fwd depth 1) consumers(worker @w depth 1 dims [<size = 16, stride = 256>, <size = 256, stride = 1>])
  iron.link @fwd [@in] -> [@mid] offsets([] [0]) on #iron.tile<0, 1>
  iron.worker @w on #iron.tile<0, 2> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<4096xi32>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 4096] strides [0, 0, 0, 1] : memref<4096xi32>
  }
}
// CHECK-LABEL: iron.program @fifo_dims
// CHECK: iron.fifo @in : memref<4096xi32> producer(runtime @sequence depth 1 on #iron.tile<0, 0>) consumers(link @fwd depth 1 dims [<size = 4, stride = 1024>, <size = 512, stride = 2>])
// CHECK: iron.fifo @mid : memref<4096xi32> producer(link @fwd depth 1) consumers(worker @w depth 1)
