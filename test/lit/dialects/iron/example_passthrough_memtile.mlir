// Round trip of the IRON dialect text `python examples/passthrough_memtile.py --iron` prints: iron-opt prints it back
// unchanged, also through the generic form; the CHECK lines pin what the design means.
// RUN: python %S/../../../../examples/passthrough_memtile.py --iron > %t.mlir
// RUN: iron-opt %t.mlir | diff %t.mlir -
// RUN: iron-opt %t.mlir --print-op-generic | iron-opt | diff %t.mlir -
// RUN: filecheck %s --input-file=%t.mlir

// CHECK: iron.program @main device(npu1_1col)
// CHECK: iron.fifo @in : memref<1024xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(link @in_forward depth 2)
// CHECK: iron.fifo @in_fwd : memref<1024xi32> producer(link @in_forward depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
// CHECK: iron.link @in_forward [@in] -> [@in_fwd] offsets([] [0]) on #iron.tile<any_mem>
// CHECK: iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 4096] strides [0, 0, 0, 1] : memref<4096xi32>
// CHECK: iron.drain @in_fwd into %arg1 offset 0 sizes [1, 1, 1, 4096] strides [0, 0, 0, 1] wait : memref<4096xi32>
