// memref.global in MLIR's custom form: visibility and initial value optional, the initial
// value written without its type, `uninitialized`, and the alignment in the attribute dict.
// RUN: iron-opt %s | filecheck %s --match-full-lines --strict-whitespace
// RUN: IRON_ROUNDTRIP --match-full-lines --strict-whitespace
// RUN: iron-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

module {
  memref.global "private" constant @lut : memref<4xi16> = dense<[1, 2, 3, 4]> {alignment = 64 : i64}
  memref.global @buf : memref<16xi32> = uninitialized
  memref.global "private" @ext : memref<8xf32>
  memref.global "public" @init : memref<2xi8> = dense<0>
  func.func @f() {
    %0 = memref.get_global @lut : memref<4xi16>
    return
  }
}

// CHECK:module {
// CHECK-NEXT:  memref.global "private" constant @lut : memref<4xi16> = dense<[1, 2, 3, 4]> {alignment = 64 : i64}
// CHECK-NEXT:  memref.global @buf : memref<16xi32> = uninitialized
// CHECK-NEXT:  memref.global "private" @ext : memref<8xf32>
// CHECK-NEXT:  memref.global "public" @init : memref<2xi8> = dense<0>
// CHECK-NEXT:  func.func @f() {
// CHECK-NEXT:    %0 = memref.get_global @lut : memref<4xi16>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:}
// GENERIC: "memref.global"() <{alignment = 64 : i64, constant, initial_value = dense<[1, 2, 3, 4]> : tensor<4xi16>, sym_name = "lut", sym_visibility = "private", type = memref<4xi16>}> : () -> ()
// GENERIC: "memref.global"() <{initial_value, sym_name = "buf", type = memref<16xi32>}> : () -> ()
