"""FormattedOp constructors (iron_ir.ir.fast_build) build what xDSL's IRDLOperation.__init__
builds from the same arguments, and refuse what it refuses with its error."""


import pytest
from lit_ops import lit_ops
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    FloatAttr,
    IndexType,
    IntegerAttr,
    StringAttr,
    f32,
    i1,
    i32,
)
from xdsl.ir import Block, Region
from xdsl.irdl import IRDLOperation

from iron_ir.ir.fast_build import _fixed_counts, constant_op, for_op
from iron_ir.ir.printer import print_module
from iron_ir.ir.syntax import FormattedOp


def _ops():
    """One op of every FormattedOp class with the short build, from the lit suite's files."""
    found = {}
    for op in lit_ops():
        cls = type(op)
        if isinstance(op, FormattedOp) and cls not in found:
            if _fixed_counts(cls.get_irdl_definition()) is not None:
                found[cls] = op
    return list(found.values())


OPS = _ops()


def _built(init, cls, **kwargs):
    op = cls.__new__(cls)
    try:
        init(op, **kwargs)
    except Exception as err:  # noqa: BLE001 - the outcome compared is any exception
        return ("error", type(err), str(err))
    return (
        "op",
        [v for v in op.operands],
        [r.type for r in op.results],
        op.properties,
        op.attributes,
        [len(r.blocks) for r in op.regions],
        list(op.successors),
    )


def _argument_sets(op):
    value = arith.ConstantOp(IntegerAttr(0, i32))
    operands = list(op.operands)
    types = list(op.result_types)
    props = dict(op.properties)
    regions = [Region(Block()) for _ in op.regions]
    plain = dict(operands=operands, result_types=types, properties=props, regions=regions)
    yield plain
    yield {**plain, "properties": {**props, "extra": None}}
    yield {**plain, "attributes": {"note": StringAttr("x"), "gone": None}}
    yield {**plain, "operands": [*operands, value]}
    yield {**plain, "operands": [value.result] * len(operands)}  # Operation vs SSAValue
    yield {**plain, "operands": [value] * len(operands)}
    yield {**plain, "operands": [func.ReturnOp()] * len(operands)}  # an op without a result
    yield {**plain, "operands": [[o] for o in operands]}  # one-element lists: xDSL's path
    yield {**plain, "operands": [None] * len(operands)}
    yield {**plain, "result_types": [*types, i1]}
    yield {**plain, "result_types": [[t] for t in types]}
    yield {**plain, "regions": [*regions, Region()]}
    yield {**plain, "regions": [[] for _ in regions]}
    yield {**plain, "successors": [Block()]}


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.name)
def test_same_op_or_error_as_xdsl(op):
    cls = type(op)
    for kwargs in _argument_sets(op):
        # regions are moved into the op built: each path gets its own
        fresh = lambda: {k: ([Region(Block()) if isinstance(r, Region) else r for r in v] if k == "regions" else v) for k, v in kwargs.items()}  # noqa: E731
        ours = _built(FormattedOp.__init__, cls, **fresh())
        xdsl = _built(IRDLOperation.__init__, cls, **fresh())
        assert ours == xdsl, kwargs


def test_the_lit_files_exercise_the_short_build():
    names = {op.name for op in OPS}
    assert {"aie.tile", "aie.objectfifo.acquire", "aie.objectfifo.subview.access"} <= names


@pytest.mark.parametrize("value", [IntegerAttr(3, i32), IntegerAttr(-1, i1), FloatAttr(2.5, f32)])
def test_constant_op_is_xdsls_constant(value):
    ours, xdsl = constant_op(value), arith.ConstantOp(value)
    assert print_module(ours, True) == print_module(xdsl, True)
    assert (ours.properties, ours.attributes, ours.result_types) == (
        xdsl.properties, xdsl.attributes, xdsl.result_types
    )


@pytest.mark.parametrize("carried", [0, 2])
def test_for_op_is_xdsls_for(carried):
    bound = arith.ConstantOp(IntegerAttr(0, IndexType())).result
    values = [arith.ConstantOp(IntegerAttr(i, i32)).result for i in range(carried)]

    def body():
        return Block([scf.YieldOp(*values)], arg_types=[IndexType(), *(v.type for v in values)])

    ours = for_op(bound, bound, bound, values, body())
    xdsl = scf.ForOp(bound, bound, bound, values, body())
    assert print_module(ours, True) == print_module(xdsl, True)
    assert ours.result_types == xdsl.result_types
