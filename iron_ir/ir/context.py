"""The one list of dialects iron-ir knows, and the xDSL context built from it.

Dialects are registered lazily: a dialect's module is imported the first time the parser meets
one of its ops, types or attributes, which keeps `iron-opt` start-up short.
"""

from __future__ import annotations

import importlib

from xdsl.context import Context
from xdsl.ir import Dialect

from iron_ir.ir.fast_verify import install as install_fast_verifiers

# (dialect name, module, attribute holding the Dialect object).
DIALECTS: tuple[tuple[str, str, str], ...] = (
    ("builtin", "xdsl.dialects.builtin", "Builtin"),
    ("func", "iron_ir.dialects.func", "Func"),
    ("arith", "xdsl.dialects.arith", "Arith"),
    ("scf", "xdsl.dialects.scf", "Scf"),
    ("cf", "xdsl.dialects.cf", "Cf"),
    ("memref", "iron_ir.dialects.memref", "MemRef"),
    ("math", "xdsl.dialects.math", "Math"),
    ("vector", "iron_ir.dialects.vector", "Vector"),
    ("tensor", "xdsl.dialects.tensor", "Tensor"),
    ("linalg", "xdsl.dialects.linalg", "Linalg"),
    ("affine", "xdsl.dialects.affine", "Affine"),
    ("index", "iron_ir.dialects.index", "Index"),
    ("ub", "xdsl.dialects.ub", "UB"),
    ("aievec", "iron_ir.dialects.aievec", "AIEVec"),
    ("aievec_aie1", "iron_ir.dialects.aievec_aie1", "AIEVecAIE1"),
    ("aie", "iron_ir.dialects.aie", "AIE"),
    ("aiex", "iron_ir.dialects.aiex", "AIEX"),
    ("iron", "iron_ir.dialects.iron", "IRON"),
)


def _loader(module: str, attr: str):
    def load() -> Dialect:
        dialect = getattr(importlib.import_module(module), attr)
        install_fast_verifiers(dialect.operations)
        return dialect

    return load


def register_dialects(ctx: Context) -> None:
    """Register every dialect of :data:`DIALECTS` in ``ctx``; each is loaded on first use."""
    for name, module, attr in DIALECTS:
        ctx.register_dialect(name, _loader(module, attr))


def make_context(allow_unregistered: bool = False) -> Context:
    """A context with every available dialect registered."""
    ctx = Context(allow_unregistered=allow_unregistered)
    register_dialects(ctx)
    return ctx
