"""Whole-process start-up of iron-ir's tools, against floors measured in the same run.

    python bench/startup.py [--runs N] [--importtime]

Each command runs ``--runs`` times as a fresh process (interleaved, so a burst of load hits
every command alike); the figure is the median of the process's CPU time (user + system, from
``os.wait4``) and of its wall time. The floors: ``python -c pass`` (the interpreter and this
venv's site hooks), ``python -c "import xdsl.dialects.builtin"`` (what any xDSL tool pays
before reading its input), and xDSL's parser and printer imported with the cyclic collector
paused (the least an xDSL tool that reads and writes IR pays, the collector treated as
iron-ir's console scripts treat it). The tools run as their console scripts do
(``iron_ir.cli.entry``). The package is byte-compiled first (``compileall``), so that no run
pays for compiling sources when ``PYTHONDONTWRITEBYTECODE`` is set. ``--importtime`` also
prints the heaviest imports of the iron-opt run (``python -X importtime``, cumulative ms).
Nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TINY = "aie.device(npu1) {\n  %t = aie.tile(0, 2)\n}\n"


def commands(tiny: str) -> dict[str, list[str]]:
    py = sys.executable
    iron_opt = [py, str(REPO / "tools" / "iron-opt")]
    return {
        "python -c pass (floor)": [py, "-c", "pass"],
        "import xdsl.dialects.builtin (floor)": [py, "-c", "import xdsl.dialects.builtin"],
        # What an xDSL tool that parses and prints must import, with the cyclic collector
        # paused as iron-ir's console scripts pause it (iron_ir/collector.py).
        "xDSL parser + printer, collector paused (floor)": [
            py, "-c",
            "import gc; gc.disable(); import xdsl.dialects.builtin, xdsl.parser, xdsl.printer; "
            "gc.freeze()",
        ],
        "iron-opt 3-line aie file": [*iron_opt, tiny],
        "iron-opt --help": [*iron_opt, "--help"],
        "iron-opt 3-line file -p iron-to-aie": [*iron_opt, tiny, "-p", "iron-to-aie"],
        "iron run examples/vector_scalar_mul.py": [
            py, "-c", "import sys; from iron_ir.cli.entry import iron; sys.exit(iron())", "run",
            str(REPO / "examples" / "vector_scalar_mul.py"),
        ],
    }


def measure(argv: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of ``argv``."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited with {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, wall


def heaviest_imports(argv: list[str], count: int = 15) -> list[tuple[float, str]]:
    result = subprocess.run(
        [argv[0], "-X", "importtime", *argv[1:]], capture_output=True, text=True
    )
    rows = []
    for line in result.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \|(\s*)(\S+)", line)
        if m and len(m[2]) <= 3:  # top-level imports and their direct children
            rows.append((int(m[1]) / 1000, m[2] + m[3]))
    return sorted(rows, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--importtime", action="store_true")
    args = parser.parse_args()
    # Byte-compile the package first: with PYTHONDONTWRITEBYTECODE set (as in some shells and
    # CI images) every run would otherwise compile each changed module from source again,
    # which no installed copy does.
    compileall.compile_dir(REPO / "iron_ir", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        tiny = os.path.join(tmp, "tiny.mlir")
        Path(tiny).write_text(TINY)
        cmds = commands(tiny)
        samples: dict[str, list[tuple[float, float]]] = {name: [] for name in cmds}
        for _ in range(args.runs):
            for name, argv in cmds.items():
                samples[name].append(measure(argv))
        with open("/proc/loadavg") as f:
            load = " ".join(f.read().split()[:3])
        print(f"start-up, median of {args.runs} runs, load average {load}, {os.cpu_count()} cores")
        floor = statistics.median(c for c, _ in samples["import xdsl.dialects.builtin (floor)"])
        width = max(map(len, cmds))
        print(f"| {'command'.ljust(width)} | CPU ms | wall ms | CPU / xDSL floor |")
        print(f"|{'-' * (width + 2)}|-------:|--------:|-----------------:|")
        for name, runs in samples.items():
            cpu = statistics.median(c for c, _ in runs)
            wall = statistics.median(w for _, w in runs)
            print(f"| {name.ljust(width)} | {cpu * 1e3:6.0f} | {wall * 1e3:7.0f} | {cpu / floor:16.2f} |")
        if args.importtime:
            print("\nheaviest imports of `iron-opt 3-line aie file` (cumulative ms):")
            for ms, name in heaviest_imports(cmds["iron-opt 3-line aie file"]):
                print(f"  {ms:7.1f}  {name}")


if __name__ == "__main__":
    main()
