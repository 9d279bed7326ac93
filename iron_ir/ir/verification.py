"""When the IR is verified while passes run.

A pipeline verifies its input and its final output; ``verify_each`` (``iron-opt --verify-each``,
as mlir-opt's flag) verifies after every pass as well, nested pipelines included, so a pass that
breaks the IR is named. Verification is the most expensive step of a compile after parsing
(docs/performance.md), hence the default.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp
    from xdsl.passes import ModulePass

_VERIFY_EACH: ContextVar[bool] = ContextVar("iron_ir_verify_each", default=False)


def verify_each() -> bool:
    """Whether pipelines should verify after every pass (not only at their end)."""
    return _VERIFY_EACH.get()


@contextmanager
def verifying_each(enabled: bool = True) -> Iterator[None]:
    """Verify after every pass inside the ``with`` block (nested pipelines too)."""
    token = _VERIFY_EACH.set(enabled)
    try:
        yield
    finally:
        _VERIFY_EACH.reset(token)


def needs_verification(previous: ModulePass | None, following: ModulePass | None) -> bool:
    """Between two passes of a pipeline (None: its start or end), is the IR verified?"""
    return previous is None or following is None or verify_each()


def verify_between_passes(
    previous: ModulePass | None, module: ModuleOp, following: ModulePass | None
) -> None:
    """A ``PassPipeline`` callback applying this policy."""
    if needs_verification(previous, following):
        from iron_ir.ir.diagnostics import verify_ir

        verify_ir(module)
