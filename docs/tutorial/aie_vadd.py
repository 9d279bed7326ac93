"""docs/tutorial.md section 6: the tutorial's vector add written the mlir-aie way.

It imports `aie.iron` (mlir-aie's IRON API), places with `SequentialPlacer` and prints the
module, as mlir-aie's programming examples do; it declares no `INPUTS` or `reference`.
`iron run` maps the `aie.*` imports to iron-ir.
"""

import numpy as np

from aie.iron import Kernel, ObjectFifo, Program, Runtime, Worker
from aie.iron.controlflow import range_
from aie.iron.device import NPU1Col1
from aie.iron.placers import SequentialPlacer


def vector_add(n=4096, tile=1024):
    vector_ty = np.ndarray[(n,), np.dtype[np.int16]]
    tile_ty = np.ndarray[(tile,), np.dtype[np.int16]]

    of_a = ObjectFifo(tile_ty, name="a")
    of_b = ObjectFifo(tile_ty, name="b")
    of_c = ObjectFifo(tile_ty, name="c")
    add = Kernel("eltwise_add_i16_vector", "add.o", [tile_ty, tile_ty, tile_ty])

    def core_fn(of_a, of_b, of_c, add):
        for _ in range_(n // tile):
            a = of_a.acquire(1)
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

    return Program(NPU1Col1(), rt).resolve_program(SequentialPlacer())


print(vector_add())
