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

import numpy as np

from iron_ir.cli.load import (
    Design,
    UserError,
    design_error,
    load_mlir,
    load_python,
)


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
        design = load_mlir(args.mlir)
    else:
        if args.design.endswith(".mlir"):
            raise UserError(f"{args.design} is an MLIR file: run it with --mlir {args.design}")
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
