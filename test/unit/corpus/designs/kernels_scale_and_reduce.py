"""The 2026 kernel library (aie.iron.kernels): an int16 tile scaled by a host factor, and the
running maximum of int32 tiles, each worker calling a library factory's kernel."""

import aie.iron.kernels as kernels  # noqa: PLR0402 (the spelling of mlir-aie designs)
import numpy as np
from aie.iron import ObjectFifo, Program, Runtime, Worker
from aie.iron.controlflow import range_
from aie.iron.device import NPU1

N, TILE = 512, 128
vec16 = np.ndarray[(N,), np.dtype[np.int16]]
vec32 = np.ndarray[(N,), np.dtype[np.int32]]
factor_ty = np.ndarray[(1,), np.dtype[np.int32]]
tiles = N // TILE

scale = kernels.scale(tile_size=TILE, dtype=np.int16)
rmax = kernels.reduce_max(tile_size=TILE, dtype=np.int32)
tile16, _, _, _ = scale.numpy_arg_types
tile32, one32, _ = rmax.numpy_arg_types

of_x = ObjectFifo(tile16, name="x")
of_f = ObjectFifo(factor_ty, name="factor")
of_y = ObjectFifo(tile16, name="y")
of_v = ObjectFifo(tile32, name="v")
of_m = ObjectFifo(one32, name="m")


def scale_body(x, f, y, kernel):
    factor = f.acquire(1)
    for _ in range_(tiles):
        a, b = x.acquire(1), y.acquire(1)
        kernel(a, b, factor, TILE)
        x.release(1)
        y.release(1)
    f.release(1)


def max_body(v, m, kernel):
    for _ in range_(tiles):
        a, b = v.acquire(1), m.acquire(1)
        kernel(a, b, TILE)
        v.release(1)
        m.release(1)


workers = [
    Worker(scale_body, [of_x.cons(), of_f.cons(), of_y.prod(), scale]),
    Worker(max_body, [of_v.cons(), of_m.prod(), rmax]),
]
out_max_ty = np.ndarray[(tiles,), np.dtype[np.int32]]

rt = Runtime()
with rt.sequence(vec16, factor_ty, vec16, vec32, out_max_ty) as (x, f, y, v, m):
    rt.start(*workers)
    rt.fill(of_x.prod(), x)
    rt.fill(of_f.prod(), f)
    rt.fill(of_v.prod(), v)
    rt.drain(of_y.cons(), y, wait=True)
    rt.drain(of_m.cons(), m, wait=True)

PROGRAM = Program(NPU1(), rt)
_rng = np.random.default_rng(8)
INPUTS = [
    _rng.integers(-1000, 1000, N, dtype=np.int16),
    np.array([7], dtype=np.int32),
    _rng.integers(-(2**30), 2**30, N, dtype=np.int32),
]


def reference(inputs):
    x, f, v = inputs
    return [(x.astype(np.int64) * int(f[0])).astype(np.int16), v.reshape(-1, TILE).max(axis=1)]
