"""docs/tutorial.md section 5: the tutorial's design acquiring more than the depth.

Two input fifos and one output fifo between the shim and one worker; the worker loops over
four 1024-element tiles and calls mlir-aie's `eltwise_add_i16_vector` kernel (add.o) on each.
"""

import numpy as np

from iron_ir import Kernel, ObjectFifo, Program, Runtime, Worker
from iron_ir.api.program import print_program
from iron_ir.controlflow import range_
from iron_ir.device import NPU1Col1

N = 4096
TILE = 1024

vector_ty = np.ndarray[(N,), np.dtype[np.int16]]
tile_ty = np.ndarray[(TILE,), np.dtype[np.int16]]

of_a = ObjectFifo(tile_ty, depth=1, name="a")
of_b = ObjectFifo(tile_ty, name="b")
of_c = ObjectFifo(tile_ty, name="c")

add = Kernel("eltwise_add_i16_vector", "add.o", [tile_ty, tile_ty, tile_ty])


def core_fn(of_a, of_b, of_c, add):
    for _ in range_(N // TILE):
        a = of_a.acquire(2)[0]
        b = of_b.acquire(1)
        c = of_c.acquire(1)
        add(a, b, c)
        of_a.release(1)
        of_b.release(1)
        of_c.release(1)


worker = Worker(core_fn, [of_a.cons(), of_b.cons(), of_c.prod(), add])

rt = Runtime()
with rt.sequence(vector_ty, vector_ty, vector_ty) as (a, b, c):
    rt.start(worker)
    rt.fill(of_a.prod(), a)
    rt.fill(of_b.prod(), b)
    rt.drain(of_c.cons(), c, wait=True)

PROGRAM = Program(NPU1Col1(), rt)

INPUTS = [np.arange(N, dtype=np.int16), np.full(N, 1000, dtype=np.int16)]


def reference(inputs):
    a, b = inputs
    return [a + b]


if __name__ == "__main__":
    print_program(PROGRAM)
