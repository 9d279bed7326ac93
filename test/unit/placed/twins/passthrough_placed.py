"""Passthrough, placed form (the older aie2.py shape): a core copies 4 lines through the
passThroughLine kernel; the host moves data with npu_dma_memcpy_nd and waits with dma_wait."""

import sys

import numpy as np

from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx
from aie.helpers.dialects.ext.scf import _for as range_

N = 4096
LINE = N // 4


def passthrough(dev):
    @device(dev)
    def device_body():
        vector_ty = np.ndarray[(N,), np.dtype[np.uint8]]
        line_ty = np.ndarray[(LINE,), np.dtype[np.uint8]]

        pass_through_line = external_func("passThroughLine", inputs=[line_ty, line_ty, np.int32])

        shim = tile(0, 0)
        compute = tile(0, 2)

        of_in = object_fifo("in", shim, compute, 2, line_ty)
        of_out = object_fifo("out", compute, shim, 2, line_ty)

        @core(compute, "passThrough.cc.o")
        def core_body():
            for _ in range_(sys.maxsize):
                elem_out = of_out.acquire(ObjectFifoPort.Produce, 1)
                elem_in = of_in.acquire(ObjectFifoPort.Consume, 1)
                pass_through_line(elem_in, elem_out, LINE)
                of_in.release(ObjectFifoPort.Consume, 1)
                of_out.release(ObjectFifoPort.Produce, 1)

        @runtime_sequence(vector_ty, vector_ty, vector_ty)
        def sequence(in_tensor, out_tensor, not_used):
            npu_dma_memcpy_nd(metadata=of_out, bd_id=0, mem=out_tensor, sizes=[1, 1, 1, N], issue_token=True)
            npu_dma_memcpy_nd(metadata=of_in, bd_id=1, mem=in_tensor, sizes=[1, 1, 1, N])
            dma_wait(of_out)


INPUTS = [np.arange(N, dtype=np.uint8)]


def reference(inputs):
    return [inputs[0]]


with mlir_mod_ctx() as ctx:
    passthrough(AIEDevice.npu1_1col)
    res = ctx.module.operation.verify()
    if res == True:
        print(ctx.module)
    else:
        print(res)
