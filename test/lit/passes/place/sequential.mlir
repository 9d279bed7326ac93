// The sequential placer reproduces IRON's SequentialPlacer: workers fill compute tiles in
// column-major order, shim and mem ends go to the mean column of the fifo's auto-placed
// workers, and pins are kept.
// RUN: iron-opt %s --split-input-file -p iron-place | filecheck %s

// vector_scalar_mul on NPU1Col1 (iron-api-and-aie-syntax.md §10.3): worker on (0, 2), every
// runtime end on the shim (0, 0).
iron.program @vsm device(npu1_1col) {
  iron.fifo @in : memref<1024xi16> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @worker_0 depth 2)
  iron.fifo @out : memref<1024xi16> producer(worker @worker_0 depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.worker @worker_0 on #iron.tile<any_compute> while_true {
    %0 = iron.acquire @in(consume, 1) : memref<1024xi16>
    %1 = iron.acquire @out(produce, 1) : memref<1024xi16>
    iron.release @in(consume, 1)
    iron.release @out(produce, 1)
  }
  iron.runtime_sequence @sequence(%arg0: memref<4096xi16>, %arg1: memref<4096xi16>) {
    iron.start [@worker_0]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 4096] strides [0, 0, 0, 1] : memref<4096xi16>
    iron.drain @out into %arg1 offset 0 sizes [1, 1, 1, 4096] strides [0, 0, 0, 1] wait : memref<4096xi16>
  }
}
// CHECK-LABEL: iron.program @vsm device(npu1_1col)
// CHECK:       iron.fifo @in : memref<1024xi16> producer(runtime @sequence depth 2 on #iron.tile<0, 0>) consumers(worker @worker_0 depth 2)
// CHECK:       iron.fifo @out : memref<1024xi16> producer(worker @worker_0 depth 2) consumers(runtime @sequence depth 2 on #iron.tile<0, 0>)
// CHECK:       iron.worker @worker_0 on #iron.tile<0, 2> while_true

// -----

// Six workers on npu1: (0,2)..(0,5), (1,2), (1,3) in start order (not program order). The fifo
// of worker_d (on (1, 3)) drains through shim (1, 0); the split link feeding workers in column 0
// sits on mem tile (0, 1); a pinned worker keeps its tile and does not pull ends to its column.
iron.program @cols device(npu1) {
  iron.fifo @big : memref<64xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(link @big_split depth 2)
  iron.fifo @big_split0 : memref<32xi32> producer(link @big_split depth 2) consumers(worker @a depth 2)
  iron.fifo @big_split1 : memref<32xi32> producer(link @big_split depth 2) consumers(worker @b depth 2)
  iron.link @big_split [@big] -> [@big_split0, @big_split1] offsets([] [0, 32]) on #iron.tile<any_mem>
  iron.fifo @res : memref<32xi32> producer(worker @f depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.fifo @pinned_out : memref<32xi32> producer(worker @p depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.worker @a on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @b on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @c on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @d on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @e on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @f on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @p on #iron.tile<3, 4> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<64xi32>, %arg1: memref<32xi32>, %arg2: memref<32xi32>) {
    iron.start [@c, @d, @a, @b, @e, @f, @p]
    iron.fill @big from %arg0 offset 0 sizes [1, 1, 1, 64] strides [0, 0, 0, 1] : memref<64xi32>
    iron.drain @res into %arg1 offset 0 sizes [1, 1, 1, 32] strides [0, 0, 0, 1] wait : memref<32xi32>
    iron.drain @pinned_out into %arg2 offset 0 sizes [1, 1, 1, 32] strides [0, 0, 0, 1] wait : memref<32xi32>
  }
}
// CHECK-LABEL: iron.program @cols device(npu1)
// CHECK:       iron.fifo @big : memref<64xi32> producer(runtime @sequence depth 2 on #iron.tile<0, 0>)
// CHECK:       iron.link @big_split [@big] -> [@big_split0, @big_split1] offsets([] [0, 32]) on #iron.tile<0, 1>
// CHECK:       iron.fifo @res : memref<32xi32> producer(worker @f depth 2) consumers(runtime @sequence depth 2 on #iron.tile<1, 0>)
// CHECK:       iron.fifo @pinned_out : memref<32xi32> producer(worker @p depth 2) consumers(runtime @sequence depth 2 on #iron.tile<0, 0>)
// CHECK:       iron.worker @a on #iron.tile<0, 4>
// CHECK:       iron.worker @b on #iron.tile<0, 5>
// CHECK:       iron.worker @c on #iron.tile<0, 2>
// CHECK:       iron.worker @d on #iron.tile<0, 3>
// CHECK:       iron.worker @e on #iron.tile<1, 2>
// CHECK:       iron.worker @f on #iron.tile<1, 3>
// CHECK:       iron.worker @p on #iron.tile<3, 4>

// -----

// A pinned runtime end keeps its shim tile; a buffer goes to the tile of the worker using it.
iron.program @pins device(npu1_2col) {
  iron.fifo @in : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<1, 0>) consumers(worker @w depth 2)
  %rtp = iron.buffer @rtp on #iron.tile<any_compute> {use_write_rtp} : memref<16xi32>
  iron.worker @w on #iron.tile<any_compute> while_true {
    %c0 = arith.constant 0 : index
    %v = memref.load %rtp[%c0] : memref<16xi32>
  }
  iron.runtime_sequence @sequence(%arg0: memref<16xi32>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
  }
}
// CHECK-LABEL: iron.program @pins device(npu1_2col)
// CHECK:       producer(runtime @sequence depth 2 on #iron.tile<1, 0>)
// CHECK:       iron.buffer @rtp on #iron.tile<0, 2>
// CHECK:       iron.worker @w on #iron.tile<0, 2>
