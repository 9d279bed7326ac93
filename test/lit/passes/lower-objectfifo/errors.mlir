// convert-iron-to-aie (and its former name iron-lower-objectfifo) says which pass must run first, and rejects RTP values it cannot write.
// RUN: iron-opt %s --split-input-file --verify-diagnostics -p iron-lower-objectfifo | filecheck %s
// RUN: iron-opt %s --split-input-file --verify-diagnostics -p convert-iron-to-aie | filecheck %s

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
// CHECK: program @unplaced is not placed yet: run iron-place before convert-iron-to-aie (or the iron-to-aie pipeline)

// -----

iron.program @no_bds device(npu1_1col) {
  iron.fifo @in : memref<64xi32> producer(runtime @sequence depth 2 on #iron.tile<0, 0>) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<0, 2> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<64xi32>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 64] strides [0, 0, 0, 1] : memref<64xi32>
  }
}
// CHECK: iron.fill @in has no BD chain yet: run iron-tile-to-dma-bd before convert-iron-to-aie (or the iron-to-aie pipeline)

// -----

iron.program @rtp device(npu1_1col) {
  %rtp = iron.buffer @rtp on #iron.tile<0, 2> {use_write_rtp} : memref<4xi32>
  iron.worker @w on #iron.tile<0, 2> while_true {
    %c0 = arith.constant 0 : index
    %v = memref.load %rtp[%c0] : memref<4xi32>
  }
  iron.runtime_sequence @sequence(%arg0: memref<4xi32>) {
    iron.start [@w]
    %c0 = arith.constant 0 : index
    %v = memref.load %arg0[%c0] : memref<4xi32>
    iron.rtp_write @rtp[0] = %v : i32
  }
}
// CHECK: iron.rtp_write @rtp: the value must be an integer constant known at compile time (aiex.npu.rtp_write writes an immediate)
