// Pass options: an unknown placer, a cores_per_col that a column cannot satisfy, the resource
// report, and cores_per_col spreading workers over columns.
// RUN: not iron-opt %s -p 'iron-place{placer=greedy}' 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not iron-opt %s -p 'iron-place{cores-per-col=5}' 2>&1 | filecheck %s --check-prefix=CPC
// RUN: iron-opt %s -p 'iron-place{report=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=REPORT
// RUN: iron-opt %s -p 'iron-place{cores-per-col=1}' | filecheck %s --check-prefix=SPREAD

iron.program @two device(npu1_2col) {
  iron.fifo @in : memref<256xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @a depth 2)
  iron.fifo @mid : memref<256xi32> producer(worker @a depth 2) consumers(worker @b depth 3)
  iron.fifo @out : memref<256xi32> producer(worker @b depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  iron.worker @a on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.worker @b on #iron.tile<any_compute> while_true {
    %z = arith.constant 0 : index
  }
  iron.runtime_sequence @sequence(%arg0: memref<256xi32>, %arg1: memref<256xi32>) {
    iron.start [@a, @b]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 256] strides [0, 0, 0, 1] : memref<256xi32>
    iron.drain @out into %arg1 offset 0 sizes [1, 1, 1, 256] strides [0, 0, 0, 1] wait : memref<256xi32>
  }
}

// UNKNOWN: error: unknown placer 'greedy': the available placers are sequential.
// UNKNOWN-NOT: Traceback
// CPC: error: {{.*}}cores_per_col=5 but column 0 of npu1_2col has only 4 compute tiles

// Workers a (0, 2) and b (0, 3) share memory: @mid is one set of the producer's 2 objects on
// a's tile (mlir-aie sizes a shared fifo by its producer) and takes no DMA channel. Each cell is
// the estimate, then what the design lowered to the physical level uses, then the capacity.
// REPORT:      resource report for npu1_2col (estimate | lowered / available):
// REPORT-NEXT: tile    kind           memory (bytes)       locks       BDs         S2MM       MM2S
// REPORT-NEXT: ------
// REPORT-NEXT: (0, 0)  shim NOC tile  0 | 0 / 0            4 | 4 / 16  2 | 2 / 16  1 | 1 / 2  1 | 1 / 2
// REPORT-NEXT: (0, 2)  compute tile   5120 | 5120 / 65536  4 | 4 / 16  2 | 2 / 16  1 | 1 / 2  0 | 0 / 2
// REPORT-NEXT: (0, 3)  compute tile   3072 | 3072 / 65536  2 | 2 / 16  2 | 2 / 16  0 | 0 / 2  1 | 1 / 2
// REPORT-NOT:  lowering

// With one core per column, b goes to column 1; @mid now needs DMAs, and @out drains in column 1.
// SPREAD: iron.fifo @out : memref<256xi32> producer(worker @b depth 2) consumers(runtime @sequence depth 2 on #iron.tile<1, 0>)
// SPREAD: iron.worker @a on #iron.tile<0, 2>
// SPREAD: iron.worker @b on #iron.tile<1, 2>
