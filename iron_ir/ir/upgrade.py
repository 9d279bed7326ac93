"""Older mlir-aie spellings, normalised to the syntax of the reference commit on parsing.

* ``LEGACY_OP_NAMES``: ops that moved between dialects keep their syntax; the parser builds the
  current op when it meets the old name (``aiex.runtime_sequence`` became
  ``aie.runtime_sequence`` in Nov 2025).
* ``PARSED_OP_UPGRADES``: rewrites of one op, applied by the syntax layer as soon as the op is
  parsed (whichever parser reads it). ``aiex.npu.dma_memcpy_nd`` has held an i64 ``id`` since
  2024; older outputs wrote ``id = 0 : i32``, which becomes i64.
* :func:`upgrade_module`: rewrites that span several ops. ``link_with`` on ``aie.core`` is
  deprecated; IRON now puts it on the private ``func.func`` declarations of the
  kernels the core calls (``func.func private @k(...) attributes {link_with = "k.o"}``), so it
  moves there.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import IntegerAttr, ModuleOp, StringAttr, SymbolRefAttr, i64
from xdsl.ir import Attribute, Operation

from iron_ir.ir.diagnostics import OpError

LEGACY_OP_NAMES: dict[str, str] = {
    "aiex.runtime_sequence": "aie.runtime_sequence",
}

_LINK_WITH = "link_with"


def upgrade_module(module: ModuleOp) -> None:
    """Rewrite older spellings in place."""
    for op in list(module.walk()):
        if op.name == "aie.core":
            _move_core_link_with(op)


def _widen_memcpy_id(op: Operation) -> None:
    id_attr = op.properties.get("id")
    if isinstance(id_attr, IntegerAttr) and id_attr.type != i64:
        op.properties["id"] = IntegerAttr(id_attr.value.data, i64)


PARSED_OP_UPGRADES: dict[str, Callable[[Operation], None]] = {
    "aiex.npu.dma_memcpy_nd": _widen_memcpy_id,
}


def _pop_link_with(op: Operation) -> Attribute | None:
    if _LINK_WITH in op.properties:
        return op.properties.pop(_LINK_WITH)
    return op.attributes.pop(_LINK_WITH, None)


def _callee_declarations(core: Operation) -> list[Operation]:
    """The body-less ``func.func`` ops in the core's symbol table that the core calls."""
    table = core.parent_op()
    if table is None or not table.regions or not table.regions[0].blocks:
        return []
    functions = {
        fn.properties["sym_name"].data: fn
        for fn in table.regions[0].blocks[0].ops
        if fn.name == "func.func" and isinstance(fn.properties.get("sym_name"), StringAttr)
    }
    found: list[Operation] = []
    for op in core.walk():
        callee = op.properties.get("callee") if op.name == "func.call" else None
        if not isinstance(callee, SymbolRefAttr):
            continue
        fn = functions.get(callee.root_reference.data)
        if fn is not None and not fn.regions[0].blocks and fn not in found:
            found.append(fn)
    return found


def _move_core_link_with(core: Operation) -> None:
    link_with = core.properties.get(_LINK_WITH, core.attributes.get(_LINK_WITH))
    if link_with is None:
        return
    declarations = _callee_declarations(core)
    if not declarations:
        # Nothing to carry it: it stays on the core, where mlir-aie still accepts it.
        return
    for fn in declarations:
        existing = fn.attributes.get(_LINK_WITH)
        if existing is not None and existing != link_with:
            raise OpError(
                core,
                f"'link_with = {link_with}' on the core conflicts with "
                f"'link_with = {existing}' on the function it calls, "
                f"@{fn.properties['sym_name'].data}; keep only the one on the function",
            )
    _pop_link_with(core)
    for fn in declarations:
        fn.attributes[_LINK_WITH] = link_with
