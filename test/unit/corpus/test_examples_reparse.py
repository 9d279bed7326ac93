"""Every example and corpus design compiles to AIE text that iron-opt parses, verifies and
prints back identically (examples simulate to their references in test_api_examples_run)."""

import runpy
import warnings
from pathlib import Path

import pytest

import iron_ir.compat
from iron_ir.ir.diagnostics import verify_module
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module

ROOT = Path(__file__).parents[3]
FILES = sorted((ROOT / "examples").glob("*.py")) + sorted((Path(__file__).parent / "designs").glob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_compiled_text_reparses_and_prints_back(path):
    iron_ir.compat.install()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = str(runpy.run_path(str(path), run_name="__reparse__")["PROGRAM"].resolve_program())
    module = parse_module(text, path.name)
    verify_module(module)
    assert print_module(module) == text
