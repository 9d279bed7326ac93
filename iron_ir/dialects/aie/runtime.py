"""aie.runtime_sequence: the host-side program (DMA tasks, register writes) of a design."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import StringAttr, SymbolNameConstraint
from xdsl.ir import Attribute, Block, Region
from xdsl.irdl import irdl_op_definition, lazy_traits_def, opt_prop_def, region_def
from xdsl.traits import HasParent, NoTerminator, OptionalSymbolOpInterface

from iron_ir.dialects.aie.device import DeviceOp
from iron_ir.ir.syntax import EntryArguments, FormattedOp
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers

DEFAULT_SEQUENCE_NAME = "sequence"


@irdl_op_definition
class RuntimeSequenceOp(FormattedOp):
    """``aie.runtime_sequence [@name](%arg0: T, ...) { ... }`` (no attr-dict, no terminator; the
    name is printed only when it is not the default ``sequence``)."""

    name = "aie.runtime_sequence"
    sym_name = opt_prop_def(
        SymbolNameConstraint(), default_value=StringAttr(DEFAULT_SEQUENCE_NAME)
    )
    body = region_def()
    traits = lazy_traits_def(
        lambda: (NoTerminator(), HasParent(DeviceOp), OptionalSymbolOpInterface())
    )
    FORMAT: ClassVar[str] = "($sym_name^)? `` custom<EntryArguments>($body)"
    custom_directives = (EntryArguments,)

    def __init__(self, arg_types: Sequence[Attribute], sym_name: str | None = None):
        props: dict[str, Attribute] = {}
        if sym_name is not None:
            props["sym_name"] = StringAttr(sym_name)
        super().__init__(properties=props, regions=[Region(Block(arg_types=arg_types))])

    @property
    def block(self) -> Block:
        return self.body.block

    @property
    def sequence_name(self) -> str:
        return DEFAULT_SEQUENCE_NAME if self.sym_name is None else self.sym_name.data


install_fast_verifiers(defined_ops(globals()))
