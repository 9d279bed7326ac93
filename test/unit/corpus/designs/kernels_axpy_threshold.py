"""The 2026 kernel library: bf16 ``z = a x + y`` (axpy.cc, vector path: fp32 sum, truncating
store) and a binary threshold of uint8 image lines (threshold.cc)."""

import numpy as np
from aie.iron import ObjectFifo, Program, Runtime, Worker, kernels
from aie.iron.controlflow import range_
from aie.iron.device import NPU2
from ml_dtypes import bfloat16

N, TILE, WIDTH, LINES = 256, 128, 64, 4
A = 1.5
axpy = kernels.axpy(tile_size=TILE)
thr = kernels.threshold(line_width=WIDTH, dtype=np.uint8)
bf_tile = axpy.numpy_arg_types[0]
line_ty = thr.numpy_arg_types[0]
vec_bf = np.ndarray[(N,), np.dtype[bfloat16]]
image_ty = np.ndarray[(WIDTH * LINES,), np.dtype[np.uint8]]

of_x, of_y, of_z = (ObjectFifo(bf_tile, name=n) for n in ("x", "y", "z"))
of_img, of_bin = ObjectFifo(line_ty, name="img"), ObjectFifo(line_ty, name="bin")


def axpy_body(x, y, z, kernel):
    for _ in range_(N // TILE):
        a, b, c = x.acquire(1), y.acquire(1), z.acquire(1)
        kernel(a, b, A, c, TILE)
        x.release(1)
        y.release(1)
        z.release(1)


def threshold_body(src, dst, kernel):
    for _ in range_(LINES):
        a, b = src.acquire(1), dst.acquire(1)
        kernel(a, b, WIDTH, 100, 255, 0)
        src.release(1)
        dst.release(1)


workers = [
    Worker(axpy_body, [of_x.cons(), of_y.cons(), of_z.prod(), axpy]),
    Worker(threshold_body, [of_img.cons(), of_bin.prod(), thr]),
]
rt = Runtime()
with rt.sequence(vec_bf, vec_bf, vec_bf, image_ty, image_ty) as (x, y, z, img, out):
    rt.start(*workers)
    rt.fill(of_x.prod(), x)
    rt.fill(of_y.prod(), y)
    rt.fill(of_img.prod(), img)
    rt.drain(of_z.cons(), z, wait=True)
    rt.drain(of_bin.cons(), out, wait=True)

PROGRAM = Program(NPU2(), rt)
_rng = np.random.default_rng(3)
INPUTS = [
    _rng.uniform(-4, 4, N).astype(bfloat16),
    _rng.uniform(-4, 4, N).astype(bfloat16),
    _rng.integers(0, 256, WIDTH * LINES, dtype=np.uint8),
]


def reference(inputs):
    x, y, img = inputs
    total = np.float32(A) * x.astype(np.float32) + y.astype(np.float32)
    truncated = (total.view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32).astype(bfloat16)
    return [truncated, np.where(img > 100, 255, 0).astype(np.uint8)]
