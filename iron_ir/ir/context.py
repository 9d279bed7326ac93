"""The one list of dialects iron-ir knows, and the xDSL context built from it.

Dialects are registered lazily: a dialect's module is imported the first time the parser meets
one of its ops, types or attributes, which keeps `iron-opt` start-up short.
"""

from __future__ import annotations

import importlib
from importlib.util import find_spec

from xdsl.context import Context
from xdsl.ir import Dialect

# (dialect name, module, attribute holding the Dialect object). Upstream dialects first; the
# iron-ir dialects are listed the same way and are skipped while their module does not exist
# yet (they are being written alongside this file).
DIALECTS: tuple[tuple[str, str, str], ...] = (
    ("builtin", "xdsl.dialects.builtin", "Builtin"),
    ("func", "xdsl.dialects.func", "Func"),
    ("arith", "xdsl.dialects.arith", "Arith"),
    ("scf", "xdsl.dialects.scf", "Scf"),
    ("cf", "xdsl.dialects.cf", "Cf"),
    ("memref", "xdsl.dialects.memref", "MemRef"),
    ("math", "xdsl.dialects.math", "Math"),
    ("vector", "xdsl.dialects.vector", "Vector"),
    ("aie", "iron_ir.dialects.aie", "AIE"),
    ("aiex", "iron_ir.dialects.aiex", "AIEX"),
    ("iron", "iron_ir.dialects.iron", "IRON"),
)


def _module_exists(module: str) -> bool:
    try:
        spec = find_spec(module)
    except ModuleNotFoundError:
        return False
    # A directory without __init__.py is a namespace package: a dialect still being written.
    return spec is not None and spec.origin not in (None, "namespace")


def available_dialects() -> tuple[tuple[str, str, str], ...]:
    """The entries of :data:`DIALECTS` whose module can be imported."""
    return tuple(entry for entry in DIALECTS if _module_exists(entry[1]))


def _loader(module: str, attr: str):
    def load() -> Dialect:
        return getattr(importlib.import_module(module), attr)

    return load


def register_dialects(ctx: Context) -> None:
    """Register every available dialect in ``ctx``; each is loaded on first use."""
    for name, module, attr in available_dialects():
        ctx.register_dialect(name, _loader(module, attr))


def make_context(allow_unregistered: bool = False) -> Context:
    """A context with every available dialect registered."""
    ctx = Context(allow_unregistered=allow_unregistered)
    register_dialects(ctx)
    return ctx
