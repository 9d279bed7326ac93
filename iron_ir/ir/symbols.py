"""Symbol look-up through a table built once per symbol-table op, not a scan per look-up.

xDSL's ``SymbolTable.lookup_symbol`` scans the enclosing table's ops (asking each for its
symbol trait) on every call, so verifying N ``func.call`` ops in a module of M ops costs N x M.
MLIR keeps a ``SymbolTableCollection`` for the verification instead; here each table op gets
a ``{name: op}`` dict, built on first use and rebuilt only when an entry turns out stale (the op
was moved, erased or renamed) or a name is missing, so a look-up is a dict access while the IR
does not change, and the answer is always that of a fresh scan.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from xdsl.dialects.builtin import StringAttr, SymbolRefAttr
from xdsl.ir import Block, Operation
from xdsl.traits import SymbolTable

_TABLES: WeakKeyDictionary[Operation, dict[str, Operation]] = WeakKeyDictionary()


def _symbol_name(op: Operation) -> str | None:
    # The `sym_name` property or attribute, as every symbol op of ours and xDSL's spells it
    # (asking each op for its SymbolOpInterface trait is what made scans slow).
    name = op.properties.get("sym_name") or op.attributes.get("sym_name")
    return name.data if isinstance(name, StringAttr) else None


def _build(block: Block) -> dict[str, Operation]:
    table: dict[str, Operation] = {}
    for op in block.ops:
        name = _symbol_name(op)
        if name is not None:
            table.setdefault(name, op)  # the first definition wins, as in a scan
    return table


def enclosing_symbol_table(op: Operation) -> Operation | None:
    """The nearest op (``op`` itself included) with the ``SymbolTable`` trait."""
    anchor: Operation | None = op
    while anchor is not None and not anchor.has_trait(SymbolTable):
        anchor = anchor.parent_op()
    return anchor


def lookup_symbol(op: Operation, name: str | StringAttr | SymbolRefAttr) -> Operation | None:
    """The op that ``name`` refers to from ``op``, as ``SymbolTable.lookup_symbol`` finds it."""
    if isinstance(name, SymbolRefAttr) and name.nested_references.data:
        return SymbolTable.lookup_symbol(op, name)
    key = name.root_reference.data if isinstance(name, SymbolRefAttr) else (
        name.data if isinstance(name, StringAttr) else name
    )
    anchor = enclosing_symbol_table(op)
    if anchor is None:
        raise ValueError(f"Operation {op.name} has no SymbolTable ancestor")
    return lookup_in(anchor, key)


def lookup_in(table_op: Operation, name: str) -> Operation | None:
    """The first op directly in ``table_op``'s (single) block whose ``sym_name`` is ``name``."""
    block = table_op.regions[0].block
    table = _TABLES.get(table_op)
    if table is not None:
        found = table.get(name)
        if found is not None and found.parent is block and _symbol_name(found) == name:
            return found
    table = _build(block)
    _TABLES[table_op] = table
    return table.get(name)
