"""The one list of dialects iron-ir knows, and the xDSL context built from it.

Dialects are registered lazily: a dialect's module is imported the first time the parser meets
one of its ops, types or attributes, which keeps `iron-opt` start-up short. The AIE and AIEX
dialects go further: :class:`IronContext` loads them a family of ops at a time
(:mod:`iron_ir.dialects.families`).
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.ir import Attribute, Dialect, Operation, TypeAttribute

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


# Dialects whose package has a FamilyTable (``FAMILIES``): loaded a family at a time.
FAMILY_DIALECTS: dict[str, str] = {"aie": "iron_ir.dialects.aie", "aiex": "iron_ir.dialects.aiex"}


@dataclass
class IronContext(Context):
    """xDSL's context, loading the dialects of :data:`FAMILY_DIALECTS` one family of ops at a
    time: the parser meeting ``aie.tile`` loads the ``device`` family, not every ``aie`` op, and
    a dialect's attributes and types load when the parser meets the first of them. Anything the
    families do not answer (an unknown op name, a whole-dialect request) loads the whole
    dialect, as xDSL's context does, keeping what the families loaded."""

    _loaded_families: set[str] = field(default_factory=set)
    _attributes_loaded: set[str] = field(default_factory=set)

    def clone(self) -> IronContext:
        """A copy that goes on loading by family (xDSL's ``Context.clone`` would make a plain
        context, which cannot load a dialect some of whose ops are already loaded)."""
        return dataclasses.replace(
            self,
            _loaded_dialects=self._loaded_dialects.copy(),
            _loaded_ops=self._loaded_ops.copy(),
            _loaded_attrs=self._loaded_attrs.copy(),
            _loaded_types=self._loaded_types.copy(),
            _registered_dialects=self._registered_dialects.copy(),
            _loaded_families=set(self._loaded_families),
            _attributes_loaded=set(self._attributes_loaded),
        )

    def _get_known_op(self, name: str) -> type[Operation] | None:
        op = self._loaded_ops.get(name)
        if op is not None:
            return op
        table = self._family_table(name)
        if table is not None:
            family = table.family_of_op(name)
            if family is not None:
                self._load_family(table, family)
                return self._loaded_ops[name]
        return super()._get_known_op(name)

    def get_optional_attr(self, name: str) -> type[Attribute] | None:
        if name not in self._loaded_attrs and (table := self._family_table(name)) is not None:
            self._load_attributes(table)
        return super().get_optional_attr(name)

    def get_optional_type(self, name: str) -> type[TypeAttribute] | None:
        if name not in self._loaded_types and (table := self._family_table(name)) is not None:
            self._load_attributes(table)
        return super().get_optional_type(name)

    def load_registered_dialect(self, name: str) -> None:
        if name not in FAMILY_DIALECTS or name not in self._registered_dialects:
            return super().load_registered_dialect(name)
        dialect = self._registered_dialects[name]()
        self._loaded_dialects[dialect.name] = dialect
        for op in dialect.operations:
            if op.name not in self._loaded_ops:
                self.load_op(op)
        self._load_attributes(self._table(name))

    def _family_table(self, name: str):
        """The family table of the dialect of ``name``, if it is one and not loaded whole."""
        dialect = name.split(".", 1)[0]
        if (
            dialect not in FAMILY_DIALECTS
            or dialect not in self._registered_dialects
            or dialect in self._loaded_dialects
        ):
            return None
        return self._table(dialect)

    @staticmethod
    def _table(dialect: str):
        return importlib.import_module(FAMILY_DIALECTS[dialect]).FAMILIES

    def _load_family(self, table, family) -> None:
        if family.module in self._loaded_families:
            return
        self._loaded_families.add(family.module)
        for op in table.op_classes(family):
            if op.name not in self._loaded_ops:
                self.load_op(op)

    def _load_attributes(self, table) -> None:
        if table.dialect in self._attributes_loaded:
            return
        self._attributes_loaded.add(table.dialect)
        for attr in table.attribute_classes():
            loaded = self._loaded_types if issubclass(attr, TypeAttribute) else self._loaded_attrs
            if attr.name not in loaded:
                self.load_attr_or_type(attr)


def register_dialects(ctx: Context) -> None:
    """Register every dialect of :data:`DIALECTS` in ``ctx``; each is loaded on first use."""
    for name, module, attr in DIALECTS:
        ctx.register_dialect(name, _loader(module, attr))


def make_context(allow_unregistered: bool = False) -> IronContext:
    """A context with every available dialect registered."""
    ctx = IronContext(allow_unregistered=allow_unregistered)
    register_dialects(ctx)
    return ctx
