// Round trip of the IRON dialect text `python examples/rtp_scale.py --iron` prints: iron-opt prints it back
// unchanged, also through the generic form; the CHECK lines pin what the design means.
// RUN: python %S/../../../../examples/rtp_scale.py --iron > %t.mlir
// RUN: iron-opt %t.mlir | diff %t.mlir -
// RUN: iron-opt %t.mlir --print-op-generic | iron-opt | diff %t.mlir -
// RUN: filecheck %s --input-file=%t.mlir

// CHECK: %rtp = iron.buffer @rtp on #iron.tile<any_compute> {use_write_rtp} : memref<16xi32>
// CHECK: iron.barrier @barrier_{{[0-9]+}} initial 0
// CHECK: iron.worker @worker_0 on #iron.tile<any_compute> {
// CHECK: iron.barrier_wait @barrier_{{[0-9]+}}(1)
// CHECK: memref.load %rtp[%c0] : memref<16xi32>
// CHECK: %c7_i32 = arith.constant 7 : i32
// CHECK: iron.rtp_write @rtp[0] = %c7_i32 : i32
// CHECK: iron.set_barrier @barrier_{{[0-9]+}}(1)
