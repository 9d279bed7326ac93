"""MLIR's SSA naming pass (``SSANameState`` in mlir/lib/IR/AsmPrinter.cpp), done up front.

MLIR names every value and block of the printed op *before* writing any text, so the names
depend only on the IR. The rules reproduced here (those of mlir/lib/IR/AsmPrinter.cpp):

* counters ``(value, argument, conflict)`` are carried into nested regions and restored for
  sibling regions; a nested region is numbered after everything in its parent region;
* a hint that is already used in the current region or an enclosing one gets ``_N`` with one
  conflict counter shared by all names;
* entry-block arguments are ``%argN``, other block arguments and unnamed results ``%N``;
* an op's hints come from ``asm_result_names()`` on the op (our dialects) or from the table of
  upstream ops below; in the generic form no hint is used at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType
from xdsl.ir import Block, Operation, Region, SSAValue

_NAME_PUNCTUATION = frozenset("$._-")


def sanitize_name(hint: str) -> str:
    """MLIR's ``sanitizeIdentifier`` for value names: a usable name for any hint text."""
    out: list[str] = []
    if hint and (hint[0].isdigit() or not (_valid_name_char(hint[0]) or hint[0] == " ")):
        out.append("_")
    for ch in hint:
        if _valid_name_char(ch):
            out.append(ch)
        elif ch == " ":
            out.append("_")
        else:
            out.extend(f"{b:X}" for b in ch.encode("utf-8"))
    return "".join(out)


def _valid_name_char(ch: str) -> bool:
    return (ch.isascii() and ch.isalnum()) or ch in _NAME_PUNCTUATION


def _signed_value(attr: IntegerAttr, typ: IntegerType) -> int:
    """The stored bits read as a signed number, as LLVM prints an ``APInt``."""
    value = attr.value.data
    width = typ.width.data
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def _arith_constant_names(op: Operation) -> list[str | None]:
    value = op.properties.get("value", op.attributes.get("value"))
    typ = op.results[0].type
    if isinstance(value, IntegerAttr):
        if isinstance(typ, IntegerType):
            if typ.width.data == 1:
                return ["true" if value.value.data else "false"]
            return [f"c{_signed_value(value, typ)}_{typ}"]
        if isinstance(typ, IndexType):
            return [f"c{value.value.data}"]
    return ["cst"]


def _fixed(*names: str) -> Callable[[Operation], list[str | None]]:
    return lambda op: list(names)


# Upstream MLIR ops that implement getAsmResultNames (ArithOps.cpp, MemRefOps.cpp).
UPSTREAM_RESULT_NAMES: dict[str, Callable[[Operation], list[str | None]]] = {
    "arith.constant": _arith_constant_names,
    "memref.alloc": _fixed("alloc"),
    "memref.alloca": _fixed("alloca"),
    "memref.cast": _fixed("cast"),
    "memref.collapse_shape": _fixed("collapse_shape"),
    "memref.expand_shape": _fixed("expand_shape"),
    "memref.dim": _fixed("dim"),
    "memref.reinterpret_cast": _fixed("reinterpret_cast"),
    "memref.reshape": _fixed("reshape"),
    "memref.subview": _fixed("subview"),
    "memref.transpose": _fixed("transpose"),
    "memref.view": _fixed("view"),
    "memref.extract_aligned_pointer_as_index": _fixed("intptr"),
    "memref.extract_strided_metadata": _fixed("base_buffer", "offset", "sizes", "strides"),
}


def result_name_hints(op: Operation) -> list[str | None]:
    """One hint per result (``None``: numbered) from the op or the upstream table."""
    method = getattr(op, "asm_result_names", None)
    if method is not None:
        return list(method())
    table_entry = UPSTREAM_RESULT_NAMES.get(op.name)
    if table_entry is not None:
        return table_entry(op)
    return []


@dataclass
class SSANames:
    """The text of every value use, every op's result list and every block label."""

    uses: dict[SSAValue, str] = field(default_factory=dict[SSAValue, str])
    """`%name`, `%name#k` for a result inside a group of several results."""
    defs: dict[Operation, str] = field(default_factory=dict[Operation, str])
    """The result list before ` = `: `%0`, `%0:2`, `%a, %b:2`."""
    blocks: dict[Block, str] = field(default_factory=dict[Block, str])
    """Label without the caret: `bb0`."""
    block_order: dict[Block, int] = field(default_factory=dict[Block, int])


class _Namer:
    def __init__(self, generic: bool):
        self.generic = generic
        self.names = SSANames()
        self.used: set[str] = set()
        self.next_value = 0
        self.next_arg = 0
        self.next_conflict = 0
        # value -> base name (digits for numbered values); groups per op when several
        self.base: dict[SSAValue, str] = {}
        self.groups: dict[Operation, list[int]] = {}

    def unique(self, hint: str, scope: list[str]) -> str:
        name = sanitize_name(hint)
        if name in self.used:
            while True:
                candidate = f"{name}_{self.next_conflict}"
                self.next_conflict += 1
                if candidate not in self.used:
                    name = candidate
                    break
        self.used.add(name)
        scope.append(name)
        return name

    def number_region(self, region: Region, counters: tuple[int, int, int]) -> None:
        self.next_value, self.next_arg, self.next_conflict = counters
        scope: list[str] = []
        for index, block in enumerate(region.blocks):
            self.names.blocks[block] = f"bb{index}"
            self.names.block_order[block] = index
            for arg in block.args:
                if index == 0:
                    self.base[arg] = self.unique(f"arg{self.next_arg}", scope)
                    self.next_arg += 1
                else:
                    self.base[arg] = str(self.next_value)
                    self.next_value += 1
            for op in block.ops:
                self.number_op(op, scope)
        saved = (self.next_value, self.next_arg, self.next_conflict)
        for block in region.blocks:
            for op in block.ops:
                for nested in op.regions:
                    self.number_region(nested, saved)
        self.used.difference_update(scope)

    def number_op(self, op: Operation, scope: list[str]) -> None:
        results = op.results
        if not results:
            return
        group_starts = [0]
        if not self.generic:
            for index, (result, hint) in enumerate(zip(results, result_name_hints(op))):
                if not hint:
                    continue
                self.base[result] = self.unique(hint, scope)
                if index:
                    group_starts.append(index)
        if results[0] not in self.base:
            self.base[results[0]] = str(self.next_value)
            self.next_value += 1
        group_starts.sort()
        self.groups[op] = group_starts

    def finish(self) -> SSANames:
        uses = self.names.uses
        for op, starts in self.groups.items():
            results = op.results
            bounds = [*starts, len(results)]
            parts: list[str] = []
            for start, end in zip(bounds, bounds[1:]):
                leader = self.base[results[start]]
                size = end - start
                parts.append(f"%{leader}:{size}" if size > 1 else f"%{leader}")
                for k in range(start, end):
                    uses[results[k]] = f"%{leader}#{k - start}" if size > 1 else f"%{leader}"
            self.names.defs[op] = ", ".join(parts)
        for value, base in self.base.items():
            uses.setdefault(value, f"%{base}")
        return self.names


def compute_names(top: Operation, generic: bool) -> SSANames:
    """Name every value and block under ``top`` exactly as MLIR's AsmPrinter does."""
    namer = _Namer(generic)
    namer.number_op(top, [])
    saved = (namer.next_value, namer.next_arg, namer.next_conflict)
    for region in top.regions:
        namer.number_region(region, saved)
    return namer.finish()
