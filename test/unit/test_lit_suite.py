"""Runs the whole lit + FileCheck suite (test/lit) once, so one `pytest` runs every test.

lit runs the files in parallel; this test fails listing every lit test that failed.
"""

import re
import subprocess
import sys
from pathlib import Path

LIT_SUITE = Path(__file__).resolve().parents[1] / "lit"


def test_lit_suite():
    result = subprocess.run(
        [sys.executable, "-c", "from lit.main import main; main()", "-sv", str(LIT_SUITE)],
        capture_output=True,
        text=True,
    )
    # lit's closing summary lists each failed, unresolved or timed-out test on its own line.
    failed = re.findall(r"^  iron-ir :: (.+)$", result.stdout, re.MULTILINE)
    assert "Total Discovered Tests" in result.stdout + result.stderr, result.stderr
    assert result.returncode == 0 and not failed, (
        f"{len(failed)} lit test(s) failed: {', '.join(failed) or '(see output)'}\n\n"
        + result.stdout[-20000:]
        + result.stderr[-5000:]
    )
