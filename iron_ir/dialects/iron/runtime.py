"""Runtime-sequence ops of the IRON dialect: what the host does while the array runs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    IntAttr,
    MemRefType,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasAncestor, HasParent, IsolatedFromAbove, NoTerminator, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from iron_ir.dialects.iron.attrs import TaskGroupType
from iron_ir.dialects.iron.program import (
    BarrierValueOp,
    ProgramOp,
    _parse_extra_attrs,
    _print_extra_attrs,
    _single_block,
)


@irdl_op_definition
class RuntimeSequenceOp(IRDLOperation):
    """``iron.runtime_sequence @sequence(%a: memref<..>, ...) { ... }``: the host program.

    Its arguments are the host buffers. It starts workers, fills and drains fifos, groups and
    awaits DMA tasks, writes runtime parameters and sets barriers.
    """

    name = "iron.runtime_sequence"
    sym_name = prop_def(StringAttr)
    body = region_def("single_block")
    traits = traits_def(
        SymbolOpInterface(), HasParent(ProgramOp), NoTerminator(), IsolatedFromAbove()
    )

    def __init__(self, name: str, arg_types: Sequence[Attribute], body: Region | None = None):
        super().__init__(
            properties={"sym_name": StringAttr(name)},
            regions=[body if body is not None else Region(Block(arg_types=arg_types))],
        )

    def verify_(self) -> None:
        for i, arg in enumerate(self.body.block.args):
            if not isinstance(arg.type, MemRefType):
                raise VerifyException(
                    f"runtime sequence @{self.sym_name.data}: argument {i} has type {arg.type}; "
                    "host buffers must be memrefs"
                )

    @classmethod
    def parse(cls, parser: Parser) -> RuntimeSequenceOp:
        name = parser.parse_symbol_name().data
        args = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=True)
        )
        attrs = parser.parse_optional_attr_dict_with_keyword()
        body = _single_block(parser.parse_region(args), [a.type for a in args])
        op = cls(name, [], body)
        if attrs is not None:
            op.attributes |= attrs.data
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        with printer.in_parens():
            printer.print_list(self.body.block.args, printer.print_block_argument)
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)


_IN_SEQUENCE = HasAncestor(RuntimeSequenceOp)


@irdl_op_definition
class StartOp(IRDLOperation):
    """``iron.start [@worker_0, @worker_1]``: the workers this program runs."""

    name = "iron.start"
    workers = prop_def(ArrayAttr[SymbolRefAttr])
    traits = traits_def(_IN_SEQUENCE)

    def __init__(self, workers: Sequence[str]):
        super().__init__(properties={"workers": ArrayAttr([SymbolRefAttr(w) for w in workers])})

    @property
    def worker_names(self) -> list[str]:
        return [w.root_reference.data for w in self.workers.data]

    @classmethod
    def parse(cls, parser: Parser) -> StartOp:
        names = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, lambda: parser.parse_symbol_name().data
        )
        op = cls(names)
        _parse_extra_attrs(parser, op)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" [" + ", ".join(f"@{w}" for w in self.worker_names) + "]")
        _print_extra_attrs(printer, self, ("workers",))


@irdl_op_definition
class TaskGroupOp(IRDLOperation):
    """``%tg = iron.task_group``: DMA tasks that are awaited/freed together."""

    name = "iron.task_group"
    group = result_def(TaskGroupType)
    traits = traits_def(_IN_SEQUENCE)
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__(result_types=[TaskGroupType()])

    def asm_result_names(self) -> list[str | None]:
        return ["tg"]


@irdl_op_definition
class FinishTaskGroupOp(IRDLOperation):
    """``iron.finish_task_group %tg``: await the group's waited tasks, then free the others."""

    name = "iron.finish_task_group"
    group = operand_def(TaskGroupType)
    traits = traits_def(_IN_SEQUENCE)
    assembly_format = "$group attr-dict"

    def __init__(self, group: SSAValue):
        super().__init__(operands=[group])


class _TransferOp(IRDLOperation):
    """A fill (host buffer -> fifo) or drain (fifo -> host buffer) with its tensor access pattern."""

    fifo = prop_def(SymbolRefAttr)
    host = operand_def(MemRefType)
    group = opt_operand_def(TaskGroupType)
    offset = prop_def(IntAttr)
    sizes = prop_def(ArrayAttr[IntAttr])
    strides = prop_def(ArrayAttr[IntAttr])
    wait = opt_prop_def(UnitAttr)
    traits = traits_def(_IN_SEQUENCE)
    ARROW: ClassVar[str] = ""

    def __init__(
        self,
        fifo: str,
        host: SSAValue,
        offset: int,
        sizes: Sequence[int],
        strides: Sequence[int],
        *,
        wait: bool = False,
        group: SSAValue | None = None,
    ):
        super().__init__(
            operands=[host, [group] if group is not None else []],
            properties={
                "fifo": SymbolRefAttr(fifo),
                "offset": IntAttr(offset),
                "sizes": ArrayAttr([IntAttr(s) for s in sizes]),
                "strides": ArrayAttr([IntAttr(s) for s in strides]),
                "wait": UnitAttr() if wait else None,
            },
        )

    @property
    def fifo_name(self) -> str:
        return self.fifo.root_reference.data

    @property
    def size_list(self) -> list[int]:
        return [s.data for s in self.sizes.data]

    @property
    def stride_list(self) -> list[int]:
        return [s.data for s in self.strides.data]

    def verify_(self) -> None:
        what = f"{self.name} @{self.fifo_name}"
        sizes, strides = self.size_list, self.stride_list
        if len(sizes) != len(strides) or not sizes:
            raise VerifyException(f"{what}: the tap needs as many sizes as strides (at least 1)")
        if any(s < 1 for s in sizes) or any(t < 0 for t in strides):
            raise VerifyException(f"{what}: tap sizes must be >= 1 and strides >= 0")
        # A tap may reach past the host memref's type: mlir-aie emits it and the host allocates
        # the larger buffer (the API warns; the simulator checks the buffer actually passed).
        if self.offset.data < 0:
            raise VerifyException(f"{what}: the tap offset {self.offset.data} is negative")

    @classmethod
    def parse(cls, parser: Parser):
        fifo = parser.parse_symbol_name().data
        parser.parse_keyword(cls.ARROW)
        host = parser.parse_unresolved_operand()

        def ints() -> list[int]:
            return parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, lambda: parser.parse_integer(allow_boolean=False)
            )

        parser.parse_keyword("offset")
        offset = parser.parse_integer(allow_boolean=False)
        parser.parse_keyword("sizes")
        sizes = ints()
        parser.parse_keyword("strides")
        strides = ints()
        wait = parser.parse_optional_keyword("wait") is not None
        group = None
        if parser.parse_optional_keyword("group"):
            with parser.in_parens():
                group = parser.parse_operand(TaskGroupType())
        parser.parse_punctuation(":")
        host_type = parser.parse_type()
        op = cls(
            fifo,
            parser.resolve_operand(host, host_type),
            offset,
            sizes,
            strides,
            wait=wait,
            group=group,
        )
        _parse_extra_attrs(parser, op)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.fifo_name)
        printer.print_string(f" {self.ARROW} ")
        printer.print_ssa_value(self.host)
        printer.print_string(
            f" offset {self.offset.data} sizes {self.size_list} strides {self.stride_list}"
        )
        if self.wait is not None:
            printer.print_string(" wait")
        if self.group is not None:
            printer.print_string(" group(")
            printer.print_ssa_value(self.group)
            printer.print_string(")")
        printer.print_string(" : ")
        printer.print_attribute(self.host.type)
        _print_extra_attrs(printer, self, ("fifo", "offset", "sizes", "strides", "wait"))


@irdl_op_definition
class FillOp(_TransferOp):
    """``iron.fill @fifo from %host offset 0 sizes [..] strides [..] [wait] [group(%tg)] : memref<..>``."""

    name = "iron.fill"
    ARROW: ClassVar[str] = "from"


@irdl_op_definition
class DrainOp(_TransferOp):
    """``iron.drain @fifo into %host offset 0 sizes [..] strides [..] [wait] [group(%tg)] : memref<..>``."""

    name = "iron.drain"
    ARROW: ClassVar[str] = "into"


@irdl_op_definition
class RtpWriteOp(IRDLOperation):
    """``iron.rtp_write @buffer[index] = %value : i32``: write a runtime parameter."""

    name = "iron.rtp_write"
    buffer = prop_def(SymbolRefAttr)
    index = prop_def(IntAttr)
    value = operand_def()
    traits = traits_def(_IN_SEQUENCE)

    def __init__(self, buffer: str, index: int, value: SSAValue):
        super().__init__(
            operands=[value],
            properties={"buffer": SymbolRefAttr(buffer), "index": IntAttr(index)},
        )

    @property
    def buffer_name(self) -> str:
        return self.buffer.root_reference.data

    @classmethod
    def parse(cls, parser: Parser) -> RtpWriteOp:
        name = parser.parse_symbol_name().data
        with parser.in_square_brackets():
            index = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation("=")
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        op = cls(name, index, parser.resolve_operand(value, parser.parse_type()))
        _parse_extra_attrs(parser, op)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.buffer_name)
        printer.print_string(f"[{self.index.data}] = ")
        printer.print_ssa_value(self.value)
        printer.print_string(" : ")
        printer.print_attribute(self.value.type)
        _print_extra_attrs(printer, self, ("buffer", "index"))


@irdl_op_definition
class SetBarrierOp(BarrierValueOp):
    """``iron.set_barrier @b(1)``: the runtime sets a worker barrier."""

    name = "iron.set_barrier"
    traits = traits_def(_IN_SEQUENCE)
