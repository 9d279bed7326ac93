// A switchbox already in the input keeps its connections, and the router does not reuse the
// North 0 it holds (DMA 1's flow takes North 5).
// RUN: iron-opt --aie-create-pathfinder-flows %s | filecheck %s

// CHECK: module @fixed {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[SWITCHBOX_0_2:.*]] = aie.switchbox(%[[TILE_0_2]]) {
// CHECK: aie.connect<DMA : 0, North : 0>
// CHECK: aie.connect<DMA : 1, North : 5>
// CHECK: }
// CHECK: %[[SWITCHBOX_0_3:.*]] = aie.switchbox(%[[TILE_0_3]]) {
// CHECK: aie.connect<South : 5, DMA : 0>
// CHECK: }
// CHECK: aie.wire(%[[TILE_0_2]] : Core, %[[SWITCHBOX_0_2]] : Core)
// CHECK: aie.wire(%[[TILE_0_2]] : DMA, %[[SWITCHBOX_0_2]] : DMA)
// CHECK: aie.wire(%[[TILE_0_3]] : Core, %[[SWITCHBOX_0_3]] : Core)
// CHECK: aie.wire(%[[TILE_0_3]] : DMA, %[[SWITCHBOX_0_3]] : DMA)
// CHECK: aie.wire(%[[SWITCHBOX_0_2]] : North, %[[SWITCHBOX_0_3]] : South)
// CHECK: }
// CHECK: }

module @fixed {
  aie.device(npu1_1col) {
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    %sb = aie.switchbox(%t02) {
      aie.connect<DMA : 0, North : 0>
    }
    aie.flow(%t02, DMA : 1, %t03, DMA : 0)
  }
}
