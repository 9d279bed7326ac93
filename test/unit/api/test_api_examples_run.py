"""Every example compiles (iron-to-aie) and runs on the simulator, matching its numpy reference."""

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parents[3] / "examples").glob("*.py"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_runs_and_matches_its_reference(path):
    result = subprocess.run(
        [sys.executable, "-m", "iron_ir.cli.iron", "run", str(path)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1] == "PASS", result.stdout
