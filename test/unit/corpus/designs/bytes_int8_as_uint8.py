"""int8 fifos fed from and drained into uint8 host buffers (the ResNet/bottleneck shape: the
host holds uint8 activations, the kernels' fifos are declared int8): the bytes pass unchanged,
the worker negates each int8 value."""

import numpy as np

from aie.iron import ObjectFifo, Program, Runtime, Worker
from aie.iron.controlflow import range_
from aie.iron.device import NPU1Col1

N, TILE = 128, 32
host_ty = np.ndarray[(N,), np.dtype[np.uint8]]
tile_ty = np.ndarray[(TILE,), np.dtype[np.int8]]

of_in = ObjectFifo(tile_ty, name="in")
of_out = ObjectFifo(tile_ty, name="out")


def negate(of_in, of_out):
    for _ in range_(N // TILE):
        a = of_in.acquire(1)
        b = of_out.acquire(1)
        for i in range_(TILE):
            b[i] = 0 - a[i]
        of_in.release(1)
        of_out.release(1)


worker = Worker(negate, [of_in.cons(), of_out.prod()], while_true=False)
rt = Runtime()
with rt.sequence(host_ty, host_ty) as (a, c):
    rt.start(worker)
    rt.fill(of_in.prod(), a)
    rt.drain(of_out.cons(), c, wait=True)

PROGRAM = Program(NPU1Col1(), rt)
INPUTS = [np.arange(N, dtype=np.uint8) * 3]


def reference(inputs):
    return [(-(inputs[0].view(np.int8).astype(np.int16))).astype(np.int8).view(np.uint8)]
