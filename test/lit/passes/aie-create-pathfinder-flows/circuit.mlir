// Circuit flows on one column: a connect per switchbox on each path (switchboxes made at the end
// of the device, a missing aie.tile made before its switchbox), the shim mux connections of the
// shim DMAs (MM2S 0/1 -> North 3/7, North 2/3 -> S2MM 0/1), a broadcast from shim DMA 1 to two
// cores sharing its first hops, the aie.flow ops removed, and the wires.
// RUN: iron-opt --aie-create-pathfinder-flows %s | filecheck %s

// CHECK: module @circuits {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[SHIM_NOC_TILE_0_0:.*]] = aie.tile(0, 0)
// CHECK: %[[MEM_TILE_0_1:.*]] = aie.tile(0, 1)
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[TILE_0_4:.*]] = aie.tile(0, 4)
// CHECK: %[[SWITCHBOX_0_0:.*]] = aie.switchbox(%[[SHIM_NOC_TILE_0_0]]) {
// CHECK: aie.connect<South : 3, North : 4>
// CHECK: aie.connect<North : 1, South : 3>
// CHECK: aie.connect<South : 7, North : 0>
// CHECK: }
// CHECK: %[[SHIM_MUX_0_0:.*]] = aie.shim_mux(%[[SHIM_NOC_TILE_0_0]]) {
// CHECK: aie.connect<DMA : 0, North : 3>
// CHECK: aie.connect<North : 3, DMA : 1>
// CHECK: aie.connect<DMA : 1, North : 7>
// CHECK: }
// CHECK: %[[SWITCHBOX_0_1:.*]] = aie.switchbox(%[[MEM_TILE_0_1]]) {
// CHECK: aie.connect<South : 4, DMA : 0>
// CHECK: aie.connect<DMA : 0, North : 1>
// CHECK: aie.connect<North : 1, South : 1>
// CHECK: aie.connect<South : 0, North : 0>
// CHECK: }
// CHECK: %[[SWITCHBOX_0_2:.*]] = aie.switchbox(%[[TILE_0_2]]) {
// CHECK: aie.connect<South : 1, DMA : 0>
// CHECK: aie.connect<DMA : 0, North : 5>
// CHECK: aie.connect<North : 1, South : 1>
// CHECK: aie.connect<South : 0, DMA : 1>
// CHECK: aie.connect<South : 0, North : 0>
// CHECK: }
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[SWITCHBOX_0_3:.*]] = aie.switchbox(%[[TILE_0_3]]) {
// CHECK: aie.connect<South : 5, North : 3>
// CHECK: aie.connect<North : 0, South : 1>
// CHECK: aie.connect<South : 0, North : 5>
// CHECK: }
// CHECK: %[[SWITCHBOX_0_4:.*]] = aie.switchbox(%[[TILE_0_4]]) {
// CHECK: aie.connect<South : 3, DMA : 1>
// CHECK: aie.connect<DMA : 0, South : 0>
// CHECK: aie.connect<South : 5, DMA : 0>
// CHECK: }
// CHECK: aie.wire(%[[SHIM_MUX_0_0]] : North, %[[SWITCHBOX_0_0]] : South)
// CHECK: aie.wire(%[[SHIM_NOC_TILE_0_0]] : DMA, %[[SHIM_MUX_0_0]] : DMA)
// CHECK: aie.wire(%[[MEM_TILE_0_1]] : Core, %[[SWITCHBOX_0_1]] : Core)
// CHECK: aie.wire(%[[MEM_TILE_0_1]] : DMA, %[[SWITCHBOX_0_1]] : DMA)
// CHECK: aie.wire(%[[SWITCHBOX_0_0]] : North, %[[SWITCHBOX_0_1]] : South)
// CHECK: aie.wire(%[[TILE_0_2]] : Core, %[[SWITCHBOX_0_2]] : Core)
// CHECK: aie.wire(%[[TILE_0_2]] : DMA, %[[SWITCHBOX_0_2]] : DMA)
// CHECK: aie.wire(%[[SWITCHBOX_0_1]] : North, %[[SWITCHBOX_0_2]] : South)
// CHECK: aie.wire(%[[TILE_0_3]] : Core, %[[SWITCHBOX_0_3]] : Core)
// CHECK: aie.wire(%[[TILE_0_3]] : DMA, %[[SWITCHBOX_0_3]] : DMA)
// CHECK: aie.wire(%[[SWITCHBOX_0_2]] : North, %[[SWITCHBOX_0_3]] : South)
// CHECK: aie.wire(%[[TILE_0_4]] : Core, %[[SWITCHBOX_0_4]] : Core)
// CHECK: aie.wire(%[[TILE_0_4]] : DMA, %[[SWITCHBOX_0_4]] : DMA)
// CHECK: aie.wire(%[[SWITCHBOX_0_3]] : North, %[[SWITCHBOX_0_4]] : South)
// CHECK: }
// CHECK: }

module @circuits {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %mem = aie.tile(0, 1)
    %t02 = aie.tile(0, 2)
    %t04 = aie.tile(0, 4)
    aie.flow(%shim, DMA : 0, %mem, DMA : 0)
    aie.flow(%mem, DMA : 0, %t02, DMA : 0)
    aie.flow(%t02, DMA : 0, %t04, DMA : 1)
    aie.flow(%t04, DMA : 0, %shim, DMA : 1)
    aie.flow(%shim, DMA : 1, %t02, DMA : 1)
    aie.flow(%shim, DMA : 1, %t04, DMA : 0)
  }
}
