"""Runtime-sequence ops of the IRON dialect: what the host does while the array runs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    IntAttr,
    MemRefType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
)
from xdsl.traits import HasAncestor, HasParent, IsolatedFromAbove, NoTerminator, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from iron_ir.dialects.iron.attrs import TaskGroupType
from iron_ir.dialects.iron.program import BarrierValueOp, ProgramOp
from iron_ir.ir.constraints import symbol_ref
from iron_ir.ir.syntax import EntryArguments, FormattedOp


@irdl_op_definition


class RuntimeSequenceOp(FormattedOp):
    """``iron.runtime_sequence @sequence(%a: memref<..>, ...) { ... }``: the host program.

    Its arguments are the host buffers. It starts workers, fills and drains fifos, groups and
    awaits DMA tasks, writes runtime parameters and sets barriers.
    """

    name = "iron.runtime_sequence"
    sym_name = prop_def(SymbolNameConstraint())
    body = region_def("single_block")
    traits = traits_def(
        SymbolOpInterface(), HasParent(ProgramOp), NoTerminator(), IsolatedFromAbove()
    )
    FORMAT: ClassVar[str] = "$sym_name `` custom<EntryArguments>($body) attr-dict"
    custom_directives = (EntryArguments,)

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


_IN_SEQUENCE = HasAncestor(RuntimeSequenceOp)


@irdl_op_definition


class StartOp(FormattedOp):
    """``iron.start [@worker_0, @worker_1]``: the workers this program runs."""

    name = "iron.start"
    workers = prop_def(ArrayAttr[SymbolRefAttr])
    traits = traits_def(_IN_SEQUENCE)
    FORMAT: ClassVar[str] = "$workers attr-dict"

    def __init__(self, workers: Sequence[str]):
        super().__init__(properties={"workers": ArrayAttr([symbol_ref(w) for w in workers])})

    @property
    def worker_names(self) -> list[str]:
        return [w.root_reference.data for w in self.workers.data]


@irdl_op_definition
class TaskGroupOp(FormattedOp):
    """``%tg = iron.task_group``: DMA tasks that are awaited/freed together."""

    name = "iron.task_group"
    group = result_def(TaskGroupType)
    traits = traits_def(_IN_SEQUENCE)
    FORMAT: ClassVar[str] = "attr-dict"

    def __init__(self):
        super().__init__(result_types=[TaskGroupType()])

    def asm_result_names(self) -> list[str | None]:
        return ["tg"]


@irdl_op_definition


class FinishTaskGroupOp(FormattedOp):
    """``iron.finish_task_group %tg``: await the group's waited tasks, then free the others."""

    name = "iron.finish_task_group"
    group = operand_def(TaskGroupType)
    traits = traits_def(_IN_SEQUENCE)
    FORMAT: ClassVar[str] = "$group attr-dict"

    def __init__(self, group: SSAValue):
        super().__init__(operands=[group])


class _TransferOp(FormattedOp):
    """A fill (host buffer -> fifo) or drain (fifo -> host buffer) with its tensor access pattern."""

    fifo = prop_def(SymbolRefAttr)
    host = operand_def(MemRefType)
    group = opt_operand_def(TaskGroupType)
    offset = prop_def(IntAttr)
    sizes = prop_def(ArrayAttr[IntAttr])
    strides = prop_def(ArrayAttr[IntAttr])
    wait = opt_prop_def(UnitAttr)
    traits = traits_def(_IN_SEQUENCE)

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
                "fifo": symbol_ref(fifo),
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


@irdl_op_definition
class FillOp(_TransferOp):
    """``iron.fill @fifo from %host offset 0 sizes [..] strides [..] [wait] [group(%tg)] : memref<..>``."""

    name = "iron.fill"
    FORMAT: ClassVar[str] = (
        "$fifo `from` $host `offset` $offset `sizes` $sizes `strides` $strides "
        "(`wait` $wait^)? (`group` `(` $group^ `)`)? `:` type($host) attr-dict"
    )


@irdl_op_definition


class DrainOp(_TransferOp):
    """``iron.drain @fifo into %host offset 0 sizes [..] strides [..] [wait] [group(%tg)] : memref<..>``."""

    name = "iron.drain"
    FORMAT: ClassVar[str] = (
        "$fifo `into` $host `offset` $offset `sizes` $sizes `strides` $strides "
        "(`wait` $wait^)? (`group` `(` $group^ `)`)? `:` type($host) attr-dict"
    )


@irdl_op_definition


class RtpWriteOp(FormattedOp):
    """``iron.rtp_write @buffer[index] = %value : i32``: write a runtime parameter."""

    name = "iron.rtp_write"
    buffer = prop_def(SymbolRefAttr)
    index = prop_def(IntAttr)
    value = operand_def()
    traits = traits_def(_IN_SEQUENCE)
    FORMAT: ClassVar[str] = "$buffer `[` $index `]` `=` $value `:` type($value) attr-dict"

    def __init__(self, buffer: str, index: int, value: SSAValue):
        super().__init__(
            operands=[value],
            properties={"buffer": symbol_ref(buffer), "index": IntAttr(index)},
        )

    @property
    def buffer_name(self) -> str:
        return self.buffer.root_reference.data


@irdl_op_definition
class SetBarrierOp(BarrierValueOp):
    """``iron.set_barrier @b(1)``: the runtime sets a worker barrier."""

    name = "iron.set_barrier"
    traits = traits_def(_IN_SEQUENCE)
