// Round trip of the IRON dialect text `python examples/vector_scalar_mul.py --iron` prints: iron-opt prints it back
// unchanged, also through the generic form; the CHECK lines pin what the design means.
// RUN: python %S/../../../../examples/vector_scalar_mul.py --iron > %t.mlir
// RUN: iron-opt %t.mlir | diff %t.mlir -
// RUN: iron-opt %t.mlir --print-op-generic | iron-opt | diff %t.mlir -
// RUN: filecheck %s --input-file=%t.mlir

// CHECK: iron.program @main device(npu1_1col)
// CHECK: iron.fifo @in : memref<1024xi16>
// CHECK: iron.fifo @infactor : memref<1xi32>
// CHECK: iron.fifo @out : memref<1024xi16> producer(worker @worker_0 depth 2)
// CHECK: func.func private @vector_scalar_mul_vector(memref<1024xi16>, memref<1024xi16>, memref<1xi32>, i32) attributes {link_with = "scale.o"}
// CHECK: iron.worker @worker_0 on #iron.tile<any_compute> while_true {
// CHECK: iron.acquire @infactor(consume, 1) : memref<1xi32>
// CHECK: scf.for
// CHECK: %c1024_i32 = arith.constant 1024 : i32
// CHECK: func.call @vector_scalar_mul_vector(
// CHECK: iron.release @infactor(consume, 1)
// CHECK: iron.start [@worker_0]
