// Upstream ops printed by MLIR's own rules where xDSL's printers differ: func.func
// declarations without `-> ()`, `return`/`call` directly in a function body (default dialect
// `func`) but `func.call` one region deeper, the double space before `: i32` of a non-index
// scf.for, yields shown only with iter_args/results, arith.constant and memref.alloc hints.
// RUN: iron-opt %s | filecheck %s --match-full-lines --strict-whitespace
// RUN: IRON_ROUNDTRIP --match-full-lines --strict-whitespace

module {
  func.func private @k2(index, i32)
  func.func private @k(memref<1024xi16>, i32) attributes {link_with = "scale.o"}
  func.func @f(%a: memref<4096xi8>, %b: memref<4096xi8>, %n: i32) -> (i32, f32) {
    %c0 = arith.constant 0 : index
    %x = arith.index_cast %n : i32 to index
    %c1 = arith.constant 1 : index
    %t = arith.constant true
    %f = arith.constant 1.5 : f32
    %v = arith.constant dense<0> : vector<16xi32>
    %m = arith.constant -1 : i8
    scf.for %i = %c0 to %x step %c1 {
      %1 = memref.load %a[%i] : memref<4096xi8>
      memref.store %1, %b[%i] : memref<4096xi8>
      %c0_1 = arith.constant 0 : index
    }
    %lb = arith.constant 0 : i32
    %r = scf.for %i = %lb to %n step %n iter_args(%acc = %n) -> (i32) : i32 {
      %s = arith.addi %acc, %i : i32
      scf.yield %s : i32
    }
    %q = scf.if %t -> (i32) {
      scf.yield %r : i32
    } else {
      scf.yield %n : i32
    }
    scf.if %t {
      func.call @k2(%c0, %n) : (index, i32) -> ()
    }
    func.call @k2(%c0, %n) : (index, i32) -> ()
    %al = memref.alloc() : memref<4xi32, 2>
    cf.cond_br %t, ^bb1(%n : i32), ^bb2
  ^bb1(%z: i32):
    cf.br ^bb2
  ^bb2:
    func.return %n, %f : i32, f32
  }
}

// CHECK:module {
// CHECK-NEXT:  func.func private @k2(index, i32)
// CHECK-NEXT:  func.func private @k(memref<1024xi16>, i32) attributes {link_with = "scale.o"}
// CHECK-NEXT:  func.func @f(%arg0: memref<4096xi8>, %arg1: memref<4096xi8>, %arg2: i32) -> (i32, f32) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %0 = arith.index_cast %arg2 : i32 to index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT:    %cst_0 = arith.constant dense<0> : vector<16xi32>
// CHECK-NEXT:    %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:    scf.for %arg3 = %c0 to %0 step %c1 {
// CHECK-NEXT:      %4 = memref.load %arg0[%arg3] : memref<4096xi8>
// CHECK-NEXT:      memref.store %4, %arg1[%arg3] : memref<4096xi8>
// CHECK-NEXT:      %c0_1 = arith.constant 0 : index
// CHECK-NEXT:    }
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %1 = scf.for %arg3 = %c0_i32 to %arg2 step %arg2 iter_args(%arg4 = %arg2) -> (i32)  : i32 {
// CHECK-NEXT:      %4 = arith.addi %arg4, %arg3 : i32
// CHECK-NEXT:      scf.yield %4 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %2 = scf.if %true -> (i32) {
// CHECK-NEXT:      scf.yield %1 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg2 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %true {
// CHECK-NEXT:      func.call @k2(%c0, %arg2) : (index, i32) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    call @k2(%c0, %arg2) : (index, i32) -> ()
// CHECK-NEXT:    %alloc = memref.alloc() : memref<4xi32, 2>
// CHECK-NEXT:    cf.cond_br %true, ^bb1(%arg2 : i32), ^bb2
// CHECK-NEXT:  ^bb1(%3: i32):  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    return %arg2, %cst : i32, f32
// CHECK-NEXT:  }
// CHECK-NEXT:}
