"""A uint8 host image moved into a fifo of int32 words (the DMA moves bytes; the shape of
vision designs that declare the host buffer and the fifo with different element types): each
worker iteration adds 1 to every 32-bit word. Accepted with a warning."""

import numpy as np

from aie.iron import ObjectFifo, Program, Runtime, Worker
from aie.iron.controlflow import range_
from aie.iron.device import NPU1Col1

N = 256
host_ty = np.ndarray[(N,), np.dtype[np.uint8]]
word_ty = np.ndarray[(16,), np.dtype[np.int32]]
out_ty = np.ndarray[(N // 4,), np.dtype[np.int32]]

of_in = ObjectFifo(word_ty, name="in")
of_out = ObjectFifo(word_ty, name="out")


def add_one(of_in, of_out):
    a = of_in.acquire(1)
    b = of_out.acquire(1)
    for i in range_(16):
        b[i] = a[i] + 1
    of_in.release(1)
    of_out.release(1)


worker = Worker(add_one, [of_in.cons(), of_out.prod()])
rt = Runtime()
with rt.sequence(host_ty, out_ty) as (a, c):
    rt.start(worker)
    rt.fill(of_in.prod(), a)
    rt.drain(of_out.cons(), c, wait=True)

PROGRAM = Program(NPU1Col1(), rt)
INPUTS = [(np.arange(N) * 37 % 256).astype(np.uint8)]


def reference(inputs):
    return [inputs[0].view(np.int32) + 1]
