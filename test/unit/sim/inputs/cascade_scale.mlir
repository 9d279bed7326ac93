// Two cores joined by a cascade stream: core_0_3 puts each input element on it (cascades run
// south and east on AIE2), core_0_2 below takes them and writes ten times each to its output fifo.
module {
  aie.device(npu1_1col) {
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %tile_0_2 = aie.tile(0, 2)
    %tile_0_3 = aie.tile(0, 3)
    aie.cascade_flow(%tile_0_3, %tile_0_2)
    aie.objectfifo @in(%shim_noc_tile_0_0, {%tile_0_3}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    aie.objectfifo @out(%tile_0_2, {%shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
    %core_0_3 = aie.core(%tile_0_3) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      scf.for %i = %c0 to %c4 step %c1 {
        %s = aie.objectfifo.acquire @in(Consume, 1) : !aie.objectfifosubview<memref<8xi32>>
        %b = aie.objectfifo.subview.access %s[0] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
        scf.for %j = %c0 to %c8 step %c1 {
          %v = memref.load %b[%j] : memref<8xi32>
          aie.put_cascade(%v : i32)
        }
        aie.objectfifo.release @in(Consume, 1)
      }
      aie.end
    }
    %core_0_2 = aie.core(%tile_0_2) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %k = arith.constant 10 : i32
      scf.for %i = %c0 to %c4 step %c1 {
        %s = aie.objectfifo.acquire @out(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
        %b = aie.objectfifo.subview.access %s[0] : !aie.objectfifosubview<memref<8xi32>> -> memref<8xi32>
        scf.for %j = %c0 to %c8 step %c1 {
          %v = aie.get_cascade() : i32
          %w = arith.muli %v, %k : i32
          memref.store %w, %b[%j] : memref<8xi32>
        }
        aie.objectfifo.release @out(Produce, 1)
      }
      aie.end
    }
    aie.runtime_sequence(%arg0: memref<32xi32>, %arg1: memref<32xi32>) {
      %t0 = aiex.dma_configure_task_for @in {
        aie.dma_bd(%arg0 : memref<32xi32>, 0, 32)
        aie.end
      }
      aiex.dma_start_task(%t0)
      %t1 = aiex.dma_configure_task_for @out {
        aie.dma_bd(%arg1 : memref<32xi32>, 0, 32)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%t1)
      aiex.dma_await_task(%t1)
      aiex.dma_free_task(%t0)
    }
  }
}
