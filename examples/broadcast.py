"""broadcast: one input fifo consumed by three workers (three cons() handles).

Worker k multiplies every element by k + 1 and writes its own output fifo, drained into the
k-th output buffer. The second consumer reads with a deeper buffer (cons(depth=3)).
"""

import numpy as np

from iron_ir import ObjectFifo, Program, Runtime, Worker
from iron_ir.controlflow import range_
from iron_ir.device import NPU1Col2, Tile
from iron_ir.api.program import print_program
from iron_ir.placers import SequentialPlacer

N = 512
TILE = 128
N_WORKERS = 3

vector_ty = np.ndarray[(N,), np.dtype[np.int32]]
tile_ty = np.ndarray[(TILE,), np.dtype[np.int32]]

of_in = ObjectFifo(tile_ty, name="in")
of_outs = [ObjectFifo(tile_ty, name=f"out{k}") for k in range(N_WORKERS)]


def scale_fn(of_in, of_out, factor):
    elem_in = of_in.acquire(1)
    elem_out = of_out.acquire(1)
    for i in range_(TILE):
        elem_out[i] = elem_in[i] * factor
    of_in.release(1)
    of_out.release(1)


workers = [
    Worker(scale_fn, [of_in.cons(depth=3 if k == 1 else None), of_outs[k].prod(), k + 1])
    for k in range(N_WORKERS)
]

rt = Runtime()
with rt.sequence(vector_ty, vector_ty, vector_ty, vector_ty) as (a, c0, c1, c2):
    rt.start(*workers)
    rt.fill(of_in.prod(), a)
    # A shim tile has two channels into the host: the third output uses column 1's shim.
    for k, (of_out, c) in enumerate(zip(of_outs, (c0, c1, c2))):
        rt.drain(of_out.cons(), c, wait=True, placement=Tile(k // 2, 0))

PROGRAM = Program(NPU1Col2(), rt)

INPUTS = [np.arange(N, dtype=np.int32)]


def reference(inputs):
    return [inputs[0] * (k + 1) for k in range(N_WORKERS)]


if __name__ == "__main__":
    print_program(PROGRAM, SequentialPlacer())
