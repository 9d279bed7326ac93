"""Loading a design: run a design file (or read a ``.mlir`` file) and capture the module it built.

A ``.py`` design either declares ``PROGRAM`` (a high-level ``Program``; resolved here) or, as
every mlir-aie design does, prints its module when run (``print(ctx.module)`` in a placed
design, ``print(program.resolve_program())`` in a high-level one). The module objects note
what they print (:mod:`iron_ir.ir.printed`), so the loader takes the module the design built —
every op located at the design line that built it — and only re-parses the printed text when
the design printed text no module object produced. Used by ``iron run`` and ``iron check``.

Every problem is a :class:`UserError` (one message, at the design's file:line when the design
is at fault).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import runpy
import sys
import traceback
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from iron_ir.cli.errors import UserError




@dataclass
class Design:
    """A loaded design: its AIE-dialect ``module`` and, for a ``.py`` file, the namespace it
    left (``PROGRAM``, ``INPUTS``, ``reference``)."""

    module: Any
    namespace: dict | None = None
    jit_runs: list[str] | None = None
    """Set when the design ran itself through ``@iron.jit`` (and exited 0): the jit designs."""
    printed: str = ""
    """What the design printed while it loaded, its modules left out (a jit design's all)."""


# --- .mlir files --------------------------------------------------------------------------------


def parse_mlir(text: str, name: str):
    """Parse and verify AIE-dialect text; errors point at ``name``'s line and column."""
    from xdsl.utils.exceptions import ParseError, VerifyException

    from iron_ir.ir.diagnostics import OpError, format_parse_error
    from iron_ir.ir.parse import parse_module

    try:
        module = parse_module(text, name)
    except ParseError as err:
        raise UserError(format_parse_error(err).rstrip()) from None
    except OpError as err:
        raise _op_error(err, name, text) from None
    except VerifyException as err:
        raise UserError(f"{name}: error: {err}") from None
    verify(module, name, text)
    return module


def load_mlir(path: str) -> Design:
    from iron_ir.cli.paths import read_text

    return Design(linted(parse_mlir(read_text(path), path)))


def linted(module):
    """Warn (stderr) about legal IR that will hang or mis-transfer, before running it."""
    from iron_ir.passes.lint import report

    report(module)
    return module


def verify(module, name: str, text: str | None) -> None:
    """Verify ``module``; a failing op is reported at its location (with the source line
    when it lies in ``name``, whose text is ``text``)."""
    from xdsl.utils.exceptions import VerifyException

    from iron_ir.ir.diagnostics import OpError, verify_module

    try:
        verify_module(module)
    except OpError as err:
        raise _op_error(err, name, text) from None
    except VerifyException as err:
        raise UserError(f"{name}: error: {err}") from None


def _op_error(err, name: str, text: str | None) -> UserError:
    from iron_ir.ir.diagnostics import Source, format_op_error

    source = Source(name, text) if text is not None else None
    return UserError(format_op_error(err.op, err.message, source).rstrip())


# --- .py designs --------------------------------------------------------------------------------


def design_error(path: str, err: BaseException) -> UserError:
    """An exception raised by the user's design file, located in that file."""
    from iron_ir.errors import IronError

    if isinstance(err, IronError):
        # Its location is the design's file:line when the design's own code misused the API;
        # compiling PROGRAM is iron's call, so there the design file is all we can name.
        in_design = _same_file(err.location.rsplit(":", 1)[0], path)
        where = err.location if in_design else path
        return UserError(f"{where}: error: {type(err).__name__}: {err.message}")
    frames = [f for f in traceback.extract_tb(err.__traceback__) if _same_file(f.filename, path)]
    where = f"{path}:{frames[-1].lineno}: " if frames else f"{path}: "
    return UserError(f"{where}{type(err).__name__}: {err}")


def _same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def run_design_file(path: str, run_name: str, argv: list[str]) -> tuple[dict, str]:
    """Run ``path`` as ``run_name`` with ``sys.argv = [path, *argv]``; its namespace and
    what it printed."""
    saved_argv, saved_path = sys.argv, list(sys.path)
    sys.argv = [path, *argv]
    # As `python design.py` does: the design's folder first on the path, so that it imports
    # the modules beside it (mlir-aie's examples share a harness.py between variants).
    sys.path.insert(0, str(Path(path).resolve().parent))
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
        raise design_error(path, err) from None
    finally:
        sys.argv = saved_argv
        sys.path[:] = saved_path
    return namespace, captured.getvalue()


def to_aie(module, path: str, *, lint: bool = True):
    """The AIE-dialect module of what a design built (an IRON-dialect module is compiled);
    an AIE module is linted unless ``lint`` is False (its pipeline linted it)."""
    module = getattr(module, "module", module)
    if any(op.name == "iron.program" for op in module.walk()) and find_spec(
        "iron_ir.passes.pipelines"
    ):
        from iron_ir.passes.pipelines import run_pipeline

        try:
            module = run_pipeline(module, "iron-to-aie")  # which ends with iron-lint
        except Exception as err:
            raise UserError(f"{path}: compiling the program failed: {err}") from None
    elif lint:
        linted(module)
    if not any(op.name == "aie.device" for op in module.walk()):
        raise UserError(
            f"{path}: the program did not compile to the AIE dialect (the iron-to-aie pipeline "
            f"is not available in this installation); run an AIE-dialect file with --mlir"
        )
    return module


def _jit_runs() -> list[str]:
    """The jit designs compiled in this process so far (a design may run itself with
    ``@iron.jit`` from its ``main()``)."""
    return importlib.import_module("iron_ir.hostruntime.jit")._RUNS


def prints_module(printed: str) -> bool:
    return "module" in printed and ("aie.device" in printed or "iron.program" in printed)


def _without_modules(printed: str, since: int) -> str:
    """What the design printed besides its modules (its own messages, shown as
    ``python design.py`` would show them)."""
    from iron_ir.ir.printed import printed_since

    for _, text in printed_since(since):
        if text.strip():
            printed = printed.replace(text.strip(), "", 1)
    return _messages(printed)


def _messages(printed: str) -> str:
    """Printed text as lines to show (nothing when it is blank)."""
    return printed.strip("\n") + "\n" if printed.strip() else ""


def _printed_module(printed: str, since: int):
    """The last module object the design printed (its text is in ``printed``)."""
    from iron_ir.ir.printed import printed_since

    for module, text in reversed(printed_since(since)):
        if text.strip() and text.strip() in printed:
            return module
    return None


def load_python(path: str, argv: list[str]) -> Design:
    """Run design ``path`` (with ``argv`` after ``--``) and capture the module it built."""
    from iron_ir.ir import printed as printed_log

    if not Path(path).is_file():
        raise UserError(f"{path}: no such file")
    if find_spec("iron_ir.compat") is not None:
        importlib.import_module("iron_ir.compat").install()
    text = Path(path).read_text(errors="replace")
    mark = printed_log.mark()
    try:
        namespace, printed = run_design_file(path, "__iron_run__", argv)
        program = namespace.get("PROGRAM")
        if program is not None:
            try:
                resolved = program.resolve_program()
            except Exception as err:
                raise design_error(path, err) from None
            # Program.resolve_program runs the whole iron-to-aie pipeline, iron-lint
            # included: its warnings are out already.
            from iron_ir.api.program import Program

            module = to_aie(resolved, path, lint=not isinstance(program, Program))
            return Design(module, namespace, printed=_messages(printed))
        if not prints_module(printed):
            printed_log.forget(mark)
            runs = _jit_runs()
            before = len(runs)
            namespace, printed = run_design_file(path, "__main__", argv)
            if len(runs) > before and not prints_module(printed):
                return Design(None, namespace, runs[before:], printed)
        if not prints_module(printed):
            raise UserError(
                f"{path} neither defines PROGRAM nor prints a module when run; declare "
                f"PROGRAM = Program(...) (see docs/iron-dialect.md) or print the resolved "
                f"program"
            )
        module = _printed_module(printed, mark)
        rest = ""
        if module is None:
            module = parse_mlir(printed[printed.find("module") :], f"{path} (printed module)")
        else:
            verify(module, path, text)
            rest = _without_modules(printed, mark)
        return Design(to_aie(module, path), namespace, printed=rest)
    finally:
        printed_log.forget(mark)
