// MLIR's SSA naming pass: counters restored for sibling regions, nested regions numbered after
// their parent region, one shared conflict counter, %argN entry arguments, result groups,
// arith.constant hints, block labels with predecessor comments (reference/mlir-printing.md).
// RUN: iron-opt %s | filecheck %s --match-full-lines --strict-whitespace
// RUN: iron-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

func.func @traps(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.index_cast %a : i32 to index
  scf.for %i = %c0 to %n step %c1 {
    %v = arith.index_cast %i : index to i32
    %k = arith.constant 5 : index
  }
  %m = arith.index_cast %b : i32 to index
  %c5 = arith.constant 5 : index
  scf.for %j = %c0 to %m step %c1 {
    %w = arith.index_cast %j : index to i32
    %k = arith.constant 5 : index
  }
  %r:2 = scf.for %k = %c0 to %c1 step %c1 iter_args(%p = %a, %q = %b) -> (i32, i32) {
    scf.yield %q, %p : i32, i32
  }
  %s = arith.addi %r#0, %r#1 : i32
  %t = arith.constant true
  %t2 = arith.constant true
  %f = arith.constant 2.0 : f32
  %neg = arith.constant -8 : i32
  %big = arith.constant 255 : i8
  func.return %s : i32
}
func.func @cfg(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%y: i32):
  cf.br ^bb3(%y : i32)
^bb2:
  cf.br ^bb3(%x : i32)
^bb3(%z: i32):
  func.return %z : i32
^bb4:
  cf.br ^bb3(%x : i32)
}

// CHECK:module {
// CHECK-NEXT:  func.func @traps(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %0 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT:    scf.for %arg2 = %c0 to %0 step %c1 {
// CHECK-NEXT:      %4 = arith.index_cast %arg2 : index to i32
// CHECK-NEXT:      %c5_1 = arith.constant 5 : index
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:    %c5 = arith.constant 5 : index
// CHECK-NEXT:    scf.for %arg2 = %c0 to %1 step %c1 {
// CHECK-NEXT:      %4 = arith.index_cast %arg2 : index to i32
// CHECK-NEXT:      %c5_1 = arith.constant 5 : index
// CHECK-NEXT:    }
// CHECK-NEXT:    %2:2 = scf.for %arg2 = %c0 to %c1 step %c1 iter_args(%arg3 = %arg0, %arg4 = %arg1) -> (i32, i32) {
// CHECK-NEXT:      scf.yield %arg4, %arg3 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %3 = arith.addi %2#0, %2#1 : i32
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %true_0 = arith.constant true
// CHECK-NEXT:    %cst = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    %c-8_i32 = arith.constant -8 : i32
// CHECK-NEXT:    %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:    return %3 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @cfg(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
// CHECK-NEXT:  ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb3(%0 : i32)
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT:  ^bb3(%1: i32):  // 3 preds: ^bb1, ^bb2, ^bb4
// CHECK-NEXT:    return %1 : i32
// CHECK-NEXT:  ^bb4:  // no predecessors
// CHECK-NEXT:    cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT:  }
// CHECK-NEXT:}

// The generic form uses no hints; entry arguments are still %argN and the numbering rules
// are the same.
// GENERIC:      ^bb0(%arg0: i32, %arg1: i32):
// GENERIC-NEXT:   %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC:        ^bb0(%arg2: index):
// GENERIC-NEXT:     %12 = "arith.index_cast"(%arg2) : (index) -> i32
// GENERIC:        %5:2 = "scf.for"(%0, %1, %1, %arg0, %arg1) ({
// GENERIC:        %6 = "arith.addi"(%5#0, %5#1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC:        "cf.cond_br"(%arg0, %arg1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
// GENERIC-NEXT: ^bb1(%0: i32):  // pred: ^bb0
