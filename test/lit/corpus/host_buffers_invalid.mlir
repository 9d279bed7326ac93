// A host buffer of another element type than the fifo's is refused only when a fifo object is
// not a whole number of host elements (no transfer can fill it).
// RUN: not iron-opt %s -p iron-to-aie 2>&1 | filecheck %s
iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<3xi16> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.runtime_sequence @sequence(%a: memref<64xi32>) {
    iron.fill @f from %a offset 0 sizes [1, 1, 1, 64] strides [0, 0, 0, 1] : memref<64xi32>
    iron.drain @f into %a offset 0 sizes [1, 1, 1, 64] strides [0, 0, 0, 1] : memref<64xi32>
  }
}
// CHECK: iron.fill @f: host buffer elements are i32 but the fifo holds i16, and a fifo object (6 bytes) is not a whole number of i32 elements
