// Two locks on one id, and more locks than the tile has: the error is at the lock, the reason a
// note at its tile, as mlir-aie attaches them. MLIR's single-dash option spellings work too.
// RUN: iron-opt --aie-assign-lock-ids %s -split-input-file -verify-diagnostics
// RUN: not iron-opt --split-input-file --aie-assign-lock-ids %s 2>&1 | filecheck %s

// CHECK: error: 'aie.lock' op is assigned to the same lock (3) as another op.
// CHECK: note: tile has lock ops assigned to same lock.
aie.device(npu1_1col) {
  // expected-note @below {{tile has lock ops assigned to same lock.}}
  %t = aie.tile(0, 2)
  %a = aie.lock(%t, 3)
  // expected-error @below {{'aie.lock' op is assigned to the same lock (3) as another op.}}
  %b = aie.lock(%t, 3)
}

// -----

// CHECK: error: 'aie.lock' op not allocated a lock.
// CHECK: note: because only 16 locks available in this tile.
aie.device(npu1_1col) {
  // expected-note @below {{because only 16 locks available in this tile.}}
  %t = aie.tile(0, 2)
  %l0 = aie.lock(%t)
  %l1 = aie.lock(%t)
  %l2 = aie.lock(%t)
  %l3 = aie.lock(%t)
  %l4 = aie.lock(%t)
  %l5 = aie.lock(%t)
  %l6 = aie.lock(%t)
  %l7 = aie.lock(%t)
  %l8 = aie.lock(%t)
  %l9 = aie.lock(%t)
  %l10 = aie.lock(%t)
  %l11 = aie.lock(%t)
  %l12 = aie.lock(%t)
  %l13 = aie.lock(%t)
  %l14 = aie.lock(%t, 15)
  %l15 = aie.lock(%t)
  // expected-error @below {{not allocated a lock.}}
  %l16 = aie.lock(%t)
  %l17 = aie.lock(%t)
}

// -----

// A mem tile has 64 locks: ids past 16 are fine there.
// CHECK-LABEL: module
// CHECK-COUNT-3: aie.lock
module {
  aie.device(npu1_1col) {
    %m = aie.tile(0, 1)
    %a = aie.lock(%m, 40)
    %b = aie.lock(%m)
    %c = aie.lock(%m, 63)
  }
}
