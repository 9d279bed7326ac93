// A worker's allocation_scheme (Worker(allocation_scheme=...) or Tile(col, row,
// allocation_scheme=...)) is printed on its aie.tile, as mlir-aie does.
// RUN: iron-opt %s -p iron-to-aie | filecheck %s

iron.program @main device(npu1) {
  iron.fifo @a : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @w0 depth 2)
  iron.worker @w0 on #iron.tile<1, 2> while_true attributes {allocation_scheme = "bank-aware"} {
  ^bb0:
  }
  iron.worker @w1 on #iron.tile<2, 2> while_true attributes {allocation_scheme = "basic-sequential"} {
  ^bb0:
  }
  iron.worker @w2 on #iron.tile<3, 2> while_true {
  ^bb0:
  }
  iron.runtime_sequence @sequence(%arg0: memref<16xi32>) {
    iron.start [@w0, @w1, @w2]
    iron.fill @a from %arg0 offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
  }
}
// CHECK:      %tile_1_2 = aie.tile(1, 2) {allocation_scheme = "bank-aware"}
// CHECK-NEXT: %tile_2_2 = aie.tile(2, 2) {allocation_scheme = "basic-sequential"}
// CHECK-NEXT: %tile_3_2 = aie.tile(3, 2){{$}}
