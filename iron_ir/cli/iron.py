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
import os
import sys
import warnings

from iron_ir.cli.errors import UserError
from iron_ir.cli.version import VersionAction


class _Parser(argparse.ArgumentParser):
    """Usage errors are user errors too: one message, exit status 1."""

    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(1, f"error: {message}\n")


def _positive(kind):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid {kind.__name__} value: {text!r}") from None
        if not value > 0:  # also refuses nan
            raise argparse.ArgumentTypeError(f"must be positive, not {text}")
        return value

    parse.__name__ = kind.__name__
    return parse


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="iron", description="Run IRON designs on the simulator or an NPU.")
    parser.add_argument("--version", action=VersionAction, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    run = sub.add_parser("run", help="run a design (.py IRON design or --mlir AIE-dialect file)")
    run.add_argument(
        "design", nargs="?", help="an IRON design file (.py); arguments after -- go to it"
    )
    run.add_argument(
        "--mlir", help="an AIE-dialect .mlir file (either level) instead of a .py design"
    )
    run.add_argument(
        "--inputs", help=".npz with arrays arg0, arg1, ... (by runtime-sequence position)"
    )
    run.add_argument("--out", help="write every runtime argument after the run to this .npz")
    run.add_argument("--trace", help="write a Chrome/Perfetto trace (JSON) of the simulation")
    run.add_argument(
        "--max-steps",
        type=_positive(int),
        default=5_000_000,
        help="simulation step budget (default 5000000)",
    )
    run.add_argument(
        "--timeout",
        type=_positive(float),
        default=300.0,
        help="wall-clock budget in seconds (default 300)",
    )
    run.add_argument(
        "--progress",
        action="store_true",
        help="show progress on stderr even when it is not a terminal",
    )
    run.add_argument("--sequence", help="the runtime sequence to run when the device has several")
    run.add_argument(
        "--level",
        choices=("objectfifo", "physical"),
        default="objectfifo",
        help="simulate the design as written (objectfifo level, default) or lowered to the "
        "physical level by mlir-aie's passes (stateful transform, lock/BD ids, buffer addresses)",
    )
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


# --- the command --------------------------------------------------------------------------------


def _run(args) -> int:
    from iron_ir.runtime import compile_module
    from iron_ir.sim import argument_roles

    from iron_ir.cli.inputs import choose_inputs, compare, describe
    from iron_ir.cli.load import design_error, load_mlir, load_python
    from iron_ir.cli.paths import check_run_paths

    if bool(args.design) == bool(args.mlir):
        raise UserError("iron run: give either a design file (.py) or --mlir FILE")
    check_run_paths(args)
    design_args = args.design_args
    if args.mlir:
        design = load_mlir(args.mlir)
    else:
        design = load_python(args.design, design_args)
    module = design.module
    if args.level == "physical" and design.jit_runs is None:
        from iron_ir.sim.levels import to_physical

        module = to_physical(module, f"{args.mlir or args.design} (physical level)")
    if design.jit_runs is not None:
        sys.stdout.write(design.printed)
        names = ", ".join(dict.fromkeys(design.jit_runs))
        print(f"{args.design}: ran @iron.jit design(s) {names} on the {args.backend} backend; "
              "the design checked its results and exited 0")
        unused = [
            flag
            for flag, given in (
                ("--out", args.out),
                ("--inputs", args.inputs),
                ("--trace", args.trace),
                ("--level physical", args.level == "physical"),
                ("--exact-schedule", args.exact_schedule),
                ("--sequence", args.sequence),
            )
            if given
        ]
        if unused:
            print(
                f"warning: {', '.join(unused)} had no effect: an @iron.jit design runs its own "
                "host code on its own tensors (run a design that builds a Program, or pass "
                "--mlir, to use them)",
                file=sys.stderr,
            )
        return 0
    sys.stdout.write(design.printed)  # the design's own messages, as `python design.py` shows
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
    inputs = choose_inputs(args.inputs, args.seed, design.namespace, compiled.signature, roles)
    arrays = inputs.arrays
    for i, (array, role, source) in enumerate(zip(arrays, roles, inputs.sources)):
        if array is not None:
            print(f"  arg{i} ({'/'.join(sorted(role)) or 'unused'}): {describe(array)} {source}")
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
            _write(args.trace, last.recorder.write)
            print(f"trace written to {args.trace}")
    if args.out:
        import numpy as np

        arrays_out = {f"arg{i}": a for i, a in enumerate(outputs)}
        _write(args.out, lambda path: np.savez(path, **arrays_out))
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
        raise design_error(args.design, err) from None
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
    checked = ", ".join(f"arg{i} ({describe(outputs[i])})" for i in drained)
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
        + names.count("aiex.dma_configure_task")
        + names.count("aiex.npu.dma_memcpy_nd"),
    }
    what = ", ".join(f"{n} {k}" for k, n in counts.items())
    where = "the simulator" if backend == "sim" else f"the {backend} backend"
    return f"{path}: {target}, {what}; running on {where}"


def _write(path: str, write) -> None:
    """Write an output the paths check cleared; a failure now (a full disk) is still one line."""
    try:
        write(path)
    except OSError as err:
        raise UserError(f"{path}: cannot write: {err.strerror or err}") from None


# Not a bug: the input asked for more than the machine has (a shape of 2**31 elements).
_OUT_OF_MEMORY = (
    "out of memory: the design's buffers, runtime arguments or access patterns need more "
    "memory than this machine has; check their sizes"
)


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        from iron_ir.cli.errors import stdout_closed

        return stdout_closed()


def _main(argv: list[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    design_args: list[str] = []
    if "--" in argv:
        split = argv.index("--")
        argv, design_args = argv[:split], argv[split + 1 :]
    if argv[:1] == ["check"]:  # iron check: iron_ir/cli/check.py
        from iron_ir.cli.check import check

        return check(argv[1:], design_args)
    # The command line first: --help, --version and usage errors answer without loading the
    # compiler or the simulator.
    args = _parser().parse_args(argv)
    args.design_args = design_args

    from iron_ir.runtime import BackendError
    from iron_ir.sim.errors import SimulationError

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
    except MemoryError as err:
        print(f"error: {_OUT_OF_MEMORY}: {err}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `iron run ... | head`: the reader went away (see main)
        raise
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
