"""The ``func`` dialect: xDSL's ``func.func`` and ``func.return``, and a ``func.call`` that
finds its callee through a symbol table built once (:mod:`iron_ir.ir.symbols`) instead of
scanning the enclosing module for every call, which made verification quadratic in design size.

Same op name, fields, syntax and messages as xDSL's ``func.call``; only the look-up differs.
Build calls with this ``CallOp`` (a ``func.call`` built with xDSL's class still verifies, the
slow way).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import func
from xdsl.dialects.builtin import FlatSymbolRefAttrConstr, SymbolRefAttr
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    prop_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import SymbolUserOpInterface
from xdsl.utils.exceptions import VerifyException

from iron_ir.ir.constraints import symbol_ref
from iron_ir.ir.fast_verify import install as install_fast_verifiers
from iron_ir.ir.symbols import lookup_symbol


class _CalleeMatchesCall(SymbolUserOpInterface):
    """The callee exists, is a ``func.func``, and its signature matches the call."""

    def verify(self, op: Operation) -> None:
        assert isinstance(op, CallOp)
        callee = lookup_symbol(op, op.callee)
        if callee is None:
            raise VerifyException(f"'{op.callee}' could not be found in symbol table")
        if not isinstance(callee, func.FuncOp):
            raise VerifyException(f"'{op.callee}' does not reference a valid function")
        expected_in = callee.function_type.inputs.data
        expected_out = callee.function_type.outputs.data
        if len(expected_in) != len(op.arguments):
            raise VerifyException("incorrect number of operands for callee")
        if len(expected_out) != len(op.result_types):
            raise VerifyException("incorrect number of results for callee")
        for index, (want, arg) in enumerate(zip(expected_in, op.arguments)):
            if want != arg.type:
                raise VerifyException(
                    f"operand type mismatch: expected operand type {want}, "
                    f"but provided {arg.type} for operand number {index}"
                )
        for index, (want, got) in enumerate(zip(expected_out, op.result_types)):
            if want != got:
                raise VerifyException(
                    f"result type mismatch: expected result type {want}, but "
                    f"provided {got} for result number {index}"
                )


@irdl_op_definition
class CallOp(IRDLOperation):
    """``func.call``, field for field and in the syntax of xDSL's op (a subclass is not
    possible: IRDL would merge in the parent's scanning callee check)."""

    name = "func.call"
    arguments = var_operand_def()
    callee = prop_def(FlatSymbolRefAttrConstr)
    res = var_result_def()

    traits = traits_def(_CalleeMatchesCall())

    assembly_format = func.CallOp.assembly_format

    def __init__(
        self,
        callee: str | SymbolRefAttr,
        arguments: Sequence[SSAValue | Operation],
        return_types: Sequence[Attribute],
    ):
        if isinstance(callee, str):
            callee = symbol_ref(callee)
        super().__init__(
            operands=[arguments], result_types=[return_types], properties={"callee": callee}
        )


# The same op as xDSL's: code that asks isinstance(op, xdsl.dialects.func.CallOp) (xDSL's
# passes, users' scripts) sees these calls too. Operation is an ABC; this is its public
# virtual-subclass registration, nothing in xDSL is replaced.
func.CallOp.register(CallOp)

Func = Dialect("func", [func.FuncOp, CallOp, func.ReturnOp], [])
install_fast_verifiers(Func.operations)
