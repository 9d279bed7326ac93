"""What every AIEX op family shares: default values, mlir-aie-style verifier errors, and
lookups of the enclosing ``aie.device``, its symbols and its device-table entry."""

from __future__ import annotations

from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntegerAttr,
    IntegerType,
    SymbolRefAttr,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import DeviceSpec
from iron_ir.ir.constraints import ui64
from iron_ir.ir.symbols import lookup_in

FALSE = IntegerAttr(0, i1)
ZERO_I32 = IntegerAttr(0, i32)
ZERO_I64 = IntegerAttr(0, i64)
ZERO_UI64 = IntegerAttr(0, ui64)


def int_value(attr: Attribute | None, default: int = 0) -> int:
    """The Python int of an optional IntegerAttr (``default`` when absent)."""
    if attr is None:
        return default
    assert isinstance(attr, IntegerAttr)
    return attr.value.data


def element_bits(element_type: Attribute) -> int:
    """Storage width of a memref element as the DMA sees it (mlir's DataLayout size)."""
    if isinstance(element_type, IntegerType):
        return element_type.width.data
    if isinstance(element_type, AnyFloat):
        return element_type.bitwidth
    if isinstance(element_type, IndexType):
        return 64
    total_bits = getattr(element_type, "total_bits", None)
    if total_bits is not None:
        return total_bits()
    raise VerifyException(f"cannot transfer elements of type {element_type} with a DMA")


def enclosing_device(op: Operation) -> Operation | None:
    """The ``aie.device`` op ``op`` sits in, if any."""
    parent = op.parent_op()
    while parent is not None and parent.name != "aie.device":
        parent = parent.parent_op()
    return parent


def device_spec(op: Operation) -> DeviceSpec | None:
    """The device-table entry of the ``aie.device`` around ``op`` (None outside a device)."""
    device = enclosing_device(op)
    if device is None:
        return None
    return device.spec  # pyright: ignore[reportAttributeAccessIssue]


def lookup_in_device(op: Operation, symbol: SymbolRefAttr) -> Operation | None:
    """The op directly in the enclosing ``aie.device`` whose ``sym_name`` is ``symbol``'s root."""
    device = enclosing_device(op)
    if device is None:
        return None
    return lookup_in(device, symbol.root_reference.data)


def dma_endpoint(op: Operation, symbol: SymbolRefAttr) -> Operation | None:
    """The ``aie.shim_dma_allocation`` or ``aie.objectfifo`` named ``symbol``, if any."""
    target = lookup_in_device(op, symbol)
    if target is None or target.name not in ("aie.shim_dma_allocation", "aie.objectfifo"):
        return None
    return target


def symbol_text(symbol: SymbolRefAttr) -> str:
    return "::".join(
        "@" + s.data for s in (symbol.root_reference, *symbol.nested_references.data)
    )


def tile_col_row(value: SSAValue) -> tuple[int, int] | None:
    """(col, row) of a value produced by ``aie.tile`` (None for anything else)."""
    owner = value.owner
    if not isinstance(owner, Operation) or owner.name != "aie.tile":
        return None
    return owner.col_row  # pyright: ignore[reportAttributeAccessIssue]
