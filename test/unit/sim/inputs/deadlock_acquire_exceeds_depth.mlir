// @pipe (depth 2) is shared by two neighbouring cores. The producer keeps a sliding window:
// it acquires 2 and releases 1, so it always holds one buffer. The consumer acquires 2, which
// the depth allows statically but which can never be full while the producer holds one.
module {
  aie.device(npu1_1col) {
    %tile_0_2 = aie.tile(0, 2)
    %tile_0_3 = aie.tile(0, 3)
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    aie.objectfifo @pipe(%tile_0_2, {%tile_0_3}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    aie.objectfifo @out(%tile_0_3, {%shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    %core_0_2 = aie.core(%tile_0_2) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      scf.for %i = %c0 to %c4 step %c1 {
        %0 = aie.objectfifo.acquire @pipe(Produce, 2) : !aie.objectfifosubview<memref<8xi32>>
        %1 = aie.objectfifo.subview.access %0[1] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
        %v = arith.index_cast %i : index to i32
        memref.store %v, %1[%c0] : memref<8xi32>
        aie.objectfifo.release @pipe(Produce, 1)
      }
      aie.end
    }
    %core_0_3 = aie.core(%tile_0_3) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      scf.for %i = %c0 to %c2 step %c1 {
        %0 = aie.objectfifo.acquire @pipe(Consume, 2) : !aie.objectfifosubview<memref<8xi32>>
        %1 = aie.objectfifo.subview.access %0[0] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
        %2 = aie.objectfifo.acquire @out(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
        %3 = aie.objectfifo.subview.access %2[0] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
        "memref.copy"(%1, %3) : (memref<8xi32>, memref<8xi32>) -> ()
        aie.objectfifo.release @pipe(Consume, 2)
        aie.objectfifo.release @out(Produce, 1)
      }
      aie.end
    }
    aie.runtime_sequence(%arg0: memref<16xi32>) {
      %0 = aiex.dma_configure_task_for @out {
        aie.dma_bd(%arg0 : memref<16xi32>, 0, 16)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%0)
      aiex.dma_await_task(%0)
    }
  }
}
