// Syntax errors in IRON ops name what was expected.
// RUN: iron-opt %s --split-input-file --parsing-diagnostics --verify-diagnostics | filecheck %s

iron.program @p device(npu1_1col) {
  iron.worker @w on #iron.tile<any_core> while_true {
  }
}
// CHECK: Expected `any_compute`, `any_mem`, or `any_shim`

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<16xi32> producer(host @sequence depth 2) consumers(worker @w depth 2)
}
// CHECK: Expected `worker`, `runtime`, or `link`

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @f : i32 producer(worker @w depth 2) consumers(worker @w depth 2)
}
// CHECK: fifo element type must be a memref, got i32

// -----

iron.program @p device(npu1_1col) {
  iron.worker @w on #iron.tile<any_compute> while_true {
    iron.release @f(consume, 0)
  }
}
// CHECK: the number of objects must be at least 1, got 0

// -----

iron.program @p device(npu1_1col) {
  iron.fifo @f : memref<16xi32> producer(worker @w depth 0) consumers(worker @w depth 2)
}
// CHECK: endpoint worker @w has depth 0; a depth must be at least 1
