from pathlib import Path

import pytest

from iron_ir.ir.diagnostics import verify_module
from iron_ir.ir.parse import parse_module

INPUTS = Path(__file__).parent / "inputs"


def parse_design(text: str, name: str = "design.mlir"):
    module = parse_module(text, name)
    verify_module(module)
    return module


@pytest.fixture
def load():
    """Parse and verify ``test/unit/sim/inputs/<name>``."""

    def _load(name: str):
        path = INPUTS / name
        return parse_design(path.read_text(), str(path))

    return _load
