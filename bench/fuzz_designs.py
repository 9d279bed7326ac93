"""Fuzz ``iron run`` with misused designs: every answer must be a clear error at the user's line.

    python bench/fuzz_designs.py [--count 600] [--seed 0] [--timeout 30] [--save build/fuzz_designs]

Bases are designs of both API levels (``docs/tutorial_design.py``, high-level; and
``examples/vector_scalar_mul_placed.py``, placed). Each variant changes one thing the way a user
gets it wrong, keeping every other line where it was:

* an argument of an API call replaced by a value of the wrong type or out of range (``None``,
  a string, ``-1``, ``0``, ``2**40``, ``3.5``, a list, another fifo's handle), deleted, or an
  extra one added;
* an integer literal made zero, negative or huge (depths, sizes, tile coordinates, counts);
* a statement deleted (a missing producer, consumer, fill or drain) or doubled (a second
  producer, a second fill);
* a placement added or changed to an impossible tile, a tap (``TensorAccessPattern``) with bad
  sizes, strides or offset, an element type the NPU has not.

Each variant runs through ``iron run`` in-process, under a wall-clock alarm. Verdicts:
*located* (exit 1, the message names ``design.py:LINE``), *file* (exit 1, names the design
file but no line), *unlocated* (exit 1, names neither), *accepted* (exit 0: the change was
legal, or the reference check caught it as FAIL), *crash* (exit 2, a traceback, an escaped
exception) and *hang*. Prints the counts and one example per group; writes one reproducer per
non-located group to ``--save``; exits 1 when anything crashed or hung.
"""

from __future__ import annotations

import argparse
import ast
import random
import re
import resource
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_ir import REPO, run_in_process, signature  # noqa: E402

BASES = [REPO / "docs" / "tutorial_design.py", REPO / "examples" / "vector_scalar_mul_placed.py"]

WRONG_VALUES = ["None", '"oops"', "-1", "0", "2**40", "3.5", "[]", "[1, 2]", "object()",
                "(1, 2, 3)", "np.float64"]
WRONG_NUMBERS = ["0", "-1", "-4096", "2**31", "10**9", "3"]
BAD_TAPS = [
    "TensorAccessPattern((N,), 0, [2, 4096], [4096, 1])",
    "TensorAccessPattern((N,), N, [1, 1024], [0, 1])",
    "TensorAccessPattern((N,), 0, [1, 0], [0, 1])",
    "TensorAccessPattern((N,), -8, [1, 1024], [0, 1])",
    "TensorAccessPattern((N,), 0, [4, 1024], [-1024, 1])",
    "TensorAccessPattern((N,), 0, [4096, 2], [1, 4096])",
    "TensorAccessPattern((N, 2), 0, [N], [1])",
    "TensorAccessPattern((N,), 0, [1, 1, 1, 1, 4096], [0, 0, 0, 0, 1])",
]
BAD_PLACEMENTS = ["Tile(0, 0)", "Tile(99, 99)", "Tile(0, 1)", "Tile(-1, 2)", "Tile(0, 2.5)",
                  '"tile"']
BAD_ELEMENTS = ["np.complex64", "np.float64", "np.object_", "np.bool_", "np.uint64"]
# Calls whose arguments are worth mutating (the API a user touches).
API_CALLS = re.compile(
    r"^(ObjectFifo|Worker|Kernel|Program|Runtime|range_|tile|object_fifo|external_func|core|"
    r"device|runtime_sequence|shim_dma_single_bd_task|dma_start_task|dma_await_task|"
    r"dma_free_task|TensorAccessPattern|.*\.(acquire|release|fill|drain|start|sequence|cons|"
    r"prod|forward|split|join))$"
)


@dataclass
class Variant:
    base: str
    change: str
    line: int  # the line the change is on (1-based)
    text: str


def _call_name(node: ast.Call) -> str:
    return ast.unparse(node.func)


def _replace_segment(text: str, node: ast.AST, new: str) -> str:
    lines = text.split("\n")
    line = lines[node.lineno - 1]
    lines[node.lineno - 1] = line[: node.col_offset] + new + line[node.end_col_offset :]
    return "\n".join(lines)


def variants(base: Path, rng: random.Random) -> list[Variant]:
    """Every single-change variant of ``base`` the generators can make (see the docstring)."""
    text = base.read_text()
    tree = ast.parse(text)
    name = str(base.relative_to(REPO))
    found: list[Variant] = []

    def add(change: str, line: int, new_text: str) -> None:
        found.append(Variant(name, change, line, new_text))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and API_CALLS.match(_call_name(node)):
            call = _call_name(node)
            single = node.lineno == node.end_lineno
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                if arg.lineno != arg.end_lineno:
                    continue
                for value in WRONG_VALUES:
                    add(f"{call}: {ast.unparse(arg)} -> {value}", arg.lineno,
                        _replace_segment(text, arg, value))
            if single and node.args:
                last = node.args[-1]
                add(f"{call}: delete argument {ast.unparse(last)}", node.lineno,
                    _replace_segment(text, node, ast.unparse(
                        ast.Call(node.func, node.args[:-1], node.keywords))))
            if single:
                extra = ast.Call(node.func, [*node.args, ast.Constant(7)], node.keywords)
                add(f"{call}: extra argument 7", node.lineno,
                    _replace_segment(text, node, ast.unparse(extra)))
            if single and call in ("Worker",):
                for placement in BAD_PLACEMENTS:
                    placed = ast.unparse(node)[:-1] + f", placement={placement})"
                    add(f"Worker placement={placement}", node.lineno,
                        _replace_segment(text, node, placed))
            if single and call.endswith((".fill", ".drain")) and len(node.args) >= 2:
                for tap in BAD_TAPS:
                    tapped = ast.Call(node.func, [*node.args[:2], ast.parse(tap).body[0].value],
                                      node.keywords)
                    add(f"{call} tap {tap}", node.lineno,
                        _replace_segment(text, node, ast.unparse(tapped)))
            if single and call == "tile":
                for coords in ("(0, 0)", "(99, 2)", "(0, -1)", "(0, 1)"):
                    add(f"tile{coords}", node.lineno, _replace_segment(text, node, f"tile{coords}"))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            for value in WRONG_NUMBERS:
                if str(node.value) != value:
                    add(f"number {node.value} -> {value}", node.lineno,
                        _replace_segment(text, node, value))
        elif isinstance(node, ast.Attribute) and ast.unparse(node) in ("np.int16", "np.int32"):
            for element in BAD_ELEMENTS:
                add(f"{ast.unparse(node)} -> {element}", node.lineno,
                    _replace_segment(text, node, element))

    lines = text.split("\n")
    for node in ast.walk(tree):
        if isinstance(node, (ast.Expr, ast.Assign)) and node.lineno == node.end_lineno:
            source = lines[node.lineno - 1]
            if not isinstance(getattr(node, "value", None), ast.Call):
                continue
            if not API_CALLS.match(_call_name(node.value)):
                continue
            indent = source[: len(source) - len(source.lstrip())]
            deleted = lines[:]
            deleted[node.lineno - 1] = indent + "pass"
            add(f"delete `{source.strip()}`", node.lineno, "\n".join(deleted))
            doubled = lines[: node.lineno] + [source] + lines[node.lineno :]
            add(f"double `{source.strip()}`", node.lineno + 1, "\n".join(doubled))
    rng.shuffle(found)
    return found


# --- verdicts -----------------------------------------------------------------------------------


def verdict(outcome, design: Path) -> tuple[str, str | None]:
    if outcome.hang:
        return "hang", None
    if outcome.error is not None:
        return "crash", signature(outcome.error)
    text = outcome.out + outcome.err
    if outcome.status == 2 or "Traceback (most recent call last)" in text or "internal error" in text:
        first = next((line for line in outcome.err.splitlines() if "internal error" in line), "")
        return "crash", first[:160] or f"status {outcome.status}"
    if outcome.status == 0 or "FAIL" in outcome.out.splitlines():
        return "accepted", None
    head = _head(outcome.err)
    if re.search(re.escape(str(design)) + r":\d+", outcome.err):
        return "located", head
    if str(design) in outcome.err:
        return "file", head
    return "unlocated", head


def _head(err: str) -> str:
    first = next((line for line in err.splitlines() if "error" in line), err.strip()[:1] and err.splitlines()[0])
    # Group messages by their wording, not their numbers or names.
    return re.sub(r"\d+", "N", first.split("error: ", 1)[-1])[:110]


@dataclass
class Report:
    tried: int = 0
    counts: Counter = field(default_factory=Counter)
    groups: dict = field(default_factory=dict)  # (verdict, head) -> (variant, outcome)
    slowest: list = field(default_factory=list)


def fuzz(count: int, seed: int, timeout: float, scratch: Path | None = None,
         bases=BASES, progress=None) -> Report:
    rng = random.Random(seed)
    pool = [v for base in bases for v in variants(base, rng)]
    rng.shuffle(pool)
    scratch = Path(scratch or tempfile.mkdtemp(prefix="fuzz_designs_"))
    scratch.mkdir(parents=True, exist_ok=True)
    design = scratch / "design.py"
    report = Report()
    for index, variant in enumerate(pool[:count]):
        design.write_text(variant.text)
        outcome = run_in_process("iron", ["run", str(design), "--max-steps", "200000",
                                          "--timeout", str(timeout)], timeout + 5)
        kind, head = verdict(outcome, design)
        report.tried += 1
        report.counts[kind] += 1
        report.groups.setdefault((kind, head), (variant, outcome))
        report.slowest = sorted([*report.slowest, (outcome.seconds, variant.change)],
                                reverse=True)[:5]
        if progress and (index + 1) % progress == 0:
            print(f"  {index + 1} designs: {dict(report.counts)}", file=sys.stderr, flush=True)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--memory", type=float, default=6.0, help="address-space cap, GiB")
    parser.add_argument("--save", type=Path, default=REPO / "build" / "fuzz_designs")
    args = parser.parse_args()
    cap = int(args.memory * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    start = time.perf_counter()
    report = fuzz(args.count, args.seed, args.timeout, args.save / "scratch", progress=50)
    elapsed = time.perf_counter() - start
    print(f"{report.tried} designs (seed {args.seed}), {elapsed:.0f} s")
    for kind, n in sorted(report.counts.items()):
        print(f"  {kind:10s} {n}")
    print("slowest:", ", ".join(f"{s:.1f} s ({c})" for s, c in report.slowest))
    args.save.mkdir(parents=True, exist_ok=True)
    for n, ((kind, head), (variant, outcome)) in enumerate(sorted(report.groups.items(), key=str)):
        if kind in ("accepted", "located"):
            continue
        print(f"  {kind}: {head}\n      e.g. {variant.base}:{variant.line} {variant.change}")
        (args.save / f"{n:03d}_{kind}.py").write_text(variant.text)
        (args.save / f"{n:03d}_{kind}.txt").write_text(
            f"{variant.base}:{variant.line}: {variant.change}\n{outcome.err[-3000:]}"
            + ("".join(traceback.format_exception(outcome.error)) if outcome.error else "")
        )
    return 1 if report.counts["crash"] or report.counts["hang"] else 0


if __name__ == "__main__":
    sys.exit(main())
