"""Passthrough, high-level form: the twin of passthrough_placed.py."""

import numpy as np

from aie.iron import Kernel, ObjectFifo, Program, Runtime, Worker
from aie.iron.device import NPU1Col1
from aie.iron.controlflow import range_

N = 4096
LINE = N // 4

vector_ty = np.ndarray[(N,), np.dtype[np.uint8]]
line_ty = np.ndarray[(LINE,), np.dtype[np.uint8]]

of_in = ObjectFifo(line_ty, name="in")
of_out = ObjectFifo(line_ty, name="out")
pass_through_line = Kernel("passThroughLine", "passThrough.cc.o", [line_ty, line_ty, np.int32])


def core_fn(of_in, of_out, kernel):
    elem_out = of_out.acquire(1)
    elem_in = of_in.acquire(1)
    kernel(elem_in, elem_out, LINE)
    of_in.release(1)
    of_out.release(1)


worker = Worker(core_fn, [of_in.cons(), of_out.prod(), pass_through_line])

rt = Runtime()
with rt.sequence(vector_ty, vector_ty, vector_ty) as (a, b, _):
    rt.start(worker)
    rt.fill(of_in.prod(), a)
    rt.drain(of_out.cons(), b, wait=True)

PROGRAM = Program(NPU1Col1(), rt)

INPUTS = [np.arange(N, dtype=np.uint8)]


def reference(inputs):
    return [inputs[0]]
