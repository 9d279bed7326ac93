"""``iron check DIR_OR_FILES... [-- design args]``: a corpus check of IRON designs.

Every design found (``.py`` files that build an IRON program) runs in its own process, several at
once: it is compiled to AIE text, the text is parsed and verified again (what ``iron-opt`` does
with it), and a design with inputs (``INPUTS``/``reference()``, or one that runs itself through
``@iron.jit``) is simulated and compared with its reference. One line per design says how far it
got (``simulated``, ``compiled``, ``failed`` and why) with the warnings it raised; a summary
table ends the run. A failure never stops the others. Exit status 1 when a design failed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

_MARK = "@@iron-check@@ "
_SKIP_DIRS = {"__pycache__", ".git", "build", "Output", ".venv", "venv"}
_STATUSES = ("simulated", "compiled", "failed")


@dataclass
class Result:
    path: str
    status: str
    detail: str = ""
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0


# --- finding designs ------------------------------------------------------------------------------


def looks_like_design(text: str) -> bool:
    """A file that builds an IRON program (high-level or placed) rather than host code."""
    builds = any(k in text for k in ("Program(", "iron.jit", "@jit", "resolve_program", "@device("))
    uses_iron = any(k in text for k in ("aie.iron", "iron_ir", "aie.dialects", "from aie"))
    return builds and uses_iron


def find_designs(paths: list[str]) -> tuple[list[Path], list[str]]:
    """Design files under ``paths`` (explicit files are always taken) and the paths not found."""
    found: list[Path] = []
    missing: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            found.append(path)
        elif path.is_dir():
            for candidate in sorted(path.rglob("*.py")):
                if set(candidate.relative_to(path).parts[:-1]) & _SKIP_DIRS:
                    continue
                if candidate.name.startswith(("test_", "conftest")):
                    continue
                try:
                    text = candidate.read_text(errors="replace")
                except OSError:
                    continue
                if looks_like_design(text):
                    found.append(candidate)
        else:
            missing.append(raw)
    unique = list(dict.fromkeys(found))
    return unique, missing


# --- one design (in its own process) ---------------------------------------------------------------


def _check_one(path: str, design_args: list[str], max_steps: int, timeout: float) -> Result:
    import warnings

    from iron_ir.cli import load

    result = Result(path, "failed")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            design = load.load_python(path, design_args)
        except Exception as err:  # UserError, SimulationError, anything the design raised
            result.detail = f"compile: {_one_line(err)}"
            result.warnings = _messages(caught)
            return result
        if design.jit_runs is not None:
            result.status = "simulated"
            names = ", ".join(dict.fromkeys(design.jit_runs))
            result.detail = f"ran @iron.jit {names} on the simulator; the design's own check passed"
            result.warnings = _messages(caught)
            return result
        try:
            from iron_ir.ir.printer import print_module

            text = print_module(design.module)
            module = load.parse_mlir(text, f"{path} (printed module)")
        except Exception as err:
            result.detail = f"re-parse: {_one_line(err)}"
            result.warnings = _messages(caught)
            return result
        namespace = design.namespace or {}
        reference = namespace.get("reference")
        if reference is None and namespace.get("INPUTS") is None:
            result.status = "compiled"
            result.detail = "compiled and re-parsed (no INPUTS/reference: not simulated)"
            result.warnings = _messages(caught)
            return result
        try:
            ok, detail, sim_warnings = _simulate(design, module, reference, max_steps, timeout)
        except Exception as err:
            result.detail = f"simulate: {_one_line(err)}"
            result.warnings = _messages(caught)
            return result
        result.status = "simulated" if ok else "failed"
        result.detail = detail if ok else f"simulate: {detail}"
        result.warnings = _messages(caught) + sim_warnings
    return result


def _simulate(design, module, reference, max_steps: int, timeout: float) -> tuple[bool, str, list[str]]:
    import numpy as np

    from iron_ir.cli.inputs import choose_inputs, compare
    from iron_ir.runtime import compile_module
    from iron_ir.sim import argument_roles

    compiled = compile_module(module, "sim", max_steps=max_steps, timeout=timeout)
    roles = argument_roles(module)
    arrays = choose_inputs(None, 0, design.namespace, compiled.signature, roles).arrays
    outputs = compiled(*arrays)
    last = getattr(compiled, "last", None)
    sim_warnings = list(last.warnings) if last is not None else []
    steps = f"{last.steps} steps" if last is not None else "run"
    if reference is None:
        return True, f"ran ({steps}; no reference to compare with)", sim_warnings
    filled = [i for i, r in enumerate(roles) if "in" in r]
    drained = [i for i, r in enumerate(roles) if "out" in r]
    inputs = [arrays[i] if arrays[i] is not None else outputs[i] for i in filled]
    expected = list(reference(inputs))
    if len(expected) != len(drained):
        return False, (f"reference() returned {len(expected)} arrays but the design drains "
                       f"{len(drained)} arguments"), sim_warnings
    problems: list[str] = []
    for i, exp in zip(drained, expected):
        problems += compare(outputs[i], np.asarray(exp), f"arg{i}", limit=2)
    if problems:
        return False, "output differs from reference(): " + "; ".join(problems), sim_warnings
    names = ", ".join(f"arg{i}" for i in drained)
    return True, f"matches reference() ({names}; {steps})", sim_warnings


def _one_line(err: BaseException) -> str:
    text = str(err).strip() or type(err).__name__
    lines = [line for line in text.splitlines() if line.strip()]
    first = lines[0] if lines else text
    return first if len(lines) <= 1 else f"{first} (+{len(lines) - 1} lines)"


def _messages(caught) -> list[str]:
    return list(dict.fromkeys(str(w.message) for w in caught))


def _child(argv: list[str]) -> int:
    """``python -m iron_ir.cli.check --one PATH MAX_STEPS TIMEOUT [args...]``."""
    import contextlib
    import io

    path, max_steps, timeout, *design_args = argv
    start = time.monotonic()
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            result = _check_one(path, design_args, int(max_steps), float(timeout))
        except BaseException as err:  # noqa: BLE001 - the report must come out whatever happened
            result = Result(path, "failed", f"internal error in iron-ir: {type(err).__name__}: {err}")
    result.seconds = time.monotonic() - start
    print(_MARK + json.dumps(result.__dict__))
    return 0


# --- the command ---------------------------------------------------------------------------------


def _run_child(path: Path, design_args: list[str], options: argparse.Namespace) -> Result:
    command = [sys.executable, "-m", "iron_ir.cli.check", "--one", str(path),
               str(options.max_steps), str(options.timeout), *design_args]
    start = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=options.timeout + 60, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return Result(str(path), "failed", f"timed out after {options.timeout + 60:.0f} s",
                      seconds=time.monotonic() - start)
    for line in reversed(done.stdout.splitlines()):
        if line.startswith(_MARK):
            return Result(**json.loads(line[len(_MARK):]))
    tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
    return Result(str(path), "failed", f"the check process ended with status {done.returncode}: {tail}",
                  seconds=time.monotonic() - start)


class _Progress:
    def __init__(self, total: int, enabled: bool):
        self.total, self.done, self.enabled = total, 0, enabled
        self.lock = threading.Lock()

    def draw(self) -> None:
        if not self.enabled:
            return
        width = 30
        filled = width * self.done // max(self.total, 1)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}")
        sys.stderr.flush()

    def clear(self) -> None:
        if self.enabled:
            sys.stderr.write("\r" + " " * 50 + "\r")
            sys.stderr.flush()


def _line(result: Result) -> str:
    warned = f" [{len(result.warnings)} warning{'s' * (len(result.warnings) != 1)}]" if result.warnings else ""
    return f"{result.status:<10} {result.path}: {result.detail}{warned}"


def _summary(results: list[Result]) -> str:
    counts = {s: sum(r.status == s for r in results) for s in _STATUSES}
    warned = sum(bool(r.warnings) for r in results)
    rows = [("status", "designs"), *((s, str(n)) for s, n in counts.items()),
            ("total", str(len(results))), ("with warnings", str(warned))]
    width = max(len(r[0]) for r in rows)
    lines = [f"{a:<{width}}  {b:>7}" for a, b in rows]
    lines.insert(1, "-" * (width + 9))
    lines.insert(len(lines) - 2, "-" * (width + 9))
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="iron check", description=__doc__.split("\n\n")[0])
    p.add_argument("paths", nargs="+", help="design files or directories to search for designs")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                   help="designs checked at once, each in its own process (default: CPU count)")
    p.add_argument("--timeout", type=float, default=300.0,
                   help="wall-clock budget of one design's simulation in seconds (default 300)")
    p.add_argument("--max-steps", type=int, default=5_000_000,
                   help="simulation step budget per design (default 5000000)")
    p.add_argument("--progress", action="store_true",
                   help="draw the progress bar even when stderr is not a terminal")
    p.add_argument("--warnings", action="store_true", help="list each design's warnings")
    return p


def check(argv: list[str], design_args: list[str]) -> int:
    """Run ``iron check``; returns the exit status."""
    options = parser().parse_args(argv)
    designs, missing = find_designs(options.paths)
    for raw in missing:
        print(f"error: {raw}: no such file or directory", file=sys.stderr)
    if not designs:
        print("error: no IRON designs found in " + ", ".join(options.paths), file=sys.stderr)
        return 1
    progress = _Progress(len(designs), options.progress or sys.stderr.isatty())
    results: list[Result] = []
    progress.draw()
    with ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        futures = [pool.submit(_run_child, d, design_args, options) for d in designs]
        for future in as_completed(futures):
            result = future.result()
            with progress.lock:
                progress.clear()
                print(_line(result), flush=True)
                if options.warnings:
                    for message in result.warnings:
                        print(f"    warning: {message}")
                results.append(result)
                progress.done += 1
                progress.draw()
    progress.clear()
    print()
    print(_summary(results))
    return 1 if missing or any(r.status == "failed" for r in results) else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        # A child is its process's entry point: the collector is paused through its start-up
        # (iron_ir/collector.py), as in the console scripts.
        from iron_ir.collector import command

        with command(entry_point=True):
            status = _child(sys.argv[2:])
        sys.exit(status)
    sys.exit(check(sys.argv[1:], []))
