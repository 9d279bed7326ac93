// aie-opt's spellings of a pass pipeline work with iron-opt: a flag per pass (two dashes or one,
// options after `=`), and --pass-pipeline with MLIR's op nesting.
// RUN: iron-opt --cse %s | filecheck %s
// RUN: iron-opt -cse -dce %s | filecheck %s
// RUN: iron-opt --pass-pipeline="builtin.module(cse,dce)" %s | filecheck %s
// RUN: iron-opt -p cse --dce %s | filecheck %s
// RUN: not iron-opt --cse="bogus=1" %s 2>&1 | filecheck %s --check-prefix=BAD

// CHECK:      func.func @f() {
// CHECK-NEXT:   return
// CHECK-NEXT: }
// BAD: <pass pipeline>:1:1: error: bad options for pass 'cse'

func.func @f() {
  %c0 = arith.constant 0 : index
  func.return
}
