"""Running a probe in a fresh interpreter: what a test cannot see from inside its own process
(which modules a command imports, the collector's state at a process's entry point)."""

from __future__ import annotations

import subprocess
import sys


def probe(code: str) -> str:
    """Run ``code`` with this interpreter in a new process; its last line of output. The test
    fails, showing the probe's stderr, if the probe does not exit 0."""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()[-1]
