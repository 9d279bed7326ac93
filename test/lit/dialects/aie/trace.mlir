// Round trip of the aie ops in Inputs/trace.mlir: the custom form prints back byte for byte
// (trailing spaces included), and custom -> generic -> custom gives the same text again.
// RUN: iron-opt %S/Inputs/trace.mlir | diff %S/Inputs/trace.mlir -
// RUN: iron-opt %S/Inputs/trace.mlir --print-op-generic | iron-opt | diff %S/Inputs/trace.mlir -
// RUN: iron-opt %S/Inputs/trace.mlir --print-op-generic | filecheck %s --check-prefix=GENERIC

// GENERIC: "aie.trace"(%0) <{sym_name = "test_trace"}> ({
// GENERIC-NEXT: "aie.trace.mode"() <{mode = 0 : i32}> : () -> ()
// GENERIC-NEXT: "aie.trace.packet"() <{id = 1 : i32, type = 0 : i32}> : () -> ()
// GENERIC-NEXT: "aie.trace.event"() <{event = #aie.trace_event<"INSTR_EVENT_0">}> : () -> ()
