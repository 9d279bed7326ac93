// AIE1 memory affinity is a checkerboard: a tile in an odd row reaches the memory West of it,
// one in an even row the memory East of it (and both North and South).
// RUN: iron-opt --split-input-file --verify-diagnostics %s

aie.device(xcvc1902) {
  %t53 = aie.tile(5, 3)
  %t43 = aie.tile(4, 3)
  %t54 = aie.tile(5, 4)
  %west = aie.buffer(%t43) : memref<8xi32>
  %north = aie.buffer(%t54) : memref<8xi32>
  %c = aie.core(%t53) {
    %i = arith.constant 1 : index
    %v = memref.load %west[%i] : memref<8xi32>
    memref.store %v, %north[%i] : memref<8xi32>
    aie.end
  }
}

// -----

aie.device(xcvc1902) {
  %t53 = aie.tile(5, 3)
  %t63 = aie.tile(6, 3)
  // expected-error@+1 {{'aie.buffer' op in Column 6 and Row 3 is accessed from an unreachable tile in Column 5 and Row 3}}
  %east = aie.buffer(%t63) : memref<8xi32>
  %c = aie.core(%t53) {
    %i = arith.constant 1 : index
    %v = memref.load %east[%i] : memref<8xi32>
    aie.end
  }
}

// -----

aie.device(xcvc1902) {
  %t52 = aie.tile(5, 2)
  %t62 = aie.tile(6, 2)
  %east = aie.buffer(%t62) : memref<8xi32>
  %c = aie.core(%t52) {
    %i = arith.constant 1 : index
    %v = memref.load %east[%i] : memref<8xi32>
    aie.end
  }
}
