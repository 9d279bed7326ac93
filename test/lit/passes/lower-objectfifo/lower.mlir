// convert-iron-to-aie (through iron-to-aie): broadcast, per-endpoint depths, a split link,
// kernels-free workers with stack_size and while_true=false, a barrier, program and local
// buffers, RTP writes, task groups, and a BD chain.
// RUN: iron-opt %s --split-input-file -p iron-to-aie | filecheck %s

iron.program @features device(npu1_2col) {
  iron.fifo @in : memref<64xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(link @in_split depth 2)
  iron.fifo @in_split0 : memref<32xi32> producer(link @in_split depth 2) consumers(worker @a depth 2)
  iron.fifo @in_split1 : memref<32xi32> producer(link @in_split depth 2) consumers(worker @b depth 3)
  iron.link @in_split [@in] -> [@in_split0, @in_split1] offsets([] [0, 32]) on #iron.tile<any_mem>
  iron.fifo @bcast : memref<32xi32> producer(worker @a depth 2) consumers(worker @b depth 2, runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.fifo @out : memref<32xi32> producer(worker @b depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  %rtp = iron.buffer @rtp on #iron.tile<any_compute> {use_write_rtp} : memref<4xi32>
  %loc = iron.buffer @loc on #iron.tile<any_compute> {owner = @b} : memref<8xi32> = dense<0>
  iron.barrier @bar initial 0
  iron.worker @a on #iron.tile<any_compute> stack_size 2048 {
    iron.barrier_wait @bar(1)
    %c0 = arith.constant 0 : index
    %s = memref.load %rtp[%c0] : memref<4xi32>
    %x = iron.acquire @in_split0(consume, 1) : memref<32xi32>
    %y = iron.acquire @bcast(produce, 1) : memref<32xi32>
    iron.release @in_split0(consume, 1)
    iron.release @bcast(produce, 1)
  }
  iron.worker @b on #iron.tile<any_compute> while_true {
    %x0, %x1 = iron.acquire @in_split1(consume, 2) : memref<32xi32>
    %y = iron.acquire @bcast(consume, 1) : memref<32xi32>
    %z = iron.acquire @out(produce, 1) : memref<32xi32>
    %c0 = arith.constant 0 : index
    %v = memref.load %loc[%c0] : memref<8xi32>
    iron.release @in_split1(consume, 1)
    iron.release @bcast(consume, 1)
    iron.release @out(produce, 1)
  }
  iron.runtime_sequence @sequence(%arg0: memref<64xi32>, %arg1: memref<32xi32>, %arg2: memref<32xi32>) {
    iron.start [@a, @b]
    %c7 = arith.constant 7 : i32
    iron.rtp_write @rtp[0] = %c7 : i32
    iron.set_barrier @bar(1)
    %tg = iron.task_group
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 64] strides [0, 0, 0, 1] group(%tg) : memref<64xi32>
    iron.drain @bcast into %arg1 offset 0 sizes [1, 1, 1, 32] strides [0, 0, 0, 1] wait group(%tg) : memref<32xi32>
    iron.finish_task_group %tg
    iron.drain @out into %arg2 offset 0 sizes [1, 1, 1, 32] strides [0, 0, 0, 1] wait : memref<32xi32>
  }
}
// CHECK-LABEL: aie.device(npu1_2col) {
// CHECK-NEXT:    %tile_0_2 = aie.tile(0, 2)
// CHECK-NEXT:    %tile_0_3 = aie.tile(0, 3)
// CHECK-NEXT:    %shim_noc_tile_0_0 = aie.tile(0, 0)
// CHECK-NEXT:    %loc = aie.buffer(%tile_0_3) {sym_name = "loc"} : memref<8xi32> = dense<0>
// CHECK-NEXT:    %mem_tile_0_1 = aie.tile(0, 1)
// CHECK-NEXT:    aie.objectfifo @bcast(%tile_0_2, {%tile_0_3, %shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<32xi32>>
// CHECK-NEXT:    aie.objectfifo @in(%shim_noc_tile_0_0, {%mem_tile_0_1}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
// CHECK-NEXT:    aie.objectfifo @in_split0(%mem_tile_0_1, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<32xi32>>
// CHECK-NEXT:    aie.objectfifo @in_split1(%mem_tile_0_1, {%tile_0_3}, [2 : i32, 3 : i32]) : !aie.objectfifo<memref<32xi32>>
// CHECK-NEXT:    aie.objectfifo.link [@in] -> [@in_split0, @in_split1]([] [0, 32])
// CHECK-NEXT:    aie.objectfifo @out(%tile_0_3, {%shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<32xi32>>
// CHECK-NEXT:    %rtp = aie.buffer(%tile_0_2) {sym_name = "rtp"} : memref<4xi32>
// CHECK-NEXT:    %lock_0_2 = aie.lock(%tile_0_2) {init = 0 : i32}
// CHECK-NEXT:    %core_0_2 = aie.core(%tile_0_2) {
// CHECK-NEXT:      aie.use_lock(%lock_0_2, Acquire, 1)
// CHECK-NEXT:      %c0 = arith.constant 0 : index
// CHECK-NEXT:      %0 = memref.load %rtp[%c0] : memref<4xi32>
// CHECK-NEXT:      %1 = aie.objectfifo.acquire @in_split0(Consume, 1) : !aie.objectfifosubview<memref<32xi32>>
// CHECK-NEXT:      %2 = aie.objectfifo.subview.access %1[0] : !aie.objectfifosubview<memref<32xi32>> -> memref<32xi32>
// CHECK:           aie.end
// CHECK-NEXT:    } {stack_size = 2048 : i32}
// CHECK-NEXT:    %core_0_3 = aie.core(%tile_0_3) {
// CHECK:           scf.for %arg0 = %c0 to %c9223372036854775807 step %c1 {
// CHECK-NEXT:        %0 = aie.objectfifo.acquire @in_split1(Consume, 2) : !aie.objectfifosubview<memref<32xi32>>
// CHECK-NEXT:        %1 = aie.objectfifo.subview.access %0[0] : !aie.objectfifosubview<memref<32xi32>> -> memref<32xi32>
// CHECK-NEXT:        %2 = aie.objectfifo.subview.access %0[1] : !aie.objectfifosubview<memref<32xi32>> -> memref<32xi32>
// CHECK:             %7 = memref.load %loc[%c0_0] : memref<8xi32>
// CHECK:         aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: memref<32xi32>, %arg2: memref<32xi32>) {
// CHECK-NEXT:      aiex.npu.rtp_write(@rtp, 0, 7)
// CHECK-NEXT:      aiex.set_lock(%lock_0_2, 1)
// CHECK-NEXT:      %0 = aiex.dma_configure_task_for @in {
// CHECK:           aiex.dma_start_task(%0)
// CHECK-NEXT:      %1 = aiex.dma_configure_task_for @bcast {
// CHECK:           } {issue_token = true}
// CHECK-NEXT:      aiex.dma_start_task(%1)
// CHECK-NEXT:      aiex.dma_await_task(%1)
// CHECK-NEXT:      aiex.dma_free_task(%0)
// CHECK-NEXT:      %2 = aiex.dma_configure_task_for @out {
// CHECK:           aiex.dma_start_task(%2)
// CHECK-NEXT:      aiex.dma_await_task(%2)
// CHECK-NEXT:    }

// -----

// Five dims that do not fold: the outermost goes to the iteration dim, the next one to a chain
// of three BDs linked by aie.next_bd.
iron.program @chain device(npu1_1col) {
  iron.fifo @in : memref<70xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<any_compute> while_true {
    %x = iron.acquire @in(consume, 1) : memref<70xi32>
    iron.release @in(consume, 1)
  }
  iron.runtime_sequence @sequence(%arg0: memref<20000xi32>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [2, 3, 5, 7, 2] strides [10000, 1000, 100, 10, 1] wait : memref<20000xi32>
  }
}
// CHECK-LABEL: aie.device(npu1_1col) {
// CHECK:         %0 = aiex.dma_configure_task_for @in {
// CHECK-NEXT:      aie.dma_bd(%arg0 : memref<20000xi32>, 0, 70, [<size = 2, stride = 10000>, <size = 5, stride = 100>, <size = 7, stride = 10>, <size = 2, stride = 1>]) {burst_length = 0 : i32}
// CHECK-NEXT:      aie.next_bd ^bb1
// CHECK-NEXT:    ^bb1:
// CHECK-NEXT:      aie.dma_bd(%arg0 : memref<20000xi32>, 1000, 70, [<size = 2, stride = 10000>, <size = 5, stride = 100>, <size = 7, stride = 10>, <size = 2, stride = 1>]) {burst_length = 0 : i32}
// CHECK-NEXT:      aie.next_bd ^bb2
// CHECK-NEXT:    ^bb2:
// CHECK-NEXT:      aie.dma_bd(%arg0 : memref<20000xi32>, 2000, 70, [<size = 2, stride = 10000>, <size = 5, stride = 100>, <size = 7, stride = 10>, <size = 2, stride = 1>]) {burst_length = 0 : i32}
// CHECK-NEXT:      aie.end
// CHECK-NEXT:    } {issue_token = true, repeat_count = 1 : i32}
