"""``aie.utils.hostruntime.argparse`` and ``aie.utils.hostruntime.cli``: the command-line
skeleton of mlir-aie's 2026 example designs.

A design adds the standard flags (``add_compile_args``: ``-d/--dev``, ``--xclbin-path``,
``--insts-path``, ...) to its parser and hands its ``@iron.jit`` function to
``run_design_cli``, which runs ``run_and_verify(opts)`` (here: on the simulator), or the
``--emit-mlir`` callback, or the compile-only mode. Compile-only writes an xclbin and an
instruction stream, which only mlir-aie's vendor toolchain (aiecc) produces: it fails here with
a clear message (print the module instead: ``python -m iron_ir.compat design.py`` or
``iron compile``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any

DEFAULT_DEV_CHOICES: tuple[str, ...] = ("npu", "npu2")


def add_compile_args(parser: argparse.ArgumentParser, *, with_dev: bool = True,
                     dev_choices: tuple[str, ...] = DEFAULT_DEV_CHOICES, default_dev: str = "npu",
                     short_dev: str | None = "-d", with_elf: bool = False,
                     with_emit_mlir: bool = False) -> None:
    if with_dev:
        names = ("--dev",) if short_dev is None else (short_dev, "--dev")
        parser.add_argument(*names, type=str, choices=list(dev_choices), default=default_dev,
                            help="target device family (default: %(default)s)")
    if with_emit_mlir:
        parser.add_argument("--emit-mlir", action="store_true", help="print the resolved module")
    parser.add_argument("--xclbin-path", type=str, default=None,
                        help="compile-only mode: write the xclbin here (with --insts-path)")
    parser.add_argument("--insts-path", type=str, default=None,
                        help="compile-only mode: write the instructions here (with --xclbin-path)")
    if with_elf:
        parser.add_argument("--elf-path", type=str, default=None, help="ELF-wrapped instructions")


def add_benchmark_args(parser: argparse.ArgumentParser, *, default_warmup: int = 2,
                       default_iters: int = 5) -> None:
    parser.add_argument("-w", "--warmup", type=int, default=default_warmup, help="warm-up runs")
    parser.add_argument("-i", "--iters", type=int, default=default_iters, help="timed runs")


def add_trace_arg(parser: argparse.ArgumentParser, *, with_short: bool = True, default: int = 0) -> None:
    names = ("-t", "--trace_size") if with_short else ("--trace_size",)
    parser.add_argument(*names, type=int, default=default, help="trace buffer bytes (0: no trace)")


def add_runtime_args(parser: argparse.ArgumentParser, *, with_io_sizes: bool = False,
                     with_benchmark: bool = False) -> None:
    parser.add_argument("--xclbin", type=str, required=True, help="pre-compiled xclbin")
    parser.add_argument("--instr", type=str, default="instr.txt", help="instruction file")
    parser.add_argument("-k", "--kernel", type=str, default="MLIR_AIE", help="kernel name")
    parser.add_argument("-v", "--verbosity", type=int, default=0, help="verbosity")
    parser.add_argument("--verify", action=argparse.BooleanOptionalAction, default=True)
    add_trace_arg(parser)
    parser.add_argument("--trace-file", type=str, default="trace.txt")
    parser.add_argument("--ddr-id", type=int, default=4)
    parser.add_argument("--enable-ctrl-pkts", action="store_true")
    if with_io_sizes:
        for name in ("--in1-size", "--in2-size", "--out-size"):
            parser.add_argument(name, type=int, default=0, help="buffer bytes")
    if with_benchmark:
        add_benchmark_args(parser)


def device_from_args(args: Any, *, dev_attr: str = "dev", n_cols: int | None | str = "auto"):
    """The device ``args.<dev_attr>`` names; ``n_cols="auto"`` is one column unless ``args``
    has ``n_cols``, ``None`` the whole array."""
    from iron_ir.hostruntime.tensor import device_from_name

    if n_cols == "auto":
        cols = getattr(args, "n_cols", None) or 1
    elif isinstance(n_cols, str):
        raise ValueError(f"n_cols must be an int, None or 'auto'; got {n_cols!r}")
    else:
        cols = n_cols
    return device_from_name(getattr(args, dev_attr), n_cols=cols)


def _value(value: Any, opts: Any) -> Any:
    return value(opts) if callable(value) else value


def run_design_cli(design: Any, opts: Any, *,
                   compile_kwargs: Mapping[str, Any] | Callable[[Any], Mapping[str, Any]],
                   run_and_verify: Callable[[Any], None], device: Any = None,
                   emit_mlir: Callable[[Any], None] | None = None,
                   validate: Callable[[Any], None] | None = None) -> None:
    """``validate(opts)``; then ``--emit-mlir`` -> ``emit_mlir(opts)``, ``--xclbin-path`` ->
    compile-only, else ``run_and_verify(opts)``; the device (``device``, or ``opts.dev``) is
    made current first."""
    from iron_ir.hostruntime.tensor import device_from_name, set_current_device

    if validate is not None:
        validate(opts)
    if device is None:
        if not hasattr(opts, "dev"):
            raise ValueError("run_design_cli: device=None needs opts.dev (add_compile_args adds it)")

        def device(o):
            return device_from_name(o.dev)
    set_current_device(_value(device, opts))
    if getattr(opts, "emit_mlir", False):
        if emit_mlir is None:
            raise ValueError("run_design_cli: --emit-mlir was given but the design passed no emit_mlir")
        emit_mlir(opts)
        return
    if getattr(opts, "xclbin_path", None):
        if not getattr(opts, "insts_path", None):
            raise SystemExit("--xclbin-path requires --insts-path (must be set together)")
        design.specialize(**_value(compile_kwargs, opts)).compile(
            xclbin_path=opts.xclbin_path, inst_path=opts.insts_path,
            **({"elf_path": opts.elf_path} if getattr(opts, "elf_path", None) else {}),
        )
        return
    run_and_verify(opts)


__all__ = [
    "DEFAULT_DEV_CHOICES", "add_benchmark_args", "add_compile_args", "add_runtime_args",
    "add_trace_arg", "device_from_args", "run_design_cli",
]
