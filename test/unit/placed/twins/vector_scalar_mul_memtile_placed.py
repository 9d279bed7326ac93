"""vector_scalar_mul through a mem tile, placed form: the vector goes shim -> mem tile ->
core and back, each way two objectfifos joined by object_fifo_link; the factor goes
directly to the core. DMA tasks move the host data."""

import sys

import numpy as np

from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx
from aie.helpers.dialects.ext.scf import _for as range_

N = 4096
TILE = 1024


def vector_scalar_mul(dev):
    @device(dev)
    def device_body():
        tensor_ty = np.ndarray[(N,), np.dtype[np.int16]]
        tile_ty = np.ndarray[(TILE,), np.dtype[np.int16]]
        scalar_ty = np.ndarray[(1,), np.dtype[np.int32]]

        scale = external_func(
            "vector_scalar_mul_vector",
            inputs=[tile_ty, tile_ty, scalar_ty, np.int32],
            link_with="scale.o",
        )

        shim = tile(0, 0)
        mem = tile(0, 1)
        compute = tile(0, 2)

        of_in = object_fifo("in", shim, mem, 2, tile_ty)
        of_in_fwd = object_fifo("in_fwd", mem, compute, 2, tile_ty)
        object_fifo_link(of_in, of_in_fwd)
        of_factor = object_fifo("infactor", shim, compute, 2, scalar_ty)
        of_out_fwd = object_fifo("out_fwd", compute, mem, 2, tile_ty)
        of_out = object_fifo("out", mem, shim, 2, tile_ty)
        object_fifo_link(of_out_fwd, of_out)

        @core(compute)
        def core_body():
            for _ in range_(sys.maxsize):
                elem_factor = of_factor.acquire(ObjectFifoPort.Consume, 1)
                for _ in range_(N // TILE):
                    elem_out = of_out_fwd.acquire(ObjectFifoPort.Produce, 1)
                    elem_in = of_in_fwd.acquire(ObjectFifoPort.Consume, 1)
                    scale(elem_in, elem_out, elem_factor, TILE)
                    of_in_fwd.release(ObjectFifoPort.Consume, 1)
                    of_out_fwd.release(ObjectFifoPort.Produce, 1)
                of_factor.release(ObjectFifoPort.Consume, 1)

        @runtime_sequence(tensor_ty, scalar_ty, tensor_ty)
        def sequence(A, F, C):
            in_task = shim_dma_single_bd_task(of_in, A, sizes=[1, 1, 1, N])
            factor_task = shim_dma_single_bd_task(of_factor, F, sizes=[1, 1, 1, 1])
            out_task = shim_dma_single_bd_task(of_out, C, sizes=[1, 1, 1, N], issue_token=True)
            dma_start_task(in_task, factor_task, out_task)
            dma_await_task(out_task)
            dma_free_task(in_task, factor_task)


INPUTS = [(np.arange(N) % 1000 - 500).astype(np.int16), np.array([3], dtype=np.int32)]


def reference(inputs):
    a, factor = inputs
    return [(a.astype(np.int32) * int(factor[0])).astype(np.int16)]


with mlir_mod_ctx() as ctx:
    vector_scalar_mul(AIEDevice.npu1_1col)
    print(ctx.module)
