"""Every example and corpus design compiles to AIE text that iron-opt parses, verifies and
prints back identically (examples simulate to their references in test_api_examples_run)."""

import warnings
from pathlib import Path

import pytest

from iron_ir.cli.load import load_python
from iron_ir.ir.diagnostics import verify_module
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module

ROOT = Path(__file__).parents[3]
FILES = sorted((ROOT / "examples").glob("*.py")) + sorted((Path(__file__).parent / "designs").glob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_compiled_text_reparses_and_prints_back(path):
    # High-level designs declare PROGRAM, placed ones print the module they build: the loader
    # `iron run` uses takes either.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = print_module(load_python(str(path), []).module)
    module = parse_module(text, path.name)
    verify_module(module)
    assert print_module(module) == text
