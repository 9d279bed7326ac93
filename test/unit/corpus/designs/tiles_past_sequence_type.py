"""The sequence declares the tile type for the host buffers, but the taps tile the whole matrix
(TensorTiler2D over H x W), as some mlir-aie designs do: accepted with a warning; the host must
pass the whole matrix. The worker doubles each tile."""

import numpy as np

from aie.iron import ObjectFifo, Program, Runtime, Worker
from aie.iron.controlflow import range_
from aie.iron.device import NPU1Col1
from aie.helpers.taplib import TensorTiler2D

H, W, T = 16, 32, 8
tile_ty = np.ndarray[(T, T), np.dtype[np.int32]]

of_in = ObjectFifo(tile_ty, name="in")
of_out = ObjectFifo(tile_ty, name="out")


def double(of_in, of_out):
    a = of_in.acquire(1)
    b = of_out.acquire(1)
    for r in range_(T):
        for c in range_(T):
            b[r, c] = a[r, c] * 2
    of_in.release(1)
    of_out.release(1)


worker = Worker(double, [of_in.cons(), of_out.prod()])
rt = Runtime()
with rt.sequence(tile_ty, tile_ty) as (a, c):
    rt.start(worker)
    for tap in TensorTiler2D.simple_tiler((H, W), (T, T)):
        rt.fill(of_in.prod(), a, tap)
        rt.drain(of_out.cons(), c, tap, wait=True)

PROGRAM = Program(NPU1Col1(), rt)
INPUTS = [np.arange(H * W, dtype=np.int32).reshape(H, W)]


def reference(inputs):
    return [inputs[0] * 2]
