// Round trip of the IRON dialect text `python examples/broadcast.py --iron` prints: iron-opt prints it back
// unchanged, also through the generic form; the CHECK lines pin what the design means.
// RUN: python %S/../../../../examples/broadcast.py --iron > %t.mlir
// RUN: iron-opt %t.mlir | diff %t.mlir -
// RUN: iron-opt %t.mlir --print-op-generic | iron-opt | diff %t.mlir -
// RUN: filecheck %s --input-file=%t.mlir

// CHECK: iron.fifo @in : memref<128xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @worker_0 depth 2, worker @worker_1 depth 3, worker @worker_2 depth 2)
// CHECK: iron.worker @worker_2
// CHECK: %c3_i32 = arith.constant 3 : i32
// CHECK: iron.start [@worker_0, @worker_1, @worker_2]
