// Round trip of the aie ops in Inputs/device.mlir: the custom form prints back byte for byte
// (trailing spaces included), and custom -> generic -> custom gives the same text again.
// RUN: iron-opt %S/Inputs/device.mlir | diff %S/Inputs/device.mlir -
// RUN: iron-opt %S/Inputs/device.mlir --print-op-generic | iron-opt | diff %S/Inputs/device.mlir -
// RUN: iron-opt %S/Inputs/device.mlir --print-op-generic | filecheck %s --check-prefix=GENERIC

// Inherent attributes are properties named as in mlir-aie; enums are i32 integers.
// GENERIC:      "aie.device"() <{device = 8 : i32}> ({
// GENERIC-NEXT:   %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
// GENERIC-NEXT:   %1 = "aie.tile"() <{allocation_scheme = "basic-sequential", col = 0 : i32, row = 1 : i32}> : () -> index
// GENERIC:        %4 = "aie.buffer"(%0) <{sym_name = "uninit_local_buf"}> : (index) -> memref<4096xui8>
// GENERIC-NEXT:   %5 = "aie.buffer"(%0) <{initial_value = dense<0> : tensor<4096xui8>, sym_name = "init_local_buf"}> : (index) -> memref<4096xui8>
// GENERIC:        %10 = "aie.lock"(%0) <{init = 1 : i32, lockID = 3 : i32}> : (index) -> index
// GENERIC:        %13 = "aie.core"(%3) <{elf_file = "core_1_3.elf", stack_size = 2048 : i32}> ({
// GENERIC-NEXT:     "aie.end"() : () -> ()
// GENERIC-NEXT:   }) : (index) -> index
// GENERIC-NEXT:   "aie.end"() : () -> ()
// GENERIC:      "aie.device"() <{device = 5 : i32, sym_name = "second"}> ({
