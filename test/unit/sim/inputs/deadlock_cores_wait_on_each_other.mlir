// Each core first waits for an object from the other: neither ever produces one.
module {
  aie.device(npu1_1col) {
    %tile_0_2 = aie.tile(0, 2)
    %tile_0_3 = aie.tile(0, 3)
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    aie.objectfifo @a_to_b(%tile_0_2, {%tile_0_3}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    aie.objectfifo @b_to_a(%tile_0_3, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    aie.objectfifo @out(%tile_0_2, {%shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    %core_0_2 = aie.core(%tile_0_2) {
      %0 = aie.objectfifo.acquire @b_to_a(Consume, 1) : !aie.objectfifosubview<memref<8xi32>>
      %1 = aie.objectfifo.acquire @a_to_b(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
      aie.objectfifo.release @a_to_b(Produce, 1)
      aie.objectfifo.release @b_to_a(Consume, 1)
      %2 = aie.objectfifo.acquire @out(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
      aie.objectfifo.release @out(Produce, 1)
      aie.end
    }
    %core_0_3 = aie.core(%tile_0_3) {
      %0 = aie.objectfifo.acquire @a_to_b(Consume, 1) : !aie.objectfifosubview<memref<8xi32>>
      %1 = aie.objectfifo.acquire @b_to_a(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
      aie.objectfifo.release @b_to_a(Produce, 1)
      aie.objectfifo.release @a_to_b(Consume, 1)
      aie.end
    }
    aie.runtime_sequence(%arg0: memref<8xi32>) {
      %0 = aiex.dma_configure_task_for @out {
        aie.dma_bd(%arg0 : memref<8xi32>, 0, 8)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%0)
      aiex.dma_await_task(%0)
    }
  }
}
