// Syntax errors, unknown ops and unknown dialects: one diagnostic each at file:line:col with
// the source line and a caret under the culprit, and a failing exit status.
// RUN: not iron-opt %s --split-input-file 2>&1 | filecheck %s --strict-whitespace

func.func @f() {
  %0 = arith.constant 1 i32
}
// CHECK:      parse-errors.mlir:6:25: error: unknown operation 'i32': an op name needs its dialect prefix (e.g. 'aie.tile', 'arith.constant')
// CHECK-NEXT: {{^}}  %0 = arith.constant 1 i32{{$}}
// CHECK-NEXT: {{^}}                        ^^^{{$}}

// -----

func.func @g(%a: i32) {
  %0 = arith.addi %a, %a i32
  func.return
}
// CHECK:      parse-errors.mlir:15:26: error: Expected ':'
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %a i32{{$}}
// CHECK-NEXT: {{^}}                         ^^^{{$}}

// -----

func.func @h() {
  arith.frobnicate
  func.return
}
// CHECK:      parse-errors.mlir:25:3: error: unknown operation 'arith.frobnicate': dialect 'arith' has no such op
// CHECK-NEXT: {{^}}  arith.frobnicate{{$}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^^{{$}}

// -----

"nosuch.op"() : () -> ()
// CHECK:      parse-errors.mlir:34:2: error: unknown dialect 'nosuch' in operation 'nosuch.op'; known dialects: {{.*}}aie{{.*}} (--allow-unregistered-dialect accepts other dialects' ops in generic form)
// CHECK-NEXT: {{^}}"nosuch.op"() : () -> (){{$}}
// CHECK-NEXT: {{^}} ^^^^^^^^^{{$}}

// -----

%x = "arith.constant"() <{value = 300 : i8}> : () -> i8
// CHECK:      parse-errors.mlir:41:43: error: Integer value 300 is out of range for type i8
// CHECK-NEXT: {{^}}%x = "arith.constant"() <{value = 300 : i8}> : () -> i8{{$}}
// CHECK-NEXT: {{^}}                                          ^{{$}}
