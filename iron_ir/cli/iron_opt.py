"""``iron-opt``: parse, verify, run passes on and print IR in mlir-aie's exact text.

An ``xDSLOptMain`` that knows exactly iron-ir's dialects (``iron_ir.ir.context``) and passes
(``iron_ir.passes.pipelines``), prints through :mod:`iron_ir.ir.printer`, and turns every user
error into one diagnostic (``file:line:col: error: ...``, the line, a caret) with exit status 1.
Anything else is a bug in iron-ir: one line saying so, exit status 2, no traceback (set
``IRON_OPT_TRACEBACK=1`` to see it).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline
from xdsl.targets.mlir import MLIRTarget
from xdsl.utils.arg_spec import PipelineLexer, SpecTokenKind, parse_pipeline
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    ShrinkException,
    VerifyException,
)
from xdsl.xdsl_opt_main import xDSLOptMain

from iron_ir.cli.version import VersionFormat
from iron_ir.ir.context import register_dialects
from iron_ir.ir.diagnostics import (
    OpError,
    Source,
    find_failing_op,
    format_at,
    format_op_error,
    format_parse_error,
    verify_message,
)
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module

PassFactory = Callable[[], type[ModulePass]]

def pass_registry() -> tuple[dict[str, PassFactory], dict[str, PassFactory]]:
    """(passes, named pipelines) that iron-opt offers: ``iron_ir.passes.pipelines``'
    ``all_passes()`` and ``all_pipelines()``, each ``{name: factory}`` with ``factory()`` the
    ``ModulePass`` class (a named pipeline is a ``ModulePass`` that runs its passes)."""
    from iron_ir.passes import pipelines

    return dict(pipelines.all_passes()), dict(pipelines.all_pipelines())


class UserError(Exception):
    """Bad input of any kind; the message is the complete diagnostic text."""


@dataclass(frozen=True)
class IronMLIRTarget(MLIRTarget):
    """The ``mlir`` target, printing through iron-ir's MLIR-exact printer."""

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        output.write(
            print_module(
                module,
                self.print_generic_format,
                debuginfo=self.print_debuginfo,
                properties_as_attributes=self.print_properties_as_attributes,
            )
        )
        # aie-opt / mlir-opt end their output with one more newline after the module.
        output.write("\n")


def _pipeline_element_spans(spec: str) -> list[tuple[int, int]]:
    """(start, end) of each pass name in a pipeline text, in order."""
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


def _split_chunks(text: str, split: bool) -> list[tuple[str, int]]:
    """The input's chunks with the number of lines before each (``// -----`` separated)."""
    if not split:
        return [(text, 0)]
    chunks: list[tuple[str, int]] = []
    offset = 0
    for chunk in text.split("// -----"):
        chunks.append((chunk, offset))
        offset += chunk.count("\n")
    return chunks


class IronOptMain(xDSLOptMain):
    version_format = VersionFormat("iron-opt")

    _pipeline_names: list[str]
    # What the pipeline is doing, for error messages: verifying the IR that `pass` produced
    # (None: the input), or running `pass`.
    _phase: tuple[str, ModulePass | None] | None = None

    def register_all_dialects(self) -> None:
        register_dialects(self.ctx)

    def register_all_passes(self) -> None:
        passes, pipelines = pass_registry()
        self._pipeline_names = sorted(pipelines)
        for name, factory in {**passes, **pipelines}.items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        self.available_targets["mlir"] = lambda: IronMLIRTarget

    def register_all_frontends(self) -> None:
        self.available_frontends["mlir"] = lambda io: parse_module(
            io.read().decode("utf-8"),
            self.get_input_name(),
            ctx=self.ctx,
            implicit_module=not self.args.no_implicit_module,
        )

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)
        pass_names = sorted(set(self.available_passes) - set(self._pipeline_names))
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

    def _between_passes(
        self, previous: ModulePass | None, module: ModuleOp, following: ModulePass | None
    ) -> None:
        self._phase = ("verify", previous)
        if not self.args.disable_verify:
            module.verify()
        if previous is not None and following is not None and self.args.print_between_passes:
            print(f"IR after {previous.name}:")
            print(print_module(module))
        self._phase = ("run", following)

    # ---- running -----------------------------------------------------------------------

    def _read_input(self) -> Source:
        name = self.get_input_name()
        try:
            if self.args.input_file is None:
                data = sys.stdin.buffer.read()
            else:
                with open(self.args.input_file, "rb") as f:
                    data = f.read()
        except OSError as error:
            raise UserError(f"{name}: error: cannot read input file: {error.strerror}\n")
        try:
            return Source(name, data.decode("utf-8"))
        except UnicodeDecodeError as error:
            raise UserError(
                f"{name}: error: input is not UTF-8 text (byte {error.start})\n"
            ) from None

    def run(self) -> int:
        """Process every chunk; return the exit status (0, or 1 after a user error)."""
        source = self._read_input()
        out = self._open_output()
        status = 0
        try:
            for index, (chunk, offset) in enumerate(
                _split_chunks(source.text, self.args.split_input_file)
            ):
                if index:
                    out.write("// -----\n")
                diagnostic = self._process_chunk(chunk, offset, source, out)
                if diagnostic is not None:
                    sys.stderr.write(diagnostic)
                    status = 1
                out.flush()
        except ShrinkException:
            if not self.args.shrink:
                raise
            # Shrink Ray's protocol (xdsl-opt --shrink): 0 means the input can still shrink.
            print("Success, can shrink")
            return 0
        finally:
            if out is not sys.stdout:
                out.close()
        if self.args.shrink:
            print("Failure, can't shrink")
            return 1
        return status

    def _open_output(self) -> IO[str]:
        if self.args.output_file is None:
            return sys.stdout
        try:
            return open(self.args.output_file, "w")
        except OSError as error:
            raise UserError(
                f"{self.args.output_file}: error: cannot write output file: {error.strerror}\n"
            ) from None

    def _process_chunk(
        self, chunk: str, offset: int, source: Source, out: IO[str]
    ) -> str | None:
        """Run one chunk; the diagnostic text if it failed (diagnostic modes print instead)."""
        module: ModuleOp | None = None
        self._phase = None
        try:
            module = parse_module(
                chunk,
                source.name,
                ctx=self.ctx,
                line_offset=offset,
                implicit_module=not self.args.no_implicit_module,
            )
            self.apply_passes(module)
            out.write(self.output_resulting_program(module))
        except ParseError as error:
            error.span = dataclasses.replace(error.span, line_offset=offset)
            if self.args.parsing_diagnostics:
                print(error)
                return None
            return format_parse_error(error) + _python_file_note(source.name)
        except DiagnosticException as error:
            if self.args.verify_diagnostics:
                print(error)
                for note in getattr(error, "__notes__", ()):
                    print(note)
                return None
            return self._describe(error, module, source)
        return None

    def _describe(
        self, error: DiagnosticException, module: ModuleOp | None, source: Source
    ) -> str:
        kind, current = self._phase if self._phase is not None else ("parse", None)
        if kind == "run" and current is not None:
            context = f" (pass '{current.name}')"
        elif kind == "verify" and current is not None:
            context = f" (in the IR produced by pass '{current.name}')"
        else:
            context = ""
        if isinstance(error, OpError):
            return format_op_error(error.op, error.message + context, source)
        if isinstance(error, VerifyException) and module is not None:
            culprit = find_failing_op(module)
            if culprit is not None:
                op, op_error = culprit
                return format_op_error(op, verify_message(op_error) + context, source)
        return f"{source.name}: error: {verify_message(error)}{context}\n"


def _python_file_note(name: str) -> str:
    """A hint when the input that failed to parse is a Python design given by mistake."""
    if not name.endswith(".py"):
        return ""
    return (
        f"{name}: note: this is a Python file, not MLIR text: `iron run {name}` runs a design, "
        f"`python {name} > design.mlir` writes the module it prints\n"
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

        passes, pipelines = pass_registry()
        args = expand_pass_flags(sys.argv[1:] if args is None else args, {**passes, **pipelines})
        tool = IronOptMain(description="iron-ir modular optimizer for AIE/IRON IR", args=args)
        status = tool.run()
    except UserError as error:
        sys.stderr.write(str(error))
        status = 1
    except SystemExit as exit_request:
        # argparse: --help / --version exit 0, a bad command line exits 2 -> user error (1).
        status = 0 if exit_request.code in (0, None) else 1
    except KeyboardInterrupt:
        status = 130
    except MemoryError as error:  # the input asked for more than the machine has
        sys.stderr.write(f"iron-opt: error: out of memory ({error}): the input's sizes are too large\n")
        status = 1
    except Exception as error:  # noqa: BLE001 - the one place that turns bugs into a message
        status = _internal_error(error)
    sys.exit(status)


if __name__ == "__main__":
    main()
