// Verifier rules of the routing, cascade, trace and miscellaneous aie ops.
// RUN: iron-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.flow(%t02, DMA : -1, %t03, DMA : 0)
}
// CHECK: source_channel must be non-negative, got -1

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  aie.flow(%t02, Diagonal : 0, %t02, DMA : 0)
}
// CHECK: 'Diagonal' is not a valid WireBundle; expected one of Core, DMA, FIFO, South, West, North, East, PLIO, NOC, Trace, TileControl

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  aie.packet_source<%t02, DMA : 0>
}
// CHECK: 'aie.packet_source' expects parent op 'aie.packet_flow'

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %c = aie.core(%t02) {
    aie.connect<South : 0, North : 0>
    aie.end
  }
}
// CHECK: expects parent op to be one of 'aie.switchbox', 'aie.shim_mux', not 'aie.core'

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %m = aie.shim_mux(%t02) {
  }
}
// CHECK: failed to verify that op exists in a shim tile: tile (0, 2) is a compute tile (the shim mux is in a shim)

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %s = aie.switchbox(%t02) {
    %a = aie.amsel<6> (0)
  }
}
// CHECK: aie.amsel arbiter 6 is out of range 0..5

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %s = aie.switchbox(%t02) {
    %a = aie.amsel<0> (4)
  }
}
// CHECK: aie.amsel msel 4 is out of range 0..3

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %s1 = aie.switchbox(%t02) {
  }
  %s2 = aie.switchbox(%t02) {
  }
}
// CHECK: can only have one switchbox

// -----
aie.device(npu1) {
  %t01 = aie.tile(0, 1)
  %t02 = aie.tile(0, 2)
  aie.cascade_flow(%t01, %t02)
}
// CHECK: failed to verify that op exists in a core tile: tile (0, 1) is a mem tile (only compute tiles have cascade)

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t04 = aie.tile(0, 4)
  aie.cascade_flow(%t02, %t04)
}
// CHECK: aie.cascade_flow tiles (0, 2) and (0, 4) are not adjacent

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  aie.configure_cascade(%t02, South, East)
}
// CHECK: input direction of cascade must be North or West on AIE2

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  aie.configure_cascade(%t02, North, West)
}
// CHECK: output direction of cascade must be South or East on AIE2

// -----
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  aie.configure_cascade(%t00, North, South)
}
// CHECK: aie.configure_cascade on tile (0, 0), a shim NOC tile: only compute tiles have a cascade stream interface

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %c = aie.core(%t02) {
    %c0 = arith.constant 0 : i32
    %v = aie.get_stream(%c0 : i32) : i64
    aie.end
  }
}
// CHECK: core stream values must be i32, f32 or i128, not i64

// -----
aie.device(npu1) {
  aie.event(2)
}
// CHECK: aie.event value must be 0 or 1, got 2

// -----
aie.device(npu1) {
  %l = aie.logical_tile<MemTile>(0, 2)
}
// CHECK: aie.logical_tile<MemTile>(0, 2): tile (0, 2) is a compute tile

// -----
aie.device(npu1) {
  %l = aie.logical_tile<CoreTile>(5, ?)
}
// CHECK: column index (5) must be less than the number of columns in the device (4)

// -----
aie.device(npu1) {
  %l = aie.logical_tile<BigTile>(?, ?)
}
// CHECK: 'BigTile' is not a valid AIETileType; expected one of CoreTile, MemTile, ShimNOCTile, ShimPLTile

// -----
aie.device(npu1) {
  %t00 = aie.tile(0, 0)
  %t02 = aie.tile(0, 2)
  aie.objectfifo @of(%t02, {%t00}, 1 : i32) : !aie.objectfifo<memref<64xi32>>
  %e = aie.external_buffer : memref<64xi32>
  aie.objectfifo.register_external_buffers @of(%t02, {%e}) : (memref<64xi32>)
}
// CHECK: failed to verify that op exists in a shim tile with NOC connection: tile (0, 2) is a compute tile (external buffers are in DDR)

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %cst = arith.constant dense<1> : tensor<1xi64>
  %c10 = arith.constant 10 : index
  aie.objectfifo.register_process @of(Produce, %cst : tensor<1xi64>, %cst : tensor<1xi64>, @f, %c10)
}
// CHECK: aie.objectfifo.register_process patterns must be tensors of i32

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  aie.trace @t(%t02) {
    aie.trace.packet id = 32 type = core
  }
}
// CHECK: aie.trace.packet id 32 is out of range 1..31

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  aie.trace @t(%t02) {
    aie.trace.port<8> port = North channel = 1 direction = S2MM
  }
}
// CHECK: aie.trace.port slot 8 is out of range 0..7

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  aie.trace @t(%t02) {
    aie.trace.mode "Event-Sometimes"
  }
}
// CHECK: 'Event-Sometimes' is not a valid TraceMode; expected one of Event-Time, Event-PC, Execution

// -----
aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  aie.trace.event <"X">
}
// CHECK: 'aie.trace.event' expects parent op 'aie.trace'
