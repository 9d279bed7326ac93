"""``iron-opt``: parse, verify, run passes on and print IR in mlir-aie's exact text.

xdsl-opt's command line and steps, knowing exactly iron-ir's dialects (``iron_ir.ir.context``)
and passes (``iron_ir.passes.pipelines``), printing through :mod:`iron_ir.ir.printer`, and
turning every user error into one diagnostic (``file:line:col: error: ...``, the line, a caret)
with exit status 1.
Anything else is a bug in iron-ir: one line saying so, exit status 2, no traceback (set
``IRON_OPT_TRACEBACK=1`` to see it).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from io import BytesIO, StringIO
from itertools import accumulate
from typing import IO, TYPE_CHECKING

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    ShrinkException,
    VerifyException,
)

from iron_ir.cli.version import VersionAction
from iron_ir.collector import started
from iron_ir.ir.context import make_context
from iron_ir.ir.diagnostics import (
    Diagnostic,
    OpError,
    Severity,
    Source,
    diagnostic_handler,
    find_failing_op,
    verify_ir,
    format_at,
    op_diagnostic,
    parse_diagnostic,
    render,
    verify_message,
)
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module
from iron_ir.ir.verification import needs_verification, verifying_each

if TYPE_CHECKING:
    from xdsl.passes import ModulePass, PassPipeline

    from iron_ir.ir.diagnostic_verifier import DiagnosticVerifier

PassFactory = Callable[[], "type[ModulePass]"]


def pass_registry() -> tuple[dict[str, PassFactory], dict[str, PassFactory]]:
    """(passes, named pipelines) that iron-opt offers: ``iron_ir.passes.catalog``'s
    ``all_passes()`` and ``all_pipelines()``, each ``{name: factory}`` with ``factory()`` the
    ``ModulePass`` class (a named pipeline is a ``ModulePass`` that runs its passes). Naming
    them imports no pass."""
    from iron_ir.passes import catalog

    return catalog.all_passes(), catalog.all_pipelines()


class UserError(Exception):
    """Bad input of any kind; the message is the complete diagnostic text."""


def _pipeline_element_spans(spec: str) -> list[tuple[int, int]]:
    """(start, end) of each pass name in a pipeline text, in order."""
    from xdsl.utils.arg_spec import PipelineLexer, SpecTokenKind

    spans: list[tuple[int, int]] = []
    lexer = PipelineLexer(spec)
    depth = 0
    expect_name = True
    while (token := lexer.lex()).kind is not SpecTokenKind.EOF:
        if token.kind is SpecTokenKind.L_BRACE:
            depth += 1
        elif token.kind is SpecTokenKind.R_BRACE:
            depth -= 1
        elif depth == 0 and token.kind is SpecTokenKind.COMMA:
            expect_name = True
        elif depth == 0 and expect_name and token.kind is SpecTokenKind.IDENT:
            spans.append((token.span.start, token.span.end))
            expect_name = False
    return spans


def _pass_options(pass_class: type[ModulePass]) -> str:
    fields = dataclasses.fields(pass_class)
    if not fields:
        return "it takes no options"
    listed = ", ".join(f"{f.name.replace('_', '-')}: {f.type}" for f in fields)
    return f"its options are {listed}"


def build_pipeline(
    spec: str,
    available: dict[str, PassFactory],
    callback: Callable[[ModulePass | None, ModuleOp, ModulePass | None], None],
) -> PassPipeline:
    """The pipeline of ``-p spec``; a ``UserError`` pointing into ``spec`` if it is bad."""
    if not spec.strip():
        return _NoPasses(callback)
    from xdsl.passes import PassPipeline
    from xdsl.utils.arg_spec import parse_pipeline

    try:
        arg_specs = list(parse_pipeline(spec))
    except ArgSpecParseError as error:
        # xDSL's text: a heading, "pass-pipeline:L:C", the pipeline, the caret, the message.
        lines = str(error).splitlines()
        if len(lines) < 5:
            raise UserError(f"<pass pipeline>: error: {error}\n") from None
        where = lines[1].removeprefix("pass-pipeline")
        raise UserError(
            f"<pass pipeline>{where}: error: bad pass pipeline: {lines[4].strip()}\n"
            f"{lines[2]}\n{lines[3]}\n"
        ) from None
    spans = _pipeline_element_spans(spec)
    passes: list[ModulePass] = []
    for arg_spec, (start, end) in zip(arg_specs, spans, strict=True):

        def fail(message: str) -> UserError:
            return UserError(
                format_at("<pass pipeline>", 1, start + 1, message, spec, end - start)
            )

        factory = available.get(arg_spec.name)
        if factory is None:
            raise fail(
                f"unknown pass '{arg_spec.name}'; available passes: "
                f"{', '.join(sorted(available))} (see iron-opt --help)"
            )
        pass_class = factory()
        try:
            passes.append(pass_class.from_pass_spec(arg_spec))
        except (ValueError, TypeError) as error:
            raise fail(
                f"bad options for pass '{arg_spec.name}': {error}; "
                f"{_pass_options(pass_class)}"
            ) from None
    return PassPipeline(tuple(passes), callback)


class _NoPasses:
    """The empty pipeline (no ``-p``), as ``PassPipeline`` runs one: the callback once, with
    no pass before or after (iron-opt then verifies the input). It spares a run without
    passes importing xDSL's pass machinery."""

    passes: tuple[ModulePass, ...] = ()

    def __init__(self, callback: Callable[[ModulePass | None, ModuleOp, ModulePass | None], None]):
        self.callback = callback

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.callback(None, op, None)


class _OutputFile(StringIO):
    """``-o FILE``: the output is kept in memory and written when the run ends, only if it
    succeeded (as mlir-opt keeps its output file only on success), so a failed run leaves the
    path as it was. Opening the path for appending first checks it is writable before any
    work is done."""

    def __init__(self, path: str, succeeded: Callable[[], bool]):
        super().__init__()
        self._path = path
        self._succeeded = succeeded
        self._created = not os.path.exists(path)
        try:
            open(path, "a").close()
        except OSError as error:
            raise UserError(
                f"{path}: error: cannot write output file: {error.strerror}\n"
            ) from None

    def close(self) -> None:
        if self.closed:
            return
        text = self.getvalue()
        super().close()
        if not self._succeeded():
            if self._created:
                os.remove(self._path)
            return
        try:
            with open(self._path, "w") as out:
                out.write(text)
        except OSError as error:
            raise UserError(
                f"{self._path}: error: cannot write output file: {error.strerror}\n"
            ) from None


def _check_output_path(path: str, input_path: str | None) -> None:
    if os.path.isdir(path):
        raise UserError(f"{path}: error: cannot write output file: it is a directory\n")
    if (
        input_path not in (None, "-")
        and os.path.exists(path)
        and os.path.exists(input_path)
        and os.path.samefile(path, input_path)
    ):
        raise UserError(
            f"{path}: error: the output file is the input file; iron-opt never overwrites "
            "its input: give another -o path\n"
        )


@dataclass
class _Chunk:
    """The chunk being processed: its text (line numbers of the whole file), whether it
    failed, and its expected diagnostics under ``--verify-diagnostics``."""

    source: Source
    verifier: DiagnosticVerifier | None
    failed: bool = False


class IronOptMain:
    """iron-opt's driver: iron-ir's dialects, passes and printer; reading standard input;
    diagnostics in MLIR's layout; MLIR's ``--verify-diagnostics``.

    It takes xdsl-opt's command line (the same options, defaults and meanings) and runs the
    same steps: split the input into chunks, and parse, transform and print each. It is its own
    class rather than an ``xDSLOptMain`` because importing xDSL's driver (and the package
    metadata it reads at import) costs each iron-opt process, so every lit RUN line, tens of
    milliseconds before it reads its input.

    Diagnostic modes: by default every error goes to stderr and makes the exit status 1.
    With ``--verify-diagnostics`` on a file that states ``expected-*`` diagnostics, they are
    checked as MLIR does (:mod:`iron_ir.ir.diagnostic_verifier`); on a file that states none,
    the diagnostics are printed to stdout and the run succeeds, as in xdsl-opt (for
    FileCheck tests); ``--parsing-diagnostics`` does the same for parse errors.
    """

    status: int = 0
    """The exit status: 1 once a chunk failed."""

    ctx: Context
    args: argparse.Namespace
    pipeline: PassPipeline | _NoPasses
    available_passes: dict[str, PassFactory]
    _pipeline_names: list[str]
    _source: Source
    _check_expected: bool = False
    _chunk: _Chunk | None = None
    # What the pipeline is doing, for error messages: verifying the IR that `pass` produced
    # (None: the input), or running `pass`.
    _phase: tuple[str, ModulePass | None] | None = None

    def __init__(
        self,
        description: str,
        args: Sequence[str] | None = None,
        registry: tuple[dict[str, PassFactory], dict[str, PassFactory]] | None = None,
    ):
        self.ctx = make_context()
        passes, pipelines = pass_registry() if registry is None else registry
        self._pipeline_names = sorted(pipelines)
        self.available_passes = {**passes, **pipelines}
        arg_parser = argparse.ArgumentParser(prog="iron-opt", description=description)
        self.register_all_arguments(arg_parser)
        self.args = arg_parser.parse_args(args=args)
        if self.args.target != "mlir":
            _check_target(self.args.target, arg_parser)
        self.ctx.allow_unregistered = self.args.allow_unregistered_dialect
        if self.args.disable_verify:
            # as xdsl-opt: attribute parameters are not verified either
            Attribute.__post_init__ = _no_post_init  # type: ignore[method-assign]
        if self.args.syntax_highlight:
            from xdsl.utils.diagnostic import Diagnostic as XDSLDiagnostic

            XDSLDiagnostic.colored = True
        self.setup_pipeline()

    # ---- the command line --------------------------------------------------------------

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        add = arg_parser.add_argument
        add("input_file", type=str, nargs="?", help="path to input file")
        add(
            "-f", "--frontend", type=str, required=False, choices=["mlir"],
            help="frontend to be used for the input (the only one: mlir)",
        )
        add(
            "--disable-verify", default=False, action="store_true",
            help="verify neither the input nor the output (nor attribute parameters)",
        )
        add(
            "--allow-unregistered-dialect", default=False, action="store_true",
            help="allow the parsing of unregistered dialects",
        )
        add(
            "--no-implicit-module", default=False, action="store_true",
            help="disable implicit addition of a top-level module op during parsing",
        )
        add(
            "-t", "--target", type=str, required=False, default="mlir",
            help="target to use for output (the only one: mlir)",
        )
        add("-o", "--output-file", type=str, required=False, help="path to output file")
        add(
            "-p", "--passes", required=False, type=str, default="",
            help="comma-separated list of passes (listed below)",
        )
        flags = {
            "--print-between-passes": "print the IR between each pass",
            "--time-passes": "print timing information for each pass",
            "--verify-diagnostics": (
                "check the expected-* diagnostics the input states, as mlir-opt does; on an "
                "input that states none, print the diagnostics to stdout and exit with code 0"
            ),
            "--parsing-diagnostics": (
                "print the content of a parse error to stdout and exit with code 0"
            ),
            "--split-input-file": (
                "split the input file into pieces at `// -----` and process each chunk "
                "independently"
            ),
            "--print-op-generic": "print operations in the generic format",
            "--print-no-properties": (
                "print properties as if they were attributes, for retrocompatibility"
            ),
            "--print-debuginfo": "print operations with their locations",
            "--syntax-highlight": "print with syntax highlighting on the terminal",
            "--shrink": "return success on exit if ShrinkException was raised",
            "--verify-each": (
                "verify the IR after every pass (default: the input and the final output)"
            ),
        }
        for flag, text in flags.items():
            add(flag, default=False, action="store_true", help=text)
        add("-v", "--version", action=VersionAction,
            help="print the version and exit")
        pass_names = sorted(set(self.available_passes) - set(self._pipeline_names))
        # MLIR's tools take long options with one dash too (`-split-input-file`).
        from iron_ir.cli.pass_flags import double_dash_long_options

        long_options = {
            flag for action in arg_parser._actions for flag in action.option_strings
            if flag.startswith("--")
        }
        parse_args = arg_parser.parse_args
        arg_parser.parse_args = lambda args=None, namespace=None: parse_args(  # type: ignore[method-assign]
            None if args is None else double_dash_long_options(args, long_options), namespace
        )
        arg_parser.formatter_class = argparse.RawDescriptionHelpFormatter
        arg_parser.epilog = (
            "passes (-p 'a{opt=1 flag=true},b'):\n"
            + "".join(f"  {name}\n" for name in pass_names)
            + "named pipelines:\n"
            + ("".join(f"  {name}\n" for name in self._pipeline_names) or "  (none)\n")
        )

    def setup_pipeline(self) -> None:
        self.pipeline = build_pipeline(
            self.args.passes, self.available_passes, self._between_passes
        )

    # ---- the steps ---------------------------------------------------------------------

    def run(self) -> None:
        """Every chunk of the input: parse, run the pipeline, print (``// -----`` between
        chunks' outputs)."""
        chunks = self.prepare_input()
        output = self.prepare_output()
        try:
            for i, (chunk, offset) in enumerate(chunks):
                if i > 0:
                    output.write("// -----\n")
                try:
                    module = self.parse_chunk(chunk, "mlir", offset)
                    if module is not None:
                        # the input's dialects are loaded: the collector runs again
                        started()
                        self.apply_passes(module)
                        output.write(self.output_resulting_program(module))
                    output.flush()
                except ParseError as error:
                    error.span = dataclasses.replace(error.span, line_offset=offset)
                    if not self.args.parsing_diagnostics:
                        raise
                    print(error)
                except DiagnosticException as error:
                    if not self.args.verify_diagnostics:
                        raise
                    print(error)
                    for attached in getattr(error, "__notes__", ()):
                        print(attached)
        except ShrinkException:
            if not self.args.shrink:
                raise
            print("Success, can shrink")
            raise SystemExit(0) from None
        finally:
            if output is not sys.stdout:
                output.close()
        if self.args.shrink:
            print("Failure, can't shrink")
            raise SystemExit(1)

    def prepare_input(self) -> list[tuple[IO[bytes], int]]:
        """The input's chunks (one unless ``--split-input-file``), each with the number of
        lines before it."""
        stream = self.get_input_stream()
        if not self.args.split_input_file:
            return [(stream, 0)]
        pieces = stream.read().split(b"// -----")
        offsets = accumulate([0, *(piece.count(b"\n") for piece in pieces[:-1])])
        return [(BytesIO(piece), offset) for piece, offset in zip(pieces, offsets)]

    # ---- input and output --------------------------------------------------------------

    def get_input_name(self) -> str:
        if self.args.input_file in (None, "-"):
            return "<stdin>"
        return self.args.input_file

    def get_input_stream(self) -> IO[bytes]:
        name = self.get_input_name()
        try:
            if self.args.input_file in (None, "-"):
                data = sys.stdin.buffer.read()
            else:
                with open(self.args.input_file, "rb") as f:
                    data = f.read()
        except OSError as error:
            raise UserError(f"{name}: error: cannot read input file: {error.strerror}\n")
        try:
            self._source = Source(name, data.decode("utf-8"))
        except UnicodeDecodeError as error:
            raise UserError(
                f"{name}: error: input is not UTF-8 text (byte {error.start})\n"
            ) from None
        if self.args.verify_diagnostics:
            from iron_ir.ir.diagnostic_verifier import has_designators

            self._check_expected = has_designators(self._source.text)
        return BytesIO(data)

    def prepare_output(self) -> IO[str]:
        path = self.args.output_file
        if path in (None, "-"):
            return sys.stdout
        _check_output_path(path, self.args.input_file)
        return _OutputFile(path, lambda: self.status == 0)

    # ---- one chunk: parse, run the passes, print ---------------------------------------

    def parse_chunk(
        self, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        text = chunk.read().decode("utf-8")
        source = Source(self._source.name, text, 1 + start_offset)
        verifier = None
        if self._check_expected:
            from iron_ir.ir.diagnostic_verifier import DiagnosticVerifier

            verifier = DiagnosticVerifier(source)
        self._chunk = _Chunk(source, verifier)
        self._phase = None
        try:
            with diagnostic_handler(self._report):
                return self._parse(text, start_offset)
        except ParseError as error:
            error.span = dataclasses.replace(error.span, line_offset=start_offset)
            if self.args.parsing_diagnostics and verifier is None:
                print(error)
            else:
                diagnostic = parse_diagnostic(error)
                hint = _python_file_note(source.name)
                if hint:
                    diagnostic.notes.append(Diagnostic(Severity.NOTE, hint))
                self._report(diagnostic)
        except DiagnosticException as error:
            self._report_exception(error, None)
        self._end_chunk()
        return None

    def _parse(self, text: str | bytes, line_offset: int) -> ModuleOp:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return parse_module(
            text,
            self.get_input_name(),
            ctx=self.ctx,
            line_offset=line_offset,
            implicit_module=not self.args.no_implicit_module,
        )

    def apply_passes(self, prog: ModuleOp) -> None:
        try:
            with diagnostic_handler(self._report), verifying_each(self.args.verify_each):
                self.pipeline.apply(self.ctx, prog)
        except DiagnosticException as error:
            self._report_exception(error, prog)

    def output_resulting_program(self, prog: ModuleOp) -> str:
        chunk = self._chunk
        text = "" if chunk is not None and chunk.failed else self._print(prog)
        self._end_chunk()
        return text

    def _print(self, module: ModuleOp) -> str:
        text = print_module(
            module,
            self.args.print_op_generic,
            debuginfo=self.args.print_debuginfo,
            properties_as_attributes=self.args.print_no_properties,
        )
        # aie-opt / mlir-opt end their output with one more newline after the module.
        return text + "\n"

    def _end_chunk(self) -> None:
        chunk, self._chunk = self._chunk, None
        if chunk is None or chunk.verifier is None:
            return
        chunk.verifier.finish()
        sys.stderr.write("".join(chunk.verifier.problems))
        if chunk.verifier.failed:
            self.status = 1

    def _between_passes(
        self, previous: ModulePass | None, module: ModuleOp, following: ModulePass | None
    ) -> None:
        if self.args.time_passes and previous is not None:
            print(f"Pass {previous.name} took {time.perf_counter() - self._started} seconds")
        if needs_verification(previous, following) and not self.args.disable_verify:
            self._phase = ("verify", previous)
            verify_ir(module)
        if previous is not None and following is not None and self.args.print_between_passes:
            print(f"IR after {previous.name}:")
            print(print_module(module))
        self._phase = ("run", following)
        self._started = time.perf_counter()

    # ---- diagnostics -------------------------------------------------------------------

    def _report(self, diagnostic: Diagnostic) -> None:
        """Every diagnostic of the chunk passes here (errors, warnings, notes, remarks)."""
        chunk = self._chunk
        assert chunk is not None
        if chunk.verifier is not None:
            chunk.verifier.process(diagnostic)
            if diagnostic.severity is Severity.ERROR:
                chunk.failed = True
        elif self.args.verify_diagnostics:
            print(render(diagnostic, self._source), end="")
        else:
            _note_current_operation(diagnostic)
            sys.stderr.write(render(diagnostic, self._source))
            if diagnostic.severity is Severity.ERROR:
                chunk.failed = True
                self.status = 1

    def _report_exception(self, error: DiagnosticException, module: ModuleOp | None) -> None:
        chunk = self._chunk
        assert chunk is not None
        if chunk.verifier is None and self.args.verify_diagnostics:
            # xdsl-opt's --verify-diagnostics: the exception's own text, on stdout.
            chunk.failed = True
            print(error)
            for attached in getattr(error, "__notes__", ()):
                print(attached)
            return
        self._report(self._describe(error, module))

    def _context(self) -> str:
        kind, current = self._phase if self._phase is not None else ("parse", None)
        if current is None:
            return ""
        if kind == "run":
            return f" (pass '{current.name}')"
        passes = self.pipeline.passes
        if len(passes) > 1 and not self.args.verify_each:
            names = ", ".join(f"'{p.name}'" for p in passes)
            return (
                f" (in the IR produced by passes {names}; --verify-each verifies after "
                "each pass)"
            )
        return f" (in the IR produced by pass '{current.name}')"

    def _describe(self, error: DiagnosticException, module: ModuleOp | None) -> Diagnostic:
        context = self._context()
        if isinstance(error, OpError):
            return op_diagnostic(error.op, error.message + context, notes=error.notes)
        if isinstance(error, VerifyException) and module is not None:
            culprit = find_failing_op(module)
            if culprit is not None:
                op, op_error = culprit
                return op_diagnostic(op, verify_message(op_error) + context)
        return Diagnostic(Severity.ERROR, verify_message(error) + context)


def _check_target(target: str, arg_parser: argparse.ArgumentParser) -> None:
    """``-t``: the one target is ``mlir``; options in braces (``mlir{...}``) are accepted, as
    xdsl-opt does, and the command-line flags decide how it prints."""
    from xdsl.utils.arg_spec import parse_spec

    try:
        name = parse_spec(target).name
    except ArgSpecParseError as error:
        arg_parser.error(f"argument -t/--target: bad target '{target}': {error}")
    if name != "mlir":
        arg_parser.error(
            f"argument -t/--target: invalid choice: '{name}' (choose from mlir)"
        )


def _no_post_init(self: Attribute) -> None:
    """``Attribute.__post_init__`` under ``--disable-verify``."""


def _note_current_operation(diagnostic: Diagnostic) -> None:
    """mlir-opt's ``see current operation: <op in generic form>`` note, first under an error
    about an op (not under --verify-diagnostics, where mlir-opt leaves it out too). Not for
    the IRON dialect's own ops: an `iron.program` would repeat the whole design, and its errors
    already name the design's lines."""
    op = diagnostic.op
    if diagnostic.severity is not Severity.ERROR or op is None or op.name.startswith("iron."):
        return
    from iron_ir.ir.printer import op_text_in_scope

    try:
        text = op_text_in_scope(op)
    except Exception:  # an op a pass left half-built: the error itself still gets out
        return
    current = Diagnostic(Severity.NOTE, "see current operation: " + text, diagnostic.location)
    diagnostic.notes.insert(0, current)


def _python_file_note(name: str) -> str:
    """A hint when the input that failed to parse is a Python design given by mistake."""
    if not name.endswith(".py"):
        return ""
    return (
        f"this is a Python file, not MLIR text: `iron run {name}` runs a design, "
        f"`python {name} > design.mlir` writes the module it prints"
    )


def _internal_error(error: BaseException) -> int:
    if os.environ.get("IRON_OPT_TRACEBACK"):
        import traceback

        traceback.print_exception(error)
    message = str(error).splitlines()[0] if str(error) else ""
    sys.stderr.write(
        f"iron-opt: internal error: {type(error).__name__}: {message}\n"
        "This is a bug in iron-ir, not in your input: please report it with the input file "
        "and the command line (IRON_OPT_TRACEBACK=1 shows the Python traceback).\n"
    )
    return 2


def main(args: list[str] | None = None) -> None:
    try:
        from iron_ir.cli.pass_flags import expand_pass_flags

        registry = pass_registry()
        passes, pipelines = registry
        args = expand_pass_flags(sys.argv[1:] if args is None else args, {**passes, **pipelines})
        tool = IronOptMain(
            description="iron-ir modular optimizer for AIE/IRON IR", args=args, registry=registry
        )
        tool.run()
        status = tool.status
    except UserError as error:
        sys.stderr.write(str(error))
        status = 1
    except SystemExit as exit_request:
        # argparse: --help / --version exit 0, a bad command line exits 2 -> user error (1).
        status = 0 if exit_request.code in (0, None) else 1
    except KeyboardInterrupt:
        status = 130
    except BrokenPipeError:  # `iron-opt f.mlir | head`: the reader went away
        from iron_ir.cli.errors import stdout_closed

        status = stdout_closed()
    except MemoryError as error:  # the input asked for more than the machine has
        sys.stderr.write(f"iron-opt: error: out of memory ({error}): the input's sizes are too large\n")
        status = 1
    except Exception as error:  # noqa: BLE001 - the one place that turns bugs into a message
        status = _internal_error(error)
    sys.exit(status)


if __name__ == "__main__":
    main()
