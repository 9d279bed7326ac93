# RUN: %python -m iron_ir.compat %s | filecheck %s --match-full-lines --strict-whitespace
#
# mlir-aie's vector_scalar_mul_placed.py shape (2025: link_with on the core): every op in
# program order, mlir-aie's SSA names, attributes and trailing spaces.
import sys

import numpy as np

from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx
from aie.helpers.dialects.ext.scf import _for as range_

# CHECK:module {
# CHECK-NEXT:  aie.device(npu1_1col) {
# CHECK-NEXT:    func.func private @vector_scalar_mul_vector(memref<1024xi16>, memref<1024xi16>, memref<1xi32>, i32)
# CHECK-NEXT:    %shim_noc_tile_0_0 = aie.tile(0, 0)
# CHECK-NEXT:    %tile_0_2 = aie.tile(0, 2)
# CHECK-NEXT:    aie.objectfifo @in(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<1024xi16>> {{$}}
# CHECK-NEXT:    aie.objectfifo @infactor(%shim_noc_tile_0_0, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<1xi32>> {{$}}
# CHECK-NEXT:    aie.objectfifo @out(%tile_0_2, {%shim_noc_tile_0_0}, 2 : i32) : !aie.objectfifo<memref<1024xi16>> {{$}}
# CHECK-NEXT:    %core_0_2 = aie.core(%tile_0_2) {
# CHECK-NEXT:      %c0 = arith.constant 0 : index
# CHECK-NEXT:      %c9223372036854775807 = arith.constant 9223372036854775807 : index
# CHECK-NEXT:      %c1 = arith.constant 1 : index
# CHECK-NEXT:      scf.for %arg0 = %c0 to %c9223372036854775807 step %c1 {
# CHECK-NEXT:        %0 = aie.objectfifo.acquire @infactor(Consume, 1) : !aie.objectfifosubview<memref<1xi32>>
# CHECK-NEXT:        %1 = aie.objectfifo.subview.access %0[0] : !aie.objectfifosubview<memref<1xi32>> -> memref<1xi32>
# CHECK-NEXT:        %c0_0 = arith.constant 0 : index
# CHECK-NEXT:        %c4 = arith.constant 4 : index
# CHECK-NEXT:        %c1_1 = arith.constant 1 : index
# CHECK-NEXT:        scf.for %arg1 = %c0_0 to %c4 step %c1_1 {
# CHECK-NEXT:          %2 = aie.objectfifo.acquire @out(Produce, 1) : !aie.objectfifosubview<memref<1024xi16>>
# CHECK-NEXT:          %3 = aie.objectfifo.subview.access %2[0] : !aie.objectfifosubview<memref<1024xi16>> -> memref<1024xi16>
# CHECK-NEXT:          %4 = aie.objectfifo.acquire @in(Consume, 1) : !aie.objectfifosubview<memref<1024xi16>>
# CHECK-NEXT:          %5 = aie.objectfifo.subview.access %4[0] : !aie.objectfifosubview<memref<1024xi16>> -> memref<1024xi16>
# CHECK-NEXT:          %c1024_i32 = arith.constant 1024 : i32
# CHECK-NEXT:          func.call @vector_scalar_mul_vector(%5, %3, %1, %c1024_i32) : (memref<1024xi16>, memref<1024xi16>, memref<1xi32>, i32) -> ()
# CHECK-NEXT:          aie.objectfifo.release @in(Consume, 1)
# CHECK-NEXT:          aie.objectfifo.release @out(Produce, 1)
# CHECK-NEXT:        }
# CHECK-NEXT:        aie.objectfifo.release @infactor(Consume, 1)
# CHECK-NEXT:      }
# CHECK-NEXT:      aie.end
# CHECK-NEXT:    } {link_with = "scale.o"}
# CHECK-NEXT:    aie.runtime_sequence(%arg0: memref<4096xi16>, %arg1: memref<1xi32>, %arg2: memref<4096xi16>) {
# CHECK-NEXT:      %0 = aiex.dma_configure_task_for @in {
# CHECK-NEXT:        aie.dma_bd(%arg0 : memref<4096xi16>, 0, 4096, [<size = 1, stride = 0>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 4096, stride = 1>]) {burst_length = 0 : i32}
# CHECK-NEXT:        aie.end
# CHECK-NEXT:      } {issue_token = true}
# CHECK-NEXT:      %1 = aiex.dma_configure_task_for @infactor {
# CHECK-NEXT:        aie.dma_bd(%arg1 : memref<1xi32>, 0, 1, [<size = 1, stride = 0>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 1, stride = 1>]) {burst_length = 0 : i32}
# CHECK-NEXT:        aie.end
# CHECK-NEXT:      } {issue_token = true}
# CHECK-NEXT:      %2 = aiex.dma_configure_task_for @out {
# CHECK-NEXT:        aie.dma_bd(%arg2 : memref<4096xi16>, 0, 4096, [<size = 1, stride = 0>, <size = 1, stride = 0>, <size = 1, stride = 0>, <size = 4096, stride = 1>]) {burst_length = 0 : i32}
# CHECK-NEXT:        aie.end
# CHECK-NEXT:      } {issue_token = true}
# CHECK-NEXT:      aiex.dma_start_task(%0)
# CHECK-NEXT:      aiex.dma_start_task(%1)
# CHECK-NEXT:      aiex.dma_start_task(%2)
# CHECK-NEXT:      aiex.dma_await_task(%0)
# CHECK-NEXT:      aiex.dma_await_task(%1)
# CHECK-NEXT:      aiex.dma_await_task(%2)
# CHECK-NEXT:    }
# CHECK-NEXT:  }
# CHECK-NEXT:}
# CHECK-EMPTY:
# CHECK-EMPTY:


def my_vector_scalar_mul(dev, tensor_size):
    num_sub_vectors = 4
    tile_size = tensor_size // num_sub_vectors

    @device(dev)
    def device_body():
        tensor_ty = np.ndarray[(tensor_size,), np.dtype[np.int16]]
        tile_ty = np.ndarray[(tile_size,), np.dtype[np.int16]]
        scalar_ty = np.ndarray[(1,), np.dtype[np.int32]]

        scale = external_func("vector_scalar_mul_vector", inputs=[tile_ty, tile_ty, scalar_ty, np.int32])

        ShimTile = tile(0, 0)
        ComputeTile2 = tile(0, 2)

        of_in = object_fifo("in", ShimTile, ComputeTile2, 2, tile_ty)
        of_factor = object_fifo("infactor", ShimTile, ComputeTile2, 2, scalar_ty)
        of_out = object_fifo("out", ComputeTile2, ShimTile, 2, tile_ty)

        @core(ComputeTile2, "scale.o")
        def core_body():
            for _ in range_(sys.maxsize):
                elem_factor = of_factor.acquire(ObjectFifoPort.Consume, 1)
                for _ in range_(num_sub_vectors):
                    elem_out = of_out.acquire(ObjectFifoPort.Produce, 1)
                    elem_in = of_in.acquire(ObjectFifoPort.Consume, 1)
                    scale(elem_in, elem_out, elem_factor, tile_size)
                    of_in.release(ObjectFifoPort.Consume, 1)
                    of_out.release(ObjectFifoPort.Produce, 1)
                of_factor.release(ObjectFifoPort.Consume, 1)

        @runtime_sequence(tensor_ty, scalar_ty, tensor_ty)
        def sequence(A, F, C):
            in_task = shim_dma_single_bd_task(of_in, A, sizes=[1, 1, 1, tensor_size], issue_token=True)
            in_factor_task = shim_dma_single_bd_task(of_factor, F, sizes=[1, 1, 1, 1], issue_token=True)
            out_task = shim_dma_single_bd_task(of_out, C, sizes=[1, 1, 1, tensor_size], issue_token=True)
            dma_start_task(in_task, in_factor_task, out_task)
            dma_await_task(in_task, in_factor_task, out_task)


with mlir_mod_ctx() as ctx:
    my_vector_scalar_mul(AIEDevice.npu1_1col, 4096)
    res = ctx.module.operation.verify()
    if res == True:
        print(ctx.module)
    else:
        print(res)
