"""Parse / verify / print throughput of iron-ir on a large generated AIE module, and the
start-up time of `iron-opt`. Prints figures; asserts nothing about time.

Floors measured in the same run, so that ratios stay comparable on a loaded machine: tokenizing
the text with xDSL's lexer (the per-token cost no parser avoids), xDSL's stock parser on the
generic form, and xDSL's stock printer. Times are process CPU time (best of R).

    python bench/parse_print.py [--devices N] [--repeat R] [--startup-runs K]

The module holds N `aie.device(npu2)` ops, each filled like an IRON design on every column:
shim, mem and compute tiles, an input and an output objectfifo per compute tile, a kernel
declaration, a core per compute tile (loop, acquire, subview.access, func.call, release) and a
runtime sequence with a DMA task (dma_configure_task_for + dma_bd, start, await, free) per fifo.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from xdsl.parser import Parser  # noqa: E402
from xdsl.printer import Printer  # noqa: E402
from xdsl.utils.lexer import Input  # noqa: E402
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind  # noqa: E402

from iron_ir.ir.context import make_context  # noqa: E402

from iron_ir.ir.parse import parse_module  # noqa: E402
from iron_ir.ir.printer import print_module  # noqa: E402

COLUMNS = 8
COMPUTE_ROWS = (2, 3, 4, 5)
ELEMS = 1024


def _device(index: int) -> str:
    lines = [f"  aie.device(npu2) @dev{index} {{"]
    for col in range(COLUMNS):
        lines.append(f"    %shim_noc_tile_{col}_0 = aie.tile({col}, 0)")
        lines.append(f"    %mem_tile_{col}_1 = aie.tile({col}, 1)")
        for row in COMPUTE_ROWS:
            lines.append(f"    %tile_{col}_{row} = aie.tile({col}, {row})")
    # mlir-aie prints a space after the type (an empty custom directive ends the format).
    fifo_type = f"!aie.objectfifo<memref<{ELEMS}xi32>>"
    for col in range(COLUMNS):
        for row in COMPUTE_ROWS:
            lines.append(
                f"    aie.objectfifo @in_{col}_{row}(%shim_noc_tile_{col}_0, "
                f"{{%tile_{col}_{row}}}, 2 : i32) : {fifo_type} "
            )
            lines.append(
                f"    aie.objectfifo @out_{col}_{row}(%tile_{col}_{row}, "
                f"{{%shim_noc_tile_{col}_0}}, 2 : i32) : {fifo_type} "
            )
    memref = f"memref<{ELEMS}xi32>"
    subview = f"!aie.objectfifosubview<{memref}>"
    lines.append(
        f"    func.func private @kernel({memref}, {memref}, i32) "
        'attributes {link_with = "kernel.o"}'
    )
    for col in range(COLUMNS):
        for row in COMPUTE_ROWS:
            lines += [
                f"    %core_{col}_{row} = aie.core(%tile_{col}_{row}) {{",
                "      %c0 = arith.constant 0 : index",
                "      %c9223372036854775807 = arith.constant 9223372036854775807 : index",
                "      %c1 = arith.constant 1 : index",
                "      scf.for %arg0 = %c0 to %c9223372036854775807 step %c1 {",
                f"        %0 = aie.objectfifo.acquire @in_{col}_{row}(Consume, 1) : {subview}",
                f"        %1 = aie.objectfifo.subview.access %0[0] : {subview} -> {memref}",
                f"        %2 = aie.objectfifo.acquire @out_{col}_{row}(Produce, 1) : {subview}",
                f"        %3 = aie.objectfifo.subview.access %2[0] : {subview} -> {memref}",
                f"        %c{ELEMS}_i32 = arith.constant {ELEMS} : i32",
                f"        func.call @kernel(%1, %3, %c{ELEMS}_i32) : ({memref}, {memref}, i32) -> ()",
                f"        aie.objectfifo.release @in_{col}_{row}(Consume, 1)",
                f"        aie.objectfifo.release @out_{col}_{row}(Produce, 1)",
                "      }",
                "      aie.end",
                "    }",
            ]
    host = f"memref<{ELEMS * COLUMNS * len(COMPUTE_ROWS)}xi32>"
    lines.append(f"    aie.runtime_sequence(%arg0: {host}, %arg1: {host}) {{")
    task = 0
    dims = "[<size = 1, stride = 0>, <size = 1, stride = 0>, <size = 1, stride = 0>, "
    for col in range(COLUMNS):
        for row in COMPUTE_ROWS:
            offset = (col * len(COMPUTE_ROWS) + row - 2) * ELEMS
            for arg, fifo, token in (("%arg0", "in", ""), ("%arg1", "out", " {issue_token = true}")):
                lines += [
                    f"      %{task} = aiex.dma_configure_task_for @{fifo}_{col}_{row} {{",
                    f"        aie.dma_bd({arg} : {host}, {offset}, {ELEMS}, {dims}"
                    f"<size = {ELEMS}, stride = 1>]) {{burst_length = 0 : i32}}",
                    "        aie.end",
                    f"      }}{token}",
                    f"      aiex.dma_start_task(%{task})",
                ]
                task += 1
    for t in range(task):
        lines.append(f"      aiex.dma_await_task(%{t})" if t % 2 else f"      aiex.dma_free_task(%{t})")
    lines += ["    }", "  }"]
    return "\n".join(lines)


def generate(devices: int) -> str:
    return "module {\n" + "\n".join(_device(i) for i in range(devices)) + "\n}\n"


def _best(fn, repeat: int) -> tuple[float, object]:
    best = float("inf")
    result = None
    for _ in range(repeat):
        start = time.process_time()
        result = fn()
        best = min(best, time.process_time() - start)
    return best, result


def _lex(text: str) -> int:
    lexer = MLIRLexer(Input(text, "bench.mlir"))
    tokens = 0
    while lexer.lex().kind is not MLIRTokenKind.EOF:
        tokens += 1
    return tokens


def _best_interleaved(fns, repeat: int) -> list[float]:
    """Best time of each function, running them in turn so that load changes on a shared
    machine hit all of them alike (their ratios are what is compared)."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for index, fn in enumerate(fns):
            start = time.process_time()
            fn()
            best[index] = min(best[index], time.process_time() - start)
    return best


def _xdsl_print(module, generic: bool) -> str:
    out = StringIO()
    Printer(stream=out, print_generic_format=generic).print_op(module)
    return out.getvalue()


def _startup(runs: int) -> tuple[float, float]:
    tiny = REPO / "bench" / ".startup.mlir"
    tiny.write_text("aie.device(npu2) {\n  %tile_0_2 = aie.tile(0, 2)\n}\n")
    command = [sys.executable, str(REPO / "tools" / "iron-opt")]
    try:
        timings = {}
        for label, extra in (("help", ["--help"]), ("tiny", [str(tiny)])):
            samples = []
            for _ in range(runs):
                start = time.perf_counter()
                subprocess.run(command + extra, check=True, capture_output=True)
                samples.append(time.perf_counter() - start)
            timings[label] = statistics.median(samples)
    finally:
        tiny.unlink()
    return timings["help"], timings["tiny"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3, help="best of R runs per step")
    parser.add_argument("--print-repeat", type=int, default=7, help="best of P print runs")
    parser.add_argument("--startup-runs", type=int, default=5)
    args = parser.parse_args()

    text = generate(args.devices)
    parse_s, module = _best(lambda: parse_module(text, "bench.mlir"), args.repeat)
    ops = sum(1 for _ in module.walk())
    verify_s, _ = _best(module.verify, args.repeat)
    custom = print_module(module)
    assert custom == text, "the generated module must print back unchanged"
    generic = print_module(module, generic=True)
    parse_generic_s, _ = _best(lambda: parse_module(generic, "bench.mlir"), args.repeat)
    lex_custom_s, custom_tokens = _best(lambda: _lex(text), args.repeat)
    lex_generic_s, generic_tokens = _best(lambda: _lex(generic), args.repeat)
    ctx = make_context()
    stock_generic_s, _ = _best(lambda: Parser(ctx, generic).parse_module(), args.repeat)
    print_s, xdsl_print_s, generic_s, xdsl_generic_s = _best_interleaved(
        [
            lambda: print_module(module),
            lambda: _xdsl_print(module, False),
            lambda: print_module(module, generic=True),
            lambda: _xdsl_print(module, True),
        ],
        args.print_repeat,
    )
    help_s, tiny_s = _startup(args.startup_runs)

    def rate(seconds: float) -> str:
        return f"{ops / seconds:>9,.0f} ops/s  ({seconds * 1000:8.1f} ms)"

    print(f"module: {args.devices} devices, {ops:,} ops, {len(text):,} bytes of text")
    print(f"parse, custom form        {rate(parse_s)}")
    print(f"parse, generic form       {rate(parse_generic_s)}")
    print(f"xDSL stock parser generic {rate(stock_generic_s)}")
    print(
        f"lexing alone: custom {custom_tokens:,} tokens {lex_custom_s * 1000:.1f} ms, "
        f"generic {generic_tokens:,} tokens {lex_generic_s * 1000:.1f} ms"
    )
    print(
        f"parse / lex time: custom {parse_s / lex_custom_s:.2f}x, "
        f"generic {parse_generic_s / lex_generic_s:.2f}x; "
        f"generic parse / xDSL stock parser {parse_generic_s / stock_generic_s:.2f}x"
    )
    print(f"verify                    {rate(verify_s)}")
    print(f"print, custom form        {rate(print_s)}")
    print(f"print, generic form       {rate(generic_s)}")
    print(f"xDSL stock printer custom {rate(xdsl_print_s)}")
    print(f"xDSL stock printer generic{rate(xdsl_generic_s)}")
    print(
        f"MLIR-exact / stock print time: custom {print_s / xdsl_print_s:.2f}x, "
        f"generic {generic_s / xdsl_generic_s:.2f}x"
    )
    print(f"iron-opt start-up (median of {args.startup_runs}): --help {help_s * 1000:.0f} ms, "
          f"tiny aie.device file {tiny_s * 1000:.0f} ms")


if __name__ == "__main__":
    main()
