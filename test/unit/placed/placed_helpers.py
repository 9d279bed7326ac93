"""Helpers for the placed-API tests: build a module in-process, run design files."""

from __future__ import annotations

import inspect
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

from iron_ir.placed import mlir_mod_ctx
from iron_ir.placed.aie import AIEDevice, device

DESIGNS = Path(__file__).parent / "designs"


def build(body: Callable[[], None], dev=AIEDevice.npu1_1col) -> str:
    """The text of a module holding one device whose body is ``body``."""
    with mlir_mod_ctx() as ctx:
        device(dev)(body)
    return str(ctx.module)


def module_of(body: Callable[[], None], dev=AIEDevice.npu1_1col):
    with mlir_mod_ctx() as ctx:
        device(dev)(body)
    return ctx.module


def device_lines(text: str) -> list[str]:
    """The lines inside ``aie.device``, dedented by its body's indentation."""
    lines = text.splitlines()[2:-2]
    return [line[4:] for line in lines]


def here(offset: int = 0) -> str:
    """``file:line`` of the caller's line (plus ``offset`` lines)."""
    frame = inspect.currentframe().f_back  # type: ignore[union-attr]
    return f"{frame.f_code.co_filename}:{frame.f_lineno + offset}"  # type: ignore[union-attr]


def run_design(path: Path | str, *args: str) -> subprocess.CompletedProcess:
    """``python -m iron_ir.compat design.py args``: the design as mlir-aie users run it."""
    return subprocess.run(
        [sys.executable, "-m", "iron_ir.compat", str(path), *args],
        capture_output=True,
        text=True,
    )


def write(tmp_path: Path, source: str, name: str = "design.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    return path
