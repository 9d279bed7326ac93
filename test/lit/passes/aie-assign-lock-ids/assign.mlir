// Per tile, locks without an id get the lowest ids not already written, in IR order; written
// ids stay.
// RUN: iron-opt --aie-assign-lock-ids %s | filecheck %s
// Running it twice changes nothing:
// RUN: iron-opt --aie-assign-lock-ids --aie-assign-lock-ids %s | filecheck %s

// CHECK: module @locks {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[MEM_TILE_0_1:.*]] = aie.tile(0, 1)
// CHECK: %[[A:.*]] = aie.lock(%[[TILE_0_2]], 1) {sym_name = "a"}
// CHECK: %[[B:.*]] = aie.lock(%[[TILE_0_2]], 0) {sym_name = "b"}
// CHECK: %[[C:.*]] = aie.lock(%[[TILE_0_2]], 3) {sym_name = "c"}
// CHECK: %[[D:.*]] = aie.lock(%[[MEM_TILE_0_1]], 0) {init = 3 : i32, sym_name = "d"}
// CHECK: %[[E:.*]] = aie.lock(%[[TILE_0_2]], 2) {sym_name = "e"}
// CHECK: %[[F:.*]] = aie.lock(%[[TILE_0_2]], 4) {sym_name = "f"}
// CHECK: }
// CHECK: }

module @locks {
  aie.device(npu1_1col) {
    %t02 = aie.tile(0, 2)
    %t01 = aie.tile(0, 1)
    %a = aie.lock(%t02) {sym_name = "a"}
    %b = aie.lock(%t02, 0) {sym_name = "b"}
    %c = aie.lock(%t02) {sym_name = "c"}
    %d = aie.lock(%t01) {init = 3 : i32, sym_name = "d"}
    %e = aie.lock(%t02, 2) {sym_name = "e"}
    %f = aie.lock(%t02) {sym_name = "f"}
  }
}
