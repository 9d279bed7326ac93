"""Simulator figures: DMA-pattern copies, objectfifo acquire/release cost, a whole-array GEMM.

    python bench/sim.py [--quick]

Every figure is a ratio against plain numpy doing the same work in the same process, so the
numbers travel between machines better than raw times. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os

# One BLAS thread: the numpy baselines then measure the same single-core work the simulator does.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import runpy
import sys
import time
from pathlib import Path

import numpy as np  # noqa: E402

from iron_ir.ir.parse import parse_module  # noqa: E402
from iron_ir.runtime import compile_module  # noqa: E402
from iron_ir.sim import simulate  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def best_of(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def dma_design(n: int, tile: int, pattern: str) -> str:
    """Host -> mem tile -> host, no core: every element crosses two streams."""
    dims = ""
    if pattern == "transpose":
        side = int(tile**0.5)
        dims = (
            f" dimensionsFromStream [<size = {side}, stride = 1>, <size = {side}, stride = {side}>]"
        )
    return f"""
module {{
  aie.device(npu1_1col) {{
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %mem_tile_0_1 = aie.tile(0, 1)
    aie.objectfifo @in(%shim_noc_tile_0_0, {{%mem_tile_0_1{dims}}}, 2 : i32) : !aie.objectfifo<memref<{tile}xi32>>
    aie.objectfifo @out(%mem_tile_0_1, {{%shim_noc_tile_0_0}}, 2 : i32) : !aie.objectfifo<memref<{tile}xi32>>
    aie.objectfifo.link [@in] -> [@out]([] [0])
    aie.runtime_sequence(%arg0: memref<{n}xi32>, %arg1: memref<{n}xi32>) {{
      %0 = aiex.dma_configure_task_for @in {{
        aie.dma_bd(%arg0 : memref<{n}xi32>, 0, {n})
        aie.end
      }}
      aiex.dma_start_task(%0)
      %1 = aiex.dma_configure_task_for @out {{
        aie.dma_bd(%arg1 : memref<{n}xi32>, 0, {n})
        aie.end
      }} {{issue_token = true}}
      aiex.dma_start_task(%1)
      aiex.dma_await_task(%1)
      aiex.dma_free_task(%0)
    }}
  }}
}}
"""


def bench_dma(quick: bool) -> list[tuple[str, str, str]]:
    n = 1 << (18 if quick else 20)
    rows = []
    for pattern in ("linear", "transpose"):
        module = parse_module(dma_design(n, 4096, pattern), f"dma_{pattern}.mlir")
        data = np.arange(n, dtype=np.int32)
        design = compile_module(module)
        sim = best_of(lambda: design(data), 5)
        # The same bytes moved by numpy: two copies (host -> mem tile -> host), with the
        # transposing gather for the transposed pattern.
        buf = np.empty_like(data)
        if pattern == "linear":
            plain = best_of(lambda: (np.copyto(buf, data), np.copyto(data, buf)), 5)
        else:
            idx = np.arange(n).reshape(-1, 64, 64).transpose(0, 2, 1).reshape(-1)
            plain = best_of(lambda: (np.copyto(buf, data[idx]), np.copyto(data, buf)), 5)
        mib = 2 * data.nbytes / 2**20
        rows.append(
            (
                f"DMA copy host→mem tile→host, {pattern} pattern, {data.nbytes / 2**20:g} MiB",
                f"{mib / sim:,.0f} MiB/s simulated",
                f"{sim / plain:,.1f}× numpy",
            )
        )
    return rows


def fifo_design(objects: int) -> str:
    """Two neighbouring cores pass empty objects through a shared-memory fifo."""
    return f"""
module {{
  aie.device(npu1_1col) {{
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %tile_0_2 = aie.tile(0, 2)
    %tile_0_3 = aie.tile(0, 3)
    aie.objectfifo @pipe(%tile_0_2, {{%tile_0_3}}, 2 : i32) : !aie.objectfifo<memref<1xi32>>
    aie.objectfifo @out(%tile_0_3, {{%shim_noc_tile_0_0}}, 2 : i32) : !aie.objectfifo<memref<1xi32>>
    %core_0_2 = aie.core(%tile_0_2) {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant {objects} : index
      scf.for %i = %c0 to %n step %c1 {{
        %0 = aie.objectfifo.acquire @pipe(Produce, 1) : !aie.objectfifosubview<memref<1xi32>>
        aie.objectfifo.release @pipe(Produce, 1)
      }}
      aie.end
    }}
    %core_0_3 = aie.core(%tile_0_3) {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant {objects} : index
      scf.for %i = %c0 to %n step %c1 {{
        %0 = aie.objectfifo.acquire @pipe(Consume, 1) : !aie.objectfifosubview<memref<1xi32>>
        aie.objectfifo.release @pipe(Consume, 1)
      }}
      %1 = aie.objectfifo.acquire @out(Produce, 1) : !aie.objectfifosubview<memref<1xi32>>
      aie.objectfifo.release @out(Produce, 1)
      aie.end
    }}
    aie.runtime_sequence(%arg0: memref<1xi32>) {{
      %0 = aiex.dma_configure_task_for @out {{
        aie.dma_bd(%arg0 : memref<1xi32>, 0, 1)
        aie.end
      }} {{issue_token = true}}
      aiex.dma_start_task(%0)
      aiex.dma_await_task(%0)
    }}
  }}
}}
"""


def bench_fifo(quick: bool) -> list[tuple[str, str, str]]:
    objects = 20_000 if quick else 100_000
    module = parse_module(fifo_design(objects), "fifo.mlir")
    base = parse_module(fifo_design(1), "fifo.mlir")
    fixed = best_of(lambda: simulate(base), 3)
    total = best_of(lambda: simulate(module), 3)
    pairs = 2 * objects  # an acquire/release pair on each side per object
    per_pair = (total - fixed) / pairs
    return [
        (
            f"objectfifo acquire + release (shared memory, {objects:,} objects)",
            f"{per_pair * 1e6:.2f} µs per pair",
            f"{total / max(objects, 1) * 1e6:.1f} µs per object incl. scheduling",
        )
    ]


def bench_gemm(quick: bool) -> list[tuple[str, str, str]]:
    example = ROOT / "examples" / "gemm_whole_array.py"
    try:
        from iron_ir.passes.pipelines import run_pipeline
        from iron_ir.runtime import compile_module

        namespace = runpy.run_path(str(example), run_name="bench")
        resolved = namespace["PROGRAM"].resolve_program()
        module = getattr(resolved, "module", resolved)
        if not any(op.name == "aie.device" for op in module.walk()):
            module = run_pipeline(module, "iron-to-aie")
    except Exception as err:  # the example belongs to the API; report why it cannot run
        return [("whole-array GEMM", f"not run: {type(err).__name__}: {err}", "")]
    design = compile_module(module)
    a, b = namespace["INPUTS"]
    sim = best_of(lambda: design(a, b), 2 if quick else 5)
    k = namespace["k"]
    from ml_dtypes import bfloat16

    def tiled():
        c = np.zeros((a.shape[0], b.shape[1]), dtype=bfloat16)
        for t in range(a.shape[1] // k):
            part = a[:, t * k : (t + 1) * k].astype(np.float32) @ b[t * k : (t + 1) * k].astype(
                np.float32
            )
            c = (c.astype(np.float32) + part).astype(bfloat16)
        return c

    plain = best_of(tiled, 5)
    m, kk = a.shape
    n = b.shape[1]
    return [
        (
            f"whole-array GEMM {m}×{kk}×{n} bf16, 16 cores ({design.last.steps} steps)",
            f"{sim:.2f} s simulated",
            f"{sim / plain:,.0f}× numpy tiled reference",
        )
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes (a few seconds)")
    args = parser.parse_args()
    rows = bench_dma(args.quick) + bench_fifo(args.quick) + bench_gemm(args.quick)
    print("| measurement | figure | ratio |")
    print("|---|---|---|")
    for row in rows:
        print(f"| {row[0]} | {row[1]} | {row[2]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
