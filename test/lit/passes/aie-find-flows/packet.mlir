// aie-find-flows through packet rules: a packet route comes back as one aie.packet_flow per
// destination, with the packet id the rules along the way let through (the mask and value of
// each rule met are collected; a rule that no packet arriving there could match is not
// followed). A circuit routed beside them is found as an aie.flow. The packet flows asked for
// are still there in front (routing keeps aie.packet_flow ops and erases aie.flow ops, as
// mlir-aie does).
// RUN: iron-opt --aie-create-pathfinder-flows --aie-find-flows %s | filecheck %s

// CHECK:      %[[SHIM:.*]] = aie.tile(0, 0)
// CHECK:      %[[MEM:.*]] = aie.tile(0, 1)
// CHECK:      %[[C02:.*]] = aie.tile(0, 2)
// CHECK:      %[[C03:.*]] = aie.tile(0, 3)
// CHECK:      %[[C04:.*]] = aie.tile(0, 4)
// CHECK:      aie.packet_flow(3) {
// CHECK:      aie.wire
// CHECK-NOT:  aie.switchbox
// CHECK:      aie.packet_flow(4) {
// CHECK-NEXT:   aie.packet_source<%[[SHIM]], DMA : 0>
// CHECK-NEXT:   aie.packet_dest<%[[C04]], DMA : 1>
// CHECK-NEXT: }
// CHECK-NEXT: aie.packet_flow(4) {
// CHECK-NEXT:   aie.packet_source<%[[SHIM]], DMA : 0>
// CHECK-NEXT:   aie.packet_dest<%[[C03]], DMA : 0>
// CHECK-NEXT: }
// CHECK-NEXT: aie.packet_flow(3) {
// CHECK-NEXT:   aie.packet_source<%[[SHIM]], DMA : 0>
// CHECK-NEXT:   aie.packet_dest<%[[C02]], DMA : 0>
// CHECK-NEXT: }
// CHECK-NEXT: aie.packet_flow(7) {
// CHECK-NEXT:   aie.packet_source<%[[C02]], DMA : 0>
// CHECK-NEXT:   aie.packet_dest<%[[MEM]], DMA : 2>
// CHECK-NEXT: }
// CHECK-NEXT: aie.flow(%[[C04]], DMA : 0, %[[SHIM]], DMA : 0)
// CHECK-NEXT: }

module {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %c02 = aie.tile(0, 2)
    %c03 = aie.tile(0, 3)
    %c04 = aie.tile(0, 4)
    aie.packet_flow(3) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%c02, DMA : 0>
    }
    aie.packet_flow(4) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%c03, DMA : 0>
      aie.packet_dest<%c04, DMA : 1>
    }
    aie.packet_flow(7) {
      aie.packet_source<%c02, DMA : 0>
      aie.packet_dest<%mem, DMA : 2>
    }
    aie.flow(%c04, DMA : 0, %shim, DMA : 0)
  }
}
