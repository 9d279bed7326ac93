"""Fuzz the IR tools with mutated text: every answer must be a module or a located diagnostic.

    python bench/fuzz_ir.py [--count 10000] [--seed 0] [--timeout 10] [--subprocess-every 250]
                            [--save build/fuzz]

Seeds are every ``.mlir`` file of ``test/`` (split at ``// -----``). Each input is a seed with
one to three mutations: a token deleted, duplicated, swapped or replaced by a token of the same
kind from another seed; a line deleted, duplicated or swapped; the text truncated; junk bytes
(also invalid UTF-8) or an unterminated string inserted; a number made huge, negative or zero.
Each input goes through three targets, in-process (fast) with a per-input wall-clock alarm:

* ``iron-opt FILE`` (parse, verify, print),
* ``iron-opt FILE -p iron-to-aie`` (the whole compiler),
* ``iron run --mlir FILE`` (the simulator, with a small step budget),

and every ``--subprocess-every``-th input also through the installed console scripts, to check
that the real processes agree. An outcome is *fine* when the tool exits 0 or exits 1 with a
diagnostic (``file:line:col: error:`` or ``file: error:``, or the simulator's report); a
*crash* is exit 2 ("internal error"), a Python traceback or an exception escaping the tool; a
*hang* is an input that outlives the alarm. Crashes are grouped by exception type and the
innermost iron-ir (or xDSL) frame; one reproducer per group is written to ``--save``. Prints the
counts; exits 1 when anything crashed or hung.

The address space is capped (``--memory``, GiB) so a mutated shape that asks for terabytes fails
fast instead of exhausting the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
import resource
import signal
import subprocess
import sys
import time
import traceback
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

TOKEN = re.compile(
    r'"(?:[^"\\\n]|\\.)*"|0x[0-9a-fA-F]+|[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?'
    r"|[%@#!^][\w.$-]+|[A-Za-z_][\w.$]*|->|\S"
)
HUGE_NUMBERS = [
    "0", "-1", "-2147483648", "2147483647", "2147483648", "4294967296", "9223372036854775807",
    "18446744073709551616", "99999999999999999999999999", "1e308", "-0.0", "65536", "1023",
    "1024", "4095", "16", "-7",
]
JUNK = ["\x00", "\x07", "\t", "\r", "\u00e9", "\u2028", "}", "{", "(", ")", "<", ">", "[", "]",
        ",", ":", "=", "%", "@", "^", "#", "!", '"', "\\", "//", "...", "->", "'"]

LOCATED = re.compile(r"^(\S.*?):(\d+):(\d+): error: |^(\S.*?): error: |^error: ", re.M)


# --- inputs -------------------------------------------------------------------------------------


def seeds(root: Path = REPO / "test") -> list[tuple[str, str]]:
    found = []
    for path in sorted(root.rglob("*.mlir")):
        if "Output" in path.parts:
            continue
        text = path.read_text()
        for index, chunk in enumerate(text.split("// -----")):
            if chunk.strip():
                found.append((f"{path.relative_to(REPO)}#{index}", chunk))
    return found


@dataclass
class Mutant:
    seed: str
    mutations: list[str]
    data: bytes


class Mutator:
    def __init__(self, rng: random.Random, corpus: list[tuple[str, str]]):
        self.rng = rng
        self.corpus = corpus
        self.by_kind: dict[str, list[str]] = defaultdict(list)
        for _, text in corpus[:: max(1, len(corpus) // 40)]:
            for token in TOKEN.findall(text):
                self.by_kind[self._kind(token)].append(token)

    @staticmethod
    def _kind(token: str) -> str:
        if token[0] in "%@#!^":
            return token[0]
        if token[0] == '"':
            return "string"
        if token[0].isdigit() or token[0] in "+-" and len(token) > 1:
            return "number"
        if token[0].isalpha() or token[0] == "_":
            return "word"
        return "punct"

    def _tokens(self, text: str) -> list[re.Match]:
        return list(TOKEN.finditer(text))

    def mutate_once(self, text: str) -> tuple[str, str]:
        rng = self.rng
        tokens = self._tokens(text)
        lines = text.split("\n")
        choice = rng.choice(
            ["delete_token", "duplicate_token", "swap_tokens", "splice_token", "delete_line",
             "duplicate_line", "swap_lines", "truncate", "junk", "unterminated_string",
             "number", "number", "splice_token"]
        )
        if choice in ("delete_token", "duplicate_token", "splice_token", "number") and tokens:
            if choice == "number":
                numbers = [t for t in tokens if self._kind(t.group()) == "number"]
                if not numbers:
                    return self.mutate_once(text)
                t = rng.choice(numbers)
                new = rng.choice(HUGE_NUMBERS)
            else:
                t = rng.choice(tokens)
                if choice == "delete_token":
                    new = ""
                elif choice == "duplicate_token":
                    new = t.group() + " " + t.group()
                else:
                    new = rng.choice(self.by_kind.get(self._kind(t.group()), [t.group()]))
            return text[: t.start()] + new + text[t.end() :], f"{choice}({t.group()!r}->{new!r})"
        if choice == "swap_tokens" and len(tokens) > 1:
            a, b = sorted(rng.sample(tokens, 2), key=lambda m: m.start())
            swapped = (
                text[: a.start()] + b.group() + text[a.end() : b.start()] + a.group()
                + text[b.end() :]
            )
            return swapped, f"swap_tokens({a.group()!r},{b.group()!r})"
        if choice == "delete_line" and len(lines) > 1:
            i = rng.randrange(len(lines))
            return "\n".join(lines[:i] + lines[i + 1 :]), f"delete_line({i + 1})"
        if choice == "duplicate_line" and lines:
            i = rng.randrange(len(lines))
            return "\n".join(lines[: i + 1] + lines[i:]), f"duplicate_line({i + 1})"
        if choice == "swap_lines" and len(lines) > 1:
            i, j = rng.sample(range(len(lines)), 2)
            lines[i], lines[j] = lines[j], lines[i]
            return "\n".join(lines), f"swap_lines({i + 1},{j + 1})"
        if choice == "truncate" and text:
            at = rng.randrange(len(text))
            return text[:at], f"truncate({at})"
        if choice == "junk" and text:
            at = rng.randrange(len(text) + 1)
            junk = "".join(rng.choice(JUNK) for _ in range(rng.randint(1, 4)))
            return text[:at] + junk + text[at:], f"junk({at},{junk!r})"
        if choice == "unterminated_string" and text:
            at = rng.randrange(len(text) + 1)
            body = "a" * rng.randint(30, 300)
            return text[:at] + '"' + body + text[at:], f"unterminated_string({at})"
        return self.mutate_once(text)

    def mutant(self) -> Mutant:
        name, text = self.rng.choice(self.corpus)
        mutations = []
        for _ in range(self.rng.choice([1, 1, 1, 2, 3])):
            text, label = self.mutate_once(text)
            mutations.append(label)
        data = text.encode("utf-8", "surrogatepass")
        if self.rng.random() < 0.02 and data:  # invalid UTF-8 now and then
            at = self.rng.randrange(len(data))
            data = data[:at] + bytes([self.rng.choice([0x80, 0xC3, 0xFF, 0xFE])]) + data[at:]
            mutations.append(f"invalid_utf8({at})")
        return Mutant(name, mutations, data)


# --- running the tools --------------------------------------------------------------------------


class Hang(BaseException):  # not an Exception: the tools must not catch it
    pass


def _alarm(signum, frame):
    raise Hang()


@dataclass
class Outcome:
    status: int | None  # None: an exception escaped, or the alarm fired
    out: str
    err: str
    seconds: float
    error: BaseException | None = None
    hang: bool = False


TARGETS = {
    "iron-opt": lambda path: ("iron-opt", [str(path)]),
    "iron-to-aie": lambda path: ("iron-opt", [str(path), "-p", "iron-to-aie"]),
    "iron-run": lambda path: (
        "iron",
        ["run", "--mlir", str(path), "--max-steps", "20000", "--timeout", "5"],
    ),
}


def _call_tool(tool: str, argv: list[str]) -> tuple[int, BaseException | None]:
    if tool == "iron":
        from iron_ir.cli.iron import main

        return main(argv), None
    from iron_ir.cli import iron_opt

    captured: list[BaseException] = []
    original = iron_opt._internal_error

    def record(error):
        captured.append(error)
        return original(error)

    iron_opt._internal_error = record
    try:
        iron_opt.main(argv)
    except SystemExit as exit_request:
        return int(exit_request.code or 0), captured[0] if captured else None
    finally:
        iron_opt._internal_error = original
    return 0, None


def run_in_process(tool: str, argv: list[str], timeout: float) -> Outcome:
    out, err = io.StringIO(), io.StringIO()
    os.environ["IRON_TRACEBACK"] = "1"  # `iron` re-raises internal errors: we want the frames
    start = time.perf_counter()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status, error = _call_tool(tool, argv)
        return Outcome(status, out.getvalue(), err.getvalue(), time.perf_counter() - start, error)
    except Hang:
        return Outcome(None, out.getvalue(), err.getvalue(), time.perf_counter() - start,
                       hang=True)
    except BaseException as escaped:  # noqa: BLE001 - every escape is a finding
        return Outcome(None, out.getvalue(), err.getvalue(), time.perf_counter() - start,
                       escaped)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        os.environ.pop("IRON_TRACEBACK", None)


def run_subprocess(tool: str, argv: list[str], timeout: float) -> Outcome:
    exe = Path(sys.executable).with_name(tool)
    start = time.perf_counter()
    try:
        result = subprocess.run([str(exe), *argv], capture_output=True, text=True,
                                timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired:
        return Outcome(None, "", "", time.perf_counter() - start, hang=True)
    return Outcome(result.returncode, result.stdout, result.stderr, time.perf_counter() - start)


def signature(error: BaseException) -> str:
    """Exception type and the innermost frame in iron-ir (else xDSL, else the last one)."""
    frames = traceback.extract_tb(error.__traceback__)
    for marker in ("/iron_ir/", "/xdsl/"):
        ours = [f for f in frames if marker in f.filename]
        if ours:
            f = ours[-1]
            break
    else:
        f = frames[-1] if frames else None
    where = f"{f.filename.split('/site-packages/')[-1].split('/wt/')[-1]}:{f.lineno} {f.name}" if f else "?"
    return f"{type(error).__name__} at {where}"


def verdict(outcome: Outcome) -> tuple[str, str | None]:
    """("fine" | "crash" | "hang" | "unlocated", crash signature or message)."""
    if outcome.hang:
        return "hang", None
    if outcome.error is not None:
        return "crash", signature(outcome.error)
    text = outcome.out + outcome.err
    if outcome.status == 2 or "Traceback (most recent call last)" in text or "internal error" in text:
        first = next((line for line in outcome.err.splitlines() if "internal error" in line), "")
        return "crash", first[:200] or f"status {outcome.status}"
    if outcome.status == 0:
        return "fine", None
    if outcome.status == 1:
        return ("fine", None) if LOCATED.search(outcome.err) else ("unlocated", outcome.err[:200])
    return "crash", f"status {outcome.status}"


# --- the driver ---------------------------------------------------------------------------------


@dataclass
class Report:
    tried: int = 0
    counts: Counter = field(default_factory=Counter)
    crashes: dict = field(default_factory=dict)  # (target, signature) -> (mutant, outcome)
    slowest: list = field(default_factory=list)  # (seconds, target, seed)
    subprocess_checked: int = 0
    disagreements: list = field(default_factory=list)


def fuzz(count: int, seed: int, timeout: float, subprocess_every: int = 0,
         scratch: Path | None = None, targets=tuple(TARGETS), progress=None) -> Report:
    import tempfile

    rng = random.Random(seed)
    mutator = Mutator(rng, seeds())
    report = Report()
    scratch = Path(scratch or tempfile.mkdtemp(prefix="fuzz_ir_"))
    scratch.mkdir(parents=True, exist_ok=True)
    path = scratch / "input.mlir"
    for index in range(count):
        mutant = mutator.mutant()
        path.write_bytes(mutant.data)
        report.tried += 1
        for target in targets:
            tool, argv = TARGETS[target](path)
            outcome = run_in_process(tool, argv, timeout)
            kind, detail = verdict(outcome)
            report.counts[target, kind] += 1
            report.slowest.append((outcome.seconds, target, mutant.seed, mutant.mutations))
            report.slowest = sorted(report.slowest, reverse=True)[:5]
            if kind != "fine":
                key = (target, kind, detail)
                report.crashes.setdefault(key, (mutant, outcome))
            if subprocess_every and index % subprocess_every == 0:
                real = run_subprocess(tool, argv, max(60.0, 6 * timeout))
                report.subprocess_checked += 1
                if verdict(real)[0] != kind or real.status != outcome.status:
                    report.disagreements.append((target, mutant, outcome.status, real.status))
        if progress and (index + 1) % progress == 0:
            bad = sum(n for (t, k), n in report.counts.items() if k != "fine")
            print(f"  {index + 1} inputs, {bad} bad outcomes, {len(report.crashes)} groups",
                  file=sys.stderr, flush=True)
    return report


def save(report: Report, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for n, ((target, kind, detail), (mutant, outcome)) in enumerate(sorted(report.crashes.items(), key=str)):
        (folder / f"{n:03d}_{target}_{kind}.mlir").write_bytes(mutant.data)
        (folder / f"{n:03d}_{target}_{kind}.txt").write_text(
            f"seed: {mutant.seed}\nmutations: {mutant.mutations}\nverdict: {kind}: {detail}\n"
            f"status: {outcome.status}\n--- stderr\n{outcome.err[-4000:]}\n"
            + ("--- traceback\n" + "".join(traceback.format_exception(outcome.error))
               if outcome.error else "")
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per tool run")
    parser.add_argument("--subprocess-every", type=int, default=250)
    parser.add_argument("--memory", type=float, default=6.0, help="address-space cap, GiB")
    parser.add_argument("--targets", default=",".join(TARGETS))
    parser.add_argument("--save", type=Path, default=REPO / "build" / "fuzz")
    args = parser.parse_args()
    cap = int(args.memory * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    start = time.perf_counter()
    report = fuzz(args.count, args.seed, args.timeout, args.subprocess_every,
                  args.save / "scratch", tuple(args.targets.split(",")), progress=500)
    elapsed = time.perf_counter() - start
    print(f"{report.tried} IR inputs (seed {args.seed}), {elapsed:.0f} s "
          f"({elapsed / max(report.tried, 1) * 1000:.0f} ms per input over "
          f"{len(args.targets.split(','))} targets)")
    for (target, kind), n in sorted(report.counts.items()):
        print(f"  {target:12s} {kind:10s} {n}")
    print(f"subprocess checks: {report.subprocess_checked}, disagreements: "
          f"{len(report.disagreements)}")
    for target, mutant, inner, real in report.disagreements[:10]:
        print(f"  {target}: in-process {inner}, subprocess {real}: {mutant.seed} {mutant.mutations}")
    print("slowest runs:")
    for seconds, target, seed_name, mutations in report.slowest:
        print(f"  {seconds:6.2f} s {target} {seed_name} {mutations}")
    print(f"{len(report.crashes)} distinct bad outcomes:")
    for (target, kind, detail), (mutant, _) in sorted(report.crashes.items(), key=str):
        print(f"  {target} {kind}: {detail}\n      e.g. {mutant.seed} {mutant.mutations}")
    save(report, args.save)
    return 1 if report.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
