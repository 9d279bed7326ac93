// Round trip of the IRON dialect text `python examples/dma_transpose.py --iron` prints: iron-opt prints it back
// unchanged, also through the generic form; the CHECK lines pin what the design means.
// RUN: python %S/../../../../examples/dma_transpose.py --iron > %t.mlir
// RUN: iron-opt %t.mlir | diff %t.mlir -
// RUN: iron-opt %t.mlir --print-op-generic | iron-opt | diff %t.mlir -
// RUN: filecheck %s --input-file=%t.mlir

// CHECK: iron.program @main device(npu2_1col)
// CHECK: iron.fifo @in_L2L1_fifo : memref<64x32xi32> producer(link @in_L3L2_fifo_forward depth 2)
// CHECK: consumers(link @in_L3L2_fifo_forward depth 2 dims [<size = 8, stride = 8>, <size = 8, stride = 64>, <size = 4, stride = 512>, <size = 8, stride = 1>])
// CHECK: iron.link @in_L3L2_fifo_forward [@in_L3L2_fifo] -> [@in_L2L1_fifo] offsets([] [0]) on #iron.tile<any_mem>
// CHECK: func.func private @transpose_8x8(memref<64x32xi32>, memref<64x32xi32>)
// CHECK: iron.fill @in_L3L2_fifo from %arg0 offset 0 sizes [8, 16, 64, 32] strides [32768, 32, 512, 1]
// CHECK: iron.drain @out_fifo into %arg1 offset 0 sizes [8, 16, 32, 64] strides [64, 16384, 512, 1] wait
