"""The legacy ``aiex.runtime_sequence`` spelling and ``aiex.set_lock``."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IndexType, StringAttr, SymbolNameConstraint
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
)
from xdsl.parser import Parser
from xdsl.traits import HasParent, NoTerminator
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import Arch
from iron_ir.dialects.aiex._support import device_spec, int_value, tile_col_row
from iron_ir.ir.constraints import I32Attr, int_attr
from iron_ir.ir.syntax import EntryArguments, FormattedOp
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers


@irdl_op_definition
class LegacyRuntimeSequenceOp(FormattedOp):
    """``aiex.runtime_sequence``: the name the runtime sequence had until Nov 2025.

    Its custom syntax parses into an ``aie.runtime_sequence`` op (xDSL's parser accepts any
    op a ``parse`` returns), so old files print in the current spelling. The class itself
    only exists for text in generic form (``"aiex.runtime_sequence"(...)``), which keeps
    its name and prints in the syntax of ``aie.runtime_sequence``.
    """

    name = "aiex.runtime_sequence"
    sym_name = opt_prop_def(SymbolNameConstraint(), default_value=StringAttr("sequence"))
    body = region_def()
    traits = lazy_traits_def(lambda: (NoTerminator(),))
    FORMAT: ClassVar[str] = "($sym_name^)? `` custom<EntryArguments>($body)"
    custom_directives = (EntryArguments,)

    @classmethod
    def parse(cls, parser: Parser) -> Operation:
        from iron_ir.dialects.aie import RuntimeSequenceOp

        return RuntimeSequenceOp.parse(parser)


def in_runtime_sequence() -> HasParent:
    """The parent trait of ops that live in a runtime sequence (either spelling)."""
    from iron_ir.dialects.aie import RuntimeSequenceOp

    return HasParent(RuntimeSequenceOp, LegacyRuntimeSequenceOp)


@irdl_op_definition
class SetLockOp(FormattedOp):
    """Set an ``aie.lock`` to ``value`` from the runtime sequence (no synchronisation)."""

    name = "aiex.set_lock"
    lock = operand_def(IndexType())
    value = prop_def(I32Attr)
    traits = lazy_traits_def(lambda: (in_runtime_sequence(),))
    FORMAT: ClassVar[str] = "`(` $lock `,` $value `)` attr-dict"

    def __init__(self, lock: SSAValue, value: int):
        super().__init__(operands=[lock], properties={"value": int_attr(value)})

    def verify_rules(self) -> None:
        spec = device_spec(self)
        if spec is None:
            return
        if spec.arch is Arch.AIE1:
            raise VerifyException("SetLockOp is not supported on AIE1.")
        lock = self.lock.owner
        if not isinstance(lock, Operation) or lock.name != "aie.lock":
            raise VerifyException("the lock operand must be the result of an aie.lock")
        tile = lock.operands[0] if lock.operands else None
        where = None if tile is None else tile_col_row(tile)
        if where is None:
            return
        kind = spec.tile_kind(*where)
        if kind is None:
            return
        tile_spec = spec.kinds[kind]
        value = int_value(self.value)
        if value < 0:
            raise VerifyException(f"Lock value must be non-negative (got {value})")
        if value > tile_spec.lock_max_value:
            raise VerifyException(
                f"Lock value exceeds the maximum value of {tile_spec.lock_max_value}"
            )


install_fast_verifiers(defined_ops(globals()))
