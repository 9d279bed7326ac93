"""``iron``: run IRON designs and AIE-dialect files.

    iron run design.py [--inputs in.npz] [--out out.npz] [--trace t.json] [-- design args]
    iron run --mlir design.mlir [--inputs in.npz] [--out out.npz]
    iron check DIR_OR_FILES... [-j N] [-- design args]   (iron_ir/cli/check.py)

``.npz`` keys are ``arg0``, ``arg1``, ... by position in the runtime sequence; ``--out`` gets
every runtime argument after the run. A design file that declares ``PROGRAM``, ``INPUTS`` and
``reference(inputs)`` (see docs/iron-dialect.md) is checked against its reference: PASS or FAIL
with the first mismatches. Every user error is one message and exit status 1; a bug in iron-ir
is one line and exit status 2 (``IRON_TRACEBACK=1`` shows the traceback).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import runpy
import sys
import traceback
import warnings
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

import numpy as np


class UserError(Exception):
    """Bad input to the ``iron`` command: shown as one message, exit status 1."""


@dataclass
class Design:
    module: object
    namespace: dict | None = None
    jit_runs: list[str] | None = None
    """Set when the design ran itself through ``@iron.jit`` (and exited 0): the jit designs."""
    printed: str = ""


class _Parser(argparse.ArgumentParser):
    """Usage errors are user errors too: one message, exit status 1."""

    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(1, f"error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="iron", description="Run IRON designs on the simulator or an NPU.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    run = sub.add_parser("run", help="run a design (.py IRON design or --mlir AIE-dialect file)")
    run.add_argument(
        "design", nargs="?", help="an IRON design file (.py); arguments after -- go to it"
    )
    run.add_argument(
        "--mlir", help="an AIE-dialect .mlir file (objectfifo level) instead of a .py design"
    )
    run.add_argument(
        "--inputs", help=".npz with arrays arg0, arg1, ... (by runtime-sequence position)"
    )
    run.add_argument("--out", help="write every runtime argument after the run to this .npz")
    run.add_argument("--trace", help="write a Chrome/Perfetto trace (JSON) of the simulation")
    run.add_argument(
        "--max-steps", type=int, default=5_000_000, help="simulation step budget (default 5000000)"
    )
    run.add_argument(
        "--timeout", type=float, default=300.0, help="wall-clock budget in seconds (default 300)"
    )
    run.add_argument(
        "--progress",
        action="store_true",
        help="show progress on stderr even when it is not a terminal",
    )
    run.add_argument("--sequence", help="the runtime sequence to run when the device has several")
    run.add_argument(
        "--exact-schedule",
        action="store_true",
        help="simulate step by step (every core, channel and stream each round) instead of "
        "with the event scheduler: the same results, slower; for debugging",
    )
    run.add_argument("--seed", type=int, default=0, help="seed of the random inputs (default 0)")
    run.add_argument("--backend", default="sim", help="sim (default) or xrt")
    run.add_argument("--xclbin", help="xrt backend: the xclbin built by the vendor toolchain")
    run.add_argument(
        "--insts", help="xrt backend: the NPU instruction file (insts.bin or insts.txt)"
    )
    run.add_argument(
        "--kernel-name", default="MLIR_AIE", help="xrt backend: kernel name in the xclbin"
    )
    return parser


# --- loading designs ----------------------------------------------------------------------------


def _parse_mlir(text: str, name: str):
    from xdsl.utils.exceptions import ParseError, VerifyException

    from iron_ir.ir.diagnostics import (
        OpError,
        Source,
        format_op_error,
        format_parse_error,
        verify_module,
    )
    from iron_ir.ir.parse import parse_module

    try:
        module = parse_module(text, name)
        verify_module(module)
    except ParseError as err:
        raise UserError(format_parse_error(err).rstrip()) from None
    except OpError as err:
        raise UserError(format_op_error(err.op, err.message, Source(name, text)).rstrip()) from None
    except VerifyException as err:
        raise UserError(f"{name}: error: {err}") from None
    return module


def _linted(module):
    """Warn (stderr) about legal IR that will hang or mis-transfer, before running it."""
    from iron_ir.passes.lint import report

    report(module)
    return module


def _load_mlir(path: str) -> Design:
    p = Path(path)
    if not p.is_file():
        raise UserError(f"{path}: no such file")
    return Design(_linted(_parse_mlir(p.read_text(), path)))


def _design_error(path: str, err: BaseException) -> UserError:
    """An exception raised by the user's design file, located in that file."""
    from iron_ir.errors import IronError

    if isinstance(err, IronError):
        # Its location is the design's file:line when the design's own code misused the API;
        # compiling PROGRAM is iron's call, so there the design file is all we can name.
        in_design = Path(err.location.rsplit(":", 1)[0]).resolve() == Path(path).resolve()
        where = err.location if in_design else path
        return UserError(f"{where}: error: {type(err).__name__}: {err.message}")
    frames = [
        f
        for f in traceback.extract_tb(err.__traceback__)
        if Path(f.filename).resolve() == Path(path).resolve()
    ]
    where = f"{path}:{frames[-1].lineno}: " if frames else f"{path}: "
    return UserError(f"{where}{type(err).__name__}: {err}")


def _run_design_file(path: str, run_name: str, argv: list[str]) -> tuple[dict, str]:
    saved_argv = sys.argv
    sys.argv = [path, *argv]
    captured = io.StringIO()
    try:
        with contextlib.redirect_stdout(captured):
            namespace = runpy.run_path(path, run_name=run_name)
    except SystemExit as err:
        if err.code not in (None, 0):
            raise UserError(
                f"{path} exited with status {err.code} while loading:\n{captured.getvalue()}"
            ) from None
        namespace = {}
    except UserError:
        raise
    except Exception as err:  # the design is user code: report where it failed in that file
        from iron_ir.sim.errors import SimulationError

        if isinstance(err, SimulationError):
            raise
        raise _design_error(path, err) from None
    finally:
        sys.argv = saved_argv
    return namespace, captured.getvalue()


def _module_of(resolved, path: str):
    module = getattr(resolved, "module", resolved)
    if any(op.name == "iron.program" for op in module.walk()) and find_spec(
        "iron_ir.passes.pipelines"
    ):
        # A design that prints IRON-dialect text: compile it the way resolve_program would.
        from iron_ir.passes.pipelines import run_pipeline

        try:
            module = run_pipeline(module, "iron-to-aie")  # which ends with iron-lint
        except Exception as err:
            raise UserError(f"{path}: compiling the program failed: {err}") from None
    else:
        _linted(module)
    if not any(op.name == "aie.device" for op in module.walk()):
        raise UserError(
            f"{path}: the program did not compile to the AIE dialect (the iron-to-aie pipeline "
            f"is not available in this installation); run an AIE-dialect file with --mlir"
        )
    return module


def _load_python(path: str, argv: list[str]) -> Design:
    if not Path(path).is_file():
        raise UserError(f"{path}: no such file")
    if find_spec("iron_ir.compat") is not None:
        importlib.import_module("iron_ir.compat").install()
    namespace, printed = _run_design_file(path, "__iron_run__", argv)
    program = namespace.get("PROGRAM")
    if program is not None:
        try:
            resolved = program.resolve_program()
        except Exception as err:
            raise _design_error(path, err) from None
        return Design(_module_of(resolved, path), namespace)
    if not _prints_module(printed):
        runs = _jit_runs()
        before = len(runs)
        namespace, printed = _run_design_file(path, "__main__", argv)
        if len(runs) > before and not _prints_module(printed):
            return Design(None, namespace, runs[before:], printed)
    if not _prints_module(printed):
        raise UserError(
            f"{path} neither defines PROGRAM nor prints a module when run; declare "
            f"PROGRAM = Program(...) (see docs/iron-dialect.md) or print the resolved program"
        )
    text = printed[printed.find("module") :]
    module = _parse_mlir(text, f"{path} (printed module)")
    return Design(_module_of(module, path), namespace)


def _jit_runs() -> list[str]:
    """The jit designs compiled in this process so far (a design may run itself with
    ``@iron.jit`` from its ``main()``)."""
    return importlib.import_module("iron_ir.hostruntime.jit")._RUNS


def _prints_module(printed: str) -> bool:
    return "module" in printed and ("aie.device" in printed or "iron.program" in printed)


# --- inputs and outputs -------------------------------------------------------------------------


def _random_array(rng: np.random.Generator, shape, dtype: np.dtype) -> np.ndarray:
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)
    if dtype.kind == "b":
        return rng.integers(0, 2, size=shape).astype(dtype)
    return rng.uniform(-4.0, 4.0, size=shape).astype(dtype)


def _inputs(args, design: Design, signature, roles) -> list[np.ndarray | None]:
    arrays: list[np.ndarray | None] = [None] * len(signature)
    if args.inputs:
        try:
            data = np.load(args.inputs)
        except (OSError, ValueError) as err:
            raise UserError(f"{args.inputs}: cannot read as .npz ({err})") from None
        unknown = sorted(set(data.files) - {f"arg{i}" for i in range(len(signature))})
        if unknown:
            raise UserError(
                f"{args.inputs}: keys {', '.join(unknown)} do not name runtime arguments "
                f"(arg0..arg{len(signature) - 1})"
            )
        for i in range(len(signature)):
            key = f"arg{i}"
            if key in data.files:
                arrays[i] = _npz_array(data[key], signature[i].dtype)
            elif "in" in roles[i]:
                warnings.warn(
                    f"{args.inputs} has no {key}: runtime argument {i} is zero-filled", stacklevel=2
                )
        return arrays
    filled = [i for i, r in enumerate(roles) if "in" in r]
    if design.namespace is None:
        for i in filled:
            warnings.warn(
                f"no --inputs: runtime argument {i} (arg{i}) is zero-filled", stacklevel=2
            )
        return arrays
    declared = design.namespace.get("INPUTS")
    if declared is not None:
        declared = list(declared)
        if len(declared) != len(filled):
            raise UserError(
                f"INPUTS has {len(declared)} arrays but the design fills {len(filled)} runtime "
                f"arguments ({', '.join(f'arg{i}' for i in filled)})"
            )
        for i, array in zip(filled, declared):
            arrays[i] = np.asarray(array)
        return arrays
    rng = np.random.default_rng(args.seed)
    for i in filled:
        arrays[i] = _random_array(rng, signature[i].shape, signature[i].dtype)
    return arrays


def _npz_array(array: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """numpy writes ml_dtypes arrays (bfloat16) to .npz as raw void items (``|V2``): read
    same-sized raw items as the argument's type (docs/simulator.md)."""
    if array.dtype.kind == "V" and array.dtype.itemsize == dtype.itemsize:
        return array.view(dtype)
    return array


def _tolerance(dtype: np.dtype) -> tuple[float, float] | None:
    if dtype.kind in "iub":
        return None
    if dtype.itemsize <= 2:
        return 1.6e-2, 1e-2
    return 1e-5, 1e-6


def compare(got: np.ndarray, expected: np.ndarray, name: str, limit: int = 5) -> list[str]:
    """Human-readable mismatches between an output and its reference (empty when equal)."""
    expected = np.asarray(expected)
    if expected.size != got.size:
        return [f"{name}: reference has {expected.size} elements, the output {got.size}"]
    g = got.reshape(-1)
    e = (
        expected.reshape(-1).astype(got.dtype)
        if expected.dtype != got.dtype
        else expected.reshape(-1)
    )
    tol = _tolerance(got.dtype)
    if tol is None:
        bad = np.flatnonzero(g != e)
    else:
        bad = np.flatnonzero(
            ~np.isclose(g.astype(np.float64), e.astype(np.float64), rtol=tol[0], atol=tol[1])
        )
    if not bad.size:
        return []
    lines = [
        f"{name}: {bad.size} of {g.size} elements differ"
        + (f" (tolerance rtol={tol[0]}, atol={tol[1]})" if tol else "")
    ]
    for k in bad[:limit]:
        index = np.unravel_index(int(k), got.shape)
        got_value, expected_value = g[k].item(), e[k].item()
        lines.append(f"  [{', '.join(map(str, index))}] got {got_value}, expected {expected_value}")
    return lines


# --- the command --------------------------------------------------------------------------------


def _run(args) -> int:
    from iron_ir.runtime import compile_module
    from iron_ir.sim import argument_roles

    if bool(args.design) == bool(args.mlir):
        raise UserError("iron run: give either a design file (.py) or --mlir FILE")
    design_args = args.design_args
    if args.mlir:
        design = _load_mlir(args.mlir)
    else:
        if args.design.endswith(".mlir"):
            raise UserError(f"{args.design} is an MLIR file: run it with --mlir {args.design}")
        design = _load_python(args.design, design_args)
    module = design.module
    if design.jit_runs is not None:
        sys.stdout.write(design.printed)
        names = ", ".join(dict.fromkeys(design.jit_runs))
        print(f"{args.design}: ran @iron.jit design(s) {names} on the {args.backend} backend; "
              "the design checked its results and exited 0")
        return 0
    if args.backend == "sim":
        progress = args.progress or sys.stderr.isatty()
        compiled = compile_module(
            module,
            "sim",
            max_steps=args.max_steps,
            timeout=args.timeout,
            trace=bool(args.trace),
            progress=progress,
            sequence=args.sequence,
            exact_schedule=args.exact_schedule,
        )
    else:
        compiled = compile_module(
            module,
            args.backend,
            xclbin=args.xclbin,
            instructions=args.insts,
            kernel_name=args.kernel_name,
            sequence=args.sequence,
        )
    roles = argument_roles(module, sequence=args.sequence)
    print(_summary(args.mlir or args.design, module, args.backend))
    arrays = _inputs(args, design, compiled.signature, roles)
    for i, (array, role) in enumerate(zip(arrays, roles)):
        if array is not None:
            print(f"  arg{i} ({'/'.join(sorted(role)) or 'unused'}): {_describe(array)}")
    outputs = compiled(*arrays)
    last = getattr(compiled, "last", None)
    if last is not None:
        print(f"simulated {last.steps} steps")
        for message in last.warnings:
            print(f"warning: {message}", file=sys.stderr)
        for op_name, count in sorted(last.notes.items()):
            print(
                f"note: {count} '{op_name}' op(s) configure registers the simulator does not model"
            )
        if args.trace:
            last.recorder.write(args.trace)
            print(f"trace written to {args.trace}")
    if args.out:
        np.savez(args.out, **{f"arg{i}": a for i, a in enumerate(outputs)})
        print(f"outputs written to {args.out}")
    reference = design.namespace.get("reference") if design.namespace else None
    if reference is None:
        return 0
    filled = [i for i, r in enumerate(roles) if "in" in r]
    drained = [i for i, r in enumerate(roles) if "out" in r]
    inputs = [arrays[i] if arrays[i] is not None else outputs[i] for i in filled]
    try:
        expected = list(reference(inputs))
    except Exception as err:
        raise _design_error(args.design, err) from None
    if len(expected) != len(drained):
        raise UserError(
            f"reference() returned {len(expected)} arrays but the design drains {len(drained)} "
            f"runtime arguments ({', '.join(f'arg{i}' for i in drained)})"
        )
    problems = []
    for i, exp in zip(drained, expected):
        problems += compare(outputs[i], exp, f"arg{i}")
    if problems:
        print("FAIL")
        print("\n".join(problems))
        return 1
    checked = ", ".join(f"arg{i} ({_describe(outputs[i])})" for i in drained)
    print(f"compared {checked} with reference()")
    print("PASS")
    return 0


def _summary(path: str, module, backend: str) -> str:
    """One line on what is about to run: the device and how much of each thing it holds."""
    names = [op.name for op in module.walk()]
    device = next((op for op in module.walk() if op.name == "aie.device"), None)
    target = device.spec.name if device is not None else "?"
    counts = {
        "cores": names.count("aie.core"),
        "objectfifos": names.count("aie.objectfifo"),
        "links": names.count("aie.objectfifo.link"),
        "runtime DMA tasks": names.count("aiex.dma_configure_task_for")
        + names.count("aiex.npu.dma_memcpy_nd"),
    }
    what = ", ".join(f"{n} {k}" for k, n in counts.items())
    where = "the simulator" if backend == "sim" else f"the {backend} backend"
    return f"{path}: {target}, {what}; running on {where}"


def _describe(array: np.ndarray) -> str:
    return f"{'x'.join(map(str, array.shape))} {array.dtype}"


def main(argv: list[str] | None = None) -> int:
    from iron_ir.runtime import BackendError
    from iron_ir.sim.errors import SimulationError

    argv = list(sys.argv[1:] if argv is None else argv)
    design_args: list[str] = []
    if "--" in argv:
        split = argv.index("--")
        argv, design_args = argv[:split], argv[split + 1 :]
    if argv[:1] == ["check"]:  # iron check: iron_ir/cli/check.py
        from iron_ir.cli.check import check

        return check(argv[1:], design_args)
    args = _parser().parse_args(argv)
    args.design_args = design_args
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings.showwarning = lambda message, *a, **k: print(
                f"warning: {message}", file=sys.stderr
            )
            return _run(args)
    except (UserError, SimulationError, BackendError) as err:
        message = str(err)
        located = ": error: " in message.split("\n", 1)[0]
        print(message if located else f"error: {message}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 1
    except Exception as err:  # a bug in iron-ir, not in the design
        if os.environ.get("IRON_TRACEBACK"):
            raise
        print(
            f"internal error in iron-ir: {type(err).__name__}: {err} (set IRON_TRACEBACK=1 for "
            f"the traceback and please report it)",
            file=sys.stderr,
        )
        return 2


if __name__ == "__main__":
    sys.exit(main())
