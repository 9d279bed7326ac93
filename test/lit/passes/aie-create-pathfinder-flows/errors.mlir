// (--disable-verify: these switchboxes are ones the verifier refuses; the pass is tested alone.)
// The router's refusals: a fixed connection the switch cannot make, a packet flow without a
// source.
// RUN: not iron-opt --disable-verify --split-input-file --aie-create-pathfinder-flows %s 2>&1 | filecheck %s

// CHECK: error: 'aie.switchbox' op Unable to add fixed connections
aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  %sb = aie.switchbox(%t02) {
    aie.connect<Core : 0, Core : 0>
  }
  aie.flow(%t02, DMA : 1, %t03, DMA : 0)
}

// -----

// CHECK: error: 'aie.packet_flow' op packet_flow has no packet_source
aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  aie.packet_flow(1) {
    aie.packet_dest<%t02, DMA : 0>
  }
}
