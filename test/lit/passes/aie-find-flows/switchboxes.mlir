// (--disable-verify: these switchboxes are ones the verifier refuses; the pass is tested alone.)
// aie-find-flows on switchboxes written by hand: only what reaches a tile is a flow. From
// (0, 2)'s DMA 0 the circuit forks in (0, 3) to its DMA 1 and its core; (0, 2)'s core goes up
// and back down into a loop between the two switches (walked once, no flow, no hang); a
// master with no wire behind it (East of the only column) ends a route.
// RUN: iron-opt --disable-verify --aie-find-flows %s | filecheck %s

// CHECK:      %[[T02:.*]] = aie.tile(0, 2)
// CHECK:      %[[T03:.*]] = aie.tile(0, 3)
// CHECK:      aie.wire(%[[T03]] : DMA, %{{.*}} : DMA)
// CHECK-NEXT: aie.flow(%[[T02]], DMA : 0, %[[T03]], Core : 0)
// CHECK-NEXT: aie.flow(%[[T02]], DMA : 0, %[[T03]], DMA : 1)
// CHECK-NEXT: }

module {
  aie.device(npu1_1col) {
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    %s02 = aie.switchbox(%t02) {
      aie.connect<DMA : 0, North : 0>
      aie.connect<Core : 0, North : 1>
      aie.connect<North : 1, North : 2>
      aie.connect<DMA : 1, East : 0>
    }
    %s03 = aie.switchbox(%t03) {
      aie.connect<South : 0, DMA : 1>
      aie.connect<South : 0, Core : 0>
      aie.connect<South : 1, South : 1>
      aie.connect<South : 2, South : 1>
    }
    aie.wire(%t02 : Core, %s02 : Core)
    aie.wire(%t02 : DMA, %s02 : DMA)
    aie.wire(%s02 : North, %s03 : South)
    aie.wire(%t03 : Core, %s03 : Core)
    aie.wire(%t03 : DMA, %s03 : DMA)
  }
}
