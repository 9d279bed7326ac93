"""The 2026 design skeleton: aie.utils.verify, aie.utils.hostruntime.argparse/cli and
aie.iron.device.from_name work under the import hook, and such a design runs unchanged."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from ml_dtypes import bfloat16

from iron_ir.compat.verify import (
    Tolerance,
    assert_pass,
    compare,
    count_mismatches,
    nearly_equal,
)

DESIGN = Path(__file__).parent / "cli_designs" / "gelu_cli.py"


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "iron_ir.compat", str(DESIGN), *args],
        capture_output=True, text=True, timeout=600, check=False,
    )


def test_cli_design_simulates_and_passes():
    done = run("-d", "npu", "--lines", "2")
    assert done.returncode == 0, done.stderr
    assert "PASS!" in done.stdout and "0 outside tolerance" in done.stdout


def test_compile_only_mode_names_the_missing_toolchain():
    done = run("--xclbin-path", "a.xclbin", "--insts-path", "a.bin")
    assert done.returncode == 1
    assert "gelu_cli.py:" in done.stderr and "needs mlir-aie's vendor toolchain (aiecc)" in done.stderr
    assert "Traceback" not in done.stderr


def test_nearly_equal_is_the_testbench_rule():
    a = np.array([1.0, 1.0, 0.0, np.nan], np.float32)
    b = np.array([1.1, 2.0, 0.0, np.nan], np.float32)
    # |1 - 1.1| = 0.1 < 0.128 * 2.1; |1 - 2| = 1 >= 0.128 * 3; equal zeros pass; NaN never does.
    assert nearly_equal(a, b).tolist() == [True, False, True, False]
    assert count_mismatches(a, b) == (1, 3)  # stops at the NaN
    with pytest.raises(SystemExit, match="FAIL! off"):
        assert_pass(np.array([1, 2]), np.array([1, 3]), fail_msg="off")


def test_tolerance_kinds():
    ref = np.array([1.0, 2.0, 4.0], np.float32)
    one_ulp = np.array([1.0078125, 2.0, 4.0], dtype=bfloat16)
    assert compare(one_ulp, ref, Tolerance.bf16_ulps(1))
    assert not compare(one_ulp, ref, Tolerance.exact())
    assert compare(np.array([3, 5], np.int32), np.array([4, 5]), Tolerance.lsb(1))
    verdict = compare(np.array([3, 7], np.int32), np.array([4, 5]), Tolerance.lsb(1))
    assert not verdict and verdict.first_bad_index == 1 and verdict.n_mismatch == 1
    assert Tolerance.default_for(bfloat16).rtol == 0.128


def test_iron_run_says_which_options_a_jit_design_does_not_use(tmp_path, capsys, monkeypatch):
    import importlib

    from iron_ir.cli.iron import main

    # The design's -d sets the current device: put it back after the test.
    devices = importlib.import_module("iron_ir.hostruntime.tensor")
    monkeypatch.setattr(devices, "_CURRENT_DEVICE", devices._CURRENT_DEVICE)
    out = tmp_path / "out.npz"
    code = main(["run", str(DESIGN), "--out", str(out), "--exact-schedule", "--", "-d", "npu", "--lines", "2"])
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert "ran @iron.jit design(s) gelu_lines" in printed.out
    assert "warning: --out, --exact-schedule had no effect: an @iron.jit design runs its own" in printed.err
    assert not out.exists()
