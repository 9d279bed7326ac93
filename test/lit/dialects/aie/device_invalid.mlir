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
// CHECK: tile coordinates must be non-negative, got (-1, 2)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %t2 = aie.tile(0, 2)
}
// CHECK: duplicate aie.tile(0, 2) in aie.device

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
// CHECK: tile (0, 2) can only have one aie.core

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %a = aie.buffer(%t) {sym_name = "x"} : memref<4xi32>
  %b = aie.buffer(%t) {sym_name = "x"} : memref<4xi32>
}
// CHECK: duplicate symbol @x: defined by 'aie.buffer' and again by 'aie.buffer'

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %c = aie.core(%t) {
    aie.end
  }
}
// CHECK: must be on a compute tile, but tile (0, 1) is a mem tile

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %c = aie.core(%t) {
    aie.end
  } {link_files = ["a.o"], link_with = "b.o"}
}
// CHECK: aie.core has both 'link_with' (deprecated) and 'link_files'

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %c = aie.core(%t) {
    aie.end
  } {stack_size = 65536 : i32}
}
// CHECK: stack_size (65536 bytes) leaves no local memory on this compute tile (65536 bytes)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 0)
  %b = aie.buffer(%t) : memref<16xi32>
}
// CHECK: aie.buffer on tile (0, 0), a shim NOC tile, which has no data memory

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %a = aie.buffer(%t) : memref<8192xi32>
  %b = aie.buffer(%t) : memref<8193xi32>
}
// CHECK: buffers on tile (0, 2) (compute tile) need 65540 bytes but the tile has 65536 bytes of data memory

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %a = aie.buffer(%t) : memref<16200xi32>
  %c = aie.core(%t) {
    aie.end
  }
}
// CHECK: need 65824 bytes (including the 1024-byte core stack) but the tile has 65536

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %a = aie.buffer(%t) : memref<131073xi32>
}
// CHECK: buffers on tile (0, 1) (mem tile) need 524292 bytes but the tile has 524288 bytes

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %l = aie.lock(%t, 16)
}
// CHECK: lock assigned invalid id (maximum is 15): lock id 16 on tile (0, 2), a compute tile with 16 locks

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %l = aie.lock(%t, 64)
}
// CHECK: lock assigned invalid id (maximum is 63)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %l = aie.lock(%t) {init = 64 : i32}
}
// CHECK: lock init value 64 is out of range: locks on a compute tile of npu1 hold 0..63

// -----
aie.device(xcvc1902) {
  %t = aie.tile(2, 3)
  %l = aie.lock(%t) {init = 2 : i32}
}
// CHECK: lock init value 2 is out of range: locks on a compute tile of xcvc1902 hold 0..1

// -----
aie.device(xcvc1902) {
  %t = aie.tile(0, 0)
  %l = aie.lock(%t)
}
// CHECK: tile (0, 0) is a shim PL tile, which has no locks

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
