// Round trip of the aie ops in Inputs/objectfifo.mlir: the custom form prints back byte for byte
// (trailing spaces included), and custom -> generic -> custom gives the same text again.
// RUN: iron-opt %S/Inputs/objectfifo.mlir | diff %S/Inputs/objectfifo.mlir -
// RUN: iron-opt %S/Inputs/objectfifo.mlir --print-op-generic | iron-opt | diff %S/Inputs/objectfifo.mlir -
// RUN: iron-opt %S/Inputs/objectfifo.mlir --print-op-generic | filecheck %s --check-prefix=GENERIC

// GENERIC: "aie.objectfifo"(%6, %4) <{dimensionsFromStreamPerConsumer = #aie<bd_dim_layout_array_array[[]]>, dimensionsToStream = #aie<bd_dim_layout_array[]>, elemNumber = 2 : i32, elemType = !aie.objectfifo<memref<1024xi16>>, sym_name = "in"}> : (index, index) -> ()
// GENERIC: "aie.objectfifo.link"() <{dst_offsets = [0, 512], fifoIns = [@in], fifoOuts = [@in0, @in1], src_offsets = []}> : () -> ()
// GENERIC: "aie.objectfifo.link"() <{dst_offsets = [], fifoIns = [@out0, @out1], fifoOuts = [@out], src_offsets = [0, 256]}> : () -> ()
// GENERIC: "aie.objectfifo"(%0, %2, %1) <{dimensionsFromStreamPerConsumer = #aie<bd_dim_layout_array_array[[], [<size = 2, stride = 1>]]>, dimensionsToStream = #aie<bd_dim_layout_array[]>, disable_synchronization = true, elemNumber = 4 : i32, elemType = !aie.objectfifo<memref<2xf32>>, sym_name = "bcast", via_DMA = true}> : (index, index, index) -> ()
// GENERIC: %13 = "aie.objectfifo.acquire"() <{objFifo_name = @in0, port = 1 : i32, size = 2 : i32}> : () -> !aie.objectfifosubview<memref<512xi16>>
// GENERIC: %14 = "aie.objectfifo.subview.access"(%13) <{index = 0 : i32}> : (!aie.objectfifosubview<memref<512xi16>>) -> memref<512xi16>
// GENERIC: "aie.objectfifo.release"() <{objFifo_name = @in0, port = 1 : i32, size = 2 : i32}> : () -> ()
