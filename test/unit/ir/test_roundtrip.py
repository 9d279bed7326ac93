"""Every ``.mlir`` file of the repository round-trips through iron-opt's parser and printer:
custom → custom and custom → generic → custom give the first print back byte for byte, and the
generic form prints back unchanged too.

Files whose RUN lines use ``--split-input-file`` are taken chunk by chunk, as iron-opt does. A
chunk of a negative test (a file run under ``not iron-opt``, ``--verify-diagnostics`` or
``--parsing-diagnostics``) that does not parse or verify is skipped: it exists to be refused.
Every other chunk must parse.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from xdsl.utils.exceptions import DiagnosticException, ParseError

from iron_ir.ir.context import make_context
from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module

REPO = Path(__file__).resolve().parents[3]
_NEGATIVE = re.compile(r"\bnot\s+iron-opt\b|--verify-diagnostics|--parsing-diagnostics")


def _files() -> list[Path]:
    found = [
        p
        for root in ("test", "examples", "docs")
        for p in sorted((REPO / root).rglob("*.mlir"))
        if "Output" not in p.parts
    ]
    assert found, "no .mlir files found"
    return found


def _chunks(path: Path) -> list[tuple[str, str, bool, bool]]:
    """(id, text, negative, allow_unregistered) per chunk iron-opt would run."""
    text = path.read_text()
    runs = "\n".join(line for line in text.splitlines() if line.lstrip().startswith("// RUN:"))
    if path.parent.name == "Inputs":  # run by the lit files beside the folder: their RUN lines
        runs += "\n" + "\n".join(
            line
            for test in sorted(path.parent.parent.glob("*.mlir"))
            for line in test.read_text().splitlines()
            if line.lstrip().startswith("// RUN:") and f"Inputs/{path.name}" in line
        )
    negative = bool(_NEGATIVE.search(runs))
    unregistered = "--allow-unregistered-dialect" in runs
    parts = text.split("// -----") if "--split-input-file" in runs else [text]
    name = path.relative_to(REPO).as_posix()
    return [
        (f"{name}#{index}", part, negative, unregistered) for index, part in enumerate(parts)
    ]


CASES = [case for path in _files() for case in _chunks(path)]


@pytest.mark.parametrize(
    ("text", "negative", "unregistered"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_roundtrip(text: str, negative: bool, unregistered: bool) -> None:
    ctx = make_context(allow_unregistered=unregistered)
    try:
        module = parse_module(text, "input.mlir", ctx=ctx)
        if negative:
            module.verify()
    except (ParseError, DiagnosticException):
        if negative:
            pytest.skip("a negative test: the input is refused on purpose")
        raise
    custom = print_module(module)
    generic = print_module(module, generic=True)
    assert print_module(parse_module(custom, "custom.mlir", ctx=ctx)) == custom
    assert print_module(parse_module(generic, "generic.mlir", ctx=ctx)) == custom
    assert print_module(parse_module(generic, "generic.mlir", ctx=ctx), generic=True) == generic
