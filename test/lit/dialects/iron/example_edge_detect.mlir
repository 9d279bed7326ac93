// Round trip of the IRON dialect text `python examples/edge_detect.py --iron` prints: iron-opt prints it back
// unchanged, also through the generic form; the CHECK lines pin what the design means.
// RUN: python %S/../../../../examples/edge_detect.py --iron > %t.mlir
// RUN: iron-opt %t.mlir | diff %t.mlir -
// RUN: iron-opt %t.mlir --print-op-generic | iron-opt | diff %t.mlir -
// RUN: filecheck %s --input-file=%t.mlir

// CHECK: iron.fifo @OF_2to3 : memref<64xi32> producer(worker @worker_0 depth 4) consumers(worker @worker_1 depth 4)
// CHECK: consumers(link @inOF_L3L2_forward depth 7, worker @worker_0 depth 2)
// CHECK: iron.worker @worker_1 on #iron.tile<any_compute> {
// CHECK: %{{.*}}:2 = iron.acquire @OF_2to3(consume, 2) : memref<64xi32>
// CHECK: %{{.*}}:3 = iron.acquire @OF_2to3(consume, 3) : memref<64xi32>
// CHECK: iron.release @OF_2to3(consume, 2)
// CHECK: arith.cmpi sgt
// CHECK: arith.select
