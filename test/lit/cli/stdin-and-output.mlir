// `iron-opt -` (or no input) reads standard input; `-o FILE` writes the output, only when the
// run succeeds, and never over the input file.
// RUN: cat %s | iron-opt - | filecheck %s --check-prefix=OUT
// RUN: cat %s | iron-opt | filecheck %s --check-prefix=OUT
// RUN: rm -f %t.out && iron-opt %s -o %t.out && filecheck %s --check-prefix=OUT < %t.out
// RUN: iron-opt %s -o - | filecheck %s --check-prefix=OUT
// RUN: cp %s %t.in.mlir && not iron-opt %t.in.mlir -o %t.in.mlir 2>&1 | filecheck %s --check-prefix=SAME
// RUN: filecheck %s --check-prefix=OUT-NOT-WRITTEN < %t.in.mlir
// RUN: not iron-opt %s -o %S 2>&1 | filecheck %s --check-prefix=DIR
// A failing run leaves an existing output file as it was, and creates none.
// RUN: echo previous > %t.kept && printf 'func.func @f( {\n' | not iron-opt - -o %t.kept 2>&1 | filecheck %s --check-prefix=STDIN-ERR
// RUN: filecheck %s --check-prefix=KEPT < %t.kept
// RUN: rm -f %t.none && printf 'func.func @f( {\n' | not iron-opt - -o %t.none 2>/dev/null && not test -e %t.none

func.func @f(%x: i32) -> i32 {
  func.return %x : i32
}

// OUT:      module {
// OUT-NEXT:   func.func @f(%arg0: i32) -> i32 {
// OUT-NEXT:     return %arg0 : i32

// SAME: in.mlir: error: the output file is the input file; iron-opt never overwrites its input: give another -o path
// OUT-NOT-WRITTEN: func.func @f(%x: i32) -> i32 {
// DIR: error: cannot write output file: it is a directory
// STDIN-ERR: <stdin>:1:15: error: Expected argument or type
// KEPT: previous
