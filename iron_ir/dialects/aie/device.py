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
from iron_ir.dialects.aie.enums import AIEDevice, AIEDeviceAttr, enum_attr
from iron_ir.ir.constraints import I32Attr, I64Attr, int_attr
from iron_ir.ir.syntax import CustomDirective, FormattedOp
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers

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


DEFAULT_DEVICE = "xcvc1902"
"""The target of ops outside any ``aie.device``: mlir-aie's ``getTargetModel`` falls back to the
VC1902 model there, for files written before ``aie.device`` existed."""


def device_spec_for(op: Operation) -> DeviceSpec | None:
    """The device whose limits apply to ``op`` (mlir-aie's ``getTargetModel``): the enclosing
    ``aie.device``, or the VC1902 outside one; None for a device value no device has."""
    device = op if isinstance(op, DeviceOp) else parent_device(op)
    if device is None:
        return get_device(DEFAULT_DEVICE)
    return device.spec_or_none()


def tile_kind_of(value: SSAValue) -> tuple[TileOp, DeviceSpec, TileKind] | None:
    """(tile op, device spec, kind) for a placed tile value, None when unknown."""
    tile = tile_op_of(value)
    if tile is None:
        return None
    spec = device_spec_for(tile)
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


def memref_bytes(memref: Attribute) -> int:
    """Bytes of a statically shaped memref."""
    return memref_elements(memref) * element_bytes(memref)


def require_parent(op: Operation, names: Sequence[str]) -> None:
    """mlir's ParentOneOf<[...]> trait, for parents in other modules or dialects."""
    parent = op.parent_op()
    if parent is None or parent.name not in names:
        raise VerifyException(
            f"expects parent op to be one of {', '.join(repr(n) for n in names)}"
            + (f", not '{parent.name}'" if parent is not None else "")
        )


_TILE_TRAITS: dict[frozenset[TileKind], str] = {
    frozenset({TileKind.COMPUTE}): "op exists in a core tile",
    frozenset({TileKind.MEM}): "op exists in a MemTile",
    frozenset({TileKind.SHIM_NOC}): "op exists in a shim tile with NOC connection",
    frozenset({TileKind.SHIM_NOC, TileKind.SHIM_PL}): "op exists in a shim tile",
}


def require_tile_kind(
    op: Operation, tile_value: SSAValue, kinds: Sequence[TileKind], what: str
) -> None:
    """mlir-aie's IsCoreTile / IsMemTile / IsShimNOCTile / IsShimTile traits (their wording)."""
    found = tile_kind_of(tile_value)
    if found is None:
        return
    tile, _, kind = found
    if kind not in kinds:
        wanted = " or ".join(k.human for k in kinds)
        trait = _TILE_TRAITS.get(frozenset(kinds), f"op exists in a {wanted}")
        c, r = tile.col_row
        raise VerifyException(
            f"failed to verify that {trait}: tile ({c}, {r}) is a {kind.human} ({what})"
        )


class VerifyAt(VerifyException):
    """A verifier error about another op than the one verifying (mlir-aie's
    ``child.emitOpError()`` from a parent's verifier): reported at ``op``."""

    def __init__(self, op: Operation, message: str):
        super().__init__(message)
        self.op = op


# Ops whose uses of a buffer or lock skip the reachability rule (mlir-aie's
# SkipAccessibilityCheckTrait: runtime-sequence code reaches any tile through the shim).
_SKIP_ACCESS_CHECK = ("aie.runtime_sequence", "aiex.runtime_sequence")


def _tile_element_of(user: Operation) -> Operation | None:
    """The op naming the tile a user runs on (mlir-aie's TileElement): the user itself when it
    has a tile operand of its own, else the nearest such ancestor below the device."""
    current: Operation | None = user
    while current is not None and not isinstance(current, DeviceOp | ModuleOp):
        if current.name in _TILE_ELEMENTS:
            return current
        current = current.parent_op()
    return None


_TILE_ELEMENTS = (
    "aie.core",
    "aie.mem",
    "aie.memtile_dma",
    "aie.shim_dma",
    "aie.buffer",
    "aie.lock",
    "aie.switchbox",
    "aie.shim_mux",
)


def verify_uses_accessible(op: Operation, tile_value: SSAValue, result: SSAValue) -> None:
    """mlir-aie's UsesAreAccessible: every user of a buffer or lock runs on a tile whose core
    or DMA can reach the memory of the tile the buffer or lock is on."""
    found = tile_kind_of(tile_value)
    if found is None:
        return
    tile, spec, _ = found
    for use in result.uses:
        user = use.operation
        parent = user.parent_op()
        if parent is None or isinstance(parent, DeviceOp | ModuleOp):
            continue
        skip = user
        while skip is not None and skip.name not in _SKIP_ACCESS_CHECK:
            skip = skip.parent_op()
        if skip is not None:
            continue
        element = _tile_element_of(user)
        if element is None:
            raise VerifyException(
                f"is accessed outside of a tile (by '{user.name}', which is not inside an "
                "aie.core or a DMA program)"
            )
        user_tile = tile_op_of(element.operands[0]) if element.operands else None
        if user_tile is None:
            continue
        if not spec.is_legal_mem_access(user_tile.col_row, tile.col_row):
            (c, r), (uc, ur) = tile.col_row, user_tile.col_row
            raise VerifyException(
                f"in Column {c} and Row {r} is accessed from an unreachable tile in Column "
                f"{uc} and Row {ur} (by '{user.name}')"
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
                    f"redefinition of symbol named '{sym.data}': defined by '{first.name}' and "
                    f"again by "
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
        device = self.properties.get("device")
        if device is None:  # generic text without the property: IRDL's verifier reports it
            return None
        return DEVICES_BY_ENUM.get(device.value.data)


# --- aie.tile -----------------------------------------------------------------------------------


@irdl_op_definition
class TileOp(FormattedOp):
    name = "aie.tile"
    col = prop_def(I32Attr)
    row = prop_def(I32Attr)
    allocation_scheme = opt_prop_def(StringAttr)
    result = result_def(IndexType())
    FORMAT: ClassVar[str] = "`(` $col `,` $row `)` attr-dict"

    def __init__(self, col: int, row: int, allocation_scheme: str | None = None):
        props: dict[str, Attribute] = {"col": int_attr(col), "row": int_attr(row)}
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
        for name, value in (("col", c), ("row", r)):
            if value < 0:
                # mlir-aie's ConfinedAttr<I32Attr, [IntMinValue<0>]> wording, then the value.
                raise VerifyException(
                    f"attribute '{name}' failed to satisfy constraint: 32-bit signless integer "
                    f"attribute whose minimum value is 0 (tile ({c}, {r}))"
                )
        spec = device_spec_for(self)
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
        switchboxes = [
            u.operation
            for u in self.result.uses
            if u.operation.name == "aie.switchbox" and u.operation.operands[0] is self.result
        ]
        if len(switchboxes) > 1:
            raise VerifyException("can only have one switchbox")
        cores = [
            u.operation
            for u in self.result.uses
            if isinstance(u.operation, CoreOp) and u.operation.tile is self.result
        ]
        if len(cores) > 1:
            raise VerifyAt(
                cores[1],
                f"tile ({c}, {r}) already has a core; each compute tile can host only one core",
            )
        kind = spec.tile_kind(c, r)
        if kind is not None and kind.is_shim and self.allocation_scheme is not None:
            raise VerifyException("Shim tiles cannot have an allocation scheme")


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
            props["stack_size"] = int_attr(stack_size)
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
        spec = device_spec_for(self)
        return (spec or get_device("npu1")).default_stack_bytes

    def asm_result_names(self) -> list[str | None]:
        return [tile_element_name("core", self.tile)]

    def verify_rules(self) -> None:
        require_tile_kind(self, self.tile, (TileKind.COMPUTE,), "a core runs on a compute tile")
        if self.elf_file is not None:
            block = self.body.blocks.first
            if len(self.body.blocks) != 1 or block is None or not (
                isinstance(block.first_op, EndOp) and block.first_op is block.last_op
            ):
                raise VerifyException(
                    "When `elf_file` attribute is specified, core body must be empty (consist "
                    "of exactly one `aie.end` op)."
                )
        if self.link_with is not None and self.link_files is not None:
            raise VerifyException(
                "cannot specify both 'link_with' (deprecated) and 'link_files' on the same "
                "core; run aie-assign-core-link-files to migrate"
            )
        spec = device_spec_for(self)
        if spec is not None:
            memory = spec.kinds[TileKind.COMPUTE].data_memory_bytes
            if self.stack_size_bytes >= memory:
                raise VerifyException(
                    f"stack_size {self.stack_size_bytes} leaves no local memory for this tile's "
                    f"buffers ({memory} bytes total)"
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
    aligned = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
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
            props["address"] = int_attr(address)
        if mem_bank is not None:
            props["mem_bank"] = int_attr(mem_bank)
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
        verify_uses_accessible(self, self.tile, self.buffer)


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
            props["lockID"] = int_attr(lock_id)
        if init is not None:
            props["init"] = int_attr(init)
        if sym_name is not None:
            props["sym_name"] = StringAttr(sym_name)
        super().__init__(operands=[tile], properties=props, result_types=[IndexType()])

    def asm_result_names(self) -> list[str | None]:
        if self.sym_name is not None:
            return [self.sym_name.data]
        return [tile_element_name("lock", self.tile)]

    def verify_rules(self) -> None:
        if self.lockID is not None and self.lockID.value.data < 0:
            raise VerifyException(
                "attribute 'lockID' failed to satisfy constraint: 32-bit signless integer "
                "attribute whose minimum value is 0"
            )
        verify_uses_accessible(self, self.tile, self.result)
        found = tile_kind_of(self.tile)
        if found is None or self.lockID is None:
            return
        _, spec, kind = found
        locks = spec.kinds[kind].locks
        if self.lockID.value.data >= locks:
            raise VerifyException(f"lock assigned invalid id (maximum is {locks - 1})")


__all__ = [
    "AIESymbolTable",
    "DEFAULT_DEVICE",
    "VerifyAt",
    "device_spec_for",
    "verify_uses_accessible",
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


install_fast_verifiers(defined_ops(globals()))
