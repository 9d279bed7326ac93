// Two locks on one id, and more locks than the tile has.
// RUN: not iron-opt --split-input-file --aie-assign-lock-ids %s 2>&1 | filecheck %s

// CHECK: error: 'aie.lock' op is assigned to the same lock (3) as another op.
aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  %a = aie.lock(%t, 3)
  %b = aie.lock(%t, 3)
}

// -----

// CHECK: error: 'aie.lock' op not allocated a lock. (because only 16 locks available in this tile.)
aie.device(npu1_1col) {
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
  %l16 = aie.lock(%t)
}
