"""Runtime parameters: the host writes a scale factor into a worker's buffer before starting it.

`rtp` is a GlobalBuffer with use_write_rtp=True; `rt.inline_ops` writes its element 0 and
`rt.set_barrier` releases the worker, which waits on the WorkerRuntimeBarrier before reading it.
"""

import numpy as np

from iron_ir import GlobalBuffer, ObjectFifo, Program, Runtime, Worker, WorkerRuntimeBarrier
from iron_ir.controlflow import range_
from iron_ir.device import NPU1Col1
from iron_ir.api.program import print_program
from iron_ir.placers import SequentialPlacer

N = 1024
TILE = 256
FACTOR = 7

vector_ty = np.ndarray[(N,), np.dtype[np.int32]]
tile_ty = np.ndarray[(TILE,), np.dtype[np.int32]]
rtp_ty = np.ndarray[(16,), np.dtype[np.int32]]

of_in = ObjectFifo(tile_ty, name="in")
of_out = ObjectFifo(tile_ty, name="out")
rtp = GlobalBuffer(rtp_ty, name="rtp", use_write_rtp=True)
barrier = WorkerRuntimeBarrier()


def core_fn(of_in, of_out, rtp, barrier):
    barrier.wait_for_value(1)
    factor = rtp[0]
    for _ in range_(N // TILE):
        elem_in = of_in.acquire(1)
        elem_out = of_out.acquire(1)
        for i in range_(TILE):
            elem_out[i] = elem_in[i] * factor
        of_in.release(1)
        of_out.release(1)


worker = Worker(core_fn, [of_in.cons(), of_out.prod(), rtp, barrier], while_true=False)


def set_rtps(rtp):
    rtp[0] = FACTOR


rt = Runtime()
with rt.sequence(vector_ty, vector_ty) as (a, c):
    rt.inline_ops(set_rtps, [rtp])
    rt.set_barrier(barrier, 1)
    rt.start(worker)
    rt.fill(of_in.prod(), a)
    rt.drain(of_out.cons(), c, wait=True)

PROGRAM = Program(NPU1Col1(), rt)

INPUTS = [np.arange(N, dtype=np.int32)]


def reference(inputs):
    return [inputs[0] * FACTOR]


if __name__ == "__main__":
    print_program(PROGRAM, SequentialPlacer())
