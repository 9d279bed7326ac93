// Attribute dictionaries are sorted by name (bytewise: upper case, `_`, lower case), in the
// custom and the generic form, nested dictionaries too; i64/f64 lose their type inside arrays
// and memref memory spaces; discardable and inherent attributes merge in the custom form.
// RUN: iron-opt %s --allow-unregistered-dialect | filecheck %s --match-full-lines --strict-whitespace
// RUN: iron-opt %s --allow-unregistered-dialect --print-op-generic | filecheck %s --check-prefix=GENERIC --match-full-lines --strict-whitespace

"test.op"() {zeta = 1 : i32, alpha = [0, 1, 2 : i32, 1.0, 2.5 : f32], Beta = true, _u, n = {z = 1 : i32, a = 2 : i32}, m = memref<4xi32, 2>, "quoted name" = "x"} : () -> ()
func.func private @k() attributes {zz = 1 : i32, aa = "s"}
func.func @f() {
  func.call @k() {zz, aa = 1 : i64} : () -> ()
  func.return
}

// CHECK:module {
// CHECK-NEXT:  "test.op"() {Beta = true, _u, alpha = [0, 1, 2 : i32, 1.000000e+00, 2.500000e+00 : f32], m = memref<4xi32, 2>, n = {a = 2 : i32, z = 1 : i32}, "quoted name" = "x", zeta = 1 : i32} : () -> ()
// CHECK-NEXT:  func.func private @k() attributes {aa = "s", zz = 1 : i32}
// CHECK-NEXT:  func.func @f() {
// CHECK-NEXT:    call @k() {aa = 1 : i64, zz} : () -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:}

// GENERIC:"builtin.module"() ({
// GENERIC-NEXT:  "test.op"() {Beta = true, _u, alpha = [0, 1, 2 : i32, 1.000000e+00, 2.500000e+00 : f32], m = memref<4xi32, 2>, n = {a = 2 : i32, z = 1 : i32}, "quoted name" = "x", zeta = 1 : i32} : () -> ()
// GENERIC-NEXT:  "func.func"() <{function_type = () -> (), sym_name = "k", sym_visibility = "private"}> ({
// GENERIC-NEXT:  }) {aa = "s", zz = 1 : i32} : () -> ()
// GENERIC-NEXT:  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
// GENERIC-NEXT:    "func.call"() <{callee = @k}> {aa = 1 : i64, zz} : () -> ()
// GENERIC-NEXT:    "func.return"() : () -> ()
// GENERIC-NEXT:  }) : () -> ()
// GENERIC-NEXT:}) : () -> ()
