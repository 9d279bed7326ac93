"""aie.runtime_sequence: the host-side program (DMA tasks, register writes) of a design."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Block, Region
from xdsl.irdl import irdl_op_definition, lazy_traits_def, opt_prop_def, region_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, NoTerminator, OptionalSymbolOpInterface

from iron_ir.dialects.aie.device import DeviceOp
from iron_ir.dialects.aie.syntax import FormattedOp

DEFAULT_SEQUENCE_NAME = "sequence"


@irdl_op_definition
class RuntimeSequenceOp(FormattedOp):
    """``aie.runtime_sequence [@name](%arg0: T, ...) { ... }`` (no attr-dict, no terminator)."""

    name = "aie.runtime_sequence"
    sym_name = opt_prop_def(StringAttr)
    body = region_def()
    traits = lazy_traits_def(
        lambda: (NoTerminator(), HasParent(DeviceOp), OptionalSymbolOpInterface())
    )

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

    @classmethod
    def parse(cls, parser: Parser) -> RuntimeSequenceOp:
        sym = parser.parse_optional_symbol_name()
        args = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=True)
        )
        body = parser.parse_region(args)
        if not body.blocks:
            body.add_block(Block())
        props: dict[str, Attribute] = {} if sym is None else {"sym_name": sym}
        return cls.build(properties=props, regions=[body])

    def print(self, printer: Printer) -> None:
        if self.sym_name is not None and self.sym_name.data != DEFAULT_SEQUENCE_NAME:
            printer.print_string(" ")
            printer.print_symbol_name(self.sym_name.data)
        printer.print_string("(")
        block = self.body.blocks.first
        if block is not None:
            printer.print_list(block.args, printer.print_block_argument)
        printer.print_string(") ")
        printer.print_region(self.body, print_entry_block_args=False, print_empty_block=False)
