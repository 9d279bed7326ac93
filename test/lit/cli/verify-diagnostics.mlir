// --verify-diagnostics on a file that states `expected-*` diagnostics checks them as MLIR does:
// every diagnostic must be expected on its line (@+N, @-N, @above, @below; -re for {{regex}}),
// and every expectation met. This file meets all of its expectations, so the run succeeds.
// RUN: iron-opt %s --split-input-file --verify-diagnostics
// The chunks that verify are printed, as mlir-opt does.
// RUN: iron-opt %s --split-input-file --verify-diagnostics | filecheck %s

aie.device(npu1) {
  %t = aie.tile(4, 2) // expected-error {{column index (4) must be less than the number of columns in the device (4)}}
}

// -----

aie.device(npu1) {
  // expected-error @+1 {{'aie.tile' op row index (9)}}
  %t = aie.tile(0, 9)
}

// -----

aie.device(npu1) {
  %t = aie.tile(0, 1)
  // expected-error @below {{'aie.core' op failed to verify that op exists in a core tile}}
  %c = aie.core(%t) {
    aie.end
  }
}

// -----

aie.device(npu1) {
  // expected-error-re @below {{column index ({{[0-9]+}}) must be less than the number of columns in the device ({{[0-9]}})}}
  %t = aie.tile(6, 2)
}

// -----

aie.device(npu1) {
  %t = aie.tile(1, 2)
  %t2 = aie.tile(8, 2)
  // expected-error @above {{column index (8)}}
}

// -----

aie.device(npu1) {
  %t = aie.tile(5, 2)
  // Two lines down from here, counting back.

  // expected-error @-3 {{column index (5)}}
}

// -----

// Parse errors are diagnostics like any other.
func.func @f( {
// expected-error @-1 {{Expected argument or type}}
}

// -----

// A chunk without diagnostics is printed.
aie.device(npu1) {
  %t = aie.tile(1, 2)
}
// CHECK:      aie.device(npu1) {
// CHECK-NEXT:   %tile_1_2 = aie.tile(1, 2)
// CHECK-NEXT: }
