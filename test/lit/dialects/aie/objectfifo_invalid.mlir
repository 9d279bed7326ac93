// Verifier rules of aie.objectfifo, aie.objectfifo.link, acquire, subview.access and release.
// RUN: iron-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  %t12 = aie.tile(1, 2)
  aie.objectfifo @of(%t02, {%t03, %t12}, [2 : i32, 2 : i32]) : !aie.objectfifo<memref<16xi32>>
}
// CHECK: does not have enough depths specified for producer and for each consumer. (@of: 2 depths

// -----
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t00 dimensionsToStream [<size = 4, stride = 4>], {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
}
// CHECK: `dimensionsToStream` data layout transformations are not supported on shim tile producers

// -----
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t03, {%t00 dimensionsFromStream [<size = 4, stride = 4>]}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
}
// CHECK: `dimensionsFromStreamPerConsumer` data layout transformations are not supported on shim tile consumers

// -----
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t00, {%t03}, 2 : i32) {repeat_count = 2 : i32} : !aie.objectfifo<memref<16xi32>>
}
// CHECK: `repeat_count` unavailable for shim tiles

// -----
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t00, {%t03}, 1 : i32) : !aie.objectfifo<memref<2xi32>> = [dense<0> : memref<2xi32>]
}
// CHECK: `init_values` unavailable for shim tiles

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<2xi32>> = [dense<0> : memref<2xi32>]
}
// CHECK: `init_values` does not initialize all objects (@of: 1 values for depth 2)

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) {iter_count = 300 : i32} : !aie.objectfifo<memref<2xi32>>
}
// CHECK: `iter_count` must be between 1 and 256

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  %t12 = aie.tile(1, 2)
  aie.objectfifo @of(%t02, {%t03, %t12}, 2 : i32) {aie_stream = 1 : i32} : !aie.objectfifo<memref<2xi32>>
}
// CHECK: `aie_stream` can only be used in 1-to-1 object FIFOs (@of)

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t01, {%t03}, 2 : i32) {aie_stream = 0 : i32, aie_stream_port = 0 : i32} : !aie.objectfifo<memref<2xi32>>
}
// CHECK: `aie_stream` is not available for shim and mem tiles (@of: the producer is a mem tile)

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  %t11 = aie.tile(1, 1)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @b(%t03, {%t01}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @c(%t01, {%t02}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @d(%t01, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo.link [@a, @b] -> [@c, @d]([0, 8] [])
}
// CHECK: ObjectFifoLinkOp does not support 'join' and 'distribute' at the same time

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @b(%t03, {%t01}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @c(%t01, {%t02}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.link [@a, @b] -> [@c]([0] [])
}
// CHECK: number of provided src offsets must be equal to the number of input objectFifos (1 offsets for 2 inputs)

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @b(%t03, {%t01}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @c(%t01, {%t02}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.link [@a, @b] -> [@c]([0, 8] [0])
}
// CHECK: dst offsets should be empty for join

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo @c(%t01, {%t02}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @d(%t01, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo.link [@a] -> [@c, @d]([] [0, 8, 16])
}
// CHECK: number of provided dst offsets must be equal to the number of output objectFifos (3 offsets for 2 outputs)

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo @c(%t01, {%t02}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @d(%t01, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo.link [@a] -> [@c, @d]([0] [0, 8])
}
// CHECK: src offsets should be empty for distribute

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.link [@a] -> [@missing]([] [])
}
// CHECK: refers to @missing, but no aie.objectfifo of that name exists in the enclosing aie.device

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  %t11 = aie.tile(1, 1)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo @c(%t11, {%t02}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.link [@a] -> [@c]([] [])
}
// CHECK: ObjectFifoLinkOp must have a link point, i.e., a shared tile between objectFifos

// -----
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t00}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @b(%t03, {%t00}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @c(%t00, {%t02}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.link [@a, @b] -> [@c]([0, 8] [])
}
// CHECK: join and distribute are unavailable on shim tiles; link through a mem tile

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo @c(%t01, {%t02}, 2 : i32) {repeat_count = 2 : i32} : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo @d(%t01, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
  aie.objectfifo.link [@a] -> [@c, @d]([] [0, 8])
}
// CHECK: repeat counts of output object FIFOs must be equal

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @a(%t02, {%t01}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo @c(%t01, {%t02}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo @d(%t01, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.link [@a] -> [@c]([] [])
  aie.objectfifo.link [@a] -> [@d]([] [])
}
// CHECK: objectfifo cannot be in more than one ObjectFifoLinkOp (@a)

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  func.func @f() {
    %0 = aie.objectfifo.acquire @of(Produce, 1) : !aie.objectfifosubview<memref<16xi32>>
    return
  }
}
// CHECK: must be called from inside a CoreOp

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t03) {
    %0 = aie.objectfifo.acquire @of(Produce, 1) : !aie.objectfifosubview<memref<16xi32>>
    aie.end
  }
}
// CHECK: producer port of objectFifo accessed by core running on non-producer tile (@of, core on tile (0, 3))

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t02) {
    aie.objectfifo.release @of(Consume, 1)
    aie.end
  }
}
// CHECK: consumer port of objectFifo accessed by core running on non-consumer tile (@of, core on tile (0, 2))

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t03) {
    %0 = aie.objectfifo.acquire @of(Consume, 1) : !aie.objectfifosubview<memref<8xi32>>
    aie.end
  }
}
// CHECK: ObjectFifoAcquireOp return type !aie.objectfifosubview<memref<8xi32>> must match the element type of @of (memref<16xi32>)

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t03) {
    %0 = aie.objectfifo.acquire @of(Consume, 0) : !aie.objectfifosubview<memref<16xi32>>
    aie.end
  }
}
// CHECK: must acquire at least one element

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t03) {
    %0 = aie.objectfifo.acquire @of(Consume, 1) : !aie.objectfifosubview<memref<16xi32>>
    %1 = aie.objectfifo.subview.access %0[1] : !aie.objectfifosubview<memref<16xi32>> -> memref<16xi32>
    aie.end
  }
}
// CHECK: ObjectFifoSubviewAccessOp cannot access an element at index 1: the acquire took 1 element(s)

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t03) {
    %0 = aie.objectfifo.acquire @of(Consume, 1) : !aie.objectfifosubview<memref<16xi32>>
    %1 = aie.objectfifo.subview.access %0[0] : !aie.objectfifosubview<memref<16xi32>> -> memref<8xi32>
    aie.end
  }
}
// CHECK: ObjectFifoSubviewAccessOp must return memref<16xi32>, the element type of its subview, not memref<8xi32>

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t03) {
    %0 = aie.objectfifo.acquire @nope(Consume, 1) : !aie.objectfifosubview<memref<16xi32>>
    aie.end
  }
}
// CHECK: refers to @nope, but no aie.objectfifo of that name exists in the enclosing aie.device

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t03) {
    %0 = aie.objectfifo.acquire @of(Take, 1) : !aie.objectfifosubview<memref<16xi32>>
    aie.end
  }
}
// CHECK: 'Take' is not a valid ObjectFifoPort; expected one of Produce, Consume

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  %t12 = aie.tile(1, 2)
  aie.objectfifo @of(%t02, {%t03, %t12}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.allocate @of(%t02)
}
// CHECK: aie.objectfifo.allocate cannot place @of on a delegate tile: it has more than one consumer
