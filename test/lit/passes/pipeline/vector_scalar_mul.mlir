// vector_scalar_mul (reference/mlir/vector_scalar_mul_npu1_1col.mlir) written in the IRON dialect:
// iron-to-aie reproduces mlir-aie's text line by line.
// RUN: iron-opt %s -p iron-to-aie -o %t
// RUN: %python %S/../../reference/Inputs/same_text.py %t %S/../../reference/Inputs/vector_scalar_mul_npu1_1col.mlir

iron.program @vector_scalar_mul device(npu1_1col) {
  iron.fifo @in : memref<1024xi16> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @worker_0 depth 2)
  iron.fifo @infactor : memref<1xi32> producer(runtime @sequence depth 2 on #iron.tile<any_shim>) consumers(worker @worker_0 depth 2)
  iron.fifo @out : memref<1024xi16> producer(worker @worker_0 depth 2) consumers(runtime @sequence depth 2 on #iron.tile<any_shim>)
  func.func private @vector_scalar_mul_vector(memref<1024xi16>, memref<1024xi16>, memref<1xi32>, i32) -> () attributes {link_with = "scale.o"}
  iron.worker @worker_0 on #iron.tile<any_compute> while_true {
    %0 = iron.acquire @infactor(consume, 1) : memref<1xi32>
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %1 = iron.acquire @in(consume, 1) : memref<1024xi16>
      %2 = iron.acquire @out(produce, 1) : memref<1024xi16>
      %c1024_i32 = arith.constant 1024 : i32
      func.call @vector_scalar_mul_vector(%1, %2, %0, %c1024_i32) : (memref<1024xi16>, memref<1024xi16>, memref<1xi32>, i32) -> ()
      iron.release @in(consume, 1)
      iron.release @out(produce, 1)
    }
    iron.release @infactor(consume, 1)
  }
  iron.runtime_sequence @sequence(%arg0: memref<4096xi16>, %arg1: memref<1xi32>, %arg2: memref<4096xi16>) {
    iron.start [@worker_0]
    iron.fill @in from %arg0 offset 0 sizes [1, 1, 1, 4096] strides [0, 0, 0, 1] : memref<4096xi16>
    iron.fill @infactor from %arg1 offset 0 sizes [1, 1, 1, 1] strides [0, 0, 0, 1] : memref<1xi32>
    iron.drain @out into %arg2 offset 0 sizes [1, 1, 1, 4096] strides [0, 0, 0, 1] wait : memref<4096xi16>
  }
}
