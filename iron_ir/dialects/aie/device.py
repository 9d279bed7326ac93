"""aie.device, aie.tile, aie.end, aie.core, aie.buffer, aie.lock, aie.external_buffer."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    StringAttr,
    SymbolNameConstraint,
    TensorType,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    OptionalSymbolOpInterface,
    SingleBlockImplicitTerminator,
    SymbolTable,
    ensure_terminator,
)
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import DEVICES_BY_ENUM, DeviceSpec, TileKind, TileKindSpec, get_device
from iron_ir.dialects.aie.attrs import AIEDevice, AIEDeviceAttr, enum_attr
from iron_ir.ir.constraints import I32Attr, I64Attr
from iron_ir.ir.syntax import CustomDirective, FormattedOp

# --- shared helpers -----------------------------------------------------------------------------


def parent_device(op: Operation) -> DeviceOp | None:
    """The aie.device enclosing ``op`` (None outside one)."""
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, DeviceOp):
        parent = parent.parent_op()
    return parent


def tile_op_of(value: SSAValue) -> TileOp | None:
    """The aie.tile defining ``value``, if it is one."""
    owner = value.owner
    return owner if isinstance(owner, TileOp) else None


def tile_kind_of(value: SSAValue) -> tuple[TileOp, DeviceSpec, TileKind] | None:
    """(tile op, device spec, kind) for a tile value inside a device, None when unknown."""
    tile = tile_op_of(value)
    if tile is None:
        return None
    device = parent_device(tile)
    if device is None:
        return None
    spec = device.spec_or_none()
    if spec is None:
        return None
    kind = spec.tile_kind(*tile.col_row)
    if kind is None:
        return None
    return tile, spec, kind


def element_bytes(memref: Attribute) -> int:
    """Bytes per element of a memref type (index counts as 8, sub-byte types round up)."""
    assert isinstance(memref, MemRefType)
    elem = memref.element_type
    width = getattr(elem, "bitwidth", None)
    if width is None:
        width = 64
    return max(1, math.ceil(width / 8))


def memref_elements(memref: Attribute) -> int:
    assert isinstance(memref, MemRefType)
    return math.prod(memref.get_shape())


def require_parent(op: Operation, names: Sequence[str]) -> None:
    """mlir's ParentOneOf<[...]> trait, for parents in other modules or dialects."""
    parent = op.parent_op()
    if parent is None or parent.name not in names:
        raise VerifyException(
            f"expects parent op to be one of {', '.join(repr(n) for n in names)}"
            + (f", not '{parent.name}'" if parent is not None else "")
        )


def require_tile_kind(
    op: Operation, tile_value: SSAValue, kinds: Sequence[TileKind], what: str
) -> None:
    """mlir-aie's IsCoreTile / IsMemTile / IsShimNOCTile / IsShimTile traits."""
    found = tile_kind_of(tile_value)
    if found is None:
        return
    tile, _, kind = found
    if kind not in kinds:
        wanted = " or ".join(k.human for k in kinds)
        c, r = tile.col_row
        raise VerifyException(
            f"must be on a {wanted}, but tile ({c}, {r}) is a {kind.human} ({what})"
        )


def print_dense_without_type(printer: Printer, attr: Attribute) -> None:
    """Elements attribute text without its trailing ``: type`` (mlir-aie elides the type
    where the op supplies it)."""
    buffer = io.StringIO()
    inner = Printer(stream=buffer)
    inner.print_attribute(attr)
    text = buffer.getvalue()
    type_text = io.StringIO()
    Printer(stream=type_text).print_attribute(attr.get_type())  # pyright: ignore
    suffix = " : " + type_text.getvalue()
    if text.endswith(suffix):
        text = text[: -len(suffix)]
    printer.print_string(text)


def parse_dense_with_type(parser: Parser, type_: Attribute) -> Attribute:
    """Read ``dense<...>`` whose type is given by the op, or any fully typed attribute."""
    if parser.parse_optional_keyword("dense") is not None:
        return parser.parse_dense_int_or_fp_elements_attr(type_)  # pyright: ignore
    return parser.parse_attribute()


# --- aie.end ------------------------------------------------------------------------------------


@irdl_op_definition
class EndOp(FormattedOp):
    name = "aie.end"
    traits = traits_def(IsTerminator())
    FORMAT: ClassVar[str] = "attr-dict"

    def __init__(self):
        super().__init__()


# --- aie.device ---------------------------------------------------------------------------------


class AIESymbolTable(SymbolTable):
    """SymbolTable whose duplicate-symbol message names the two definitions."""

    def verify(self, op: Operation) -> None:
        if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            raise VerifyException("must have one region with one block")
        seen: dict[str, Operation] = {}
        for child in op.regions[0].block.ops:
            sym = child.get_attr_or_prop("sym_name")
            if not isinstance(sym, StringAttr):
                continue
            first = seen.get(sym.data)
            if first is not None:
                raise VerifyException(
                    f"duplicate symbol @{sym.data}: defined by '{first.name}' and again by "
                    f"'{child.name}' in the same '{op.name}'; symbols must be unique, rename one"
                )
            seen[sym.data] = child


@irdl_op_definition
class DeviceOp(FormattedOp):
    name = "aie.device"
    device = prop_def(AIEDeviceAttr)
    sym_name = opt_prop_def(SymbolNameConstraint(), default_value=StringAttr("main"))
    body_region = region_def()
    traits = traits_def(
        AIESymbolTable(),
        SingleBlockImplicitTerminator(EndOp),
        IsolatedFromAbove(),
        HasParent(ModuleOp),
        OptionalSymbolOpInterface(),
    )
    FORMAT: ClassVar[str] = "`(` $device `)` ($sym_name^)? regions attr-dict"

    def __init__(
        self, device: AIEDevice | str | int, body: Region | None = None, sym_name: str | None = None
    ):
        if isinstance(device, str):
            device = get_device(device).enum_value
        props: dict[str, Attribute] = {"device": enum_attr(int(device))}
        if sym_name is not None:
            props["sym_name"] = StringAttr(sym_name)
        super().__init__(properties=props, regions=[body if body is not None else Region(Block())])
        ensure_terminator(self, SingleBlockImplicitTerminator(EndOp))

    @property
    def body(self) -> Block:
        return self.body_region.block

    @property
    def spec(self) -> DeviceSpec:
        spec = self.spec_or_none()
        if spec is None:
            raise ValueError(f"aie.device has an unknown device value {self.device.value.data}")
        return spec

    def spec_or_none(self) -> DeviceSpec | None:
        """The device table entry; None for an enum value no device has (the device's own
        verifier reports that)."""
        value = self.device.value.data
        if value not in DEVICES_BY_ENUM:
            return None
        return DEVICES_BY_ENUM[value]

    def verify_rules(self) -> None:
        tiles: dict[tuple[int, int], TileOp] = {}
        for op in self.body_region.block.ops:
            if isinstance(op, TileOp):
                first = tiles.get(op.col_row)
                if first is not None:
                    c, r = op.col_row
                    raise VerifyException(
                        f"duplicate aie.tile({c}, {r}) in aie.device: each tile may be declared "
                        "once; reuse the first tile's value"
                    )
                tiles[op.col_row] = op


# --- aie.tile -----------------------------------------------------------------------------------

_ONE_PER_TILE = (
    "aie.core",
    "aie.mem",
    "aie.memtile_dma",
    "aie.shim_dma",
    "aie.switchbox",
    "aie.shim_mux",
)


@irdl_op_definition
class TileOp(FormattedOp):
    name = "aie.tile"
    col = prop_def(I32Attr)
    row = prop_def(I32Attr)
    allocation_scheme = opt_prop_def(StringAttr)
    result = result_def(IndexType())
    FORMAT: ClassVar[str] = "`(` $col `,` $row `)` attr-dict"

    def __init__(self, col: int, row: int, allocation_scheme: str | None = None):
        props: dict[str, Attribute] = {"col": IntegerAttr(col, i32), "row": IntegerAttr(row, i32)}
        if allocation_scheme is not None:
            props["allocation_scheme"] = StringAttr(allocation_scheme)
        super().__init__(properties=props, result_types=[IndexType()])

    @property
    def col_row(self) -> tuple[int, int]:
        return (self.col.value.data, self.row.value.data)

    def kind_or_none(self) -> TileKind | None:
        device = parent_device(self)
        spec = None if device is None else device.spec_or_none()
        return None if spec is None else spec.tile_kind(*self.col_row)

    @property
    def kind(self) -> TileKind:
        device = parent_device(self)
        if device is None:
            raise ValueError(f"aie.tile{self.col_row} is not inside an aie.device")
        kind = device.spec.tile_kind(*self.col_row)
        if kind is None:
            raise ValueError(f"aie.tile{self.col_row} is not on device {device.spec.name}")
        return kind

    @property
    def kind_spec(self) -> TileKindSpec:
        device = parent_device(self)
        if device is None:
            raise ValueError(f"aie.tile{self.col_row} is not inside an aie.device")
        return device.spec.tile_spec(*self.col_row)

    def asm_result_names(self) -> list[str | None]:
        c, r = self.col_row
        kind = self.kind_or_none()
        return [f"{(kind or TileKind.COMPUTE).value}_{c}_{r}"]

    def verify_rules(self) -> None:
        c, r = self.col_row
        if c < 0 or r < 0:
            raise VerifyException(f"tile coordinates must be non-negative, got ({c}, {r})")
        device = parent_device(self)
        spec = None if device is None else device.spec_or_none()
        if spec is None:
            return
        if c >= spec.columns:
            raise VerifyException(
                f"column index ({c}) must be less than the number of columns in the device "
                f"({spec.columns}) [{spec.describe()}]"
            )
        if r >= spec.rows:
            raise VerifyException(
                f"row index ({r}) must be less than the number of rows in the device "
                f"({spec.rows}) [{spec.describe()}]"
            )
        seen: set[str] = set()
        for use in self.result.uses:
            user = use.operation
            if user.name in _ONE_PER_TILE and user.operands[0] is self.result:
                if user.name in seen:
                    raise VerifyException(
                        f"tile ({c}, {r}) can only have one {user.name}; merge the bodies "
                        "into one op"
                    )
                seen.add(user.name)
        self._verify_memory_fits(spec)

    def _verify_memory_fits(self, spec: DeviceSpec) -> None:
        kind = spec.tile_kind(*self.col_row)
        assert kind is not None
        capacity = spec.kinds[kind].data_memory_bytes
        buffers = [
            u.operation
            for u in self.result.uses
            if isinstance(u.operation, BufferOp) and u.operation.tile is self.result
        ]
        if not buffers:
            return
        if capacity == 0:
            raise VerifyException(
                f"aie.buffer on tile {self.col_row}, a {kind.human}, which has no data memory; "
                "place buffers on compute or mem tiles"
            )
        stack = 0
        for u in self.result.uses:
            if isinstance(u.operation, CoreOp) and u.operation.tile is self.result:
                stack = u.operation.stack_size_bytes
        used = stack + sum(b.size_bytes for b in buffers)
        if used > capacity:
            raise VerifyException(
                f"buffers on tile {self.col_row} ({kind.human}) need {used} bytes"
                + (f" (including the {stack}-byte core stack)" if stack else "")
                + f" but the tile has {capacity} bytes of data memory; shrink the buffers or "
                "objectfifo depths, or move some to another tile"
            )


# --- aie.core -----------------------------------------------------------------------------------


@irdl_op_definition
class CoreOp(FormattedOp):
    name = "aie.core"
    tile = operand_def(IndexType())
    stack_size = opt_prop_def(I32Attr, default_value=IntegerAttr(1024, i32))
    link_with = opt_prop_def(StringAttr)
    link_files = opt_prop_def(ArrayAttr[StringAttr])
    elf_file = opt_prop_def(StringAttr)
    dynamic_objfifo_lowering = opt_prop_def(BoolAttr)
    body = region_def()
    result = result_def(IndexType())
    FORMAT: ClassVar[str] = "`(` $tile `)` regions attr-dict"

    def __init__(
        self,
        tile: SSAValue | Operation,
        body: Region | None = None,
        stack_size: int | None = None,
        link_with: str | None = None,
        elf_file: str | None = None,
    ):
        props: dict[str, Attribute] = {}
        if stack_size is not None:
            props["stack_size"] = IntegerAttr(stack_size, i32)
        if link_with is not None:
            props["link_with"] = StringAttr(link_with)
        if elf_file is not None:
            props["elf_file"] = StringAttr(elf_file)
        if body is None:
            body = Region(Block([EndOp()]))
        super().__init__(
            operands=[tile], properties=props, regions=[body], result_types=[IndexType()]
        )

    @property
    def stack_size_bytes(self) -> int:
        explicit = self.properties.get("stack_size")
        if isinstance(explicit, IntegerAttr):
            return explicit.value.data
        device = self.parent_op()
        spec = device.spec_or_none() if isinstance(device, DeviceOp) else None
        return (spec or get_device("npu1")).default_stack_bytes

    def asm_result_names(self) -> list[str | None]:
        return [tile_element_name("core", self.tile)]

    def verify_rules(self) -> None:
        require_tile_kind(self, self.tile, (TileKind.COMPUTE,), "a core runs on a compute tile")
        if self.link_with is not None and self.link_files is not None:
            raise VerifyException(
                "aie.core has both 'link_with' (deprecated) and 'link_files'; use only "
                "'link_files'"
            )
        found = tile_kind_of(self.tile)
        if found is not None:
            _, spec, kind = found
            memory = spec.kinds[kind].data_memory_bytes
            if self.stack_size_bytes >= memory:
                raise VerifyException(
                    f"stack_size ({self.stack_size_bytes} bytes) leaves no local memory on "
                    f"this {kind.human} ({memory} bytes)"
                )


def tile_element_name(prefix: str, tile: SSAValue) -> str | None:
    """mlir-aie's TileElement name hint ``<prefix>_C_R`` (numbered when the tile is unplaced)."""
    tile_op = tile_op_of(tile)
    if tile_op is None:
        return None
    c, r = tile_op.col_row
    return f"{prefix}_{c}_{r}"


# --- aie.buffer ---------------------------------------------------------------------------------


class BufferInitialValue(CustomDirective):
    """``= dense<...>`` after the buffer type, the elements read with the tensor type of the
    buffer's shape (mlir-aie's ``parseBufferInitialValue``); nothing when there is none."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> Attribute | None:
        (memref,) = refs
        if parser.parse_optional_punctuation("=") is None:
            return None
        assert isinstance(memref, MemRefType)
        return parse_dense_with_type(parser, TensorType(memref.element_type, memref.get_shape()))

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        _, value = values
        if isinstance(value, Attribute):
            printer.print_string("= ")
            print_dense_without_type(printer, value)


@irdl_op_definition
class BufferOp(FormattedOp):
    name = "aie.buffer"
    tile = operand_def(IndexType())
    sym_name = opt_prop_def(StringAttr)
    address = opt_prop_def(I32Attr)
    initial_value = opt_prop_def(DenseIntOrFPElementsAttr)
    mem_bank = opt_prop_def(I32Attr)
    buffer = result_def(MemRefType)
    FORMAT: ClassVar[str] = (
        "`(` $tile `)` attr-dict `:` type($buffer) "
        "custom<BufferInitialValue>(ref(type($buffer)), $initial_value)"
    )
    custom_directives = (BufferInitialValue,)

    def __init__(
        self,
        tile: SSAValue | Operation,
        memref: MemRefType,
        sym_name: str | None = None,
        initial_value: Attribute | None = None,
        address: int | None = None,
        mem_bank: int | None = None,
    ):
        props: dict[str, Attribute] = {}
        if sym_name is not None:
            props["sym_name"] = StringAttr(sym_name)
        if initial_value is not None:
            props["initial_value"] = initial_value
        if address is not None:
            props["address"] = IntegerAttr(address, i32)
        if mem_bank is not None:
            props["mem_bank"] = IntegerAttr(mem_bank, i32)
        super().__init__(operands=[tile], properties=props, result_types=[memref])

    @property
    def size_bytes(self) -> int:
        """Bytes the buffer takes (0 for a dynamic shape, which its verifier rejects)."""
        if any(d < 0 for d in self.buffer.type.get_shape()):
            return 0
        return memref_elements(self.buffer.type) * element_bytes(self.buffer.type)

    def asm_result_names(self) -> list[str | None]:
        if self.sym_name is not None:
            return [self.sym_name.data]
        return [tile_element_name("buffer", self.tile)]

    def verify_rules(self) -> None:
        if any(d < 0 for d in self.buffer.type.get_shape()):
            raise VerifyException(
                f"aie.buffer needs a static shape to be allocated in tile memory, not "
                f"{self.buffer.type}"
            )


# --- aie.external_buffer ------------------------------------------------------------------------


@irdl_op_definition
class ExternalBufferOp(FormattedOp):
    name = "aie.external_buffer"
    sym_name = opt_prop_def(StringAttr)
    address = opt_prop_def(I64Attr)
    buffer = result_def(MemRefType)
    FORMAT: ClassVar[str] = "attr-dict `:` type($buffer)"

    def __init__(self, memref: MemRefType, sym_name: str | None = None):
        props: dict[str, Attribute] = {}
        if sym_name is not None:
            props["sym_name"] = StringAttr(sym_name)
        super().__init__(properties=props, result_types=[memref])

    def asm_result_names(self) -> list[str | None]:
        return [self.sym_name.data if self.sym_name is not None else None]


# --- aie.lock -----------------------------------------------------------------------------------


@irdl_op_definition
class LockOp(FormattedOp):
    name = "aie.lock"
    tile = operand_def(IndexType())
    lockID = opt_prop_def(I32Attr)
    init = opt_prop_def(I32Attr)
    sym_name = opt_prop_def(StringAttr)
    result = result_def(IndexType())
    FORMAT: ClassVar[str] = "`(` $tile (`,` $lockID^ )? `)` attr-dict"

    def __init__(
        self,
        tile: SSAValue | Operation,
        lock_id: int | None = None,
        init: int | None = None,
        sym_name: str | None = None,
    ):
        props: dict[str, Attribute] = {}
        if lock_id is not None:
            props["lockID"] = IntegerAttr(lock_id, i32)
        if init is not None:
            props["init"] = IntegerAttr(init, i32)
        if sym_name is not None:
            props["sym_name"] = StringAttr(sym_name)
        super().__init__(operands=[tile], properties=props, result_types=[IndexType()])

    def asm_result_names(self) -> list[str | None]:
        if self.sym_name is not None:
            return [self.sym_name.data]
        return [tile_element_name("lock", self.tile)]

    def verify_rules(self) -> None:
        found = tile_kind_of(self.tile)
        if found is None:
            return
        tile, spec, kind = found
        kind_spec = spec.kinds[kind]
        c, r = tile.col_row
        if self.lockID is not None:
            lock_id = self.lockID.value.data
            if lock_id < 0 or lock_id >= kind_spec.locks:
                raise VerifyException(
                    f"lock assigned invalid id (maximum is {kind_spec.locks - 1}): lock id "
                    f"{lock_id} on tile ({c}, {r}), a {kind.human} with {kind_spec.locks} locks"
                )
        if kind_spec.locks == 0:
            raise VerifyException(f"tile ({c}, {r}) is a {kind.human}, which has no locks")
        if self.init is not None:
            init = self.init.value.data
            if not 0 <= init <= kind_spec.lock_max_value:
                raise VerifyException(
                    f"lock init value {init} is out of range: locks on a {kind.human} of "
                    f"{spec.name} hold 0..{kind_spec.lock_max_value}"
                )


__all__ = [
    "AIESymbolTable",
    "BufferOp",
    "CoreOp",
    "DeviceOp",
    "EndOp",
    "ExternalBufferOp",
    "LockOp",
    "TileOp",
    "element_bytes",
    "memref_elements",
    "parent_device",
    "parse_dense_with_type",
    "print_dense_without_type",
    "require_parent",
    "require_tile_kind",
    "tile_element_name",
    "tile_kind_of",
    "tile_op_of",
]
