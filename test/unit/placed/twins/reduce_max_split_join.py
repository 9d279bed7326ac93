"""Split/join reduce, high-level form: the twin of reduce_max_split_join_placed.py."""

import numpy as np

from aie.iron import Kernel, ObjectFifo, Program, Runtime, Worker
from aie.iron.device import NPU1Col1, Tile

N = 4096
CORES = 4
CHUNK = N // CORES

in_ty = np.ndarray[(N,), np.dtype[np.int32]]
chunk_ty = np.ndarray[(CHUNK,), np.dtype[np.int32]]
one_ty = np.ndarray[(1,), np.dtype[np.int32]]
out_ty = np.ndarray[(CORES,), np.dtype[np.int32]]

reduce = Kernel("reduce_max_vector", "reduce_max.cc.o", [chunk_ty, one_ty, np.int32])

of_in = ObjectFifo(in_ty, name="in")
ins = of_in.cons().split(
    [CHUNK * i for i in range(CORES)], obj_types=[chunk_ty] * CORES, names=[f"in{i}" for i in range(CORES)]
)
of_out = ObjectFifo(out_ty, name="out")
outs = of_out.prod().join(
    list(range(CORES)), obj_types=[one_ty] * CORES, names=[f"out{i}" for i in range(CORES)]
)


def core_fn(of_in, of_out, reduce):
    elem_out = of_out.acquire(1)
    elem_in = of_in.acquire(1)
    reduce(elem_in, elem_out, CHUNK)
    of_in.release(1)
    of_out.release(1)


workers = [
    Worker(core_fn, [ins[i].cons(), outs[i].prod(), reduce], placement=Tile(0, 2 + i))
    for i in range(CORES)
]

rt = Runtime()
with rt.sequence(in_ty, out_ty) as (a, c):
    rt.start(*workers)
    rt.fill(of_in.prod(), a)
    rt.drain(of_out.cons(), c, wait=True)

PROGRAM = Program(NPU1Col1(), rt)

INPUTS = [np.random.default_rng(3).integers(-(2**20), 2**20, N, dtype=np.int32)]


def reference(inputs):
    return [inputs[0].reshape(CORES, CHUNK).max(axis=1)]
