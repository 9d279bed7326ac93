"""The short IRDL checks (iron_ir.ir.fast_verify) decide exactly as xDSL's OpDef.verify: the
same ops pass, and a broken op fails with xDSL's own exception and message."""

import inspect

import pytest
from lit_ops import lit_ops
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, StringAttr, i1
from xdsl.ir import Region
from xdsl.irdl import OpDef
from xdsl.utils.exceptions import VerifyException


def _outcome(check, op):
    try:
        check(op)
    except Exception as err:  # noqa: BLE001 - the outcome compared is any exception
        return type(err), str(err)
    return None


def _rebuilt(op, operands=None, result_types=None, regions=None):
    return type(op).create(
        operands=op.operands if operands is None else operands,
        result_types=op.result_types if result_types is None else result_types,
        properties=dict(op.properties),
        attributes=dict(op.attributes),
        regions=[r.clone() for r in op.regions] if regions is None else regions,
        successors=op.successors,
    )


def _variants(op):
    """Copies of ``op``, each broken (or not) in one way: a property missing, of the wrong
    kind or unknown, an attribute of the wrong kind, an operand or result more, less or of
    the wrong type, a region more or empty."""
    for name in list(op.properties):
        missing = op.clone()
        del missing.properties[name]
        yield missing
        wrong = op.clone()
        wrong.properties[name] = StringAttr("x")
        yield wrong
    for name in list(op.attributes):
        wrong = op.clone()
        wrong.attributes[name] = i1
        yield wrong
    unknown = op.clone()
    unknown.properties["not_a_field"] = StringAttr("x")
    yield unknown
    odd = arith.ConstantOp(IntegerAttr(0, i1)).result
    operands = list(op.operands)
    yield _rebuilt(op, operands=[*operands, odd])
    yield _rebuilt(op, operands=[*operands, odd, odd])
    for i in range(len(operands)):
        yield _rebuilt(op, operands=operands[:i] + operands[i + 1 :])
        yield _rebuilt(op, operands=[*operands[:i], odd, *operands[i + 1 :]])
    types = list(op.result_types)
    yield _rebuilt(op, result_types=[*types, i1])
    for i in range(len(types)):
        yield _rebuilt(op, result_types=types[:i] + types[i + 1 :])
        yield _rebuilt(op, result_types=[*types[:i], StringAttr("x"), *types[i + 1 :]])
    if op.regions:
        yield _rebuilt(op, regions=[Region() for _ in op.regions])
    yield _rebuilt(op, regions=[*(r.clone() for r in op.regions), Region()])
    yield op.clone()


def _short_checked(op) -> bool:
    """Whether ``op``'s definition got the short checker (decided at its first verify)."""
    get = getattr(type(op), "get_irdl_definition", None)
    if get is None or "verify" not in vars(get()):
        return False
    try:
        get().verify(op)
    except Exception:  # noqa: BLE001 - invalid ops are welcome; only the checker's kind matters
        pass
    return not inspect.ismethod(get().verify)


def _fast_ops():
    """Up to three ops of every name that has the short checks, from the lit suite's files
    (valid and invalid: parsing does not verify)."""
    found: dict[str, list] = {}
    for op in lit_ops():
        if _short_checked(op):
            ops = found.setdefault(op.name, [])
            if len(ops) < 3:
                ops.append(op)
    return [op for ops in found.values() for op in ops]


FAST_OPS = _fast_ops()


def test_lit_files_exercise_the_short_checks():
    names = {op.name for op in FAST_OPS}
    assert {"aie.tile", "aie.objectfifo.acquire", "arith.constant", "func.call", "scf.for"} <= names


@pytest.mark.parametrize("op", FAST_OPS, ids=lambda op: op.name)
def test_same_outcome_as_xdsl(op):
    op_def = type(op).get_irdl_definition()
    for variant in _variants(op):
        fast = _outcome(op_def.verify, variant)
        full = _outcome(lambda o: OpDef.verify(op_def, o), variant)
        assert fast == full
    # and the op as parsed (in its block: traits that look at the parent see it)
    assert _outcome(op_def.verify, op) == _outcome(lambda o: OpDef.verify(op_def, o), op)


def test_a_broken_property_reports_xdsls_message():
    op = next(op for op in FAST_OPS if op.name == "aie.tile")
    broken = op.clone()
    broken.properties["col"] = StringAttr("x")
    with pytest.raises(VerifyException) as fast:
        type(op).get_irdl_definition().verify(broken)
    with pytest.raises(VerifyException) as full:
        OpDef.verify(type(op).get_irdl_definition(), broken)
    assert str(fast.value) == str(full.value)
