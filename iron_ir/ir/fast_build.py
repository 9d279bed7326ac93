"""Building an IRDL op from its constructor's arguments without xDSL's per-op bookkeeping.

xDSL's ``irdl_op_init`` (what ``IRDLOperation.__init__`` runs) matches every argument list
against the op definition to split variadic groups and to fill segment sizes, for every op
built. An op definition without options and without variadic constructs needs none of that:
the lists go to ``Operation.__init__`` as they are, after the very count and kind checks
``irdl_op_init`` would pass. Any argument outside that plain shape (a nested list, ``None``, a
count that does not fit) takes xDSL's ``irdl_op_init``, with its errors.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import IRDLOperation, OpDef, VariadicDef

_UNKNOWN = object()
_COUNTS: dict[type, tuple[int, int, int, int] | None] = {}


def _fixed_counts(op_def: OpDef) -> tuple[int, int, int, int] | None:
    constructs = (op_def.operands, op_def.results, op_def.regions, op_def.successors)
    if op_def.options or any(isinstance(d, VariadicDef) for c in constructs for _, d in c):
        return None
    return tuple(len(c) for c in constructs)  # type: ignore[return-value]


def init_op(
    op: IRDLOperation,
    operands: Sequence | None,
    result_types: Sequence | None,
    properties: Mapping[str, Attribute | None] | None,
    attributes: Mapping[str, Attribute | None] | None,
    successors: Sequence | None,
    regions: Sequence | None,
) -> None:
    """``IRDLOperation.__init__(op, ...)``, short where the definition allows."""
    cls = type(op)
    counts = _COUNTS.get(cls, _UNKNOWN)
    if counts is _UNKNOWN:
        counts = _COUNTS[cls] = _fixed_counts(cls.get_irdl_definition())
    operands = () if operands is None else operands
    result_types = () if result_types is None else result_types
    successors = () if successors is None else successors
    regions = () if regions is None else regions
    values = None if counts is None else _plain(counts, operands, result_types, successors, regions)
    if values is None:
        IRDLOperation.__init__(
            op,
            operands=operands,
            result_types=result_types,
            properties=properties,
            attributes=attributes,
            successors=successors,
            regions=regions,
        )
        return
    Operation.__init__(
        op,
        operands=values,
        result_types=result_types,
        properties={k: v for k, v in (properties or {}).items() if v is not None},
        attributes={k: v for k, v in (attributes or {}).items() if v is not None},
        successors=successors,
        regions=regions,
    )


def _plain(
    counts: tuple[int, int, int, int],
    operands: Sequence,
    result_types: Sequence,
    successors: Sequence,
    regions: Sequence,
) -> list[SSAValue] | None:
    """The operand values when every list has the definition's count and holds single
    values, types, blocks and regions (what ``irdl_op_init`` passes on unchanged); else None."""
    if (len(operands), len(result_types), len(regions), len(successors)) != counts:
        return None
    values: list[SSAValue] = []
    for operand in operands:
        if isinstance(operand, SSAValue):
            values.append(operand)
        elif isinstance(operand, Operation) and len(operand.results) == 1:
            values.append(operand.results[0])
        else:
            return None
    if not all(isinstance(t, Attribute) for t in result_types):
        return None
    if not all(isinstance(r, Region) for r in regions):
        return None
    if not all(isinstance(b, Block) for b in successors):
        return None
    return values


# --- xDSL ops built often by tracing and lowering ---------------------------------------------
# Their constructors go through irdl_op_init (variadic definitions); these build the same op
# with Operation.create from arguments already in the constructor's normal form. The dialect
# modules are imported on the first call: iron-opt's start-up imports this module.


def constant_op(value: Attribute) -> Operation:
    """``arith.ConstantOp(value)``: no operands, one result of the value's type."""
    from xdsl.dialects.arith import ConstantOp

    return ConstantOp.create(result_types=[value.get_type()], properties={"value": value})  # type: ignore[attr-defined]


def for_op(
    lb: SSAValue, ub: SSAValue, step: SSAValue, iter_args: Sequence[SSAValue], body: Block
) -> Operation:
    """``scf.ForOp(lb, ub, step, iter_args, body)``: the loop's results are its carried
    values' types, its one region holds ``body``."""
    from xdsl.dialects.scf import ForOp

    return ForOp.create(
        operands=[lb, ub, step, *iter_args],
        result_types=[v.type for v in iter_args],
        regions=[Region(body)],
    )
