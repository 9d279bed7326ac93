// Round trip of the IRON dialect text `python examples/gemm_whole_array.py --iron` prints: iron-opt prints it back
// unchanged, also through the generic form; the CHECK lines pin what the design means.
// RUN: python %S/../../../../examples/gemm_whole_array.py --iron > %t.mlir
// RUN: iron-opt %t.mlir | diff %t.mlir -
// RUN: iron-opt %t.mlir --print-op-generic | iron-opt | diff %t.mlir -
// RUN: filecheck %s --input-file=%t.mlir

// CHECK: iron.program @main device(npu2)
// CHECK: iron.fifo @A_L2L1_0 : memref<32x32xbf16> producer(link @A_L3L2_0_forward depth 2 dims [<size = 8, stride = 128>, <size = 4, stride = 8>, <size = 4, stride = 32>, <size = 8, stride = 1>]) consumers(worker @worker_0 depth 2, worker @worker_1 depth 2, worker @worker_2 depth 2, worker @worker_3 depth 2)
// CHECK: iron.fifo @A_L3L2_0 : memref<32x32xbf16> producer(runtime @sequence depth 2 on #iron.tile<0, 0>)
// CHECK: iron.link @A_L3L2_0_forward [@A_L3L2_0] -> [@A_L2L1_0] offsets([] [0]) on #iron.tile<0, 1>
// CHECK: iron.link @C_L2L3_0_join [@C_L1L2_0_0, @C_L1L2_0_1, @C_L1L2_0_2, @C_L1L2_0_3] -> [@C_L2L3_0] offsets([0, 1024, 2048, 3072] []) on #iron.tile<0, 1>
// CHECK: func.func private @zero_bf16(memref<32x32xbf16>) attributes {link_with = "mm_32x32x32.o"}
// CHECK: iron.worker @worker_0 on #iron.tile<0, 2> while_true stack_size 3328 {
// CHECK: iron.worker @worker_15 on #iron.tile<3, 5> while_true stack_size 3328 {
// CHECK: %tg = iron.task_group
// CHECK: iron.fill @A_L3L2_0 from %arg0 offset 0 sizes [2, 8, 32, 32] strides [0, 32, 256, 1] group(%tg)
// CHECK: iron.drain @C_L2L3_0 into %arg2 offset 0 sizes [1, 2, 128, 32] strides [0, 128, 256, 1] wait group(%tg)
// CHECK: iron.finish_task_group %tg
// CHECK: %tg_0 = iron.task_group
