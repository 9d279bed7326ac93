module {
  iron.program @main device(npu1_1col) {
    iron.fifo @in : memref<1024xi16> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @worker_0 depth 2)
    iron.fifo @out : memref<1024xi16> producer(worker @worker_0 depth 2 dims [<size = 8, stride = 1>]) consumers(link @out_fwd depth 2)
    iron.fifo @out2 : memref<1024xi16> producer(link @out_fwd depth 2) consumers(runtime @sequence depth 2 on #iron.tile<0, 0>) {plio}
    iron.link @out_fwd [@out] -> [@out2] offsets([] [0]) on #iron.tile<any_mem>
    func.func private @k(memref<1024xi16>, memref<1024xi16>, i32) attributes {link_with = "scale.o"}
    %rtp = iron.buffer @rtp on #iron.tile<any_compute> {use_write_rtp} : memref<16xi32> = dense<0>
    iron.barrier @b0 initial 0
    iron.worker @worker_0 on #iron.tile<any_compute> while_true stack_size 3328 {
      iron.barrier_wait @b0(1)
      %0 = iron.acquire @in(consume, 1) : memref<1024xi16>
      %1 = iron.acquire @out(produce, 1) : memref<1024xi16>
      %c1024_i32 = arith.constant 1024 : i32
      func.call @k(%0, %1, %c1024_i32) : (memref<1024xi16>, memref<1024xi16>, i32) -> ()
      iron.release @in(consume, 1)
      iron.release @out(produce, 1)
    }
    iron.runtime_sequence @sequence(%arg0: memref<4096xi16>, %arg1: memref<4096xi16>) {
      %c5_i32 = arith.constant 5 : i32
      iron.rtp_write @rtp[0] = %c5_i32 : i32
      iron.set_barrier @b0(1)
      iron.start [@worker_0]
      %tg = iron.task_group
      iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 4096] strides [0, 0, 0, 1] group(%tg) : memref<4096xi16>
      iron.drain @out2 into %arg1 offset 0 sizes [1, 1, 1, 4096] strides [0, 0, 0, 1] wait group(%tg) : memref<4096xi16>
      iron.finish_task_group %tg
    }
  }
}

