// Verifier rules of aie.device, aie.tile, aie.core, aie.buffer and aie.lock.
// RUN: iron-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

aie.device(npu1) {
  %t = aie.tile(4, 2)
}
// CHECK: column index (4) must be less than the number of columns in the device (4)

// -----
aie.device(npu2_1col) {
  %t = aie.tile(0, 6)
}
// CHECK: row index (6) must be less than the number of rows in the device (6)

// -----
aie.device(npu1) {
  %t = aie.tile(-1, 2)
}
// CHECK: attribute 'col' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 (tile (-1, 2))

// -----
aie.device(npu1) {
  %t = aie.tile(3, -4)
}
// CHECK: attribute 'row' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 (tile (3, -4))

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %c1 = aie.core(%t) {
    aie.end
  }
  %c2 = aie.core(%t) {
    aie.end
  }
}
// CHECK: tile (0, 2) already has a core; each compute tile can host only one core

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %a = aie.buffer(%t) {sym_name = "x"} : memref<4xi32>
  %b = aie.buffer(%t) {sym_name = "x"} : memref<4xi32>
}
// CHECK: redefinition of symbol named 'x': defined by 'aie.buffer' and again by 'aie.buffer'

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %c = aie.core(%t) {
    aie.end
  }
}
// CHECK: failed to verify that op exists in a core tile: tile (0, 1) is a mem tile

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %c = aie.core(%t) {
    aie.end
  } {link_files = ["a.o"], link_with = "b.o"}
}
// CHECK: cannot specify both 'link_with' (deprecated) and 'link_files' on the same core

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %c = aie.core(%t) {
    aie.end
  } {stack_size = 65536 : i32}
}
// CHECK: stack_size 65536 leaves no local memory for this tile's buffers (65536 bytes total)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %l = aie.lock(%t, 16)
}
// CHECK: lock assigned invalid id (maximum is 15)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %l = aie.lock(%t, 64)
}
// CHECK: lock assigned invalid id (maximum is 63)

// -----
"aie.device"() <{device = 99 : i32}> ({
  "aie.end"() : () -> ()
}) : () -> ()
// CHECK: device = 99 is not a valid AIEDevice

// -----
aie.device(npu9) {
}
// CHECK: 'npu9' is not a valid AIEDevice; expected one of xcvc1902, xcve2302, xcve2802, npu1,

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %c = aie.core(%t) {
    aie.end
  } {stack_size = 2048}
}
// CHECK: Expected attribute i32 but got i64

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<?xi32>
}
// CHECK: aie.buffer needs a static shape to be allocated in tile memory, not memref<?xi32>
