// mlir-aie's output for this design (Inputs/vector_scalar_mul_trace_npu1_1col.mlir) parses, verifies and prints back
// byte for byte, SSA names included; custom -> generic -> custom gives it back too.
// RUN: iron-opt %S/Inputs/vector_scalar_mul_trace_npu1_1col.mlir -o %t.custom
// RUN: %python %S/Inputs/same_text.py %t.custom %S/Inputs/vector_scalar_mul_trace_npu1_1col.mlir
// RUN: iron-opt %S/Inputs/vector_scalar_mul_trace_npu1_1col.mlir --print-op-generic -o %t.generic
// RUN: iron-opt %t.generic -o %t.roundtrip
// RUN: %python %S/Inputs/same_text.py %t.roundtrip %S/Inputs/vector_scalar_mul_trace_npu1_1col.mlir
// RUN: filecheck %s --check-prefix=GENERIC --input-file=%t.generic

// The generic form uses no name hints: results are numbered, entry arguments are %argN.
// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT:   "aie.device"() <{device = {{[0-9]+}} : i32}> ({
// GENERIC-NEXT:     %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
// GENERIC:          "aie.runtime_sequence"(){{.*}}({
// GENERIC-NEXT:     ^bb0(%arg0: memref<{{.*}}>, %arg1: memref<
