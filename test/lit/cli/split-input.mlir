// --split-input-file: chunks are printed separated by the split marker, and every chunk is named
// from scratch (MLIR's naming restarts with each printed module).
// RUN: iron-opt %s --split-input-file | filecheck %s

func.func @a(%x: i32) -> i32 {
  %c1_i32 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1_i32 : i32
  func.return %0 : i32
}

// -----

func.func @b(%y: i32) -> i32 {
  %z = arith.addi %y, %y : i32
  func.return %z : i32
}

// CHECK:      module {
// CHECK-NEXT:   func.func @a(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @b(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
