"""vector_add: c = a + b over 1024 i32 elements, two input fifos, a traced loop."""

import numpy as np

from iron_ir import ObjectFifo, Program, Runtime, Worker
from iron_ir.controlflow import range_
from iron_ir.device import NPU1Col1
from iron_ir.api.program import print_program
from iron_ir.placers import SequentialPlacer

N = 1024
TILE = 256

vector_ty = np.ndarray[(N,), np.dtype[np.int32]]
tile_ty = np.ndarray[(TILE,), np.dtype[np.int32]]

of_a = ObjectFifo(tile_ty, name="in1")
of_b = ObjectFifo(tile_ty, name="in2")
of_c = ObjectFifo(tile_ty, name="out")


def core_fn(of_a, of_b, of_c):
    for _ in range_(N // TILE):
        a = of_a.acquire(1)
        b = of_b.acquire(1)
        c = of_c.acquire(1)
        for i in range_(TILE):
            c[i] = a[i] + b[i]
        of_a.release(1)
        of_b.release(1)
        of_c.release(1)


worker = Worker(core_fn, [of_a.cons(), of_b.cons(), of_c.prod()])

rt = Runtime()
with rt.sequence(vector_ty, vector_ty, vector_ty) as (a, b, c):
    rt.start(worker)
    rt.fill(of_a.prod(), a)
    rt.fill(of_b.prod(), b)
    rt.drain(of_c.cons(), c, wait=True)

PROGRAM = Program(NPU1Col1(), rt)

INPUTS = [np.arange(N, dtype=np.int32), np.arange(N, dtype=np.int32) * 3]


def reference(inputs):
    return [inputs[0] + inputs[1]]


if __name__ == "__main__":
    print_program(PROGRAM, SequentialPlacer())
