"""docs/tutorial.md stays true: its design runs and PASSes, and the doc shows the file verbatim."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
DESIGN = ROOT / "docs" / "tutorial_design.py"
TUTORIAL = ROOT / "docs" / "tutorial.md"


def test_tutorial_design_runs_and_passes():
    result = subprocess.run(
        [sys.executable, "-m", "iron_ir.cli.iron", "run", str(DESIGN)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1] == "PASS", result.stdout


def test_tutorial_shows_the_design_file_verbatim():
    block = "```python\n" + DESIGN.read_text() + "```\n"
    assert block in TUTORIAL.read_text(), "docs/tutorial.md no longer shows docs/tutorial_design.py as it is"
