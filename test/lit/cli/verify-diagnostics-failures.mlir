// --verify-diagnostics reports, in MLIR's words and at the place concerned, each diagnostic that
// no expectation matched, each expectation that no diagnostic met, a diagnostic of another
// severity than expected, and a bad designator; the exit status is then 1.
// RUN: not iron-opt %S/Inputs/verify-diagnostics-failures.mlir --split-input-file --verify-diagnostics -o %t 2>&1 | filecheck %s --strict-whitespace

// CHECK:      {{.*}}verify-diagnostics-failures.mlir:2:3: error: unexpected error: 'aie.tile' op column index (4) must be less than the number of columns in the device (4) [npu1: {{.*}}]{{$}}
// CHECK-NEXT: {{^}}  %t = aie.tile(4, 2) // expected-error {{[{][{]}}not the message{{[}][}]}}{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NEXT: {{.*}}verify-diagnostics-failures.mlir:2:26: error: expected error "not the message" was not produced{{$}}
// CHECK-NEXT: {{^}}  %t = aie.tile(4, 2) // expected-error {{[{][{]}}not the message{{[}][}]}}{{$}}
// CHECK-NEXT: {{^}}                         ^~~~~~~~~~~~~~~{{$}}
// CHECK-NEXT: {{.*}}verify-diagnostics-failures.mlir:8:26: error: expected error "never produced" was not produced{{$}}
// CHECK-NEXT: {{^}}  %t = aie.tile(1, 2) // expected-error {{[{][{]}}never produced{{[}][}]}}{{$}}
// CHECK-NEXT: {{^}}                         ^~~~~~~~~~~~~~{{$}}
// CHECK-NEXT: {{.*}}verify-diagnostics-failures.mlir:14:26: error: 'error' diagnostic emitted when expecting a 'warning'{{$}}
// CHECK-NEXT: {{^}}  %t = aie.tile(7, 2) // expected-warning {{[{][{]}}column index (7){{[}][}]}}{{$}}
// CHECK-NEXT: {{^}}                         ^{{$}}
// CHECK-NEXT: {{.*}}verify-diagnostics-failures.mlir:14:26: error: expected warning "column index (7)" was not produced{{$}}
// CHECK-NEXT: {{^}}  %t = aie.tile(7, 2) // expected-warning {{[{][{]}}column index (7){{[}][}]}}{{$}}
// CHECK-NEXT: {{^}}                         ^~~~~~~~~~~~~~~~{{$}}
// CHECK-NEXT: {{.*}}verify-diagnostics-failures.mlir:20:26: error: found start of regex with no end '}}'{{$}}
// CHECK-NEXT: {{^}}  %t = aie.tile(1, 2) // expected-error-re {{[{][{]}}unclosed {{[{][{]}}[0-9]{{[}][}]}}{{$}}
// CHECK-NEXT: {{^}}                         ^~~~~~~~~~~~~~~~{{$}}
// CHECK-NEXT: {{.*}}verify-diagnostics-failures.mlir:26:26: error: invalid regex: {{.+}}
// CHECK-NEXT: {{^}}  %t = aie.tile(1, 2) // expected-error-re {{[{][{]}}bad {{[{][{]}}({{[}][}]}} regex{{[}][}]}}{{$}}
// CHECK-NEXT: {{^}}                         ^~~~~~~~~~~~~~~{{$}}
// CHECK-NEXT: {{.*}}verify-diagnostics-failures.mlir:31:4: error: expected remark "nowhere" was not produced{{$}}
// CHECK-NEXT: {{^}}// expected-remark @unknown {{[{][{]}}nowhere{{[}][}]}}{{$}}
// CHECK-NEXT: {{^}}   ^~~~~~~{{$}}
// CHECK-NEXT: {{.*}}verify-diagnostics-failures.mlir:41:4: error: expected note "dangling" was not produced{{$}}
// CHECK-NEXT: {{^}}// expected-note @below {{[{][{]}}dangling{{[}][}]}}{{$}}
// CHECK-NEXT: {{^}}   ^~~~~~~~{{$}}
// CHECK-NOT:  error:
