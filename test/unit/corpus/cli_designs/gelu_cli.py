"""A design in the shape of mlir-aie's 2026 examples: an @iron.jit function, the standard flags
from aie.utils.hostruntime.argparse, run_design_cli dispatching, and assert_pass at the end."""

import argparse

import aie.iron as iron  # noqa: PLR0402 (the spelling of mlir-aie designs)
import numpy as np
from aie.iron import Compile, In, ObjectFifo, Out, Program, Runtime, Worker, kernels
from aie.iron.controlflow import range_
from aie.utils.hostruntime.argparse import add_compile_args, device_from_args
from aie.utils.hostruntime.cli import run_design_cli
from aie.utils.verify import assert_pass, count_mismatches
from ml_dtypes import bfloat16

LINE = 1024


@iron.jit
def gelu_lines(x: In, y: Out, *, lines: Compile[int] = 2):
    line_ty = np.ndarray[(LINE,), np.dtype[bfloat16]]
    whole_ty = np.ndarray[(LINE * lines,), np.dtype[bfloat16]]
    src, dst = ObjectFifo(line_ty, name="x"), ObjectFifo(line_ty, name="y")

    def body(a, b, gelu):
        for _ in range_(lines):
            i, o = a.acquire(1), b.acquire(1)
            gelu(i, o)
            a.release(1)
            b.release(1)

    worker = Worker(body, [src.cons(), dst.prod(), kernels.gelu(tile_size=LINE)])
    rt = Runtime()
    with rt.sequence(whole_ty, whole_ty) as (a, b):
        rt.start(worker)
        rt.fill(src.prod(), a)
        rt.drain(dst.cons(), b, wait=True)
    return Program(iron.get_current_device(), rt).resolve_program()


def _args():
    p = argparse.ArgumentParser(prog="gelu lines")
    add_compile_args(p, with_elf=True)
    p.add_argument("--lines", type=int, default=2)
    return p.parse_args()


def _verify(opts):
    x = np.linspace(-4, 4, LINE * opts.lines).astype(bfloat16)
    y = iron.zeros(LINE * opts.lines, dtype=bfloat16)
    gelu_lines(iron.tensor(x, dtype=bfloat16), y, lines=opts.lines)
    f = x.astype(np.float32)
    ref = 0.5 * f * (1 + np.tanh(np.sqrt(2 / np.pi) * (f + 0.044715 * f**3)))
    errors, checked = count_mismatches(y.numpy(), ref, atol=0.05)
    print(f"checked {checked}, {errors} outside tolerance")
    assert_pass(y.numpy(), ref, rtol=0.128, atol=0.05, fail_msg="gelu outside the LUT tolerance")


if __name__ == "__main__":
    run_design_cli(gelu_lines, _args(), compile_kwargs=lambda o: {"lines": o.lines},
                   run_and_verify=_verify, device=lambda o: device_from_args(o, n_cols=1))
