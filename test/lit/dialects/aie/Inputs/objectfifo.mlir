module {
  aie.device(npu1) {
    %tile_0_2 = aie.tile(0, 2)
    %tile_0_3 = aie.tile(0, 3)
    %tile_1_2 = aie.tile(1, 2)
    %tile_1_3 = aie.tile(1, 3)
    %mem_tile_0_1 = aie.tile(0, 1)
    %mem_tile_1_1 = aie.tile(1, 1)
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %shim_noc_tile_1_0 = aie.tile(1, 0)
    aie.objectfifo @in(%shim_noc_tile_0_0, {%mem_tile_0_1}, 2 : i32) : !aie.objectfifo<memref<1024xi16>> 
    aie.objectfifo @in0(%mem_tile_0_1 dimensionsToStream [<size = 16, stride = 32>, <size = 32, stride = 1>], {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<512xi16>> 
    aie.objectfifo @in1(%mem_tile_0_1, {%tile_0_3 dimensionsFromStream [<size = 4, stride = 1>]}, [2 : i32, 3 : i32]) : !aie.objectfifo<memref<512xi16>> 
    aie.objectfifo.link [@in] -> [@in0, @in1]([] [0, 512])
    aie.objectfifo @out0(%tile_1_2, {%mem_tile_1_1}, 2 : i32) : !aie.objectfifo<memref<256xi32>> 
    aie.objectfifo @out1(%tile_1_3, {%mem_tile_1_1}, 2 : i32) : !aie.objectfifo<memref<256xi32>> 
    aie.objectfifo @out(%mem_tile_1_1, {%shim_noc_tile_1_0}, 2 : i32) {repeat_count = 2 : i32} : !aie.objectfifo<memref<512xi32>> 
    aie.objectfifo.link [@out0, @out1] -> [@out]([0, 256] [])
    aie.objectfifo @bcast(%tile_0_2, {%tile_1_2, %tile_0_3 dimensionsFromStream [<size = 2, stride = 1>]}, 4 : i32) {disable_synchronization = true, via_DMA = true} : !aie.objectfifo<memref<2xf32>> 
    aie.objectfifo @init(%tile_0_3, {%tile_1_3}, 2 : i32) : !aie.objectfifo<memref<4xi32>> = [dense<[1, 2, 3, 4]> : memref<4xi32>, dense<0> : memref<4xi32>]
    aie.objectfifo @pad(%mem_tile_1_1 dimensionsToStream [<size = 8, stride = 8>, <size = 8, stride = 1>], {%tile_1_2}, 2 : i32) {iter_count = 4 : i32, padDimensions = #aie<bd_pad_layout_array[<const_pad_before = 0, const_pad_after = 0>, <const_pad_before = 0, const_pad_after = 4>]>} : !aie.objectfifo<memref<64xi8>> 
    aie.objectfifo @stream(%tile_0_2, {%tile_1_2}, 1 : i32) {aie_stream = 2 : i32, aie_stream_port = 0 : i32} : !aie.objectfifo<memref<8xi32>> 
    aie.objectfifo @shared(%tile_0_2, {%tile_0_3}, 2 : i32) : !aie.objectfifo<memref<16xi32>> 
    aie.objectfifo.allocate @shared(%tile_0_2)
    aie.objectfifo @ext(%shim_noc_tile_1_0, {%tile_1_3}, 1 : i32) : !aie.objectfifo<memref<64xi32>> 
    %ext_buf = aie.external_buffer {sym_name = "ext_buf"} : memref<64xi32>
    aie.objectfifo.register_external_buffers @ext(%shim_noc_tile_1_0, {%ext_buf}) : (memref<64xi32>)
    func.func @producer_work() {
      return
    }
    %cst = arith.constant dense<1> : tensor<1xi32>
    %c10 = arith.constant 10 : index
    aie.objectfifo.register_process @shared(Produce, %cst : tensor<1xi32>, %cst : tensor<1xi32>, @producer_work, %c10)
    %core_0_2 = aie.core(%tile_0_2) {
      %0 = aie.objectfifo.acquire @in0(Consume, 2) : !aie.objectfifosubview<memref<512xi16>>
      %1 = aie.objectfifo.subview.access %0[0] : !aie.objectfifosubview<memref<512xi16>> -> memref<512xi16>
      %2 = aie.objectfifo.subview.access %0[1] : !aie.objectfifosubview<memref<512xi16>> -> memref<512xi16>
      aie.objectfifo.release @in0(Consume, 2)
      %3 = aie.objectfifo.acquire @bcast(Produce, 4) : !aie.objectfifosubview<memref<2xf32>>
      aie.objectfifo.release @bcast(Produce, 1)
      aie.end
    }
    %core_0_3 = aie.core(%tile_0_3) {
      %0 = aie.objectfifo.acquire @in1(Consume, 3) : !aie.objectfifosubview<memref<512xi16>>
      %1 = aie.objectfifo.subview.access %0[2] : !aie.objectfifosubview<memref<512xi16>> -> memref<512xi16>
      aie.objectfifo.release @in1(Consume, 3)
      aie.end
    }
  }
}

