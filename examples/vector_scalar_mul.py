"""vector_scalar_mul (mlir-aie basic example, NPU1Col1): out = in * factor.

One worker acquires the scalar factor once per iteration of its endless loop and multiplies four
1024-element sub-vectors with the precompiled kernel `vector_scalar_mul_vector` from scale.o.
"""

import numpy as np

from iron_ir import Kernel, ObjectFifo, Program, Runtime, Worker
from iron_ir.controlflow import range_
from iron_ir.device import NPU1Col1
from iron_ir.api.program import print_program
from iron_ir.placers import SequentialPlacer

N = 4096
N_DIV_N = 4
TILE = N // N_DIV_N

tensor_ty = np.ndarray[(N,), np.dtype[np.int16]]
tile_ty = np.ndarray[(TILE,), np.dtype[np.int16]]
scalar_ty = np.ndarray[(1,), np.dtype[np.int32]]

of_in = ObjectFifo(tile_ty, name="in")
of_factor = ObjectFifo(scalar_ty, name="infactor")
of_out = ObjectFifo(tile_ty, name="out")

scale = Kernel("vector_scalar_mul_vector", "scale.o", [tile_ty, tile_ty, scalar_ty, np.int32])


def core_body(of_in, of_factor, of_out, scale_fn):
    elem_factor = of_factor.acquire(1)
    for _ in range_(N_DIV_N):
        elem_in = of_in.acquire(1)
        elem_out = of_out.acquire(1)
        scale_fn(elem_in, elem_out, elem_factor, TILE)
        of_in.release(1)
        of_out.release(1)
    of_factor.release(1)


worker = Worker(core_body, fn_args=[of_in.cons(), of_factor.cons(), of_out.prod(), scale])

rt = Runtime()
with rt.sequence(tensor_ty, scalar_ty, tensor_ty) as (a_in, f_in, c_out):
    rt.start(worker)
    rt.fill(of_in.prod(), a_in)
    rt.fill(of_factor.prod(), f_in)
    rt.drain(of_out.cons(), c_out, wait=True)

PROGRAM = Program(NPU1Col1(), rt)

INPUTS = [np.arange(N, dtype=np.int16) % 1000, np.array([3], dtype=np.int32)]


def reference(inputs):
    a, factor = inputs
    return [(a.astype(np.int32) * int(factor[0])).astype(np.int16)]


if __name__ == "__main__":
    print_program(PROGRAM, SequentialPlacer())
