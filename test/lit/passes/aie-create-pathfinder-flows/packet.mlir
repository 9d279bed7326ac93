// Packet flows: per tile the arbiter/msel pairs in use (aie.amsel), one aie.masterset per master
// port, and aie.packet_rules whose masks merge the ids (2 and 3) that share a slave port and
// destinations; a shim's packet DMA ports move behind its mux; keep_pkt_header reaches the
// destination's masterset; the aie.packet_flow ops stay.
// RUN: iron-opt --aie-create-pathfinder-flows %s | filecheck %s

// CHECK: module @packets {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[SHIM_NOC_TILE_0_0:.*]] = aie.tile(0, 0)
// CHECK: %[[SHIM_MUX_0_0:.*]] = aie.shim_mux(%[[SHIM_NOC_TILE_0_0]]) {
// CHECK: aie.connect<DMA : 0, North : 3>
// CHECK: aie.connect<North : 2, DMA : 0>
// CHECK: }
// CHECK: %[[SWITCHBOX_0_0:.*]] = aie.switchbox(%[[SHIM_NOC_TILE_0_0]]) {
// CHECK: %0 = aie.amsel<0> (0)
// CHECK: %1 = aie.amsel<1> (0)
// CHECK: %2 = aie.masterset(South : 2, %1) {keep_pkt_header = true}
// CHECK: %3 = aie.masterset(North : 1, %0)
// CHECK: aie.packet_rules(North : 2) {
// CHECK: aie.rule(31, 8, %1)
// CHECK: }
// CHECK: aie.packet_rules(South : 3) {
// CHECK: aie.rule(30, 2, %0)
// CHECK: }
// CHECK: }
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[SWITCHBOX_0_2:.*]] = aie.switchbox(%[[TILE_0_2]]) {
// CHECK: %0 = aie.amsel<0> (0)
// CHECK: %1 = aie.amsel<1> (0)
// CHECK: %2 = aie.masterset(DMA : 0, %0)
// CHECK: %3 = aie.masterset(South : 2, %1)
// CHECK: aie.packet_rules(North : 0) {
// CHECK: aie.rule(31, 8, %1)
// CHECK: }
// CHECK: aie.packet_rules(South : 1) {
// CHECK: aie.rule(30, 2, %0)
// CHECK: }
// CHECK: }
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[SWITCHBOX_0_3:.*]] = aie.switchbox(%[[TILE_0_3]]) {
// CHECK: %0 = aie.amsel<0> (0)
// CHECK: %1 = aie.masterset(South : 0, %0)
// CHECK: aie.packet_rules(DMA : 0) {
// CHECK: aie.rule(31, 8, %0)
// CHECK: }
// CHECK: }
// CHECK: aie.packet_flow(3) {
// CHECK: aie.packet_source<%[[SHIM_NOC_TILE_0_0]], DMA : 0>
// CHECK: aie.packet_dest<%[[TILE_0_2]], DMA : 0>
// CHECK: }
// CHECK: aie.packet_flow(2) {
// CHECK: aie.packet_source<%[[SHIM_NOC_TILE_0_0]], DMA : 0>
// CHECK: aie.packet_dest<%[[TILE_0_2]], DMA : 0>
// CHECK: }
// CHECK: aie.packet_flow(8) {
// CHECK: aie.packet_source<%[[TILE_0_3]], DMA : 0>
// CHECK: aie.packet_dest<%[[SHIM_NOC_TILE_0_0]], DMA : 0>
// CHECK: } {keep_pkt_header = true}
// CHECK: %[[MEM_TILE_0_1:.*]] = aie.tile(0, 1)
// CHECK: %[[SWITCHBOX_0_1:.*]] = aie.switchbox(%[[MEM_TILE_0_1]]) {
// CHECK: %0 = aie.amsel<0> (0)
// CHECK: %1 = aie.amsel<1> (0)
// CHECK: %2 = aie.masterset(South : 2, %1)
// CHECK: %3 = aie.masterset(North : 1, %0)
// CHECK: aie.packet_rules(North : 2) {
// CHECK: aie.rule(31, 8, %1)
// CHECK: }
// CHECK: aie.packet_rules(South : 1) {
// CHECK: aie.rule(30, 2, %0)
// CHECK: }
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
// CHECK: }
// CHECK: }

module @packets {
  aie.device(npu1_1col) {
    %shim = aie.tile(0, 0)
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    aie.packet_flow(3) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%t02, DMA : 0>
    }
    aie.packet_flow(2) {
      aie.packet_source<%shim, DMA : 0>
      aie.packet_dest<%t02, DMA : 0>
    }
    aie.packet_flow(8) {
      aie.packet_source<%t03, DMA : 0>
      aie.packet_dest<%shim, DMA : 0>
    } {keep_pkt_header = true}
  }
}
