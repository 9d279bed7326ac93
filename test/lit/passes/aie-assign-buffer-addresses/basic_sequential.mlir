// basic-sequential: after the core's stack (2048 here, 1024 by default, none without a core),
// buffers largest first, each at the next address aligned to 32 bytes unless aligned = false,
// stepping over pinned buffers (big does not fit below the pin at 9216, so it goes after it).
// Unnamed buffers are named _anonymous<N>; a mem_bank without an address is not used.
// RUN: iron-opt --aie-assign-buffer-addresses=alloc-scheme=basic-sequential %s | filecheck %s

// CHECK: module @alloc {
// CHECK: aie.device(npu1_1col) {
// CHECK: %[[TILE_0_2:.*]] = aie.tile(0, 2)
// CHECK: %[[TILE_0_3:.*]] = aie.tile(0, 3)
// CHECK: %[[MEM_TILE_0_1:.*]] = aie.tile(0, 1)
// CHECK: %[[BIG:.*]] = aie.buffer(%[[TILE_0_2]]) {address = 10240 : i32, sym_name = "big"} : memref<2048xi32>
// CHECK: %[[SMALL:.*]] = aie.buffer(%[[TILE_0_2]]) {address = 18688 : i32, sym_name = "small"} : memref<10xi16>
// CHECK: %[[PINNED:.*]] = aie.buffer(%[[TILE_0_2]]) {address = 9216 : i32, sym_name = "pinned"} : memref<256xi32>
// CHECK: %[[PACKED:.*]] = aie.buffer(%[[TILE_0_2]]) {address = 18708 : i32, aligned = false, sym_name = "packed"} : memref<3xi8>
// CHECK: %[[_ANONYMOUS0:.*]] = aie.buffer(%[[TILE_0_2]]) {address = 18432 : i32, sym_name = "_anonymous0"} : memref<64xi32>
// CHECK: %[[IN_BANK:.*]] = aie.buffer(%[[TILE_0_3]]) {address = 33792 : i32, mem_bank = 3 : i32, sym_name = "in_bank"} : memref<16xi32>
// CHECK: %[[X:.*]] = aie.buffer(%[[TILE_0_3]]) {address = 1024 : i32, sym_name = "x"} : memref<4096xi32>
// CHECK: %[[Y:.*]] = aie.buffer(%[[TILE_0_3]]) {address = 17408 : i32, sym_name = "y"} : memref<4096xi32>
// CHECK: %[[M0:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {address = 48000 : i32, sym_name = "m0"} : memref<1000xi32>
// CHECK: %[[M1:.*]] = aie.buffer(%[[MEM_TILE_0_1]]) {address = 0 : i32, sym_name = "m1"} : memref<12000xi32>
// CHECK: %[[CORE_0_2:.*]] = aie.core(%[[TILE_0_2]]) {
// CHECK: aie.end
// CHECK: } {stack_size = 2048 : i32}
// CHECK: %[[CORE_0_3:.*]] = aie.core(%[[TILE_0_3]]) {
// CHECK: aie.end
// CHECK: }
// CHECK: }
// CHECK: }

module @alloc {
  aie.device(npu1_1col) {
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    %t01 = aie.tile(0, 1)
    %big = aie.buffer(%t02) {sym_name = "big"} : memref<2048xi32>
    %small = aie.buffer(%t02) {sym_name = "small"} : memref<10xi16>
    %pinned = aie.buffer(%t02) {address = 9216 : i32, sym_name = "pinned"} : memref<256xi32>
    %packed = aie.buffer(%t02) {aligned = false, sym_name = "packed"} : memref<3xi8>
    %anon = aie.buffer(%t02) : memref<64xi32>
    %in_bank = aie.buffer(%t03) {mem_bank = 3 : i32, sym_name = "in_bank"} : memref<16xi32>
    %x = aie.buffer(%t03) {sym_name = "x"} : memref<4096xi32>
    %y = aie.buffer(%t03) {sym_name = "y"} : memref<4096xi32>
    %m0 = aie.buffer(%t01) {sym_name = "m0"} : memref<1000xi32>
    %m1 = aie.buffer(%t01) {sym_name = "m1"} : memref<12000xi32>
    aie.core(%t02) {
      aie.end
    } {stack_size = 2048 : i32}
    aie.core(%t03) {
      aie.end
    }
  }
}
