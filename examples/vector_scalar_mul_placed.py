"""vector_scalar_mul, placed form: the twin of vector_scalar_mul.py, written as mlir-aie's
`vector_scalar_mul_placed.py` is: named tiles, objectfifos between them, a core with an
explicit endless loop, and DMA tasks in the runtime sequence.

Run it with `iron run examples/vector_scalar_mul_placed.py`; `python` prints its module.
"""

import sys

import numpy as np

from iron_ir.controlflow import range_
from iron_ir.placed import mlir_mod_ctx
from iron_ir.placed.aie import *  # noqa: F403 - the placed API, as `from aie.dialects.aie import *`
from iron_ir.placed.aiex import *  # noqa: F403

N = 4096
N_DIV_N = 4
TILE = N // N_DIV_N


def vector_scalar_mul():
    @device(AIEDevice.npu1_1col)
    def device_body():
        tensor_ty = np.ndarray[(N,), np.dtype[np.int16]]
        tile_ty = np.ndarray[(TILE,), np.dtype[np.int16]]
        scalar_ty = np.ndarray[(1,), np.dtype[np.int32]]

        compute = tile(0, 2)
        shim = tile(0, 0)

        of_in = object_fifo("in", shim, compute, 2, tile_ty)
        of_factor = object_fifo("infactor", shim, compute, 2, scalar_ty)
        of_out = object_fifo("out", compute, shim, 2, tile_ty)

        scale = external_func(
            "vector_scalar_mul_vector",
            inputs=[tile_ty, tile_ty, scalar_ty, np.int32],
            link_with="scale.o",
        )

        @core(compute)
        def core_body():
            for _ in range_(sys.maxsize):
                elem_factor = of_factor.acquire(ObjectFifoPort.Consume, 1)
                for _ in range_(N_DIV_N):
                    elem_in = of_in.acquire(ObjectFifoPort.Consume, 1)
                    elem_out = of_out.acquire(ObjectFifoPort.Produce, 1)
                    scale(elem_in, elem_out, elem_factor, TILE)
                    of_in.release(ObjectFifoPort.Consume, 1)
                    of_out.release(ObjectFifoPort.Produce, 1)
                of_factor.release(ObjectFifoPort.Consume, 1)

        @runtime_sequence(tensor_ty, scalar_ty, tensor_ty)
        def sequence(a_in, f_in, c_out):
            in_task = shim_dma_single_bd_task(of_in, a_in, sizes=[1, 1, 1, N])
            dma_start_task(in_task)
            factor_task = shim_dma_single_bd_task(of_factor, f_in, sizes=[1, 1, 1, 1])
            dma_start_task(factor_task)
            out_task = shim_dma_single_bd_task(of_out, c_out, sizes=[1, 1, 1, N], issue_token=True)
            dma_start_task(out_task)
            dma_await_task(out_task)
            dma_free_task(in_task, factor_task)


INPUTS = [np.arange(N, dtype=np.int16) % 1000, np.array([3], dtype=np.int32)]


def reference(inputs):
    a, factor = inputs
    return [(a.astype(np.int32) * int(factor[0])).astype(np.int16)]


with mlir_mod_ctx() as ctx:
    vector_scalar_mul()
    print(ctx.module)
