"""Dialects whose ops live in several modules ("families"), each imported on first use.

The AIE and AIEX dialects define a hundred-odd ops in modules by family (devices and tiles,
DMAs, objectfifos, routing, trace; NPU instructions, DMA tasks, CERT, ...). Defining an IRDL op
costs start-up time, and a design or a test uses a few families. A :class:`FamilyTable` says,
without importing anything, which module holds each public name and each op of a dialect:

- the dialect's package hands its names on through it (``__getattr__``, PEP 562), so
  ``from iron_ir.dialects.aie import TileOp`` imports the ``device`` family alone;
- the context (:class:`iron_ir.ir.context.IronContext`) loads a family's ops when the parser
  first meets one of them, and the dialect's attributes and types when it meets the first;
- ``AIE`` / ``AIEX``, the ``Dialect`` objects listing every op, import every family.

A test checks each table against the modules it names (every name and op found where the table
says, every op of the dialect in one family).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import ModuleType

from xdsl.ir import Attribute, Dialect, Operation


@dataclass(frozen=True)
class Family:
    """One module of a dialect: the public names it gives the package, the ops it defines."""

    module: str
    names: tuple[str, ...]
    ops: tuple[str, ...] = ()


class FamilyTable:
    """The families of one dialect, and where its attributes are (``module:name`` of a tuple
    of attribute classes, loaded when the parser meets the first of them)."""

    def __init__(self, dialect: str, families: Iterable[Family], attributes: str):
        self.dialect = dialect
        self.families = tuple(families)
        self.attributes_path = attributes
        self._module_of_name = {n: f.module for f in self.families for n in f.names}
        self._family_of_op = {op: f for f in self.families for op in f.ops}
        self._whole: Dialect | None = None

    # ---- for the package --------------------------------------------------------------

    def module_of(self, name: str) -> str | None:
        return self._module_of_name.get(name)

    def names(self) -> list[str]:
        return list(self._module_of_name)

    def resolve(self, package: dict, name: str):
        """The package's ``__getattr__``: the value of ``name``, from its family's module
        (kept in the package's namespace, so the next look-up is direct)."""
        module = self.module_of(name)
        if module is None:
            raise AttributeError(f"module {package['__name__']!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        package[name] = value
        return value

    def dialect_object(self) -> Dialect:
        """The whole dialect (every family imported)."""
        if self._whole is None:
            ops = [op for family in self.families for op in self.op_classes(family)]
            self._whole = Dialect(self.dialect, ops, list(self.attribute_classes()))
        return self._whole

    # ---- for the context --------------------------------------------------------------

    def family_of_op(self, op_name: str) -> Family | None:
        return self._family_of_op.get(op_name)

    def op_classes(self, family: Family) -> list[type[Operation]]:
        """The op classes ``family``'s module defines, in the table's order."""
        by_name = {op.name: op for op in defined_ops(vars(_load(family.module)))}
        return [by_name[name] for name in family.ops]

    def attribute_classes(self) -> tuple[type[Attribute], ...]:
        module, name = self.attributes_path.split(":")
        return getattr(_load(module), name)


def _load(module: str) -> ModuleType:
    return importlib.import_module(module)


def defined_ops(namespace: Mapping[str, object]) -> list[type[Operation]]:
    """The op classes defined in the module whose namespace is ``namespace`` (not imported
    into it), in definition order."""
    from xdsl.irdl import IRDLOperation

    module = namespace["__name__"]
    return [
        value
        for value in namespace.values()
        if isinstance(value, type)
        and issubclass(value, IRDLOperation)
        and value.__module__ == module
        and getattr(value, "name", "")
    ]
