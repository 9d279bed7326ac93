// Round trip of the IRON dialect text `python examples/passthrough_pykernel.py --iron` prints: iron-opt prints it back
// unchanged, also through the generic form; the CHECK lines pin what the design means.
// RUN: python %S/../../../../examples/passthrough_pykernel.py --iron > %t.mlir
// RUN: iron-opt %t.mlir | diff %t.mlir -
// RUN: iron-opt %t.mlir --print-op-generic | iron-opt | diff %t.mlir -
// RUN: filecheck %s --input-file=%t.mlir

// CHECK: iron.program @main device(npu2)
// CHECK: func.func @passthrough_fn(%arg0: memref<4096xi8>, %arg1: memref<4096xi8>, %arg2: i32) {
// CHECK: arith.index_cast %arg2 : i32 to index
// CHECK: memref.load %arg0[%arg3] : memref<4096xi8>
// CHECK: memref.store
// CHECK: return
// CHECK: iron.worker @worker_0
// CHECK: %c4096_i32 = arith.constant 4096 : i32
// CHECK: func.call @passthrough_fn(
