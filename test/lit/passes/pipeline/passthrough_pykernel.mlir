// int8 passthrough with a Python-defined kernel (reference/mlir/passthrough_pykernel_npu2.mlir).
// RUN: iron-opt %s -p iron-to-aie -o %t
// RUN: %python %S/../../reference/Inputs/same_text.py %t %S/../../reference/Inputs/passthrough_pykernel_npu2.mlir

iron.program @passthrough device(npu2) {
  iron.fifo @in : memref<4096xi8> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @worker_0 depth 2)
  iron.fifo @out : memref<4096xi8> producer(worker @worker_0 depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  func.func @passthrough_fn(%a: memref<4096xi8>, %b: memref<4096xi8>, %n: i32) {
    %c0 = arith.constant 0 : index
    %e = arith.index_cast %n : i32 to index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %e step %c1 {
      %v = memref.load %a[%i] : memref<4096xi8>
      memref.store %v, %b[%i] : memref<4096xi8>
    }
    func.return
  }
  iron.worker @worker_0 on #iron.tile<any_compute> while_true {
    %o = iron.acquire @out(produce, 1) : memref<4096xi8>
    %i = iron.acquire @in(consume, 1) : memref<4096xi8>
    %n = arith.constant 4096 : i32
    func.call @passthrough_fn(%i, %o, %n) : (memref<4096xi8>, memref<4096xi8>, i32) -> ()
    iron.release @in(consume, 1)
    iron.release @out(produce, 1)
  }
  iron.runtime_sequence @sequence(%arg0: memref<16384xi8>, %arg1: memref<16384xi8>, %arg2: memref<16384xi8>) {
    iron.start [@worker_0]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 16384] strides [0, 0, 0, 1] : memref<16384xi8>
    iron.drain @out into %arg1 offset 0 sizes [1, 1, 1, 16384] strides [0, 0, 0, 1] wait : memref<16384xi8>
  }
}
