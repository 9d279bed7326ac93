// Host buffers as mlir-aie accepts them: a tap may reach past the runtime sequence's memref
// type (the host allocates the larger buffer), and a host buffer of another element type than
// the fifo's is moved byte for byte, as long as a fifo object is whole host elements.
// RUN: iron-opt %s --split-input-file -p iron-to-aie | filecheck %s

iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.runtime_sequence @sequence(%a: memref<16xi32>) {
    iron.fill @f from %a offset 8 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
    iron.drain @f into %a offset 0 sizes [1, 1, 2, 16] strides [0, 0, 32, 1] : memref<16xi32>
  }
}
// CHECK: aie.dma_bd(%arg0 : memref<16xi32>, 8, 16, [<size = 1, stride = 0>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 16, stride = 1>])
// CHECK: aie.dma_bd(%arg0 : memref<16xi32>, 0, 32, [<size = 1, stride = 0>, <size = 1, stride = 0>, <size = 2, stride = 32>, <size = 16, stride = 1>])

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<16xi8> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.runtime_sequence @sequence(%a: memref<64xui8>, %b: memref<16xi32>) {
    iron.fill @f from %a offset 0 sizes [1, 1, 1, 64] strides [0, 0, 0, 1] : memref<64xui8>
    iron.drain @f into %b offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
  }
}
// CHECK: aie.objectfifo @f(%shim_noc_tile_0_0, {%shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<16xi8>>
// CHECK: aie.dma_bd(%arg0 : memref<64xui8>, 0, 64
// CHECK: aie.dma_bd(%arg1 : memref<16xi32>, 0, 16
