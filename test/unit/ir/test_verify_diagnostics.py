"""iron-opt --verify-diagnostics with MLIR's designators, on diagnostics of every severity:
errors with attached notes, warnings and remarks emitted by passes, diagnostics without a
location; and the default reporting of warnings (stderr, exit status 0)."""

from dataclasses import dataclass

import pytest
from xdsl.passes import ModulePass

from iron_ir.cli import iron_opt
from iron_ir.ir.diagnostic_verifier import DiagnosticVerifier
from iron_ir.ir.diagnostics import (
    Diagnostic,
    Location,
    OpError,
    Severity,
    Source,
    emit_remark,
    emit_warning,
    note,
)


def _ops(module, name):
    return [o for o in module.walk() if o.name == name]


@dataclass(frozen=True)
class _WarnPass(ModulePass):
    """Warns at every arith.constant, with a note at the function; remarks at the module."""

    name = "warn"

    def apply(self, ctx, op) -> None:
        func = _ops(op, "func.func")[0]
        for constant in _ops(op, "arith.constant"):
            emit_warning(constant, "constant is never used", [note(func, "in this function")])
        emit_remark(op, "looked at everything")


@dataclass(frozen=True)
class _ErrorWithNotePass(ModulePass):
    name = "reject"

    def apply(self, ctx, op) -> None:
        ret = _ops(op, "func.return")[0]
        raise OpError(ret, "cannot handle this return", [note(_ops(op, "func.func")[0], "here")])


@pytest.fixture(autouse=True)
def _passes(monkeypatch):
    registry = {"warn": lambda: _WarnPass, "reject": lambda: _ErrorWithNotePass}
    monkeypatch.setattr(iron_opt, "pass_registry", lambda: (registry, {}))


def _run(capsys, args):
    with pytest.raises(SystemExit) as exit_info:
        iron_opt.main(args)
    out, err = capsys.readouterr()
    return exit_info.value.code, out, err


BODY = """\
// expected-note @below {{in this function}}
func.func @f() {
  %c = arith.constant 1 : i32 // expected-warning {{'arith.constant' op constant is never used}}
  func.return
}
"""


def test_warnings_notes_and_remarks_are_verified(capsys, tmp_path):
    path = tmp_path / "w.mlir"
    # The remark is at the implicit module, which has no location of its own.
    path.write_text("// expected-remark @unknown {{looked at everything}}\n" + BODY)
    status, out, err = _run(capsys, [str(path), "-p", "warn", "--verify-diagnostics"])
    assert (status, err) == (0, "")
    assert "arith.constant 1 : i32" in out  # warnings do not stop the output


def test_unexpected_note_and_remark_fail(capsys, tmp_path):
    path = tmp_path / "w.mlir"
    path.write_text(BODY.replace("// expected-note @below {{in this function}}", "// none"))
    status, _, err = _run(capsys, [str(path), "-p", "warn", "--verify-diagnostics"])
    assert status == 1
    assert f"{path}:2:1: error: unexpected note: in this function\n" in err
    assert f"{path}: error: unexpected remark: 'builtin.module' op looked at everything\n" in err


def test_error_with_note(capsys, tmp_path):
    path = tmp_path / "e.mlir"
    path.write_text(
        "func.func @f() { // expected-note {{here}}\n"
        "  func.return // expected-error {{cannot handle this return (pass 'reject')}}\n"
        "}\n"
    )
    status, out, err = _run(capsys, [str(path), "-p", "reject", "--verify-diagnostics"])
    assert (status, out, err) == (0, "", "")


def test_warnings_go_to_stderr_and_succeed_by_default(capsys, tmp_path):
    path = tmp_path / "w.mlir"
    path.write_text(BODY)
    status, out, err = _run(capsys, [str(path), "-p", "warn"])
    assert status == 0
    assert err.startswith(
        f"{path}:3:3: warning: 'arith.constant' op constant is never used\n"
        "  %c = arith.constant 1 : i32 // expected-warning"
    )
    assert f"{path}:2:1: note: in this function\nfunc.func @f() {{\n^\n" in err
    assert "module {" in out


def test_error_notes_are_printed_after_the_error(capsys, tmp_path):
    path = tmp_path / "e.mlir"
    path.write_text("func.func @f() {\n  func.return\n}\n")
    status, _, err = _run(capsys, [str(path), "-p", "reject"])
    assert status == 1
    assert err == (
        f"{path}:2:3: error: 'func.return' op cannot handle this return (pass 'reject')\n"
        "  func.return\n  ^\n"
        f"{path}:2:3: note: see current operation: \"func.return\"() : () -> ()\n"
        f"{path}:1:1: note: here\nfunc.func @f() {{\n^\n"
    )


def test_verifier_unit_semantics():
    source = Source(
        "t.mlir",
        "a\n// expected-error @above {{one}}\n// expected-error @below {{two}}\n"
        "// expected-warning @unknown {{three}}\nb\n// expected-error @-5 {{four}}\n",
        first_line=10,
    )
    verifier = DiagnosticVerifier(source)
    verifier.process(Diagnostic(Severity.ERROR, "number one", Location("t.mlir", 10, 1)))
    verifier.process(Diagnostic(Severity.ERROR, "number two", Location("t.mlir", 14, 1)))
    verifier.process(Diagnostic(Severity.WARNING, "three!"))
    verifier.process(Diagnostic(Severity.ERROR, "four", Location("t.mlir", 10, 2)))
    verifier.finish()
    assert not verifier.failed, verifier.problems
    # The same diagnostic in another file, or on another line, is unexpected.
    verifier = DiagnosticVerifier(Source("t.mlir", "x // expected-error {{one}}\n"))
    verifier.process(Diagnostic(Severity.ERROR, "one", Location("other.mlir", 1, 1)))
    verifier.finish()
    assert [p.split("\n")[0] for p in verifier.problems] == [
        "other.mlir:1:1: error: unexpected error: one",
        't.mlir:1:6: error: expected error "one" was not produced',
    ]


@dataclass(frozen=True)
class _BreakPass(ModulePass):
    """Makes the function return an i64 constant from a function declared to return i32."""

    name = "break"

    def apply(self, ctx, op) -> None:
        from xdsl.dialects.arith import ConstantOp
        from xdsl.dialects.builtin import IntegerAttr, i64

        ret = _ops(op, "func.return")[0]
        wrong = ConstantOp(IntegerAttr(1, i64))
        ret.parent_block().insert_op_before(wrong, ret)
        ret.operands = [wrong.result]


@dataclass(frozen=True)
class _NoopPass(ModulePass):
    name = "noop"

    def apply(self, ctx, op) -> None:
        pass


RETURNS = "func.func @f(%x: i32) -> i32 {\n  func.return %x : i32\n}\n"


@pytest.mark.parametrize(
    ("flags", "verifications", "context"),
    [
        ([], 2, "(in the IR produced by passes 'break', 'noop'; --verify-each verifies after "
         "each pass)"),
        (["--verify-each"], 2, "(in the IR produced by pass 'break')"),
    ],
)
def test_verify_once_at_the_end_or_after_each_pass(
    capsys, tmp_path, monkeypatch, flags, verifications, context
):
    from xdsl.dialects.builtin import ModuleOp

    registry = {"break": lambda: _BreakPass, "noop": lambda: _NoopPass}
    monkeypatch.setattr(iron_opt, "pass_registry", lambda: (registry, {}))
    calls = []
    verify = ModuleOp.verify
    monkeypatch.setattr(ModuleOp, "verify", lambda self, *a: (calls.append(1), verify(self, *a)))
    path = tmp_path / "r.mlir"
    path.write_text(RETURNS)
    status, _, err = _run(capsys, [str(path), "-p", "break,noop", *flags])
    assert status == 1
    assert f"{path}:2:3: error: 'func.return' op " in err and context in err
    assert len(calls) == verifications  # the input, then the first failing check

    calls.clear()
    status, _, _ = _run(capsys, [str(path), "-p", "noop,noop,noop", *flags])
    assert status == 0
    assert len(calls) == (4 if flags else 2)
