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
