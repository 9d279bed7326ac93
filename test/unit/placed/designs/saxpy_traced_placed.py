# A placed design of the 2026 trace shape: y = a*x + y through a mem tile, with the core, its
# memory module, the mem tile and the shim traced declaratively (configure_trace in the device,
# start_trace in the runtime sequence). Written for iron-ir's tests.
import sys

import numpy as np

import aie.utils.trace as trace_utils
from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx
from aie.iron.controlflow import range_
from aie.utils.trace.events import CoreEvent, MemTileEvent, MemTilePortEvent, PortEvent

N, CHUNK = 256, 64
A = 3


def design(trace_size):
    vec_ty = np.ndarray[(N,), np.dtype[np.int32]]
    chunk_ty = np.ndarray[(CHUNK,), np.dtype[np.int32]]

    @device(AIEDevice.npu1_1col)
    def body():
        shim = tile(0, 0)
        mem = tile(0, 1)
        work = tile(0, 2)
        x_in = object_fifo("x_in", shim, mem, 2, chunk_ty)
        x = object_fifo("x", mem, work, 2, chunk_ty)
        object_fifo_link(x_in, x)
        y = object_fifo("y", shim, work, 2, chunk_ty)
        out = object_fifo("out", work, shim, 2, chunk_ty)

        @core(work)
        def core_body():
            for _ in range_(sys.maxsize):
                for _ in range_(N // CHUNK):
                    ex = x.acquire(ObjectFifoPort.Consume, 1)
                    ey = y.acquire(ObjectFifoPort.Consume, 1)
                    eo = out.acquire(ObjectFifoPort.Produce, 1)
                    for i in range_(CHUNK):
                        eo[i] = ex[i] * A + ey[i]
                    x.release(ObjectFifoPort.Consume, 1)
                    y.release(ObjectFifoPort.Consume, 1)
                    out.release(ObjectFifoPort.Produce, 1)

        if trace_size > 0:
            trace_utils.configure_trace(
                [work, work, mem, shim],
                coretile_events=[
                    CoreEvent.INSTR_EVENT_0,
                    CoreEvent.INSTR_VECTOR,
                    PortEvent(CoreEvent.PORT_RUNNING_0, WireBundle.DMA, 0, True),
                    PortEvent(CoreEvent.PORT_RUNNING_1, WireBundle.DMA, 0, False),
                    CoreEvent.LOCK_STALL,
                ],
                memtile_events=[
                    MemTilePortEvent(MemTileEvent.PORT_RUNNING_0, WireBundle.DMA, 0, True),
                    MemTilePortEvent(MemTileEvent.PORT_RUNNING_1, WireBundle.DMA, 0, False),
                ],
            )

        @runtime_sequence(vec_ty, vec_ty, vec_ty)
        def sequence(X, Y, Z):
            if trace_size > 0:
                trace_utils.start_trace(trace_size=trace_size)
            tx = shim_dma_single_bd_task(x_in, X, sizes=[1, 1, 1, N])
            ty = shim_dma_single_bd_task(y, Y, sizes=[1, 1, 1, N])
            tz = shim_dma_single_bd_task(out, Z, sizes=[1, 1, 1, N], issue_token=True)
            dma_start_task(tx, ty, tz)
            dma_await_task(tz)
            dma_free_task(tx, ty)


trace_size = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
with mlir_mod_ctx() as ctx:
    design(trace_size)
    res = ctx.module.operation.verify()
    print(ctx.module if res == True else res)
