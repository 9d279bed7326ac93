// Every IRON op and attribute, unplaced and placed tiles mixed: the custom form prints back
// byte for byte, and custom -> generic -> custom gives the same text again.
// RUN: iron-opt %S/Inputs/all_ops.mlir | diff %S/Inputs/all_ops.mlir -
// RUN: iron-opt %S/Inputs/all_ops.mlir --print-op-generic | iron-opt | diff %S/Inputs/all_ops.mlir -
// RUN: iron-opt %S/Inputs/all_ops.mlir --print-op-generic | filecheck %s

// CHECK: "iron.program"() <{device = "npu1_1col", sym_name = "main"}> ({
// CHECK: "iron.fifo"() <{consumers = [#iron.endpoint<worker @worker_0 depth 2>], elem_type = memref<1024xi16>, producer = #iron.endpoint<runtime @sequence depth 2 on #iron.tile<any_shim>>, sym_name = "in"}> : () -> ()
// CHECK: producer = #iron.endpoint<worker @worker_0 depth 2 dims [<size = 8, stride = 1>]>
// CHECK: consumers = [#iron.endpoint<runtime @sequence depth 2 on #iron.tile<0, 0>>]
// CHECK-SAME: plio
// CHECK: "iron.link"() <{dst_offsets = [#builtin.int<0>], dsts = [@out2], src_offsets = [], srcs = [@out], sym_name = "out_fwd", tile = #iron.tile<any_mem>}>
// CHECK: "iron.buffer"() <{initial_value = dense<0> : tensor<16xi32>, sym_name = "rtp", tile = #iron.tile<any_compute>, use_write_rtp}> : () -> memref<16xi32>
// CHECK: "iron.worker"() <{stack_size = #builtin.int<3328>, sym_name = "worker_0", tile = #iron.tile<any_compute>, while_true}> ({
// CHECK: "iron.acquire"() <{count = #builtin.int<1>, fifo = @in, port = "consume"}> : () -> memref<1024xi16>
// CHECK: "iron.runtime_sequence"() <{sym_name = "sequence"}> ({
// CHECK: "iron.task_group"() : () -> !iron.task_group
// CHECK: "iron.fill"(%{{.*}}, %{{.*}}) <{fifo = @in, offset = #builtin.int<0>, sizes = [#builtin.int<1>, #builtin.int<1>, #builtin.int<1>, #builtin.int<4096>], strides = [#builtin.int<0>, #builtin.int<0>, #builtin.int<0>, #builtin.int<1>]}> : (memref<4096xi16>, !iron.task_group) -> ()
