// Round trip of the aie ops in Inputs/dma.mlir: the custom form prints back byte for byte
// (trailing spaces included), and custom -> generic -> custom gives the same text again.
// RUN: iron-opt %S/Inputs/dma.mlir | diff %S/Inputs/dma.mlir -
// RUN: iron-opt %S/Inputs/dma.mlir --print-op-generic | iron-opt | diff %S/Inputs/dma.mlir -
// RUN: iron-opt %S/Inputs/dma.mlir --print-op-generic | filecheck %s --check-prefix=GENERIC

// GENERIC: %13 = "aie.dma_start"()[^bb1, ^bb3] <{channel_dir = 0 : i32, channel_index = 0 : i32}> : () -> i1
// GENERIC: "aie.use_lock"(%6) <{action = 2 : i32, value = 1 : i32}> : (index) -> ()
// GENERIC: "aie.dma_bd"(%3) <{bd_id = 0 : i32, next_bd_id = 1 : i32, offset = 0 : i32}> : (memref<32xi32>) -> ()
// GENERIC: "aie.dma_bd"(%4) <{bd_id = 1 : i32, dimensions = #aie<bd_dim_layout_array[<size = 4, stride = 8>, <size = 8, stride = 1>]>, len = 32 : i32, next_bd_id = 0 : i32, offset = 0 : i32}> : (memref<32xi32>) -> ()
// GENERIC: "aie.use_lock"(%7) <{action = 0 : i32, blocking = 0 : i32, value = 1 : i32}> : (index) -> ()
// GENERIC: "aie.dma_bd"(%3) <{len = 16 : i32, offset = 8 : i32, packet = #aie.packet_info<pkt_type = 1, pkt_id = 3>}> : (memref<32xi32>) -> ()
// GENERIC: "aie.shim_dma_allocation"(%2) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "of0_shim_alloc"}> : (index) -> ()
