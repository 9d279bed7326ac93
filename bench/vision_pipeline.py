"""mlir-aie's edge_detect shape at any image size, for the simulator's scaling figures.

  in (RGBA lines) ──▶ rgba2gray (w0) ──▶ filter2d, 3-line window (w1) ──▶ threshold (w2) ─┐
   └── mem tile forward (6 lines deep) ────────────────────────────────────▶ gray2rgba + addWeighted (w3) ──▶ out

Every worker calls the C++ line kernels of mlir-aie's vision designs (their simulator models:
``iron_ir.sim.kernels.vision``), one call per line, as the NPU design does.
"""

from __future__ import annotations

import sys

import numpy as np

from iron_ir import Buffer, Kernel, ObjectFifo, Program, Runtime, Worker
from iron_ir.controlflow import range_
from iron_ir.device import NPU1Col1

FILTER = np.array([[0, 4096, 0], [4096, -16384, 4096], [0, 4096, 0]], dtype=np.int16)


def build(width: int, height: int) -> Program:
    rgba_line = np.ndarray[(width * 4,), np.dtype[np.uint8]]
    gray_line = np.ndarray[(width,), np.dtype[np.uint8]]
    image = np.ndarray[(height * width * 4,), np.dtype[np.uint8]]

    rgba2gray = Kernel("rgba2grayLine", "rgba2gray.cc.o", [rgba_line, gray_line, np.int32])
    filter2d = Kernel(
        "filter2dLine",
        "filter2d.cc.o",
        [gray_line, gray_line, gray_line, gray_line, np.int32, np.ndarray[(3, 3), np.dtype[np.int16]]],
    )
    threshold = Kernel(
        "thresholdLine", "threshold.cc.o", [gray_line, gray_line, np.int32, np.int16, np.int16, np.int8]
    )
    gray2rgba = Kernel("gray2rgbaLine", "combined_gray2rgba_addWeighted.a", [gray_line, rgba_line, np.int32])
    add_weighted = Kernel(
        "addWeightedLine",
        "combined_gray2rgba_addWeighted.a",
        [rgba_line, rgba_line, rgba_line, np.int32, np.int16, np.int16, np.int8],
    )

    in_l3l2 = ObjectFifo(rgba_line, name="inOF_L3L2")
    in_l2l1 = in_l3l2.cons(6).forward(depth=2, name="inOF_L2L1")
    gray = ObjectFifo(gray_line, name="OF_2to3", depth=4)
    filtered = ObjectFifo(gray_line, name="OF_3to4")
    edges = ObjectFifo(gray_line, name="OF_4to5")
    out_l1l2 = ObjectFifo(rgba_line, name="outOF_L1L2")
    out_l2l3 = out_l1l2.cons().forward(name="outOF_L2L3")

    def gray_fn(of_in, of_out, kernel):
        line_in = of_in.acquire(1)
        line_out = of_out.acquire(1)
        kernel(line_in, line_out, width)
        of_in.release(1)
        of_out.release(1)

    def filter_fn(of_in, of_out, weights, kernel):
        lines = of_in.acquire(2)
        line_out = of_out.acquire(1)
        kernel(lines[0], lines[0], lines[1], line_out, width, weights)
        of_out.release(1)
        for _ in range_(height - 2):
            lines = of_in.acquire(3)
            line_out = of_out.acquire(1)
            kernel(lines[0], lines[1], lines[2], line_out, width, weights)
            of_in.release(1)
            of_out.release(1)
        lines = of_in.acquire(2)
        line_out = of_out.acquire(1)
        kernel(lines[0], lines[1], lines[1], line_out, width, weights)
        of_in.release(2)
        of_out.release(1)

    def threshold_fn(of_in, of_out, kernel):
        line_in = of_in.acquire(1)
        line_out = of_out.acquire(1)
        kernel(line_in, line_out, width, 10, 255, 0)
        of_in.release(1)
        of_out.release(1)

    def blend_fn(of_edges, of_original, of_out, scratch, to_rgba, blend):
        edge = of_edges.acquire(1)
        original = of_original.acquire(1)
        line_out = of_out.acquire(1)
        to_rgba(edge, scratch, width)
        blend(scratch, original, line_out, width * 4, 16384, 16384, 0)
        of_edges.release(1)
        of_original.release(1)
        of_out.release(1)

    weights = Buffer(np.ndarray[(3, 3), np.dtype[np.int16]], FILTER, name="filter_weights")
    scratch = Buffer(rgba_line, np.zeros(width * 4, dtype=np.uint8), name="gray_rgba")
    workers = [
        Worker(gray_fn, [in_l3l2.cons(), gray.prod(), rgba2gray]),
        Worker(filter_fn, [gray.cons(), filtered.prod(), weights, filter2d]),
        Worker(threshold_fn, [filtered.cons(), edges.prod(), threshold]),
        Worker(blend_fn, [edges.cons(), in_l2l1.cons(), out_l1l2.prod(), scratch, gray2rgba, add_weighted]),
    ]
    rt = Runtime()
    with rt.sequence(image, image) as (img_in, img_out):
        rt.start(*workers)
        rt.fill(in_l3l2.prod(), img_in)
        rt.drain(out_l2l3.cons(), img_out, wait=True)
    return Program(NPU1Col1(), rt)


def module(width: int, height: int):
    """The design at the AIE level (what ``iron run`` simulates)."""
    from iron_ir.passes.pipelines import run_pipeline

    resolved = build(width, height).resolve_program()
    mod = getattr(resolved, "module", resolved)
    if not any(op.name == "aie.device" for op in mod.walk()):
        mod = run_pipeline(mod, "iron-to-aie")
    return mod


if __name__ == "__main__":
    print(module(int(sys.argv[1]) if len(sys.argv) > 1 else 64, int(sys.argv[2]) if len(sys.argv) > 2 else 36))
