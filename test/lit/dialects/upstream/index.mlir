// MLIR's index dialect (xDSL has none): results named as MLIR names them (%idx42, %true).
// RUN: iron-opt %s | filecheck %s --match-full-lines --strict-whitespace
// RUN: IRON_ROUNDTRIP --match-full-lines --strict-whitespace

func.func @i(%a: index, %b: index, %n: i32) -> i1 {
  %0 = index.add %a, %b
  %1 = index.mul %0, %b
  %2 = index.floordivs %1, %a
  %c = index.constant 42
  %t = index.bool.constant true
  %3 = index.cmp slt(%2, %c)
  %4 = index.casts %n : i32 to index
  %5 = index.castu %4 : index to i64
  %6 = index.sizeof
  %7 = index.maxu %6, %a
  return %3 : i1
}

// CHECK:module {
// CHECK-NEXT:  func.func @i(%arg0: index, %arg1: index, %arg2: i32) -> i1 {
// CHECK-NEXT:    %0 = index.add %arg0, %arg1
// CHECK-NEXT:    %1 = index.mul %0, %arg1
// CHECK-NEXT:    %2 = index.floordivs %1, %arg0
// CHECK-NEXT:    %idx42 = index.constant 42
// CHECK-NEXT:    %true = index.bool.constant true
// CHECK-NEXT:    %3 = index.cmp slt(%2, %idx42)
// CHECK-NEXT:    %4 = index.casts %arg2 : i32 to index
// CHECK-NEXT:    %5 = index.castu %4 : index to i64
// CHECK-NEXT:    %6 = index.sizeof
// CHECK-NEXT:    %7 = index.maxu %6, %arg0
// CHECK-NEXT:    return %3 : i1
// CHECK-NEXT:  }
// CHECK-NEXT:}
