// The structural rules of an iron.program, one violation per chunk.
// RUN: iron-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<any_compute> while_true {
    %0:3 = iron.acquire @f(consume, 3) : memref<16xi32>
  }
  iron.runtime_sequence @sequence(%a: memref<16xi32>) {
    iron.fill @f from %a offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
  }
}
// CHECK: worker @w: iron.acquire of 3 objects on fifo @f exceeds the depth 2 of this end of the fifo

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<16xi32> producer(worker @w depth 2) consumers(worker @v depth 2)
  iron.worker @w on #iron.tile<any_compute> while_true {
  }
  iron.worker @v on #iron.tile<any_compute> while_true {
    %0 = iron.acquire @f(produce, 1) : memref<16xi32>
  }
}
// CHECK: worker @v: iron.acquire @f(produce, 1) needs the worker to be the fifo's producer, but it is not

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<16xi32> producer(worker @w depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.worker @w on #iron.tile<any_compute> while_true {
  }
  iron.runtime_sequence @sequence(%a: memref<16xi32>) {
    iron.fill @f from %a offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
  }
}
// CHECK: iron.fill @f: the runtime is not a producer of fifo @f; its producer is worker @w

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<16xi32> producer(worker @w depth 2) consumers()
  iron.worker @w on #iron.tile<any_compute> while_true {
  }
}
// CHECK: fifo @f has no consumer

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @big : memref<32xi32> producer(worker @w depth 2) consumers(link @l depth 2)
  iron.fifo @a : memref<16xi32> producer(link @l depth 2) consumers(worker @w depth 2)
  iron.fifo @b : memref<16xi16> producer(link @l depth 2) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<any_compute> while_true {
  }
  iron.link @l [@big] -> [@a, @b] offsets([] [0, 16]) on #iron.tile<any_mem>
}
// CHECK: link @l: fifo @b holds i16 elements but fifo @big holds i32; a link moves elements of one type

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @big : memref<32xi32> producer(worker @w depth 2) consumers(link @l depth 2)
  iron.fifo @a : memref<16xi32> producer(link @l depth 2) consumers(worker @w depth 2)
  iron.fifo @b : memref<16xi32> producer(link @l depth 2) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<any_compute> while_true {
  }
  iron.link @l [@big] -> [@a, @b] offsets([] [0, 20]) on #iron.tile<any_mem>
}
// CHECK: link @l: fifo @b (16 elements) at offset 20 does not fit in an object of fifo @big (32 elements)

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @w depth 2)
  func.func private @k(memref<16xi32>, i32) attributes {link_with = "k.o"}
  iron.worker @w on #iron.tile<any_compute> while_true {
    %0 = iron.acquire @f(consume, 1) : memref<16xi32>
    %c = arith.constant 1 : i16
    func.call @k(%0, %c) : (memref<16xi32>, i16) -> ()
  }
  iron.runtime_sequence @sequence(%a: memref<16xi32>) {
    iron.fill @f from %a offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
  }
}
// CHECK: operand type mismatch: expected operand type i32, but provided i16 for operand number 1

// -----

iron.program @p device(npu1_1col) {
  iron.worker @w on #iron.tile<0, 7> while_true {
  }
}
// CHECK: worker @w is placed on tile (0, 7), which is not on device npu1_1col (1 columns x 6 rows)

// -----

iron.program @p device(npu1_1col) {
  iron.worker @w on #iron.tile<0, 1> while_true {
  }
}
// CHECK: worker @w is placed on tile (0, 1), a mem tile of npu1_1col, but must be on a compute tile

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<any_compute>) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.runtime_sequence @sequence(%a: memref<16xi32>) {
    iron.fill @f from %a offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
    iron.drain @f into %a offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
  }
}
// CHECK: the runtime end (producer) of fifo @f is placed on #iron.tile<any_compute> but must be on a shim NOC tile or shim PL tile

// -----

iron.program @p device(npu1_1col) {
  %b = iron.buffer @b on #iron.tile<any_compute> : memref<4xi32>
  iron.runtime_sequence @sequence(%a: memref<16xi32>) {
    %c = arith.constant 1 : i32
    iron.rtp_write @b[0] = %c : i32
  }
}
// CHECK: iron.rtp_write @b: the buffer is not a runtime parameter (create it with use_write_rtp=True)

// -----

iron.program @p device(npu9) {
}
// CHECK: unknown device 'npu9'

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<16xi32> producer(worker @w depth 2) consumers(worker @v depth 2, worker @v depth 2)
  iron.worker @w on #iron.tile<any_compute> while_true {
  }
  iron.worker @v on #iron.tile<any_compute> while_true {
  }
}
// CHECK: fifo @f: worker @v is listed twice among its consumers

// -----

// A forward of a forward: fifo @b would be in two aie.objectfifo.link ops.
iron.program @p device(npu1_1col) {
  iron.fifo @a : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(link @a_fwd depth 2)
  iron.fifo @b : memref<16xi32> producer(link @a_fwd depth 2) consumers(link @b_fwd depth 2)
  iron.fifo @c : memref<16xi32> producer(link @b_fwd depth 2) consumers(worker @w depth 2)
  iron.link @a_fwd [@a] -> [@b] offsets([] [0]) on #iron.tile<any_mem>
  iron.link @b_fwd [@b] -> [@c] offsets([] [0]) on #iron.tile<any_mem>
  iron.worker @w on #iron.tile<any_compute> while_true {
  }
  iron.runtime_sequence @sequence(%x: memref<16xi32>) {
    iron.fill @a from %x offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
  }
}
// CHECK: fifo @b is an end of 2 links (@a_fwd, @b_fwd); a fifo may be in at most one link. Link the fifos directly (one split/join/forward), or put a worker between the two links.
