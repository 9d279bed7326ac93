"""xDSL's IRDL verification of an op (``OpDef.verify``) without its per-op bookkeeping.

``OpDef.verify`` re-derives, for every op it checks, how the op definition's variadic operands,
results, regions and successors split the op's lists (``verify_variadic_size``: about 40 % of
the whole verification of a compiled design, docs/performance.md). A definition without
options (segment sizes), with regions and successors of fixed count and at most one variadic
operand and one variadic result fixes how the lists split, so :func:`install` gives it a checker
that splits them directly and runs the very constraint checks ``OpDef.verify`` runs, in its
order, with one ``VerificationContext``. On any failure, and for every other definition,
xDSL's own ``OpDef.verify`` runs: it raises the error it always raised (or passes, where the
short check was stricter than it), so every message stays xDSL's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from xdsl.ir import Operation
from xdsl.irdl import (
    OpDef,
    OptionalDef,
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
    """Give the IRDL definition of each op of ``ops`` the fast checker (once; other
    definitions keep xDSL's)."""
    for cls in ops:
        if issubclass(cls, IRDLOperation):
            op_def = cls.get_irdl_definition()
            if "verify" not in vars(op_def):
                # An instance attribute: the op class's verify_ calls op_def.verify(op).
                op_def.verify = _first_call(op_def)  # type: ignore[method-assign]


def _first_call(op_def: OpDef) -> Callable[[Operation], None]:
    """The checker, decided when the first op of the definition is verified (start-up pays
    nothing for the many ops a run never verifies)."""

    def verify(op: Operation) -> None:
        checker = _checker(op_def) if _fixed_counts(op_def) else OpDef.verify.__get__(op_def)
        op_def.verify = checker  # type: ignore[method-assign]
        checker(op)

    return verify


def _fixed_counts(op_def: OpDef) -> bool:
    """No options (segment sizes, same-size variadics), regions and successors of fixed
    count, and at most one variadic operand and one variadic result (whose length is then
    whatever the other definitions leave)."""
    if op_def.options:
        return False
    if any(isinstance(d, VariadicDef) for _, d in [*op_def.regions, *op_def.successors]):
        return False
    return all(
        sum(isinstance(d, VariadicDef) for _, d in defs) <= 1
        for defs in (op_def.operands, op_def.results)
    )


def _segments(defs: list) -> Callable[[int], list[tuple[object, int, int]] | None]:
    """For ``defs`` with at most one variadic definition: given the op's count, each
    definition's (constraint, start, end) in the op's list, or None when the count does not
    fit (xDSL's ``verify_variadic_same_size`` rejects it)."""
    constrs = [d.constr for _, d in defs]
    variadic = next((i for i, (_, d) in enumerate(defs) if isinstance(d, VariadicDef)), None)
    if variadic is None:
        fixed = [(c, i, i + 1) for i, c in enumerate(constrs)]
        return lambda count: fixed if count == len(constrs) else None
    optional = isinstance(defs[variadic][1], OptionalDef)
    others = len(constrs) - 1

    def segments(count: int) -> list[tuple[object, int, int]] | None:
        size = count - others
        if size < 0 or (optional and size > 1):
            return None
        out = [(c, i, i + 1) for i, c in enumerate(constrs[:variadic])]
        out.append((constrs[variadic], variadic, variadic + size))
        out += [(c, i + size, i + size + 1) for i, c in enumerate(constrs[variadic + 1 :], variadic)]
        return out

    return segments


def _checker(op_def: OpDef) -> Callable[[Operation], None]:
    full = OpDef.verify.__get__(op_def)
    operands = _segments(op_def.operands)
    results = _segments(op_def.results)
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
            values = op.operands
            if (segments := operands(len(values))) is None:
                return full(op)
            for constr, start, end in segments:
                constr.verify(tuple(v.type for v in values[start:end]), context)
            values = op.results
            if (segments := results(len(values))) is None:
                return full(op)
            for constr, start, end in segments:
                constr.verify(tuple(v.type for v in values[start:end]), context)
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
