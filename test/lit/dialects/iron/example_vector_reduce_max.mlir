// Round trip of the IRON dialect text `python examples/vector_reduce_max.py --iron` prints: iron-opt prints it back
// unchanged, also through the generic form; the CHECK lines pin what the design means.
// RUN: python %S/../../../../examples/vector_reduce_max.py --iron > %t.mlir
// RUN: iron-opt %t.mlir | diff %t.mlir -
// RUN: iron-opt %t.mlir --print-op-generic | iron-opt | diff %t.mlir -
// RUN: filecheck %s --input-file=%t.mlir

// CHECK: iron.fifo @memA0 : memref<256xi32> producer(link @of_in_split depth 2) consumers(worker @worker_0 depth 2)
// CHECK: iron.fifo @outC : memref<3xi32> producer(link @outC_join depth 2) consumers(worker @worker_0 depth 2)
// CHECK: iron.link @of_in_split [@of_in] -> [@memA0, @memA1, @memA2, @memA3] offsets([] [0, 256, 512, 768]) on #iron.tile<any_mem>
// CHECK: iron.link @outC_join [@memC1, @memC2, @memC3] -> [@outC] offsets([0, 1, 2] []) on #iron.tile<any_mem>
// CHECK: %worker_0_buf_0 = iron.buffer @worker_0_buf_0 on #iron.tile<any_compute> {owner = @worker_0} : memref<1xi32> = dense<-2147483648>
// CHECK: arith.maxsi
