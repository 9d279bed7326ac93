// An error about an op is followed, as in mlir-opt, by a note showing that op in the generic
// form with its values numbered as in the whole IR; the pass's own note comes after it.
// RUN: not iron-opt --aie-assign-lock-ids %s 2>&1 | filecheck %s

// CHECK: error: 'aie.lock' op is assigned to the same lock (5) as another op.
// CHECK-NEXT: %second = aie.lock(%t, 5) {sym_name = "second"}
// CHECK-NEXT: ^
// CHECK-NEXT: note: see current operation: %[[SECOND:[0-9]+]] = "aie.lock"(%[[TILE:[0-9]+]]) <{lockID = 5 : i32, sym_name = "second"}> : (index) -> index
// CHECK: note: tile has lock ops assigned to same lock.
// CHECK-NOT: see current operation
module {
  aie.device(npu1_1col) {
    %s = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %first = aie.lock(%t, 5) {sym_name = "first"}
    %second = aie.lock(%t, 5) {sym_name = "second"}
  }
}
