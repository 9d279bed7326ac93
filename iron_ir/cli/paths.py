"""Every path given to ``iron run`` is checked before any work starts.

A design can take minutes to compile and simulate; a typo in ``--out`` must not cost that run,
and no output may overwrite a file the run reads. :func:`check_run_paths` checks, in one go:

* inputs (the design, ``--mlir``, ``--inputs``, ``--xclbin``, ``--insts``): the path exists,
  is a regular file, is readable and is the right kind of file (an ``.npz`` archive is a zip
  archive, an AIE-dialect file is text and not a Python design);
* outputs (``--out``, ``--trace``): the folder exists and is writable, the path is not a
  folder, ``--out`` ends in ``.npz`` (``numpy.savez`` would otherwise append it and the file
  would not be where the user looks), and no output is also an input or the other output.
"""

from __future__ import annotations

import os
from pathlib import Path

from iron_ir.cli.errors import UserError

_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")  # a zip archive, or an empty one
_NPY_MAGIC = b"\x93NUMPY"


def _readable_file(path: str) -> Path:
    p = Path(path)
    if not p.exists():
        raise UserError(f"{path}: no such file")
    if p.is_dir():
        raise UserError(f"{path}: is a folder, not a file")
    if not p.is_file():
        raise UserError(f"{path}: not a regular file")
    if not os.access(p, os.R_OK):
        raise UserError(f"{path}: not readable")
    return p


def _head(p: Path, size: int = 8) -> bytes:
    try:
        with open(p, "rb") as f:
            return f.read(size)
    except OSError as err:
        raise UserError(f"{p}: cannot read: {err.strerror}") from None


def read_text(path: str) -> str:
    """The text of a file the user gave (an AIE-dialect file): UTF-8, or one clear message."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise UserError(f"{path}: cannot read: {err.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise UserError(
            f"{path}: error: not UTF-8 text (byte {err.start} is 0x{data[err.start]:02x}); "
            f"--mlir takes an AIE-dialect text file"
        ) from None


def check_npz(path: str) -> None:
    """``path`` is a readable ``.npz`` archive (``numpy.savez``), or a message saying what it is."""
    head = _head(_readable_file(path))
    if head.startswith(_ZIP_MAGIC):
        return
    if head.startswith(_NPY_MAGIC):
        raise UserError(
            f"{path}: a .npy file (one array), but --inputs takes a .npz archive of named "
            f"arrays: numpy.savez('in.npz', arg0=a, arg1=b)"
        )
    raise UserError(
        f"{path}: not a .npz archive; --inputs takes the arrays of the runtime arguments saved "
        f"with numpy.savez('in.npz', arg0=a, arg1=b)"
    )


def _check_mlir(path: str) -> None:
    p = _readable_file(path)
    if p.suffix == ".py":
        raise UserError(
            f"{path} is a Python design: run it as `iron run {path}` (--mlir takes an "
            f"AIE-dialect text file)"
        )


def _check_output(path: str, option: str) -> Path:
    p = Path(path)
    if p.is_dir():
        raise UserError(f"{option} {path}: is a folder; give a file name inside it")
    folder = p.parent
    if not folder.is_dir():
        raise UserError(f"{option} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise UserError(f"{option} {path}: not writable")
    return p


def _same_file(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve()


def check_run_paths(args) -> None:
    """Check every path of an ``iron run`` command line (see the module docstring)."""
    inputs: list[tuple[str, Path]] = []
    if args.design:
        if args.design.endswith(".mlir"):
            raise UserError(f"{args.design} is an MLIR file: run it with --mlir {args.design}")
        inputs.append(("the design", _readable_file(args.design)))
    if args.mlir:
        _check_mlir(args.mlir)
        inputs.append(("--mlir", Path(args.mlir)))
    if args.inputs:
        check_npz(args.inputs)
        inputs.append(("--inputs", Path(args.inputs)))
    for option in ("xclbin", "insts"):
        if getattr(args, option, None):
            inputs.append((f"--{option}", _readable_file(getattr(args, option))))

    outputs: list[tuple[str, Path]] = []
    if args.out:
        if not args.out.endswith(".npz"):
            raise UserError(f"--out {args.out}: outputs are saved as a .npz archive; name it "
                            f"{args.out}.npz")
        outputs.append(("--out", _check_output(args.out, "--out")))
    if args.trace:
        outputs.append(("--trace", _check_output(args.trace, "--trace")))
    for option, out in outputs:
        for what, given in inputs:
            if _same_file(out, given):
                raise UserError(
                    f"{option} {out} is also {what}: iron run never overwrites its input; "
                    f"write the output to another file"
                )
    if len(outputs) == 2 and _same_file(outputs[0][1], outputs[1][1]):
        raise UserError(f"--out and --trace are the same file {args.out}; give each its own")
