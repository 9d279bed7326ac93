// A missing input file is one line naming the file and the reason; a bad flag is argparse's
// usage message. Neither shows a Python traceback.
// RUN: not iron-opt %t.does-not-exist.mlir 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: not iron-opt %s --no-such-flag 2>&1 | filecheck %s --check-prefix=FLAG

// MISSING:     does-not-exist.mlir: error: cannot read input file: No such file or directory
// MISSING-NOT: Traceback
// FLAG:        iron-opt: error: unrecognized arguments: --no-such-flag
// FLAG-NOT:    Traceback
