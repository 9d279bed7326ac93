"""Simulator figures: DMA-pattern copies, objectfifo acquire/release cost, a whole-array GEMM.

    python bench/sim.py [--quick]

Also: whole-array GEMM 512³ on npu2's 32 cores, a 1920×1080 vision pipeline, peak memory and
how simulation time grows with the bytes simulated.

Every figure is a ratio against plain numpy doing the same work in the same process, so the
numbers travel between machines better than raw times. Prints a Markdown table.

The GEMM has two baselines: numpy doing the same tiled computation in fp32 (the issue's
figure), and numpy computing the kernel model's exact numerics (fp64 block products rounded
to fp32, fp32 K-order sums, bf16 after every kernel call) on whole arrays, checked bit for
bit against the simulated C. The second ratio is the simulator's overhead over those
numerics; a third row puts those numerics alone against the fp32 reference: a floor under
the first ratio, since the simulator computes them too. A fourth runs the kernel calls of one
run again, nothing else simulated (:func:`kernel_floor`): the floor for any simulator that
runs the design's kernel calls.

numpy's large temporaries come from glibc's heap, not fresh mmaps (:func:`steady_allocator`),
so a baseline that allocates per call is not timed paying page faults.
"""

from __future__ import annotations

import argparse
import os

# One BLAS thread: the numpy baselines then measure the same single-core work the simulator does.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import ctypes
import ctypes.util
import runpy
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np  # noqa: E402

from iron_ir.ir.parse import parse_module  # noqa: E402
from iron_ir.runtime import compile_module  # noqa: E402
from iron_ir.sim import simulate  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import vision_pipeline  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def steady_allocator() -> bool:
    """Keep freed large blocks in glibc's heap instead of returning them to the system.

    By default glibc serves a block of 128 KiB or more (a 256×256 fp32 temporary) with a fresh
    ``mmap`` and unmaps it when freed, so a numpy baseline that allocates its temporaries on
    every call pays the kernel's page faults for them on every call; when it does depends on
    what the process allocated before (glibc raises the threshold after some frees). The exact
    GEMM numerics read 7 ms or 3.3 ms in the same state otherwise. A fixed 32 MiB threshold and
    no trimming make every figure measure the computation. False where there is no glibc."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
    return bool(mallopt(M_MMAP_THRESHOLD, 32 << 20)) and bool(mallopt(M_TRIM_THRESHOLD, 1 << 30))


def best_of(fn, repeats: int) -> float:
    """Best CPU time of ``fn`` over ``repeats`` runs: on a shared machine the process's own
    CPU time varies far less than wall time (numpy runs single-threaded here, so the two
    agree on an idle machine)."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
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


def _aie_module(program):
    from iron_ir.passes.pipelines import run_pipeline

    resolved = program.resolve_program()
    module = getattr(resolved, "module", resolved)
    if not any(op.name == "aie.device" for op in module.walk()):
        module = run_pipeline(module, "iron-to-aie")
    return module


def peak_memory(fn) -> int:
    """Peak bytes allocated (Python and numpy, through tracemalloc) while ``fn`` runs."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def bench_gemm(quick: bool) -> list[tuple[str, str, str]]:
    """The whole-array GEMM example: 256³ on 16 cores, and 512³ on all 32 of npu2."""
    from ml_dtypes import bfloat16

    gemm = runpy.run_path(str(ROOT / "examples" / "gemm_whole_array.py"), run_name="bench")
    k = gemm["k"]
    rows = []
    sizes = [(256, 4, 4)] if quick else [(256, 4, 4), (512, 4, 8)]
    for size, grid_rows, grid_cols in sizes:
        module = _aie_module(gemm["build"](size, size, size, grid_rows, grid_cols))
        design = compile_module(module)
        rng = np.random.default_rng(0)
        a = rng.uniform(-1, 1, (size, size)).astype(bfloat16)
        b = rng.uniform(-1, 1, (size, size)).astype(bfloat16)
        # Best of several: single runs on a shared VM swing by ±40 % (the baselines too).
        sim = best_of(lambda: design(a, b), 3 if quick else 7 if size <= 256 else 5)

        def tiled():
            # The same tiled computation: one k-deep product per step, C back to bf16.
            c = np.zeros((a.shape[0], b.shape[1]), dtype=bfloat16)
            for t in range(a.shape[1] // k):
                part = a[:, t * k : (t + 1) * k].astype(np.float32) @ b[
                    t * k : (t + 1) * k
                ].astype(np.float32)
                c = (c.astype(np.float32) + part).astype(bfloat16)
            return c

        plain = best_of(tiled, 7)
        got = design.last.outputs[2]
        if not np.array_equal(exact_gemm(a, b, k, gemm["s"]).view(np.uint16), got.view(np.uint16)):
            raise SystemExit(f"GEMM {size}³: the whole-array exact numerics differ from the simulator")
        exact = best_of(lambda: exact_gemm(a, b, k, gemm["s"]), 7)
        products = best_of(block_products(a, b, gemm["s"]), 7)
        kernel_rows = kernel_floor(design, a, b, plain, size)
        peak = peak_memory(lambda: design(a, b))
        kernels = design.simulator.kernels
        rows.append(
            (
                f"whole-array GEMM {size}³ bf16, {grid_rows * grid_cols} cores "
                f"({design.last.steps} steps; {kernels.calls} kernel calls deferred, "
                f"{kernels.batched} of them in {kernels.batches} batches)",
                f"{sim * 1e3:,.0f} ms simulated, peak {peak / 2**20:.1f} MiB",
                f"{sim / plain:,.1f}× numpy tiled reference",
            )
        )
        rows.append(
            (
                f"same GEMM {size}³ vs the kernel model's exact numerics in whole-array numpy "
                "(bit-identical to the simulated C)",
                f"{exact * 1e3:,.1f} ms numpy exact numerics, {plain * 1e3:,.1f} ms numpy tiled",
                f"{sim / exact:,.1f}× numpy exact numerics",
            )
        )
        rows.append(
            (
                f"the exact numerics of GEMM {size}³ alone (whole-array numpy, nothing "
                "simulated) vs numpy tiled: a floor under the first ratio",
                f"{exact * 1e3:,.1f} ms, of which the fp64 block products alone "
                f"{products * 1e3:,.1f} ms ({products / plain:,.1f}× numpy tiled)",
                f"{exact / plain:,.1f}× numpy tiled reference",
            )
        )
        rows += kernel_rows
    return rows


def kernel_floor(design, a, b, plain: float, size: int) -> list[tuple[str, str, str]]:
    """The kernel calls of one run of ``design`` alone, nothing else simulated: logged by
    the run's kernel queue and run again on the buffers the run left (the models' cost does
    not depend on the values), as the run batched them (its flushes), batched over the whole
    run by buffer conflicts (the fewest batches any schedule of these calls allows a
    simulator that runs them on the cores' buffers), and one call at a time (one numpy
    computation per call). A floor under the GEMM ratio for any simulator that runs the
    design's kernel calls with the model's numerics."""
    from iron_ir.sim.batching import KernelQueue, waves

    queue = design.simulator.kernels
    queue.log = []
    try:
        design(a, b)
        flushes = queue.log
    finally:
        queue.log = None
    entries = [e for flushed in flushes for e in flushed]
    replay = KernelQueue()

    def as_run() -> None:
        for flushed in flushes:
            replay.pending = list(flushed)
            replay.flush()

    whole = waves(entries)

    def as_waves() -> None:
        for wave in whole:
            for (run, group), payloads in wave.items():
                run(group, payloads[:])

    def one_by_one() -> None:
        for (run, group), payload, *_ in entries:
            run(group, [payload])

    ran, waved, single = (best_of(fn, 7) for fn in (as_run, as_waves, one_by_one))
    batches = sum(len(w) for w in whole)
    return [
        (
            f"kernel calls alone of GEMM {size}³ ({len(entries)} calls, nothing else "
            f"simulated) vs numpy tiled: batched as a run batches them ({len(flushes)} flushes), over the "
            f"whole run by buffer conflicts ({len(whole)} waves, {batches} batches), one by one",
            f"{ran * 1e3:,.1f} ms as run, {waved * 1e3:,.1f} ms in waves, "
            f"{single * 1e3:,.1f} ms one by one",
            f"{ran / plain:,.1f}× / {waved / plain:,.1f}× / {single / plain:,.1f}× numpy tiled",
        )
    ]


def block_products(a: np.ndarray, b: np.ndarray, s: int):
    """A call computing every ``s``-deep block product of A @ B in fp64 with BLAS, nothing
    else: the part of :func:`exact_gemm` no formulation of its numerics avoids (fp64 BLAS
    does half the fp32 work per instruction, and K = ``s`` packs poorly)."""
    rows, depth = a.shape
    blocks = depth // s
    a64 = np.ascontiguousarray(a.astype(np.float64).reshape(rows, blocks, s).transpose(1, 0, 2))
    b64 = b.astype(np.float64).reshape(blocks, s, b.shape[1])
    out = np.empty((rows, b.shape[1]))

    def products() -> None:
        for j in range(blocks):
            np.matmul(a64[j], b64[j], out=out)

    return products


def exact_gemm(a: np.ndarray, b: np.ndarray, k: int, s: int) -> np.ndarray:
    """C = A @ B (bf16) with the numerics of the simulator's bf16 matmul model, each numpy
    call over the whole of C: every ``s``-deep block product exact in fp64 and rounded to
    fp32, the blocks added in K order in fp32 onto C, and C truncated to bf16 (the model's
    boot rounding) after every ``k``-deep kernel call, since the C tile is a bf16 buffer
    between calls. The k-blocks chain through the truncated C, so they are a loop of K/k
    steps of four calls each (all K/s products in one batched matmul is no fewer steps, as
    the sums still chain, and 1.5× slower for its memory traffic)."""
    from ml_dtypes import bfloat16

    rows, depth = a.shape
    cols = b.shape[1]
    blocks, per_call = depth // s, k // s
    a64 = a.astype(np.float64).reshape(rows, blocks, s).transpose(1, 0, 2)
    b64 = b.astype(np.float64).reshape(blocks, s, cols)
    products = np.empty((per_call, rows, cols))
    # terms = (C before the call, its block products): one fp32 reduction over axis 0 adds
    # them slice after slice, as the model's accumulator does.
    terms = np.empty((per_call + 1, rows, cols), np.float32)
    terms[0] = 0
    acc = np.empty((rows, cols), np.float32)
    c_bits, acc_bits = terms[0].view(np.uint32), acc.view(np.uint32)
    for j in range(0, blocks, per_call):
        np.matmul(a64[j : j + per_call], b64[j : j + per_call], out=products)
        np.copyto(terms[1:], products, casting="same_kind")
        np.add.reduce(terms, axis=0, out=acc)
        np.bitwise_and(acc_bits, 0xFFFF0000, out=c_bits)
    return (c_bits >> 16).astype(np.uint16).view(bfloat16)


def _vision_reference(img: np.ndarray, width: int, height: int) -> np.ndarray:
    """The pipeline's kernels called line by line on numpy arrays: the work without the
    simulator."""
    from iron_ir.sim.kernels import vision

    rgba = img.reshape(height, width * 4)
    gray = np.zeros((height, width), np.uint8)
    for y in range(height):
        vision.rgba2gray_line(rgba[y], gray[y], width)
    edges = np.zeros_like(gray)
    line = np.zeros(width, np.uint8)
    for y in range(height):
        above, below = gray[max(y - 1, 0)], gray[min(y + 1, height - 1)]
        vision._filter2d(above, gray[y], below, line, width, vision_pipeline.FILTER)
        vision.threshold_line(line, edges[y], width, 10, 255, 0)
    out = np.zeros_like(rgba)
    scratch = np.zeros(width * 4, np.uint8)
    for y in range(height):
        vision.gray2rgba_line(edges[y], scratch, width)
        vision.add_weighted_line(scratch, rgba[y], out[y], width * 4, 16384, 16384, 0)
    return out.reshape(-1)


def bench_vision(quick: bool) -> tuple[list[tuple[str, str, str]], list[tuple[int, float]]]:
    """The 1920-wide edge-detect pipeline at heights 135..1080: time, memory and how time
    grows with the bytes simulated."""
    width = 1920
    heights = [68, 135] if quick else [135, 270, 540, 1080]
    rows, points = [], []
    for height in heights:
        design = compile_module(vision_pipeline.module(width, height))
        img = np.random.default_rng(0).integers(0, 256, width * height * 4, dtype=np.uint8)
        # Best of two at every height: the first run of a design also builds its access
        # plans, so timing the large heights once and the small ones twice (as this did)
        # read the exponent high (1.09 against 0.81 warm).
        sim = best_of(lambda: design(img), 2)
        got = design.last.outputs[1]
        expected = _vision_reference(img, width, height)
        if not np.array_equal(got, expected):
            raise SystemExit(f"vision pipeline {width}x{height}: simulated image differs")
        plain = best_of(lambda: _vision_reference(img, width, height), 1)
        points.append((img.nbytes * 2, sim))
        if height == heights[-1]:
            peak = peak_memory(lambda: design(img))
            rows.append(
                (
                    f"vision pipeline {width}×{height} RGBA (4 workers, line kernels, "
                    f"{design.last.steps} steps)",
                    f"{sim:.2f} s simulated, peak {peak / 2**20:.1f} MiB",
                    f"{sim / plain:,.1f}× the kernels called line by line in numpy",
                )
            )
    return rows, points


def growth(points: list[tuple[int, float]]) -> float:
    """The exponent of time ~ bytes**e, least squares on logs."""
    x = np.log([p[0] for p in points])
    y = np.log([p[1] for p in points])
    return float(np.polyfit(x, y, 1)[0])


def bench_dma_growth(quick: bool) -> list[tuple[int, float]]:
    points = []
    for shift in (16, 17, 18) if quick else (18, 19, 20, 21):
        n = 1 << shift
        design = compile_module(parse_module(dma_design(n, 4096, "linear"), "dma.mlir"))
        data = np.arange(n, dtype=np.int32)
        points.append((2 * data.nbytes, best_of(lambda: design(data), 3)))
    return points


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes (a few seconds)")
    args = parser.parse_args()
    steady = steady_allocator()
    load = os.getloadavg()[0]
    rows = bench_dma(args.quick) + bench_fifo(args.quick) + bench_gemm(args.quick)
    vision_rows, vision_points = bench_vision(args.quick)
    rows += vision_rows
    dma_points = bench_dma_growth(args.quick)
    rows.append(
        (
            "growth of simulation time per simulated byte (exponent e of time ~ bytes^e)",
            f"DMA copy {growth(dma_points):.2f}, vision pipeline {growth(vision_points):.2f}",
            "",
        )
    )
    allocator = "" if steady else " (glibc's allocator not found: large temporaries are mmapped)"
    print(f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end{allocator}")
    print("| measurement | figure | ratio |")
    print("|---|---|---|")
    for row in rows:
        print(f"| {row[0]} | {row[1]} | {row[2]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
