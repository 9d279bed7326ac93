// mlir-aie's combined_transpose design (reference/mlir/dma_transpose_npu2_1col.mlir): a mem-tile
// forward with dims_from_stream and runtime taps with repeat; iron-to-aie reproduces the text.
// RUN: iron-opt %s -p iron-to-aie -o %t
// RUN: %python %S/../../reference/Inputs/same_text.py %t %S/../../reference/Inputs/dma_transpose_npu2_1col.mlir

iron.program @transpose device(npu2_1col) {
  iron.fifo @in_L2L1_fifo : memref<64x32xi32> producer(link @in_L3L2_fifo_fwd depth 2) consumers(worker @worker_0 depth 2)
  iron.fifo @in_L3L2_fifo : memref<64x32xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(link @in_L3L2_fifo_fwd depth 2 dims [<size = 8, stride = 8>, <size = 8, stride = 64>, <size = 4, stride = 512>, <size = 8, stride = 1>])
  iron.link @in_L3L2_fifo_fwd [@in_L3L2_fifo] -> [@in_L2L1_fifo] offsets([] [0]) on #iron.tile<any_mem>
  iron.fifo @out_fifo : memref<64x32xi32> producer(worker @worker_0 depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  func.func private @transpose_8x8(memref<64x32xi32>, memref<64x32xi32>) -> () attributes {link_with = "transpose.o"}
  iron.worker @worker_0 on #iron.tile<any_compute> while_true {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c16 step %c1 {
      %d0 = arith.constant 0 : index
      %d8 = arith.constant 8 : index
      %d1 = arith.constant 1 : index
      scf.for %j = %d0 to %d8 step %d1 {
        %a = iron.acquire @in_L2L1_fifo(consume, 1) : memref<64x32xi32>
        %b = iron.acquire @out_fifo(produce, 1) : memref<64x32xi32>
        func.call @transpose_8x8(%a, %b) : (memref<64x32xi32>, memref<64x32xi32>) -> ()
        iron.release @out_fifo(produce, 1)
        iron.release @in_L2L1_fifo(consume, 1)
      }
    }
  }
  iron.runtime_sequence @sequence(%arg0: memref<512x512xi32>, %arg1: memref<512x512xi32>) {
    iron.start [@worker_0]
    iron.fill @in_L3L2_fifo from %arg0 offset 0 sizes [8, 16, 64, 32] strides [32768, 32, 512, 1] : memref<512x512xi32>
    iron.drain @out_fifo into %arg1 offset 0 sizes [8, 16, 32, 64] strides [64, 16384, 512, 1] wait : memref<512x512xi32>
  }
}
