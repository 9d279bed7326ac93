// The stateful transform's refusals, at the op that causes them, in mlir-aie's words.
// RUN: not iron-opt --split-input-file --aie-objectFifo-stateful-transform %s 2>&1 | filecheck %s

// CHECK: error: 'aie.tile' op number of output DMA channel exceeded!
aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  %t04 = aie.tile(0, 4)
  %t05 = aie.tile(0, 5)
  aie.objectfifo @a(%t02, {%t04}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @b(%t02, {%t05}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @c(%t02, {%t05}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
}

// -----

// CHECK: error: 'aie.objectfifo.acquire' op currently cannot access objectFifo used in ObjectFifoLinkOp
aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  %t05 = aie.tile(0, 5)
  aie.objectfifo @in(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @out(%t03, {%t05}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo.link [@in] -> [@out] ([] [])
  aie.core(%t03) {
    %s = aie.objectfifo.acquire @out(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
    aie.end
  }
}

// -----

// CHECK: error: 'aie.objectfifo.acquire' op cannot release more elements than are already acquired
aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.core(%t02) {
    %s = aie.objectfifo.acquire @of(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
    aie.objectfifo.release @of(Produce, 2)
    %t = aie.objectfifo.acquire @of(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
    aie.end
  }
}

// -----

// CHECK: error: 'scf.for' op could not be unrolled with unrollFactor = 0, check loop boundaries.
aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.core(%t02) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c0 step %c1 {
      %s = aie.objectfifo.acquire @of(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
      aie.objectfifo.release @of(Produce, 1)
    }
    aie.end
  }
}

// -----

// CHECK: error: 'aie.tile' op number of input DMA channel exceeded!
aie.device(npu1_1col) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  %t04 = aie.tile(0, 4)
  %t05 = aie.tile(0, 5)
  aie.objectfifo @a(%t02, {%t05}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @b(%t03, {%t05}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @c(%t04, {%t05}, 2 : i32) {via_DMA = true} : !aie.objectfifo<memref<8xi32>>
}
