"""iron-opt's exit statuses: 0 on success, 1 for any user error, 2 for an internal error;
never a Python traceback."""

from dataclasses import dataclass

import pytest
from xdsl.passes import ModulePass

from xdsl.utils.exceptions import PassFailedException

from iron_ir.cli import iron_opt
from iron_ir.ir.diagnostics import OpError

GOOD = "func.func @f() {\n  func.return\n}\n"


def _run(capsys, args: list[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        iron_opt.main(args)
    out, err = capsys.readouterr()
    return exit_info.value.code, out, err


@pytest.fixture
def good_file(tmp_path):
    path = tmp_path / "good.mlir"
    path.write_text(GOOD)
    return path


def test_success(capsys, good_file):
    status, out, err = _run(capsys, [str(good_file)])
    assert (status, err) == (0, "")
    assert out == "module {\n  func.func @f() {\n    return\n  }\n}\n\n"


@pytest.mark.parametrize(
    ("text", "args", "expected"),
    [
        ("func.func @f( {\n}\n", [], "bad.mlir:1:15: error:"),
        ("aie.nonsense\n", [], "bad.mlir:1:1: error: unknown operation 'aie.nonsense'"),
        ('"zz.op"() : () -> ()\n', [], "bad.mlir:1:2: error: unknown dialect 'zz'"),
        (
            "%0 = arith.constant 1 : i32\n%1 = \"arith.addi\"(%0, %0) : (i32, i32) -> i64\n",
            [],
            "bad.mlir:2:1: error: 'arith.addi' op",
        ),
        (GOOD, ["-p", "nope"], "error: unknown pass 'nope'"),
        (GOOD, ["-p", "cse{x=1}"], "error: bad options for pass 'cse'"),
        (GOOD, ["--no-such-flag"], "unrecognized arguments"),
        (GOOD, ["-o", "/nonexistent-dir/out.mlir"], "error: cannot write output file"),
    ],
)
def test_user_errors_exit_1_with_one_diagnostic(capsys, tmp_path, text, args, expected):
    path = tmp_path / "bad.mlir"
    path.write_text(text)
    status, _, err = _run(capsys, [str(path), *args])
    assert status == 1
    assert expected in err
    assert "Traceback" not in err
    assert err.count("error:") == 1


def test_missing_input_file(capsys, tmp_path):
    status, _, err = _run(capsys, [str(tmp_path / "absent.mlir")])
    assert status == 1
    assert err == f"{tmp_path / 'absent.mlir'}: error: cannot read input file: No such file or directory\n"


@dataclass(frozen=True)
class _BrokenPass(ModulePass):
    name = "broken"

    def apply(self, ctx, op) -> None:
        raise RuntimeError("oops")


def test_internal_error_exits_2_without_traceback(capsys, good_file, monkeypatch):
    monkeypatch.delenv("IRON_OPT_TRACEBACK", raising=False)
    monkeypatch.setattr(iron_opt, "pass_registry", lambda: ({"broken": lambda: _BrokenPass}, {}))
    status, _, err = _run(capsys, [str(good_file), "-p", "broken"])
    assert status == 2
    assert err.startswith("iron-opt: internal error: RuntimeError: oops\n")
    assert "Traceback" not in err


def test_verify_diagnostics_prints_to_stdout_and_succeeds(capsys, tmp_path):
    path = tmp_path / "v.mlir"
    path.write_text('%0 = "arith.constant"() <{value = 1 : i32}> : () -> i64\n')
    status, out, err = _run(capsys, [str(path), "--verify-diagnostics"])
    assert (status, err) == (0, "")
    assert "i64 expected from variable 'T', but got i32" in out


def test_help_lists_passes_and_pipelines(capsys):
    status, out, _ = _run(capsys, ["--help"])
    assert status == 0
    assert "passes (-p" in out and "  cse\n" in out and "named pipelines:" in out


@dataclass(frozen=True)
class _RejectingPass(ModulePass):
    name = "reject"

    def apply(self, ctx, op) -> None:
        call = next(o for o in op.walk() if o.name == "func.return")
        raise OpError(call, "cannot handle this return")


@dataclass(frozen=True)
class _FailingPass(ModulePass):
    name = "fail"

    def apply(self, ctx, op) -> None:
        raise PassFailedException("nothing to do here")


def test_pass_errors_name_the_pass_and_the_op(capsys, good_file, monkeypatch):
    registry = {"reject": lambda: _RejectingPass, "fail": lambda: _FailingPass}
    monkeypatch.setattr(iron_opt, "pass_registry", lambda: (registry, {}))
    status, _, err = _run(capsys, [str(good_file), "-p", "reject"])
    assert status == 1
    assert err == (
        f"{good_file}:2:3: error: 'func.return' op cannot handle this return (pass 'reject')\n"
        "  func.return\n  ^\n"
        f"{good_file}:2:3: note: see current operation: \"func.return\"() : () -> ()\n"
    )
    status, _, err = _run(capsys, [str(good_file), "-p", "fail"])
    assert status == 1
    assert err == f"{good_file}: error: nothing to do here (pass 'fail')\n"


# ---- the driver's own command line (xdsl-opt's options, without xDSLOptMain) ------------------


def test_target_is_mlir_with_or_without_options(capsys, good_file):
    for target in ("mlir", "mlir{print_generic_format=true}"):
        status, out, err = _run(capsys, [str(good_file), "-t", target])
        assert (status, err) == (0, "")
        assert out.startswith("module {")  # the flags, not the target's options, decide


@pytest.mark.parametrize(
    ("target", "expected"),
    [("llvm", "invalid choice: 'llvm' (choose from mlir)"), ("mlir{x", "bad target 'mlir{x'")],
)
def test_a_bad_target_is_a_usage_error(capsys, good_file, target, expected):
    status, _, err = _run(capsys, [str(good_file), "-t", target])
    assert status == 1
    assert "usage: iron-opt" in err and expected in err
    assert "Traceback" not in err


def test_version_names_both_versions(capsys):
    from importlib.metadata import version

    status, out, _ = _run(capsys, ["--version"])
    assert status == 0
    assert out == f"iron-opt {version('iron-ir')} (iron-ir, xDSL {version('xdsl')})\n"


def test_split_input_file_prints_each_chunk(capsys, tmp_path):
    path = tmp_path / "two.mlir"
    path.write_text(GOOD + "// -----\n" + GOOD.replace("@f", "@g"))
    status, out, err = _run(capsys, [str(path), "--split-input-file"])
    assert (status, err) == (0, "")
    first, second = out.split("// -----\n")
    assert "@f" in first and "@g" in second


def test_disable_verify_skips_verification(capsys, tmp_path, monkeypatch):
    from xdsl.ir import Attribute

    monkeypatch.setattr(Attribute, "__post_init__", Attribute.__post_init__)  # restored after
    path = tmp_path / "bad.mlir"
    path.write_text('func.func @f() {\n  "func.return"(%0) : (i32) -> ()\n  %0 = "test.op"() : () -> i32\n}\n')
    status, _, err = _run(capsys, [str(path), "--allow-unregistered-dialect"])
    assert status == 1 and "error:" in err
    status, out, err = _run(capsys, [str(path), "--allow-unregistered-dialect", "--disable-verify"])
    assert (status, err) == (0, "")
    assert "test.op" in out


def test_shrink_reports_whether_the_run_can_shrink(capsys, good_file):
    status, out, _ = _run(capsys, [str(good_file), "--shrink"])
    assert status == 1 and out.endswith("Failure, can't shrink\n")
