// Round trip of the aie ops in Inputs/routing.mlir: the custom form prints back byte for byte
// (trailing spaces included), and custom -> generic -> custom gives the same text again.
// RUN: iron-opt %S/Inputs/routing.mlir | diff %S/Inputs/routing.mlir -
// RUN: iron-opt %S/Inputs/routing.mlir --print-op-generic | iron-opt | diff %S/Inputs/routing.mlir -
// RUN: iron-opt %S/Inputs/routing.mlir --print-op-generic | filecheck %s --check-prefix=GENERIC

// GENERIC: "aie.flow"(%0, %1) <{dest_bundle = 1 : i32, dest_channel = 1 : i32, source_bundle = 1 : i32, source_channel = 0 : i32}> : (index, index) -> ()
// GENERIC: "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
// GENERIC-NEXT: "aie.packet_source"(%0) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
// GENERIC: "aie.amsel"() <{arbiterID = 0 : i8, msel = 0 : i8}> : () -> index
// GENERIC: "aie.logical_tile"() <{tile_type = 0 : i32}> : () -> index
