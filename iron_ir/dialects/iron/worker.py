"""Worker ops of the IRON dialect: the worker and what its traced body does to fifos and barriers."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    IntAttr,
    MemRefType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region
from xdsl.irdl import (
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasAncestor, HasParent, NoTerminator, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from iron_ir.dialects.iron.attrs import TileAttr
from iron_ir.dialects.iron.program import BarrierValueOp, ProgramOp
from iron_ir.ir.constraints import KeywordStrAttr, symbol_ref
from iron_ir.ir.syntax import CustomDirective, FormattedOp


class Port(StrEnum):
    """Which end of a fifo an acquire/release works on."""

    produce = "produce"
    consume = "consume"


@irdl_op_definition


class WorkerOp(FormattedOp):
    """``iron.worker @name on #iron.tile<any_compute> [while_true] [stack_size N] { body }``.

    The body is the traced core function (one iteration of it when ``while_true`` is set: the
    lowering wraps it in the endless loop). It uses ``iron.acquire``/``iron.release`` on the fifos
    this worker is an endpoint of, program buffers by SSA value, kernels through ``func.call``,
    and arith/scf/memref ops.
    """

    name = "iron.worker"
    sym_name = prop_def(SymbolNameConstraint())
    tile = prop_def(TileAttr)
    while_true = opt_prop_def(UnitAttr)
    stack_size = opt_prop_def(IntAttr)
    body = region_def("single_block")
    traits = traits_def(SymbolOpInterface(), HasParent(ProgramOp), NoTerminator())
    FORMAT: ClassVar[str] = (
        "$sym_name `on` qualified($tile) (`while_true` $while_true^)? "
        "(`stack_size` $stack_size^)? attr-dict-with-keyword $body"
    )

    def __init__(
        self,
        name: str,
        tile: TileAttr,
        *,
        while_true: bool = True,
        stack_size: int | None = None,
        body: Region | None = None,
    ):
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "tile": tile,
                "while_true": UnitAttr() if while_true else None,
                "stack_size": IntAttr(stack_size) if stack_size is not None else None,
            },
            regions=[body if body is not None else Region(Block())],
        )

    @property
    def worker_name(self) -> str:
        return self.sym_name.data

    def verify_(self) -> None:
        if self.stack_size is not None and self.stack_size.data <= 0:
            raise VerifyException(
                f"worker @{self.worker_name}: stack_size {self.stack_size.data} must be positive"
            )


class AcquiredType(CustomDirective):
    """The one memref type of the objects an ``iron.acquire`` yields (one result per object)."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> list[Attribute]:
        (count,) = refs
        pos = parser.pos
        elem = parser.parse_type()
        if not isinstance(elem, MemRefType):
            parser.raise_error(f"iron.acquire yields memrefs, got {elem}", pos, parser.pos)
        return [elem] * (count.data if isinstance(count, IntAttr) else 1)

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        types = values[0]
        if types:
            printer.print_attribute(types[0])  # pyright: ignore[reportIndexIssue]


class _FifoAccess(FormattedOp):
    fifo = prop_def(SymbolRefAttr)
    port = prop_def(KeywordStrAttr(choices=tuple(p.value for p in Port)))
    count = prop_def(IntAttr)

    @property
    def fifo_name(self) -> str:
        return self.fifo.root_reference.data

    @property
    def port_enum(self) -> Port:
        return Port(self.port.data)

    def _verify_access(self) -> None:
        if self.port.data not in Port._value2member_map_:
            raise VerifyException(f"port must be produce or consume, got {self.port.data!r}")
        if self.count.data < 1:
            raise VerifyException(
                f"{self.name} @{self.fifo_name}: the number of objects must be at least 1, "
                f"got {self.count.data}"
            )


@irdl_op_definition


class AcquireOp(_FifoAccess):
    """``%a, %b = iron.acquire @fifo(consume, 2) : memref<..>``: one memref per object, oldest first."""

    name = "iron.acquire"
    objects = var_result_def(MemRefType)
    traits = traits_def(HasAncestor(WorkerOp))
    FORMAT: ClassVar[str] = (
        "$fifo `(` $port `,` $count `)` `:` custom<AcquiredType>(type($objects), ref($count)) "
        "attr-dict"
    )
    custom_directives = (AcquiredType,)

    def __init__(self, fifo: str, port: Port, count: int, elem_type: MemRefType):
        super().__init__(
            properties={
                "fifo": symbol_ref(fifo),
                "port": StringAttr(port.value),
                "count": IntAttr(count),
            },
            result_types=[[elem_type] * count],
        )

    def verify_(self) -> None:
        self._verify_access()
        if len(self.objects) != self.count.data:
            raise VerifyException(
                f"iron.acquire @{self.fifo_name} of {self.count.data} objects must have "
                f"{self.count.data} results, has {len(self.objects)}"
            )
        if len({r.type for r in self.objects}) > 1:
            raise VerifyException(f"iron.acquire @{self.fifo_name}: results differ in type")


@irdl_op_definition
class ReleaseOp(_FifoAccess):
    """``iron.release @fifo(consume, 1)``: frees the oldest acquired objects."""

    name = "iron.release"
    traits = traits_def(HasAncestor(WorkerOp))
    FORMAT: ClassVar[str] = "$fifo `(` $port `,` $count `)` attr-dict"

    def __init__(self, fifo: str, port: Port, count: int):
        super().__init__(
            properties={
                "fifo": symbol_ref(fifo),
                "port": StringAttr(port.value),
                "count": IntAttr(count),
            }
        )

    def verify_(self) -> None:
        self._verify_access()


@irdl_op_definition
class BarrierWaitOp(BarrierValueOp):
    """``iron.barrier_wait @b(1)``: the worker waits until the runtime set the barrier to 1."""

    name = "iron.barrier_wait"
    traits = traits_def(HasAncestor(WorkerOp))


@irdl_op_definition


class BarrierReleaseOp(BarrierValueOp):
    """``iron.barrier_release @b(1)``: the worker sets the barrier to 1 for the runtime."""

    name = "iron.barrier_release"
    traits = traits_def(HasAncestor(WorkerOp))
