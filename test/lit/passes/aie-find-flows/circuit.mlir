// aie-find-flows after routing: each routed circuit comes back as an aie.flow, tile by tile in
// device order (Core channels, then DMA channels), appended to the device; a broadcast's
// branches come in the order a depth-first walk taking the last branch first reaches them.
// The flows asked for stay (the router keeps none of them here), so only the found ones follow
// the wires.
// RUN: iron-opt --aie-create-pathfinder-flows --aie-find-flows %s | filecheck %s

// CHECK:     %[[SHIM0:.*]] = aie.tile(0, 0)
// CHECK:     %[[SHIM1:.*]] = aie.tile(1, 0)
// CHECK:     %[[MEM0:.*]] = aie.tile(0, 1)
// CHECK:     %[[C02:.*]] = aie.tile(0, 2)
// CHECK:     %[[C03:.*]] = aie.tile(0, 3)
// CHECK:     %[[C12:.*]] = aie.tile(1, 2)
// CHECK:     %[[C15:.*]] = aie.tile(1, 5)
// CHECK:     aie.wire
// CHECK-NOT: aie.switchbox
// CHECK:     aie.flow(%[[SHIM0]], DMA : 0, %[[MEM0]], DMA : 0)
// CHECK-NEXT: aie.flow(%[[MEM0]], DMA : 0, %[[C15]], DMA : 1)
// CHECK-NEXT: aie.flow(%[[MEM0]], DMA : 0, %[[C03]], DMA : 0)
// CHECK-NEXT: aie.flow(%[[MEM0]], DMA : 0, %[[C02]], DMA : 0)
// CHECK-NEXT: aie.flow(%[[C02]], Core : 0, %[[C12]], Core : 0)
// CHECK-NEXT: aie.flow(%[[C03]], DMA : 0, %[[SHIM0]], DMA : 0)
// CHECK-NEXT: aie.flow(%[[C12]], DMA : 1, %[[SHIM1]], DMA : 1)
// CHECK-NEXT: }

module {
  aie.device(npu1_2col) {
    %shim0 = aie.tile(0, 0)
    %shim1 = aie.tile(1, 0)
    %mem0 = aie.tile(0, 1)
    %c02 = aie.tile(0, 2)
    %c03 = aie.tile(0, 3)
    %c12 = aie.tile(1, 2)
    %c15 = aie.tile(1, 5)
    aie.flow(%shim0, DMA : 0, %mem0, DMA : 0)
    aie.flow(%mem0, DMA : 0, %c02, DMA : 0)
    aie.flow(%mem0, DMA : 0, %c03, DMA : 0)
    aie.flow(%mem0, DMA : 0, %c15, DMA : 1)
    aie.flow(%c02, Core : 0, %c12, Core : 0)
    aie.flow(%c12, DMA : 1, %shim1, DMA : 1)
    aie.flow(%c03, DMA : 0, %shim0, DMA : 0)
  }
}
