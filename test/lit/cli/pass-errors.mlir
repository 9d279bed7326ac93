// Bad pass pipelines point into the -p text: unknown pass, unknown or ill-typed option,
// malformed pipeline syntax.
// RUN: not iron-opt %s -p cse,no-such-pass 2>&1 | filecheck %s --check-prefix=UNKNOWN --strict-whitespace
// RUN: not iron-opt %s -p 'cse{bogus=1}' 2>&1 | filecheck %s --check-prefix=OPTION --strict-whitespace
// RUN: not iron-opt %s -p 'cse{' 2>&1 | filecheck %s --check-prefix=SYNTAX --strict-whitespace
// RUN: iron-opt %s -p cse,dce | filecheck %s --check-prefix=OK

func.func @f() {
  %c0 = arith.constant 0 : index
  func.return
}

// UNKNOWN:      <pass pipeline>:1:5: error: unknown pass 'no-such-pass'; available passes: {{.*}}cse{{.*}} (see iron-opt --help)
// UNKNOWN-NEXT: {{^}}cse,no-such-pass{{$}}
// UNKNOWN-NEXT: {{^}}    ^^^^^^^^^^^^{{$}}
// UNKNOWN-NOT:  Traceback

// OPTION:      <pass pipeline>:1:1: error: bad options for pass 'cse': Provided arguments ["bogus"] not found in expected arguments []; it takes no options
// OPTION-NEXT: {{^}}cse{bogus=1}{{$}}
// OPTION-NEXT: {{^}}^^^{{$}}

// SYNTAX:      <pass pipeline>:1:5: error: bad pass pipeline: Expected argument name here
// SYNTAX-NEXT: {{^}}cse{{{$}}
// SYNTAX-NEXT: {{^}}    ^{{$}}

// OK:      func.func @f() {
// OK-NEXT:   return
// OK-NEXT: }
