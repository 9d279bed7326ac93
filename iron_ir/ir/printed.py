"""The modules a Python design printed, as objects.

A design run by ``iron run`` prints its module (``print(ctx.module)``, ``print(program.
resolve_program())``). The objects that print themselves note here what they printed, so the
loader takes the module the design built, with the design's file:line on every op, instead of
re-parsing its text.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

_PRINTED: list[tuple[ModuleOp, str]] = []


def note_printed(module: ModuleOp, text: str) -> None:
    """``module`` was turned into ``text`` (by ``str()``, so usually printed)."""
    _PRINTED.append((module, text))


def printed_since(mark: int) -> list[tuple[ModuleOp, str]]:
    """What was noted after :func:`mark` returned ``mark``, oldest first."""
    return list(_PRINTED[mark:])


def mark() -> int:
    """A point to read :func:`printed_since` from."""
    return len(_PRINTED)


def forget(mark: int) -> None:
    """Drop what was noted after ``mark`` (the loader is done with it)."""
    del _PRINTED[mark:]
