"""The remaining aie ops: debug, plio, event, core streams, logical tiles and the objectfifo
helpers (allocate, register_external_buffers, register_process)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    Float32Type,
    IndexType,
    IntegerType,
    MemRefType,
    StringAttr,
    SymbolRefAttr,
    TensorType,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, Pure
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import TileKind
from iron_ir.dialects.aie.enums import (
    AIETileType,
    AIETileTypeAttr,
    ObjectFifoPort,
    ObjectFifoPortAttr,
    enum_attr,
)
from iron_ir.dialects.aie.device import (
    CoreOp,
    DeviceOp,
    parent_device,
    require_tile_kind,
)
from iron_ir.dialects.aie.objectfifo import lookup_objectfifo
from iron_ir.ir.constraints import I32Attr, int_attr
from iron_ir.ir.syntax import CustomDirective, FormattedOp
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers


@irdl_op_definition
class DebugOp(FormattedOp):
    name = "aie.debug"
    arg = operand_def()
    FORMAT: ClassVar[str] = "`(` $arg `:` type($arg) `)` attr-dict"

    def __init__(self, arg: SSAValue | Operation):
        super().__init__(operands=[arg])


@irdl_op_definition
class PLIOOp(FormattedOp):
    name = "aie.plio"
    col = prop_def(I32Attr)
    result = result_def(IndexType())
    FORMAT: ClassVar[str] = "`(` $col `)` attr-dict"

    def __init__(self, col: int):
        super().__init__(properties={"col": int_attr(col)}, result_types=[IndexType()])


@irdl_op_definition
class EventOp(FormattedOp):
    name = "aie.event"
    val = prop_def(I32Attr)
    FORMAT: ClassVar[str] = "`(` $val `)` attr-dict"

    def __init__(self, val: int):
        super().__init__(properties={"val": int_attr(val)})

    def verify_rules(self) -> None:
        if self.val.value.data not in (0, 1):
            raise VerifyException(f"aie.event value must be 0 or 1, got {self.val.value.data}")


_STREAM_TYPES = (IntegerType(32), Float32Type(), IntegerType(128))


def _check_stream_type(type_: Attribute) -> None:
    if type_ not in _STREAM_TYPES:
        raise VerifyException(f"core stream values must be i32, f32 or i128, not {type_}")


@irdl_op_definition
class GetStreamOp(FormattedOp):
    name = "aie.get_stream"
    channel = operand_def(IntegerType)
    stream_value = result_def()
    traits = traits_def(HasParent(CoreOp))
    FORMAT: ClassVar[str] = (
        "`(` $channel `:` type($channel) `)` attr-dict `:` type($stream_value)"
    )

    def __init__(self, channel: SSAValue | Operation, value_type: Attribute):
        super().__init__(operands=[channel], result_types=[value_type])

    def verify_rules(self) -> None:
        _check_stream_type(self.stream_value.type)


@irdl_op_definition
class PutStreamOp(FormattedOp):
    name = "aie.put_stream"
    channel = operand_def(IntegerType)
    stream_value = operand_def()
    traits = traits_def(HasParent(CoreOp))
    FORMAT: ClassVar[str] = (
        "`(` $channel `:` type($channel) `,` $stream_value `:` type($stream_value) `)` attr-dict"
    )

    def __init__(self, channel: SSAValue | Operation, value: SSAValue | Operation):
        super().__init__(operands=[channel, value])

    def verify_rules(self) -> None:
        _check_stream_type(self.stream_value.type)


# --- aie.logical_tile ---------------------------------------------------------------------------

_LOGICAL_HINT = {
    AIETileType.CoreTile: "logical_core",
    AIETileType.MemTile: "logical_mem",
    AIETileType.ShimNOCTile: "logical_shim_noc",
    AIETileType.ShimPLTile: "logical_shim_pl",
}
_KIND_OF_TYPE = {
    AIETileType.CoreTile: TileKind.COMPUTE,
    AIETileType.MemTile: TileKind.MEM,
    AIETileType.ShimNOCTile: TileKind.SHIM_NOC,
    AIETileType.ShimPLTile: TileKind.SHIM_PL,
}


class OptionalCoordinate(CustomDirective):
    """A tile coordinate, or ``?`` while it is unplaced (mlir-aie's ``LogicalTileOp`` syntax)."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> Attribute | None:
        if parser.parse_optional_punctuation("?") is not None:
            return None
        return int_attr(parser.parse_integer(allow_boolean=False, allow_negative=False))

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        (value,) = values
        printer.print_string("?" if value is None else str(value.value.data))  # pyright: ignore


@irdl_op_definition
class LogicalTileOp(FormattedOp):
    """``aie.logical_tile<CoreTile>(?, ?)``: a tile of a kind, placed later."""

    name = "aie.logical_tile"
    tile_type = prop_def(AIETileTypeAttr)
    col = opt_prop_def(I32Attr)
    row = opt_prop_def(I32Attr)
    allocation_scheme = opt_prop_def(StringAttr)
    result = result_def(IndexType())
    traits = traits_def(Pure())
    FORMAT: ClassVar[str] = (
        "`<` $tile_type `>` `` `(` custom<OptionalCoordinate>($col) `,` "
        "custom<OptionalCoordinate>($row) `)` attr-dict"
    )
    custom_directives = (OptionalCoordinate,)

    def __init__(self, tile_type: AIETileType, col: int | None = None, row: int | None = None):
        props: dict[str, Attribute] = {"tile_type": enum_attr(tile_type)}
        if col is not None:
            props["col"] = int_attr(col)
        if row is not None:
            props["row"] = int_attr(row)
        super().__init__(properties=props, result_types=[IndexType()])

    def asm_result_names(self) -> list[str | None]:
        value = self.tile_type.value.data
        return [_LOGICAL_HINT[AIETileType(value)] if value in _LOGICAL_HINT else None]

    def verify_rules(self) -> None:
        device = parent_device(self)
        spec = None if device is None else device.spec_or_none()
        if spec is None:
            return
        col = None if self.col is None else self.col.value.data
        row = None if self.row is None else self.row.value.data
        if col is not None and col >= spec.columns:
            raise VerifyException(
                f"column index ({col}) must be less than the number of columns in the device "
                f"({spec.columns})"
            )
        if row is not None and row >= spec.rows:
            raise VerifyException(
                f"row index ({row}) must be less than the number of rows in the device "
                f"({spec.rows})"
            )
        if col is not None and row is not None:
            wanted = _KIND_OF_TYPE[AIETileType(self.tile_type.value.data)]
            actual = spec.tile_kind(col, row)
            if actual is not wanted:
                raise VerifyException(
                    f"aie.logical_tile<{AIETileType(self.tile_type.value.data).name}>({col}, {row})"
                    f": tile ({col}, {row}) is a {actual.human if actual else 'missing tile'}"
                )


# --- objectfifo helpers -------------------------------------------------------------------------


@irdl_op_definition
class ObjectFifoAllocateOp(FormattedOp):
    name = "aie.objectfifo.allocate"
    objFifo_name = prop_def(SymbolRefAttr)
    delegateTile = operand_def(IndexType())
    traits = lazy_traits_def(lambda: (HasParent(DeviceOp),))
    FORMAT: ClassVar[str] = "$objFifo_name `(` $delegateTile `)` attr-dict"

    def __init__(self, fifo: str, delegate_tile: SSAValue | Operation):
        super().__init__(
            operands=[delegate_tile], properties={"objFifo_name": SymbolRefAttr(fifo)}
        )

    def verify_rules(self) -> None:
        fifo = lookup_objectfifo(self, self.objFifo_name)
        if fifo is None:
            raise VerifyException(
                f"aie.objectfifo.allocate refers to @{self.objFifo_name.root_reference.data}, "
                "but no aie.objectfifo of that name exists"
            )
        name = fifo.sym_name.data
        problems = []
        if len(fifo.consumerTiles) != 1:
            problems.append("it has more than one consumer (only 1-to-1 fifos share memory)")
        if fifo.via_DMA is not None and fifo.via_DMA.value.data:
            problems.append("it is marked via_DMA")
        if fifo.repeat_count is not None:
            problems.append("it has a repeat_count")
        if len(fifo.dimensionsToStream) or any(len(d) for d in fifo.dimensionsFromStreamPerConsumer):  # pyright: ignore
            problems.append("it has data layout transformations")
        if fifo.aie_stream is not None:
            problems.append("it uses aie_stream")
        if problems:
            raise VerifyException(
                f"aie.objectfifo.allocate cannot place @{name} on a delegate tile: "
                + "; ".join(problems)
            )


@irdl_op_definition
class ObjectFifoRegisterExternalBuffersOp(FormattedOp):
    name = "aie.objectfifo.register_external_buffers"
    objFifo_name = prop_def(SymbolRefAttr)
    tile = operand_def(IndexType())
    externalBuffers = var_operand_def(MemRefType)
    traits = lazy_traits_def(lambda: (HasParent(DeviceOp),))
    FORMAT: ClassVar[str] = (
        "attr-dict $objFifo_name `(` $tile `,` `{` $externalBuffers `}` `)` `:` `(` "
        "type($externalBuffers) `)`"
    )

    def __init__(
        self, fifo: str, tile: SSAValue | Operation, buffers: Sequence[SSAValue | Operation]
    ):
        super().__init__(
            operands=[tile, list(buffers)], properties={"objFifo_name": SymbolRefAttr(fifo)}
        )

    def verify_rules(self) -> None:
        require_tile_kind(self, self.tile, (TileKind.SHIM_NOC,), "external buffers are in DDR")
        fifo = lookup_objectfifo(self, self.objFifo_name)
        if fifo is None:
            raise VerifyException(
                "aie.objectfifo.register_external_buffers refers to "
                f"@{self.objFifo_name.root_reference.data}, but no aie.objectfifo of that name "
                "exists"
            )
        if self.tile not in fifo.endpoint_tiles():
            raise VerifyException(
                f"aie.objectfifo.register_external_buffers: the tile is not an endpoint of "
                f"@{fifo.sym_name.data}"
            )


@irdl_op_definition
class ObjectFifoRegisterProcessOp(FormattedOp):
    name = "aie.objectfifo.register_process"
    port = prop_def(ObjectFifoPortAttr)
    objFifo_name = prop_def(SymbolRefAttr)
    acquirePatternTensor = operand_def(TensorType)
    releasePatternTensor = operand_def(TensorType)
    callee = prop_def(SymbolRefAttr)
    length = operand_def(IndexType())
    FORMAT: ClassVar[str] = (
        "attr-dict $objFifo_name `(` $port `,` $acquirePatternTensor `:` "
        "type($acquirePatternTensor) `,` $releasePatternTensor `:` type($releasePatternTensor) "
        "`,` $callee `,` $length `)`"
    )

    def __init__(
        self,
        fifo: str,
        port: ObjectFifoPort,
        acquire_pattern: SSAValue | Operation,
        release_pattern: SSAValue | Operation,
        callee: str,
        length: SSAValue | Operation,
    ):
        super().__init__(
            operands=[acquire_pattern, release_pattern, length],
            properties={
                "port": enum_attr(port),
                "objFifo_name": SymbolRefAttr(fifo),
                "callee": SymbolRefAttr(callee),
            },
        )

    def verify_rules(self) -> None:
        for value in (self.acquirePatternTensor, self.releasePatternTensor):
            type_ = value.type
            if not isinstance(type_, TensorType) or type_.element_type != i32:
                raise VerifyException(
                    "aie.objectfifo.register_process patterns must be tensors of i32"
                )


__all__ = [
    "DebugOp",
    "EventOp",
    "GetStreamOp",
    "LogicalTileOp",
    "ObjectFifoAllocateOp",
    "ObjectFifoRegisterExternalBuffersOp",
    "ObjectFifoRegisterProcessOp",
    "PLIOOp",
    "PutStreamOp",
]


install_fast_verifiers(defined_ops(globals()))
