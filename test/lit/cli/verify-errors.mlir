// A verifier failure is reported at the failing op's own line and column (ops parsed from
// text carry their location), in MLIR's wording, with the source line and a caret.
// RUN: not iron-opt %s --split-input-file 2>&1 | filecheck %s --strict-whitespace
// With --verify-diagnostics the messages go to stdout and the exit status is 0, as in xDSL.
// RUN: iron-opt %s --split-input-file --verify-diagnostics | filecheck %s --check-prefix=DIAG

module {
  func.func @f() -> i32 {
    %0 = arith.constant 1 : i32
    func.return %0 : i32
  }
  func.func @g() {
    %1 = func.call @f() : () -> i64
    func.return
  }
}
// CHECK:      verify-errors.mlir:13:5: error: 'func.call' op result type mismatch: expected result type i32, but provided i64 for result number 0
// CHECK-NEXT: {{^}}    %1 = func.call @f() : () -> i64{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// DIAG: result type mismatch: expected result type i32, but provided i64 for result number 0

// -----

aie.device(npu1) {
  %t = aie.tile(1, 2)
  %core = aie.core(%t) {
    scf.for %i = %t to %t step %t {
      %x = "arith.constant"() <{value = 1 : i32}> : () -> i64
    }
    aie.end
  }
}
// CHECK:      verify-errors.mlir:28:7: error: 'arith.constant' op {{.*}}
// CHECK-NEXT: {{^}}      %x = "arith.constant"() <{value = 1 : i32}> : () -> i64{{$}}
// CHECK-NEXT: {{^}}      ^{{$}}
// DIAG: 'T', but got i32

// -----

aie.device(npu1) {
  %t = aie.tile(1, 99)
}
// CHECK:      verify-errors.mlir:41:3: error: 'aie.tile' op {{.*}}row{{.*}}
// CHECK-NEXT: {{^}}  %t = aie.tile(1, 99){{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
