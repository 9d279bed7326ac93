// Every placement failure names the resource or pin, the tile, needed versus available, who
// uses it and what to try; it is reported at the op at fault.
// RUN: iron-opt %s --split-input-file --verify-diagnostics -p iron-place | filecheck %s

iron.program @collide device(npu1_1col) {
  iron.worker @a on #iron.tile<0, 2> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @b on #iron.tile<0, 2> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence() {
    iron.start [@a, @b]
  }
}
// CHECK: worker @b is pinned to Tile(0, 2), which is not a free compute tile of npu1_1col: worker @a is pinned there too. Give each worker its own tile.

// -----

iron.program @too_many device(npu1_1col) {
  iron.worker @w0 on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @w1 on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @w2 on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @w3 on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @w4 on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence() {
    iron.start [@w0, @w1, @w2, @w3, @w4]
  }
}
// CHECK: 5 workers need compute tiles but npu1_1col offers 4; none is taken by a pinned worker. Unplaced: @w4. Try: a device with more columns, fewer workers (merge work into one), or a larger cores_per_col.

// -----

// Three fills through the one shim tile of a 1-column device: it has 2 MM2S channels.
iron.program @shim_channels device(npu1_1col) {
  iron.fifo @a : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @w depth 2)
  iron.fifo @b : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @w depth 2)
  iron.fifo @c : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<16xi32>) {
    iron.start [@w]
    iron.fill @a from %arg0 offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
    iron.fill @b from %arg0 offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
    iron.fill @c from %arg0 offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
  }
}
// CHECK: no shim NOC tile from column 0 to 0 of npu1_1col has the free MM2S DMA channels that the runtime end of fifo @c needs. Try: a device with more columns, pinning some fifo ends or links to other columns (Tile(col, row)), or fanning out through a mem tile.

// -----

// Two 32 KiB objects on each end of a compute tile's fifos do not fit in 64 KiB with the stack.
iron.program @memory device(npu2_1col) {
  iron.fifo @in : memref<8192xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @w depth 2)
  iron.worker @w on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<8192xi32>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 8192] strides [0, 0, 0, 1] : memref<8192xi32>
  }
}
// CHECK: compute tile Tile(0, 2) of npu2_1col needs 66560 data memory (bytes) but has 65536. Used by: stack of worker @w: 1024; fifo @in (consumer): 2 x 32768 B: 65536. Try: lower the depth or object size of fifo @in; split the work over more workers, or stage data in a mem tile.

// -----

// A depth of 20 needs 20 buffer descriptors on the consumer's compute tile, which has 16.
iron.program @bds device(npu1_1col) {
  iron.fifo @in : memref<16xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @w depth 20)
  iron.worker @w on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<16xi32>) {
    iron.start [@w]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 16] strides [0, 0, 0, 1] : memref<16xi32>
  }
}
// CHECK: compute tile Tile(0, 2) of npu1_1col needs 20 buffer descriptors but has 16. Used by: fifo @in (consumer): 20. Try: lower the depth of fifo @in; group fewer runtime transfers per task group, or spread them over shim tiles.

// -----

// A join of seven fifos needs seven S2MM channels on a mem tile, which has six.
iron.program @join device(npu1_1col) {
  iron.fifo @p0 : memref<8xi32> producer(worker @w0 depth 1) consumers(link @j depth 1)
  iron.fifo @p1 : memref<8xi32> producer(worker @w0 depth 1) consumers(link @j depth 1)
  iron.fifo @p2 : memref<8xi32> producer(worker @w0 depth 1) consumers(link @j depth 1)
  iron.fifo @p3 : memref<8xi32> producer(worker @w0 depth 1) consumers(link @j depth 1)
  iron.fifo @p4 : memref<8xi32> producer(worker @w0 depth 1) consumers(link @j depth 1)
  iron.fifo @p5 : memref<8xi32> producer(worker @w0 depth 1) consumers(link @j depth 1)
  iron.fifo @p6 : memref<8xi32> producer(worker @w0 depth 1) consumers(link @j depth 1)
  iron.fifo @all : memref<56xi32> producer(link @j depth 1) consumers(runtime @sequence depth 1 on #iron.tile<any_shim>)
  iron.link @j [@p0, @p1, @p2, @p3, @p4, @p5, @p6] -> [@all] offsets([0, 8, 16, 24, 32, 40, 48] []) on #iron.tile<any_mem>
  iron.worker @w0 on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<56xi32>) {
    iron.start [@w0]
    iron.drain @all into %arg0 offset 0 sizes [1, 1, 1, 56] strides [0, 0, 0, 1] wait : memref<56xi32>
  }
}
// CHECK: no mem tile from column 0 to 0 of npu1_1col has the free S2MM and MM2S DMA channels that link @j (7 in, 1 out) needs.


// -----

// Seventeen barriers waited on by one worker: one lock each on its compute tile, which has 16.
iron.program @locks device(npu1_1col) {
  iron.barrier @b0 initial 0
  iron.barrier @b1 initial 0
  iron.barrier @b2 initial 0
  iron.barrier @b3 initial 0
  iron.barrier @b4 initial 0
  iron.barrier @b5 initial 0
  iron.barrier @b6 initial 0
  iron.barrier @b7 initial 0
  iron.barrier @b8 initial 0
  iron.barrier @b9 initial 0
  iron.barrier @b10 initial 0
  iron.barrier @b11 initial 0
  iron.barrier @b12 initial 0
  iron.barrier @b13 initial 0
  iron.barrier @b14 initial 0
  iron.barrier @b15 initial 0
  iron.barrier @b16 initial 0
  iron.worker @w on #iron.tile<any_compute> while_true {
    iron.barrier_wait @b0(1)
    iron.barrier_wait @b1(1)
    iron.barrier_wait @b2(1)
    iron.barrier_wait @b3(1)
    iron.barrier_wait @b4(1)
    iron.barrier_wait @b5(1)
    iron.barrier_wait @b6(1)
    iron.barrier_wait @b7(1)
    iron.barrier_wait @b8(1)
    iron.barrier_wait @b9(1)
    iron.barrier_wait @b10(1)
    iron.barrier_wait @b11(1)
    iron.barrier_wait @b12(1)
    iron.barrier_wait @b13(1)
    iron.barrier_wait @b14(1)
    iron.barrier_wait @b15(1)
    iron.barrier_wait @b16(1)
  }
  iron.runtime_sequence @sequence() {
    iron.start [@w]
  }
}
// CHECK: compute tile Tile(0, 2) of npu1_1col needs 17 locks but has 16. Used by: barrier @b0 of worker @w: 1;

// -----

// A forward of 2 x 300 KiB objects does not fit in a 512 KiB mem tile.
iron.program @memtile device(npu1_1col) {
  iron.fifo @in : memref<76800xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(link @fwd depth 2)
  iron.fifo @out : memref<76800xi32> producer(link @fwd depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.link @fwd [@in] -> [@out] offsets([] [0]) on #iron.tile<any_mem>
  iron.runtime_sequence @sequence(%a: memref<76800xi32>, %b: memref<76800xi32>) {
    iron.fill @in from %a offset 0 sizes [1, 1, 1, 76800] strides [0, 0, 0, 1] : memref<76800xi32>
    iron.drain @out into %b offset 0 sizes [1, 1, 1, 76800] strides [0, 0, 0, 1] wait : memref<76800xi32>
  }
}
// CHECK: mem tile Tile(0, 1) of npu1_1col needs 614400 data memory (bytes) but has 524288. Used by: link @fwd: 614400. Try: place the link on another mem tile (Tile(col, 1)) or lower depths.
