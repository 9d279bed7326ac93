// More verifier rules: generic-form enum values, objectfifo details, DMA channels and helpers.
// RUN: iron-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

"aie.device"() <{device = 4 : i32}> ({
  %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
  %1 = "aie.tile"() <{col = 0 : i32, row = 3 : i32}> : () -> index
  "aie.flow"(%0, %1) <{dest_bundle = 11 : i32, dest_channel = 0 : i32, source_bundle = 1 : i32, source_channel = 0 : i32}> : (index, index) -> ()
  "aie.end"() : () -> ()
}) : () -> ()
// CHECK: dest_bundle = 11 is not a valid WireBundle

// -----
"aie.device"() <{device = 4 : i32}> ({
  %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
  %1 = "aie.tile"() <{col = 0 : i32, row = 3 : i32}> : () -> index
  "aie.objectfifo"(%0, %1) <{dimensionsFromStreamPerConsumer = #aie<bd_dim_layout_array_array[[], []]>, dimensionsToStream = #aie<bd_dim_layout_array[]>, elemNumber = 2 : i32, elemType = !aie.objectfifo<memref<16xi32>>, sym_name = "of"}> : (index, index) -> ()
  "aie.end"() : () -> ()
}) : () -> ()
// CHECK: objectfifo @of: dimensionsFromStreamPerConsumer has 2 entries for 1 consumers

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 1 : i32) : !aie.objectfifo<memref<4xi32>> = [dense<0> : memref<2x2xi32>]
}
// CHECK: init value type must be memref<4xi32>

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) {via_DMA = true} : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.allocate @of(%t02)
}
// CHECK: aie.objectfifo.allocate cannot place @of on a delegate tile: it is marked via_DMA

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  aie.objectfifo.allocate @none(%t02)
}
// CHECK: aie.objectfifo.allocate refers to @none, but no aie.objectfifo of that name exists

// -----
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  %t10 = aie.tile(1, 0)
  %t02 = aie.tile(0, 2)
  aie.objectfifo @of(%t00, {%t02}, 1 : i32) : !aie.objectfifo<memref<64xi32>>
  %e = aie.external_buffer : memref<64xi32>
  aie.objectfifo.register_external_buffers @of(%t10, {%e}) : (memref<64xi32>)
}
// CHECK: aie.objectfifo.register_external_buffers: the tile is not an endpoint of @of

// -----
aie.device(npu1) {
  %l = aie.logical_tile<CoreTile>(?, 7)
}
// CHECK: row index (7) must be less than the number of rows in the device (6)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<16xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd_packet(1, 32)
    aie.dma_bd(%b : memref<16xi32>)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: Packet ID field can only hold 5 bits.

// -----
aie.device(npu1) {
  aie.runtime_sequence(%a: memref<16xi32>) {
    cf.br ^bb1
  ^bb1:
  }
}
// CHECK: 'aie.runtime_sequence' does not contain single-block regions

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  aie.trace @t(%t) {
    "aie.trace.edge_event"() <{event = #aie.trace_event<"LOCK_STALL">, slot = 0 : i32, trigger = 0 : i32}> : () -> ()
  }
}
// CHECK: trigger = 0 is not a valid EdgeTrigger; valid values are 1 (RISING), 2 (FALLING), 3 (BOTH)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %c = aie.core(%t) {
    %0 = "aie.objectfifo.acquire"() <{objFifo_name = @of, port = 2 : i32, size = 1 : i32}> : () -> !aie.objectfifosubview<memref<16xi32>>
    aie.end
  }
}
// CHECK: port = 2 is not a valid ObjectFifoPort; valid values are 0 (Produce), 1 (Consume)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2)
  %b = aie.buffer(%t) : memref<16xi32>
  %m = aie.mem(%t) {
    %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
  ^bb1:
    aie.dma_bd(%b : memref<16xi32>, 0, 16, [<size = 4, stride = 4>, <size = 4, stride = 1>], 1)
    aie.next_bd ^bb1
  ^bb2:
    aie.end
  }
}
// CHECK: aie.dma_bd takes at most two integers (offset, len)

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  aie.objectfifo @a(%t02, {%t02}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.objectfifo.link [] -> [@a]([] [])
}
// CHECK: aie.objectfifo.link needs at least one input and one output

// -----
aie.device(npu1) {
  aie.packet_flow(300) {
  }
}
// CHECK: Integer value 300 is out of range for type i8

// -----
aie.device(npu1) {
  aie.packet_flow(-1) {
  }
}
// CHECK: aie.packet_flow ID -1 is out of range 0..255 (8-bit packet id)

// -----
aie.device(npu1) {
  %t = aie.tile(0, 2) {col = 1 : i32}
}
// CHECK: 'col' of aie.tile is already given in the op's syntax; remove it from the attribute dictionary
