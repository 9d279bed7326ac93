"""xDSL's IRDL verification of an op (``OpDef.verify``) without its per-op bookkeeping.

``OpDef.verify`` re-derives, for every op it checks, how the op definition's variadic operands,
results, regions and successors split the op's lists (``verify_variadic_size``: about 40 % of
the whole verification of a compiled design, docs/performance.md). An op definition without
variadic or segment-sized constructs fixes every count, so :func:`install` gives such a
definition a checker that compares the counts and then runs the very constraint checks
``OpDef.verify`` runs, in its order, with one ``VerificationContext``. On any failure, and for
every other definition, xDSL's own ``OpDef.verify`` runs: it raises the error it always raised
(or passes, where the short check was stricter than it), so every message stays xDSL's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from xdsl.ir import Operation
from xdsl.irdl import (
    AttrSizedSegments,
    OpDef,
    OptAttributeDef,
    OptPropertyDef,
    VariadicDef,
    VerificationContext,
)
from xdsl.irdl.operations import (
    IRDLOperation,
    OptSingleBlockRegionDef,
    SingleBlockRegionDef,
    VarSingleBlockRegionDef,
)
from xdsl.utils.exceptions import VerifyException

_SINGLE_BLOCK = (SingleBlockRegionDef, VarSingleBlockRegionDef, OptSingleBlockRegionDef)


def install(ops: Iterable[type[Operation]]) -> None:
    """Give the IRDL definition of each op of ``ops`` the fast checker (once; an op whose
    definition has variadic or segment-sized constructs keeps xDSL's)."""
    for cls in ops:
        if not issubclass(cls, IRDLOperation):
            continue
        op_def = cls.get_irdl_definition()
        if "verify" in vars(op_def) or not _fixed_counts(op_def):
            continue
        # An instance attribute: the op class's verify_ calls op_def.verify(op).
        op_def.verify = _checker(op_def)  # type: ignore[method-assign]


def _fixed_counts(op_def: OpDef) -> bool:
    if any(isinstance(o, AttrSizedSegments) for o in op_def.options):
        return False
    defs = [*op_def.operands, *op_def.results, *op_def.regions, *op_def.successors]
    return not any(isinstance(d, VariadicDef) for _, d in defs)


def _checker(op_def: OpDef) -> Callable[[Operation], None]:
    full = OpDef.verify.__get__(op_def)
    operands = [d.constr for _, d in op_def.operands]
    results = [d.constr for _, d in op_def.results]
    regions = [(isinstance(d, _SINGLE_BLOCK), d.entry_args) for _, d in op_def.regions]
    successors = len(op_def.successors)
    properties = [(n, d.constr, isinstance(d, OptPropertyDef)) for n, d in op_def.properties.items()]
    attributes = [(n, d.constr, isinstance(d, OptAttributeDef)) for n, d in op_def.attributes.items()]
    traits = op_def.traits

    def verify(op: Operation) -> None:
        # OpDef.verify's checks in its order, so that an exception other than a
        # VerifyException (a broken constraint) comes from the same check as there.
        try:
            context = VerificationContext()
            if len(op.operands) != len(operands):
                return full(op)
            for constr, value in zip(operands, op.operands):
                constr.verify((value.type,), context)
            if len(op.results) != len(results):
                return full(op)
            for constr, value in zip(results, op.results):
                constr.verify((value.type,), context)
            if len(op.regions) != len(regions):
                return full(op)
            for (single_block, entry_args), region in zip(regions, op.regions):
                if single_block and len(region.blocks) != 1:
                    return full(op)
                entry = region.first_block
                if entry is not None:
                    entry_args.verify(entry.arg_types, context)
            if len(op.successors) != successors:
                return full(op)
            props = op.properties
            present = 0
            for name, constr, optional in properties:
                if name not in props:
                    if optional:
                        continue
                    return full(op)
                present += 1
                constr.verify(props[name], context)
            if len(props) != present:  # a property the op does not define
                return full(op)
            attrs = op.attributes
            for name, constr, optional in attributes:
                if name not in attrs:
                    if optional:
                        continue
                    return full(op)
                constr.verify(attrs[name], context)
        except VerifyException:
            return full(op)
        for trait in traits:
            trait.verify(op)

    return verify
