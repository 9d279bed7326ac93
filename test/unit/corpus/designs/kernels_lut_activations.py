"""GELU, SiLU and tanh from the 2026 kernel library on NPU1 (AIE2: the lookup-table tanh of
the runtime library), checked as mlir-aie's own tests check them: against the float formulas
within the LUT tolerance."""

import numpy as np
from aie.iron import ObjectFifo, Program, Runtime, Worker, kernels
from aie.iron.controlflow import range_
from aie.iron.device import NPU1
from ml_dtypes import bfloat16

N, TILE = 2048, 1024
vec_ty = np.ndarray[(N,), np.dtype[bfloat16]]
tile_ty = np.ndarray[(TILE,), np.dtype[bfloat16]]
factories = [
    (kernels.gelu(), False),
    (kernels.silu(), False),
    (kernels.tanh(tile_size=TILE), True),
]
ins = [ObjectFifo(tile_ty, name=f"in{i}") for i in range(3)]
outs = [ObjectFifo(tile_ty, name=f"out{i}") for i in range(3)]


def body(src, dst, kernel, sized):
    for _ in range_(N // TILE):
        a, b = src.acquire(1), dst.acquire(1)
        if sized:
            kernel(a, b, TILE)
        else:
            kernel(a, b)
        src.release(1)
        dst.release(1)


workers = [
    Worker(lambda s, d, k, sz=sized: body(s, d, k, sz), [i.cons(), o.prod(), k])
    for (k, sized), i, o in zip(factories, ins, outs)
]
rt = Runtime()
with rt.sequence(*[vec_ty] * 6) as bufs:
    rt.start(*workers)
    for fifo, buf in zip(ins, bufs[:3]):
        rt.fill(fifo.prod(), buf)
    for fifo, buf in zip(outs, bufs[3:]):
        rt.drain(fifo.cons(), buf, wait=True)

PROGRAM = Program(NPU1(), rt)
_x = np.random.default_rng(5).uniform(-5, 5, N).astype(bfloat16)
INPUTS = [_x, _x, _x]
TOLERANCE = {"rtol": 0.128, "atol": 0.05}


def reference(inputs):
    x = inputs[0].astype(np.float32)
    gelu = 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
    return [gelu, x / (1 + np.exp(-x)), np.tanh(x)]
