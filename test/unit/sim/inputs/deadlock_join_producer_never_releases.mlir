// Two cores' objects are joined in the mem tile. core_0_3 acquires its object but never
// releases it, so the join's second slice is never full and the drain never completes.
module {
  aie.device(npu1_1col) {
    %tile_0_2 = aie.tile(0, 2)
    %tile_0_3 = aie.tile(0, 3)
    %mem_tile_0_1 = aie.tile(0, 1)
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    aie.objectfifo @part0(%tile_0_2, {%mem_tile_0_1}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    aie.objectfifo @part1(%tile_0_3, {%mem_tile_0_1}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    aie.objectfifo @joined(%mem_tile_0_1, {%shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo.link [@part0, @part1] -> [@joined]([0, 8] [])
    %core_0_2 = aie.core(%tile_0_2) {
      %0 = aie.objectfifo.acquire @part0(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
      aie.objectfifo.release @part0(Produce, 1)
      aie.end
    }
    %core_0_3 = aie.core(%tile_0_3) {
      %0 = aie.objectfifo.acquire @part1(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
      aie.end
    }
    aie.runtime_sequence(%arg0: memref<16xi32>) {
      %0 = aiex.dma_configure_task_for @joined {
        aie.dma_bd(%arg0 : memref<16xi32>, 0, 16)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%0)
      aiex.dma_await_task(%0)
    }
  }
}
