"""Every op the parser builds from the lit suite's files (valid and invalid alike: parsing does
not verify), parsed once per test process for the tests that compare our short paths with
xDSL's on real inputs."""

import functools
from pathlib import Path

from iron_ir.ir.context import make_context
from iron_ir.ir.parse import parse_module

LIT = Path(__file__).resolve().parents[2] / "lit"


@functools.cache
def lit_ops() -> tuple:
    ctx = make_context(allow_unregistered=True)
    ops = []
    for path in sorted(LIT.rglob("*.mlir")):
        if "Output" in path.parts:
            continue
        for chunk in path.read_text().split("// -----"):
            try:
                module = parse_module(chunk, path.name, ctx=ctx)
            except Exception:  # noqa: BLE001 - text this parser refuses is not the subject
                continue
            ops.extend(module.walk())
    return tuple(ops)
