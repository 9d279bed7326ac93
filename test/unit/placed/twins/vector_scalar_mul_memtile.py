"""vector_scalar_mul through a mem tile, high-level form: the twin of
vector_scalar_mul_memtile_placed.py (forward() makes the mem-tile hops and links)."""

import numpy as np

from aie.iron import Kernel, ObjectFifo, Program, Runtime, Worker
from aie.iron.device import NPU1Col1
from aie.iron.controlflow import range_

N = 4096
TILE = 1024

tensor_ty = np.ndarray[(N,), np.dtype[np.int16]]
tile_ty = np.ndarray[(TILE,), np.dtype[np.int16]]
scalar_ty = np.ndarray[(1,), np.dtype[np.int32]]

of_in = ObjectFifo(tile_ty, name="in")
of_in_fwd = of_in.cons().forward(name="in_fwd")
of_factor = ObjectFifo(scalar_ty, name="infactor")
of_out_fwd = ObjectFifo(tile_ty, name="out_fwd")
of_out = of_out_fwd.cons().forward(name="out")

scale = Kernel("vector_scalar_mul_vector", "scale.o", [tile_ty, tile_ty, scalar_ty, np.int32])


def core_fn(of_in, of_factor, of_out, scale):
    elem_factor = of_factor.acquire(1)
    for _ in range_(N // TILE):
        elem_out = of_out.acquire(1)
        elem_in = of_in.acquire(1)
        scale(elem_in, elem_out, elem_factor, TILE)
        of_in.release(1)
        of_out.release(1)
    of_factor.release(1)


worker = Worker(core_fn, [of_in_fwd.cons(), of_factor.cons(), of_out_fwd.prod(), scale])

rt = Runtime()
with rt.sequence(tensor_ty, scalar_ty, tensor_ty) as (a, f, c):
    rt.start(worker)
    rt.fill(of_in.prod(), a)
    rt.fill(of_factor.prod(), f)
    rt.drain(of_out.cons(), c, wait=True)

PROGRAM = Program(NPU1Col1(), rt)

INPUTS = [(np.arange(N) % 1000 - 500).astype(np.int16), np.array([3], dtype=np.int32)]


def reference(inputs):
    a, factor = inputs
    return [(a.astype(np.int32) * int(factor[0])).astype(np.int16)]
