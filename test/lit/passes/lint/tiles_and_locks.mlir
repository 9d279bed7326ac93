// iron-lint rules (tiles and locks): legal IR aie-opt accepts that will hang, overflow or
// mis-transfer; each warning names its rule.
// RUN: iron-opt %s --split-input-file -p iron-lint -o /dev/null 2>&1 | filecheck %s

aie.device(npu1) {
  %t = aie.tile(0, 2)
  %t2 = aie.tile(0, 2)
}
// CHECK: warning: 'aie.tile' op aie.tile(0, 2) is declared twice in this aie.device; passes treat the two values as different tiles: reuse the first tile's value [iron-lint: tile-duplicate]

// -----
aie.device(npu1) {
  %t = aie.tile(0, 0)
  %b = aie.buffer(%t) : memref<16xi32>
}
// CHECK: warning: 'aie.tile' op aie.buffer on tile (0, 0), a shim NOC tile, which has no data memory; place buffers on compute or mem tiles [iron-lint: tile-memory]

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %a = aie.buffer(%t) : memref<8192xi32>
  %b = aie.buffer(%t) : memref<8193xi32>
}
// CHECK: warning: 'aie.tile' op buffers on tile (0, 2) (compute tile) need 65540 bytes but the tile has 65536 bytes of data memory; buffer allocation will fail: shrink the buffers or objectfifo depths, or move some to another tile [iron-lint: tile-memory]

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %a = aie.buffer(%t) : memref<16200xi32>
  %c = aie.core(%t) {
    aie.end
  }
}
// CHECK: warning: 'aie.tile' op buffers on tile (0, 2) (compute tile) need 65824 bytes (including the 1024-byte core stack) but the tile has 65536 bytes of data memory; buffer allocation will fail: shrink the buffers or objectfifo depths, or move some to another tile [iron-lint: tile-memory]

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %l = aie.lock(%t) {init = 64 : i32}
}
// CHECK: warning: 'aie.lock' op lock init value 64 is out of range: locks on a compute tile of npu1 hold 0..63 [iron-lint: lock-resources]

// -----
aie.device(xcvc1902) {
  %t = aie.tile(2, 3)
  %l = aie.lock(%t) {init = 2 : i32}
}
// CHECK: warning: 'aie.lock' op lock init value 2 is out of range: locks on a compute tile of xcvc1902 hold 0..1 [iron-lint: lock-resources]

// -----
aie.device(xcvc1902) {
  %t = aie.tile(0, 0)
  %l = aie.lock(%t)
}
// CHECK: warning: 'aie.lock' op tile (0, 0) is a shim PL tile, which has no locks [iron-lint: lock-resources]

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %a = aie.buffer(%t) : memref<131073xi32>
}
// CHECK: warning: 'aie.tile' op buffers on tile (0, 1) (mem tile) need 524292 bytes but the tile has 524288 bytes of data memory; buffer allocation will fail: shrink the buffers or objectfifo depths, or move some to another tile [iron-lint: tile-memory]
