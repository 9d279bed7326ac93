// An implicit aie.end is hidden only when it is bare, as MLIR does; the parser adds it back.
// RUN: iron-opt %s | filecheck %s
// RUN: iron-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

module {
  aie.device(npu2) {
    %tile_0_2 = aie.tile(0, 2)
    %switchbox_0_2 = aie.switchbox(%tile_0_2) {
      aie.connect<South : 0, DMA : 0>
    }
    aie.end {note = "kept"}
  }
}

// CHECK:      %switchbox_0_2 = aie.switchbox(%tile_0_2) {
// CHECK-NEXT:   aie.connect<South : 0, DMA : 0>
// CHECK-NEXT: }
// CHECK-NEXT: aie.end {note = "kept"}
// CHECK-NEXT: }

// GENERIC:      "aie.connect"() <{dest_bundle = 1 : i32, dest_channel = 0 : i32, source_bundle = 3 : i32, source_channel = 0 : i32}> : () -> ()
// GENERIC-NEXT: "aie.end"() : () -> ()
// GENERIC:      "aie.end"() {note = "kept"} : () -> ()
