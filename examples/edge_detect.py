"""An edge-detect-style pipeline of four workers over a 36x64 i32 image, line by line.

  in ──▶ smooth (w0) ──▶ filter (w1, 3-line sliding window) ──▶ threshold (w2) ──▶ blend (w3) ──▶ out
   └──────────── mem-tile forward (depth 7) ─────────────────────────────────────▶ blend (w3)

The filter worker runs once (while_true=False) with its own range_ loop and a sliding window:
acquire(2) for the first line, acquire(3)/release(1) in the middle, acquire(2)/release(2) at
the end, as mlir-aie's edge_detect does.
"""

import sys

import numpy as np

from iron_ir import ObjectFifo, Program, Runtime, Worker
from iron_ir.tracing.arith import constant, select
from iron_ir.controlflow import range_
from iron_ir.device import NPU1Col1
from iron_ir.api.program import print_program
from iron_ir.placers import SequentialPlacer

HEIGHT, WIDTH = 36, 64
THRESHOLD = 200

image_ty = np.ndarray[(HEIGHT, WIDTH), np.dtype[np.int32]]
line_ty = np.ndarray[(WIDTH,), np.dtype[np.int32]]

in_l3l2 = ObjectFifo(line_ty, name="inOF_L3L2")
in_l2l1 = in_l3l2.cons(7).forward(depth=7, name="inOF_L2L1")
smoothed = ObjectFifo(line_ty, name="OF_2to3", depth=4)
filtered = ObjectFifo(line_ty, name="OF_3to4")
thresholded = ObjectFifo(line_ty, name="OF_4to5")
out = ObjectFifo(line_ty, name="outOF_L1L3")


def smooth_fn(of_in, of_out):
    line_in = of_in.acquire(1)
    line_out = of_out.acquire(1)
    for i in range_(WIDTH):
        line_out[i] = line_in[i] // 2
    of_in.release(1)
    of_out.release(1)


def filter_line(above, centre, below, line_out):
    for i in range_(WIDTH):
        line_out[i] = above[i] + centre[i] * 2 + below[i]


def filter_fn(of_in, of_out):
    for _ in range_(sys.maxsize):
        lines = of_in.acquire(2)
        line_out = of_out.acquire(1)
        filter_line(lines[0], lines[0], lines[1], line_out)
        of_out.release(1)
        for _ in range_(HEIGHT - 2):
            lines = of_in.acquire(3)
            line_out = of_out.acquire(1)
            filter_line(lines[0], lines[1], lines[2], line_out)
            of_in.release(1)
            of_out.release(1)
        lines = of_in.acquire(2)
        line_out = of_out.acquire(1)
        filter_line(lines[0], lines[1], lines[1], line_out)
        of_in.release(2)
        of_out.release(1)


def threshold_fn(of_in, of_out):
    line_in = of_in.acquire(1)
    line_out = of_out.acquire(1)
    for i in range_(WIDTH):
        line_out[i] = select(line_in[i] > THRESHOLD, constant(255, np.int32), 0)
    of_in.release(1)
    of_out.release(1)


def blend_fn(of_edges, of_original, of_out):
    edges = of_edges.acquire(1)
    original = of_original.acquire(1)
    line_out = of_out.acquire(1)
    for i in range_(WIDTH):
        line_out[i] = (edges[i] + original[i]) // 2
    of_edges.release(1)
    of_original.release(1)
    of_out.release(1)


workers = [
    Worker(smooth_fn, [in_l3l2.cons(), smoothed.prod()]),
    Worker(filter_fn, [smoothed.cons(), filtered.prod()], while_true=False),
    Worker(threshold_fn, [filtered.cons(), thresholded.prod()]),
    Worker(blend_fn, [thresholded.cons(), in_l2l1.cons(), out.prod()]),
]

rt = Runtime()
with rt.sequence(image_ty, image_ty) as (img_in, img_out):
    rt.start(*workers)
    rt.fill(in_l3l2.prod(), img_in)
    rt.drain(out.cons(), img_out, wait=True)

PROGRAM = Program(NPU1Col1(), rt)

INPUTS = [((np.arange(HEIGHT * WIDTH) * 37) % 256).astype(np.int32).reshape(HEIGHT, WIDTH)]


def reference(inputs):
    img = inputs[0]
    smooth = img // 2
    above = np.vstack([smooth[:1], smooth[:-1]])
    below = np.vstack([smooth[1:], smooth[-1:]])
    filtered = above + 2 * smooth + below
    edges = np.where(filtered > THRESHOLD, 255, 0).astype(np.int32)
    return [((edges + img) // 2).astype(np.int32)]


if __name__ == "__main__":
    print_program(PROGRAM, SequentialPlacer())
