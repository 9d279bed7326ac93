"""Runtime parameters, placed form: the twin of rtp_scale.py.

`rtp` is an aie.buffer on the core's tile; the runtime sequence writes its element 0
(`rtp[0] = FACTOR` becomes aiex.npu.rtp_write) and then sets a lock the core waits on before
reading it. Run it with `iron run examples/rtp_scale_placed.py`; `python` prints its module.
"""

import numpy as np

from iron_ir.controlflow import range_
from iron_ir.placed import mlir_mod_ctx
from iron_ir.placed.aie import *  # noqa: F403 - the placed API, as `from aie.dialects.aie import *`
from iron_ir.placed.aiex import *  # noqa: F403

N = 1024
TILE = 256
FACTOR = 7


def rtp_scale():
    @device(AIEDevice.npu1_1col)
    def device_body():
        vector_ty = np.ndarray[(N,), np.dtype[np.int32]]
        tile_ty = np.ndarray[(TILE,), np.dtype[np.int32]]
        rtp_ty = np.ndarray[(16,), np.dtype[np.int32]]

        compute = tile(0, 2)
        shim = tile(0, 0)

        of_in = object_fifo("in", shim, compute, 2, tile_ty)
        of_out = object_fifo("out", compute, shim, 2, tile_ty)
        rtp = buffer(compute, rtp_ty, "rtp", use_write_rtp=True)
        ready = lock(compute, init=0)

        @core(compute)
        def core_body():
            # The runtime sequence writes the parameter, then sets the lock.
            use_lock(ready, LockAction.Acquire, value=1)
            factor = rtp[0]
            for _ in range_(N // TILE):
                elem_in = of_in.acquire(ObjectFifoPort.Consume, 1)
                elem_out = of_out.acquire(ObjectFifoPort.Produce, 1)
                for i in range_(TILE):
                    elem_out[i] = elem_in[i] * factor
                of_in.release(ObjectFifoPort.Consume, 1)
                of_out.release(ObjectFifoPort.Produce, 1)

        @runtime_sequence(vector_ty, vector_ty)
        def sequence(a, c):
            rtp[0] = FACTOR
            set_lock(ready, 1)
            in_task = shim_dma_single_bd_task(of_in, a, sizes=[1, 1, 1, N])
            dma_start_task(in_task)
            out_task = shim_dma_single_bd_task(of_out, c, sizes=[1, 1, 1, N], issue_token=True)
            dma_start_task(out_task)
            dma_await_task(out_task)
            dma_free_task(in_task)


INPUTS = [np.arange(N, dtype=np.int32)]


def reference(inputs):
    return [inputs[0] * FACTOR]


with mlir_mod_ctx() as ctx:
    rtp_scale()
    print(ctx.module)
