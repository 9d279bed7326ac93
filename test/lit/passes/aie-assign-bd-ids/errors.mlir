// More BDs than a channel reaches, a written id its channel cannot use, one id twice.
// RUN: not iron-opt --split-input-file --aie-assign-bd-ids %s 2>&1 | filecheck %s

// CHECK: error: 'aie.dma_bd' op Allocator exhausted available BD IDs (maximum 24 available for channel 0).
aie.device(npu1_1col) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<16xi32>
  aie.memtile_dma(%t) {
    aie.dma_start(S2MM, 0, ^bd0, ^end)
  ^bd0:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd1
  ^bd1:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd2
  ^bd2:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd3
  ^bd3:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd4
  ^bd4:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd5
  ^bd5:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd6
  ^bd6:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd7
  ^bd7:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd8
  ^bd8:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd9
  ^bd9:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd10
  ^bd10:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd11
  ^bd11:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd12
  ^bd12:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd13
  ^bd13:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd14
  ^bd14:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd15
  ^bd15:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd16
  ^bd16:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd17
  ^bd17:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd18
  ^bd18:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd19
  ^bd19:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd20
  ^bd20:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd21
  ^bd21:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd22
  ^bd22:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd23
  ^bd23:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd24
  ^bd24:
    aie.dma_bd(%b : memref<16xi32>, 0, 16)
    aie.next_bd ^bd0
  ^end:
    aie.end
  }
}

// -----

// CHECK: error: 'aie.dma_bd' op assigned bd_id 3 is not accessible from channel 1 on this tile
aie.device(npu1_1col) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<16xi32>
  aie.memtile_dma(%t) {
    aie.dma_start(MM2S, 1, ^bd0, ^end)
  ^bd0:
    aie.dma_bd(%b : memref<16xi32>, 0, 16) {bd_id = 3 : i32}
    aie.next_bd ^bd0
  ^end:
    aie.end
  }
}

// -----

// CHECK: error: 'aie.dma_bd' op assigned bd_id 5 is already used by another BD on this tile
aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<16xi32>
  aie.mem(%t) {
    aie.dma_start(S2MM, 0, ^bd0, ^end)
  ^bd0:
    aie.dma_bd(%b : memref<16xi32>, 0, 16) {bd_id = 5 : i32}
    aie.next_bd ^bd1
  ^bd1:
    aie.dma_bd(%b : memref<16xi32>, 0, 16) {bd_id = 5 : i32}
    aie.next_bd ^bd0
  ^end:
    aie.end
  }
}
