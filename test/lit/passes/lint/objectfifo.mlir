// iron-lint rules (objectfifo): legal IR aie-opt accepts that will hang, overflow or
// mis-transfer; each warning names its rule.
// RUN: iron-opt %s --split-input-file -p iron-lint -o /dev/null 2>&1 | filecheck %s

aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  aie.objectfifo @of(%t02, {}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
}
// CHECK: warning: 'aie.objectfifo' op objectfifo @of has no consumer tile: nothing ever releases it [iron-lint: objectfifo-no-consumer]

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 0 : i32) : !aie.objectfifo<memref<16xi32>>
}
// CHECK: warning: 'aie.objectfifo' op objectfifo @of has depth 0 at the producer: it holds no object, so every acquire waits forever [iron-lint: objectfifo-depth]

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @b(%t03, {%t01}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @c(%t01, {%t02}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.link [@a, @b] -> [@c]([0, 4] [])
}
// CHECK: warning: 'aie.objectfifo.link' op join: offset 4 of @b overlaps the previous part (which ends at element 8); the parts overwrite each other [iron-lint: objectfifo-link-offsets]

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo @c(%t01, {%t02}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @d(%t01, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo.link [@a] -> [@c, @d]([] [0, 12])
}
// CHECK: warning: 'aie.objectfifo.link' op distribute: @d (8 elements) at offset 12 does not fit in @a (16 elements); the transfer runs past the object [iron-lint: objectfifo-link-offsets]

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, [2 : i32, 3 : i32]) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t02) {
    %0 = aie.objectfifo.acquire @of(Produce, 3) : !aie.objectfifosubview<memref<16xi32>>
    aie.end
  }
}
// CHECK: warning: 'aie.objectfifo.acquire' op acquires 3 objects from an objectFifo that holds 2 (@of): the producer waits forever for objects the fifo does not have; declare depth 3 for this end [iron-lint: objectfifo-access-depth]

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t03) {
    aie.objectfifo.release @of(Consume, 4)
    aie.end
  }
}
// CHECK: warning: 'aie.objectfifo.release' op releases 4 objects from an objectFifo that holds 2 (@of): the stateful transform raises this consumer's depth to 4; declare depth 4 for this end [iron-lint: objectfifo-access-depth]

// -----
aie.device(npu1) {
  %t = aie.tile(0, 1)
  %b = aie.buffer(%t) : memref<16xi32>
  %m = aie.memtile_dma(%t) {
    %0 = aie.dma_start(MM2S, 6, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: warning: 'aie.dma_start' op MM2S channel 6 does not exist: a mem tile has 6 MM2S channels [iron-lint: dma-channel]

// -----
"aie.device"() <{device = 4 : i32}> ({
  %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
  %1 = "aie.tile"() <{col = 0 : i32, row = 3 : i32}> : () -> index
  "aie.objectfifo"(%0, %1) <{dimensionsFromStreamPerConsumer = #aie<bd_dim_layout_array_array[[]]>, dimensionsToStream = #aie<bd_dim_layout_array[]>, elemNumber = 1 : i32, elemType = !aie.objectfifo<memref<4xi32>>, initValues = [dense<0> : tensor<2x2xi32>], sym_name = "of"}> : (index, index) -> ()
  "aie.end"() : () -> ()
}) : () -> ()
// CHECK: warning: 'aie.objectfifo' op objectfifo @of: an init value does not have the element shape [4]; the object is filled with something else [iron-lint: objectfifo-init-shape]

// -----
// A design within every limit: no warning at all.
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, [2 : i32, 3 : i32]) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t03) {
    %s = aie.objectfifo.acquire @of(Consume, 3) : !aie.objectfifosubview<memref<16xi32>>
    aie.objectfifo.release @of(Consume, 3)
    aie.end
  }
}
// CHECK-NOT: warning:
