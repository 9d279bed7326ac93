"""``aie-assign-buffer-addresses``: an address (and a memory bank) for every ``aie.buffer``.

mlir-aie's ``AIEAssignBuffers.cpp``. Buffers without a name first get ``_anonymous<N>``. Then per
tile, with the tile's ``allocation_scheme`` or the pass's ``alloc-scheme``:

* ``basic-sequential``: the core's stack at address 0, then the buffers largest first, each at
  the next address (aligned to the tile's load/store bus unless ``aligned = false``), stepping
  over buffers whose address is pinned;
* ``bank-aware``: the memory split into banks (compute tile 4, mem tile 8); pinned addresses
  and then pinned ``mem_bank``s first, then the buffers largest first, round-robin over the
  banks (each into the next bank with room), recording ``mem_bank``;
* unset (the default): bank-aware, and when that fails a warning and basic-sequential.

What goes wrong is reported as mlir-aie reports it: errors and warnings at the buffer or tile
(printed as they happen, with the tile's memory map), then the scheme's one-line failure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, StringAttr, i32
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from iron_ir.device import TileKind
from iron_ir.dialects import aie
from iron_ir.ir.diagnostics import OpError, emit, emit_at, note, plain_diagnostic

SCHEMES = ("basic-sequential", "bank-aware")


class _Failed(Exception):
    """A scheme failed on a tile; its diagnostics are printed already."""


def _error(op: Operation, message: str) -> _Failed:
    emit_at(op, message, "error")
    return _Failed()


def _name(buffer: aie.BufferOp) -> str:
    return buffer.sym_name.data if buffer.sym_name is not None else "<unnamed>"


def _address(buffer: aie.BufferOp) -> int:
    assert buffer.address is not None
    return buffer.address.value.data


def _has_address(buffer: aie.BufferOp) -> bool:
    return buffer.address is not None


def _bank(buffer: aie.BufferOp) -> int | None:
    return None if buffer.mem_bank is None else buffer.mem_bank.value.data


def _aligned(buffer: aie.BufferOp) -> bool:
    return buffer.aligned is None or buffer.aligned.value.data


def _align(address: int, alignment: int) -> int:
    return -(-address // alignment) * alignment


def _hex(n: int) -> str:
    return f"0x{n:X}"


def _map_line(name: str, address: int, size: int, indent: str) -> str:
    return f"{indent}{name} \t: {_hex(address)}-{_hex(address + size - 1)} \t({size} bytes)\n"


class _Tile:
    """One tile's memory facts and its buffers in IR (pre-order walk) order."""

    def __init__(self, device: aie.DeviceOp, tile: aie.TileOp):
        self.tile = tile
        spec = device.spec
        kind = tile.kind
        self.memory = spec.kinds[kind].data_memory_bytes
        self.banks = max(spec.kinds[kind].memory_banks, 1)
        self.alignment = (
            spec.mem_tile_alignment_bytes if kind is TileKind.MEM else spec.buffer_alignment_bytes
        )
        self.buffers = [
            op for op in device.walk() if isinstance(op, aie.BufferOp) and op.tile is tile.result
        ]
        self.stack = 0
        for use in tile.result.uses:
            if isinstance(use.operation, aie.CoreOp) and use.operation.tile is tile.result:
                self.stack = use.operation.stack_size_bytes

    def stack_line(self, indent: str) -> str:
        if self.stack > 0:
            return _map_line("(stack)", 0, self.stack, indent)
        return "(no stack allocated)\n"

    def bank_limits(self) -> list[tuple[int, int]]:
        size = self.memory // self.banks
        return [(size * i, size * (i + 1)) for i in range(self.banks)]

    def bank_map(self, groups: list[list[aie.BufferOp]]) -> str:
        text = ""
        for i, (start, end) in enumerate(self.bank_limits()):
            if i == 0:
                text += self.stack_line("\t\t")
            text += f"\tbank : {i}\t{_hex(start)}-{_hex(end - 1)}\n"
            for group in groups:
                for b in group:
                    if _bank(b) == i:
                        text += _map_line(_name(b), _address(b), b.size_bytes, "\t\t")
        return text

    def check_layout(self) -> list[aie.BufferOp]:
        """Stack overlap, alignment and pairwise overlap; the buffers by address."""
        ordered = sorted(self.buffers, key=_address)
        for b in ordered:
            if _address(b) < self.stack:
                raise _error(
                    b,
                    f"buffer '{_name(b)}' at address {_hex(_address(b))} overlaps with stack "
                    f"(size: {self.stack} bytes)",
                )
        for i, b in enumerate(ordered):
            if _aligned(b) and _address(b) % self.alignment:
                raise _error(
                    b,
                    f"buffer '{_name(b)}' at address {_hex(_address(b))} is not aligned to tile "
                    f"load/store bus width ({self.alignment * 8} bits)",
                )
            if i:
                prev = ordered[i - 1]
                if _address(b) < _address(prev) + prev.size_bytes:
                    raise _error(
                        b,
                        f"buffer '{_name(b)}' at address {_hex(_address(b))} overlaps with "
                        f"'{_name(prev)}' at address {_hex(_address(prev))} (size: "
                        f"{prev.size_bytes} bytes)",
                    )
        return ordered


# --- basic-sequential ----------------------------------------------------------------------------


def basic_sequential(device: aie.DeviceOp, tile: aie.TileOp) -> None:
    t = _Tile(device, tile)
    pinned = sorted((b for b in t.buffers if _has_address(b)), key=_address)
    free = sorted((b for b in t.buffers if not _has_address(b)), key=lambda b: -b.size_bytes)
    for b in pinned:
        if _aligned(b) and _address(b) % t.alignment:
            raise _error(
                b,
                "pre-allocated address must be aligned to tile load/store bus width when "
                "aligned attribute is set",
            )
    address = t.stack
    nxt = 0
    for b in free:
        # align first, so the step over pinned buffers sees where the buffer really lands
        if _aligned(b):
            address = _align(address, t.alignment)
        while nxt < len(pinned) and address + b.size_bytes > _address(pinned[nxt]):
            address = _address(pinned[nxt]) + pinned[nxt].size_bytes
            if _aligned(b):
                address = _align(address, t.alignment)
            nxt += 1
        b.address = IntegerAttr(address, i32)
        address += b.size_bytes
    ordered = t.check_layout()
    high = address
    if ordered:
        high = max(high, _address(ordered[-1]) + ordered[-1].size_bytes)
    if high > t.memory:
        text = "allocated buffers exceeded available memory\nMemoryMap:\n" + t.stack_line("\t")
        text += "".join(_map_line(_name(b), _address(b), b.size_bytes, "\t") for b in ordered)
        raise _error(tile, text.rstrip("\n"))


# --- bank-aware ----------------------------------------------------------------------------------


def bank_aware(device: aie.DeviceOp, tile: aie.TileOp) -> None:
    t = _Tile(device, tile)
    limits = t.bank_limits()
    next_free = [start for start, _ in limits]
    next_free[0] += t.stack
    preset = [b for b in t.buffers if _has_address(b) or _bank(b) is not None]
    todo = [b for b in t.buffers if not _has_address(b) and _bank(b) is None]
    preset = sorted((b for b in preset if _has_address(b)), key=_address) + [
        b for b in preset if not _has_address(b)
    ]
    for b in preset:
        if _has_address(b):
            _place_pinned_address(t, b, limits, next_free)
        else:
            _place_pinned_bank(t, b, limits, next_free)

    todo.sort(key=lambda b: -b.size_bytes)
    done: list[aie.BufferOp] = []
    bank = 0
    for b in todo:
        for step in range(t.banks):
            i = (bank + step) % t.banks
            start = _align(next_free[i], t.alignment) if _aligned(b) else next_free[i]
            if start + b.size_bytes <= limits[i][1]:
                b.mem_bank = IntegerAttr(i, i32)
                b.address = IntegerAttr(start, i32)
                next_free[i] = start + b.size_bytes
                bank = (i + 1) % t.banks
                done.append(b)
                break
        else:
            # op->emitWarning, as mlir-aie words them: no op prefix, the map as a note.
            emit(
                plain_diagnostic(
                    b, f'Failed to allocate buffer: "{_name(b)}" with size: {b.size_bytes} bytes.'
                )
            )
            memory_map = "Current configuration of buffers in bank(s) : MemoryMap:\n"
            memory_map += t.bank_map([preset, done])
            emit(
                plain_diagnostic(
                    tile,
                    "Not all requested buffers fit in the available memory.",
                    notes=[note(tile, memory_map.rstrip("\n"))],
                )
            )
            for placed in done:
                placed.properties.pop("address", None)
                placed.properties.pop("mem_bank", None)
            raise _Failed()
    ordered = t.check_layout()
    overflow = [i for i, (_, end) in enumerate(limits) if next_free[i] > end]
    if overflow:
        text = (
            "allocated buffers exceeded available memory\nError in bank(s) : "
            + "".join(f"{i} " for i in overflow)
            + "\nMemoryMap:\n"
            + t.bank_map([ordered])
        )
        emit_at(tile, text.rstrip("\n"))
        raise _Failed()


def _place_pinned_address(
    t: _Tile, b: aie.BufferOp, limits: list[tuple[int, int]], next_free: list[int]
) -> None:
    address = _address(b)
    if _aligned(b) and address % t.alignment:
        raise _error(
            b,
            "address attribute value must be aligned to tile load/store bus width when "
            "aligned attribute is set",
        )
    for i, (start, end) in enumerate(limits):
        if not start <= address < end:
            continue
        if address < next_free[i]:
            raise _error(b, "would override allocated address")
        next_free[i] = address + b.size_bytes
        if _bank(b) is not None and _bank(b) != i:
            raise _error(b, "mem_bank attribute is inconsistent with address attribute")
        b.mem_bank = IntegerAttr(i, i32)
        return
    raise _error(b, "address attribute does not fall within any bank range")


def _place_pinned_bank(
    t: _Tile, b: aie.BufferOp, limits: list[tuple[int, int]], next_free: list[int]
) -> None:
    bank = _bank(b)
    assert bank is not None
    if not 0 <= bank < t.banks:
        raise _error(b, "mem_bank attribute value is out of range")
    start = _align(next_free[bank], t.alignment) if _aligned(b) else next_free[bank]
    if start + b.size_bytes > limits[bank][1]:
        raise _error(b, "would override existing mem_bank")
    b.address = IntegerAttr(start, i32)
    next_free[bank] = start + b.size_bytes


# --- the pass ------------------------------------------------------------------------------------


def _check_scope(buffer: aie.BufferOp) -> None:
    parent = buffer.parent_op()
    if not isinstance(parent, (aie.DeviceOp, aie.MemTileDMAOp)) and buffer.initial_value is None:
        raise OpError(
            buffer.tile.owner,  # type: ignore[arg-type]
            f"Buffer '{_name(buffer)}' must be defined directly under the device scope. "
            "Currently it is nested inside a core tile.",
        )


def _attempt(scheme: Callable[[aie.DeviceOp, aie.TileOp], None], device, tile) -> bool:
    try:
        scheme(device, tile)
    except _Failed:
        return False
    return True


def assign_device(device: aie.DeviceOp, default_scheme: str) -> None:
    buffers = [op for op in device.walk() if isinstance(op, aie.BufferOp)]
    for b in buffers:
        _check_scope(b)
    counter = 0
    for b in buffers:
        if b.sym_name is None:
            b.sym_name = StringAttr(f"_anonymous{counter}")
            counter += 1
    for tile in [op for op in device.body.ops if isinstance(op, aie.TileOp)]:
        scheme = (
            tile.allocation_scheme.data if tile.allocation_scheme is not None else default_scheme
        )
        if scheme == "basic-sequential":
            if not _attempt(basic_sequential, device, tile):
                raise OpError(tile, "Basic sequential allocation failed.")
        elif scheme == "bank-aware":
            if not _attempt(bank_aware, device, tile):
                raise OpError(tile, "Bank-aware allocation failed.")
        elif not _attempt(bank_aware, device, tile):
            emit(
                plain_diagnostic(
                    tile, "Bank-aware allocation failed, trying basic sequential allocation."
                )
            )
            if not _attempt(basic_sequential, device, tile):
                raise OpError(tile, "Basic sequential allocation also failed.")


@dataclass(frozen=True)
class AIEAssignBufferAddressesPass(ModulePass):
    name = "aie-assign-buffer-addresses"

    alloc_scheme: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for device in [d for d in op.walk() if isinstance(d, aie.DeviceOp)]:
            assign_device(device, self.alloc_scheme)
