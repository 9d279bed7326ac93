// Round trip of the IRON dialect text `python examples/matrix_scalar_add.py --iron` prints: iron-opt prints it back
// unchanged, also through the generic form; the CHECK lines pin what the design means.
// RUN: python %S/../../../../examples/matrix_scalar_add.py --iron > %t.mlir
// RUN: iron-opt %t.mlir | diff %t.mlir -
// RUN: iron-opt %t.mlir --print-op-generic | iron-opt | diff %t.mlir -
// RUN: filecheck %s --input-file=%t.mlir

// CHECK: iron.fifo @in0 : memref<8x16xi32>
// CHECK: memref.load %{{.*}}[%arg0, %arg1] : memref<8x16xi32>
// CHECK: arith.addi
// CHECK: memref.store
// CHECK: iron.fill @in0 from %arg0 offset 0 sizes [1, 1, 8, 16] strides [0, 0, 128, 1]
// CHECK: iron.drain @out0 into %arg1 offset 0 sizes [1, 1, 8, 16] strides [0, 0, 128, 1] wait
// CHECK: iron.fill @in0 from %arg0 offset 16 sizes [1, 1, 8, 16] strides [0, 0, 128, 1]
