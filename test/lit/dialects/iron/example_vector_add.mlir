// Round trip of the IRON dialect text `python examples/vector_add.py --iron` prints: iron-opt prints it back
// unchanged, also through the generic form; the CHECK lines pin what the design means.
// RUN: python %S/../../../../examples/vector_add.py --iron > %t.mlir
// RUN: iron-opt %t.mlir | diff %t.mlir -
// RUN: iron-opt %t.mlir --print-op-generic | iron-opt | diff %t.mlir -
// RUN: filecheck %s --input-file=%t.mlir

// CHECK: iron.fifo @in1 : memref<256xi32>
// CHECK: iron.fifo @in2 : memref<256xi32>
// CHECK: arith.addi
// CHECK: iron.fill @in1
// CHECK: iron.fill @in2
// CHECK: iron.drain @out
