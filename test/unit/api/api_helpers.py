"""Helpers for the IRON API tests: build small programs and find ops in their IRON module."""

from __future__ import annotations

import inspect

import numpy as np

from iron_ir.dialects.iron import ProgramOp

VEC = np.ndarray[(64,), np.dtype[np.int32]]
TILE = np.ndarray[(16,), np.dtype[np.int32]]


def ops_of(module, op_type):
    """All ops of ``op_type`` in an IronModule."""
    return [op for op in module.module.walk() if isinstance(op, op_type)]


def program_op(module) -> ProgramOp:
    (prog,) = ops_of(module, ProgramOp)
    return prog


def here(offset: int = 0) -> str:
    """``file:line`` of the caller's line (plus ``offset`` lines)."""
    frame = inspect.currentframe().f_back  # type: ignore[union-attr]
    return f"{frame.f_code.co_filename}:{frame.f_lineno + offset}"  # type: ignore[union-attr]
