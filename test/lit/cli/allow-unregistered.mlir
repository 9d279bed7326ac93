// --allow-unregistered-dialect: ops, attributes and types of dialects iron-ir does not know
// round-trip in generic form, inside AIE regions too, as with mlir-opt. An unknown op of a known
// dialect and the custom form of an unknown op are still errors; without the flag, so is any
// unknown dialect.
// RUN: iron-opt %s --allow-unregistered-dialect --split-input-file | filecheck %s
// RUN: iron-opt %s --allow-unregistered-dialect --split-input-file --print-op-generic | iron-opt --allow-unregistered-dialect --split-input-file | filecheck %s
// RUN: not iron-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=REFUSED
// RUN: printf 'func.func @f() {\n  "arith.frob"() : () -> ()\n  func.return\n}\n' | not iron-opt --allow-unregistered-dialect 2>&1 | filecheck %s --check-prefix=KNOWN
// RUN: printf 'func.func @f() {\n  frob.x\n  func.return\n}\n' | not iron-opt --allow-unregistered-dialect 2>&1 | filecheck %s --check-prefix=CUSTOM

aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  %h = "mydialect.thing"(%t) <{prop = 3 : i32}> {kind = #mydialect.kind<fast>} : (index) -> !mydialect.handle
  %c = aie.core(%t) {
    "mydialect.use"(%h) : (!mydialect.handle) -> ()
    aie.end
  }
}
// CHECK:      aie.device(npu1_1col) {
// CHECK-NEXT:   %tile_0_2 = aie.tile(0, 2)
// CHECK-NEXT:   %0 = "mydialect.thing"(%tile_0_2) <{prop = 3 : i32}> {kind = #mydialect.kind<fast>} : (index) -> !mydialect.handle
// CHECK-NEXT:   %core_0_2 = aie.core(%tile_0_2) {
// CHECK-NEXT:     "mydialect.use"(%0) : (!mydialect.handle) -> ()
// CHECK-NEXT:     aie.end
// REFUSED: allow-unregistered.mlir:13:9: error: unknown dialect 'mydialect' in operation 'mydialect.thing'

// -----

func.func @g(%c: i1) {
  "other.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "other.region"() ({
  ^bb0(%a: i32):
    "other.yield"(%a) : (i32) -> ()
  }) : () -> ()
  func.return
^bb2:
  func.return
}
// CHECK:      func.func @g(%arg0: i1) {
// CHECK-NEXT:   "other.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "other.region"() ({
// CHECK-NEXT:   ^bb0(%arg1: i32):
// CHECK-NEXT:     "other.yield"(%arg1) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   return

// KNOWN: <stdin>:2:4: error: unknown operation 'arith.frob': dialect 'arith' has no such op
// CUSTOM: <stdin>:2:3: error: custom op 'frob.x' is unknown: an op of a dialect iron-ir does not know can only be written in generic form
