"""The DMA registers a lowered runtime sequence programs, as the NPU decodes them.

After ``aie-dma-to-npu`` a runtime sequence no longer names tasks: it writes buffer
descriptors into tile registers (``aiex.npu.blockwrite`` of a BD's words, or
``aiex.npu.writebd`` with its fields), patches a shim BD's address with a host buffer
(``aiex.npu.address_patch``: argument index, byte offset), pushes a BD onto a channel's task
queue (``aiex.npu.write32`` to the queue register, or ``aiex.npu.push_queue``), sets locks
(``write32`` to a lock register) and waits for task-completion tokens (``aiex.npu.sync``).
This module keeps the BD registers of every tile and turns a queue push into a DMA task.

Register map (AIE2/AIE2P; address = column << 25 | row << 20 | offset unless the op names the
column and row): BDs at ``0x1D000 + 0x20 * id`` (shim: 8 words; compute tile: 6 words) and
``0xA0000 + 0x20 * id`` (mem tile: 8 words); task queues at shim ``0x1D204``/``0x1D214`` (S2MM/
MM2S) + 8 per channel, mem tile ``0xA0604``/``0xA0634``, compute tile ``0x1DE04``/``0x1DE14``;
locks at shim ``0x14000``, mem tile ``0xC0000``, compute tile ``0x1F000`` + 0x10 per lock.
Lengths, sizes and strides are in 32-bit words; strides and the iteration size are stored
minus one; a lock value in a BD is negative for acquire-greater-equal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from iron_ir.device import TileKind
from iron_ir.sim.errors import DesignError, RuntimeMisuseError, UnsupportedOpError
from iron_ir.sim.machine import EQ, GE, Bd, Channel, Task, Wait, make_plan
from iron_ir.sim.machine.access import PatternError

BD_BASE = {TileKind.SHIM_NOC: 0x1D000, TileKind.MEM: 0xA0000, TileKind.COMPUTE: 0x1D000}
BD_WORDS = {TileKind.SHIM_NOC: 8, TileKind.MEM: 8, TileKind.COMPUTE: 6}
QUEUE = {
    TileKind.SHIM_NOC: {"S2MM": 0x1D204, "MM2S": 0x1D214},
    TileKind.MEM: {"S2MM": 0xA0604, "MM2S": 0xA0634},
    TileKind.COMPUTE: {"S2MM": 0x1DE04, "MM2S": 0x1DE14},
}
LOCKS = {TileKind.SHIM_NOC: 0x14000, TileKind.MEM: 0xC0000, TileKind.COMPUTE: 0x1F000}
CHANNELS = {TileKind.SHIM_NOC: 2, TileKind.MEM: 6, TileKind.COMPUTE: 2}
MEM_TILE_BYTES = 0x80000


def _bits(word: int, low: int, width: int) -> int:
    return (word >> low) & ((1 << width) - 1)


def _signed(value: int, width: int) -> int:
    return value - (1 << width) if value >> (width - 1) else value


def decode_bd(kind: TileKind, words: list[int]) -> dict[str, int]:
    """The fields of a BD's register words (the inverse of mlir-aie's BD writers)."""
    w = list(words) + [0] * (BD_WORDS[kind] - len(words))
    if kind is TileKind.SHIM_NOC:
        return dict(
            buffer_length=w[0],
            buffer_offset=w[1],
            enable_packet=_bits(w[2], 30, 1),
            packet_id=_bits(w[2], 19, 5),
            packet_type=_bits(w[2], 16, 3),
            d0_size=_bits(w[3], 20, 10),
            d0_stride=_bits(w[3], 0, 20),
            d1_size=_bits(w[4], 20, 10),
            d1_stride=_bits(w[4], 0, 20),
            d2_size=0,
            d2_stride=_bits(w[5], 0, 20),
            iteration_size=_bits(w[6], 20, 6),
            iteration_stride=_bits(w[6], 0, 20),
            next_bd=_bits(w[7], 27, 4),
            use_next_bd=_bits(w[7], 26, 1),
            lock_rel_val=_signed(_bits(w[7], 18, 7), 7),
            lock_rel_id=_bits(w[7], 13, 4),
            lock_acq_enable=_bits(w[7], 12, 1),
            lock_acq_val=_signed(_bits(w[7], 5, 7), 7),
            lock_acq_id=_bits(w[7], 0, 4),
        )
    if kind is TileKind.MEM:
        return dict(
            enable_packet=_bits(w[0], 31, 1),
            packet_type=_bits(w[0], 28, 3),
            packet_id=_bits(w[0], 23, 5),
            buffer_length=_bits(w[0], 0, 17),
            d0_zero_before=_bits(w[1], 26, 6),
            next_bd=_bits(w[1], 20, 6),
            use_next_bd=_bits(w[1], 19, 1),
            buffer_offset=_bits(w[1], 0, 19),
            d0_size=_bits(w[2], 17, 10),
            d0_stride=_bits(w[2], 0, 17),
            d1_zero_before=_bits(w[3], 27, 5),
            d1_size=_bits(w[3], 17, 10),
            d1_stride=_bits(w[3], 0, 17),
            d2_zero_before=_bits(w[4], 27, 4),
            d2_size=0,
            d2_stride=_bits(w[4], 0, 17),
            d2_zero_after=_bits(w[5], 28, 4),
            d1_zero_after=_bits(w[5], 23, 5),
            d0_zero_after=_bits(w[5], 17, 6),
            iteration_size=_bits(w[6], 17, 6),
            iteration_stride=_bits(w[6], 0, 17),
            lock_rel_val=_signed(_bits(w[7], 24, 7), 7),
            lock_rel_id=_bits(w[7], 16, 8),
            lock_acq_enable=_bits(w[7], 15, 1),
            lock_acq_val=_signed(_bits(w[7], 8, 7), 7),
            lock_acq_id=_bits(w[7], 0, 8),
        )
    return dict(
        buffer_offset=_bits(w[0], 14, 14) * 4,
        buffer_length=_bits(w[0], 0, 14),
        enable_packet=_bits(w[1], 30, 1),
        packet_id=_bits(w[1], 19, 5),
        packet_type=_bits(w[1], 16, 3),
        d1_stride=_bits(w[2], 13, 13),
        d0_stride=_bits(w[2], 0, 13),
        d1_size=_bits(w[3], 21, 8),
        d0_size=_bits(w[3], 13, 8),
        d2_size=0,
        d2_stride=_bits(w[3], 0, 13),
        iteration_size=_bits(w[4], 13, 6),
        iteration_stride=_bits(w[4], 0, 13),
        next_bd=_bits(w[5], 27, 4),
        use_next_bd=_bits(w[5], 26, 1),
        lock_rel_val=_signed(_bits(w[5], 18, 7), 7),
        lock_rel_id=_bits(w[5], 13, 4),
        lock_acq_enable=_bits(w[5], 12, 1),
        lock_acq_val=_signed(_bits(w[5], 5, 7), 7),
        lock_acq_id=_bits(w[5], 0, 4),
    )


def word_pattern(f: dict[str, int], elem_bytes: int, where: str):
    """(length, dims, iteration (size, stride)) in elements of ``elem_bytes`` from BD fields
    in 32-bit words (a word holds ``4 / elem_bytes`` consecutive elements)."""
    if elem_bytes > 4 or 4 % elem_bytes:
        raise DesignError(f"{where}: a DMA moves 32-bit words; {elem_bytes}-byte elements do not fit")
    if any(f.get(f"d{i}_zero_{side}", 0) for i in range(3) for side in ("before", "after")):
        raise UnsupportedOpError(
            f"{where}: zero padding set through BD registers is not modelled; write the BD "
            f"with aie.dma_bd padding instead"
        )
    per = 4 // elem_bytes
    length = f.get("buffer_length", 0) * per
    dims = []
    if f.get("d0_size", 0):
        # The outermost dim has no size register (the length ends it) unless it is a mem
        # tile's d2 written with its size.
        dims.append((f.get("d2_size", 0) or 1, (f.get("d2_stride", 0) + 1) * per))
        dims.append((f.get("d1_size", 0) or 1, (f.get("d1_stride", 0) + 1) * per))
        d0_stride = f.get("d0_stride", 0) + 1
        if d0_stride == 1:
            dims.append((f["d0_size"] * per, 1))
        else:
            dims.append((f["d0_size"], d0_stride * per))
            dims.append((per, 1))
    size = f.get("iteration_size", 0)
    iteration = (size + 1, (f.get("iteration_stride", 0) + 1) * per) if size else (1, 0)
    return length, dims, iteration


@dataclass
class TileBds:
    """The BD registers of one tile."""

    kind: TileKind
    words: dict[int, list[int]] = field(default_factory=dict)
    fields: dict[int, dict[str, int]] = field(default_factory=dict)
    patches: dict[int, tuple[int, int]] = field(default_factory=dict)
    """BD id -> (runtime argument index, byte offset) of a shim BD's address."""

    def bd(self, bd_id: int) -> dict[str, int]:
        if bd_id in self.fields:
            return self.fields[bd_id]
        if bd_id in self.words:
            return decode_bd(self.kind, self.words[bd_id])
        raise RuntimeMisuseError(f"BD {bd_id} is pushed to a task queue but was never written")


class SyncWait(Wait):
    """``aiex.npu.sync``: one completion token from each channel of the range."""

    __slots__ = ("channels", "where")

    def __init__(self, channels: list[Channel], where: str):
        self.channels, self.where = channels, where

    def ready(self) -> bool:
        return all(ch.tokens > 0 for ch in self.channels)

    def arm(self, entity) -> None:
        for ch in self.channels:
            if ch.tokens == 0:
                ch.token_waiters.append(entity)
                return

    def consume(self) -> None:
        for ch in self.channels:
            ch.tokens -= 1

    def describe(self) -> str:
        missing = ", ".join(ch.name for ch in self.channels if ch.tokens == 0)
        return f"waits at {self.where} (aiex.npu.sync) for a task-completion token from {missing}"


class Registers:
    """What the compiled runtime sequence calls for register-level ops (``_regs``)."""

    def __init__(self, design, machine, host):
        self.design = design
        self.machine = machine
        self.host = host
        self.hardware_locks: dict[tuple[int, int, int], object] = {}
        """Tile locks register writes name that the design declares no aie.lock for, made at
        the first use (the machine resets them with its own)."""
        self.reset()

    def reset(self) -> None:
        self.tiles: dict[tuple[int, int], TileBds] = {}
        self.args: tuple = ()
        """The runtime sequence's arguments (the host buffers address patches name)."""

    # --- addressing ---------------------------------------------------------------------

    def _where(self, address: int, col, row) -> tuple[int, int, int]:
        if col is None or row is None:
            return (address >> 25) & 0x7F, (address >> 20) & 0x1F, address & 0xFFFFF
        return col, row, address & 0xFFFFF

    def _tile(self, col: int, row: int) -> TileBds:
        key = (col, row)
        regs = self.tiles.get(key)
        if regs is None:
            kind = self.design.spec.tile_kind(col, row)
            kind = TileKind.SHIM_NOC if kind is not None and kind.is_shim else kind
            regs = TileBds(kind)
            self.tiles[key] = regs
        return regs

    def write(self, address: int, words, col, row, where: str) -> bool:
        """Store register words; True when they were DMA or lock registers."""
        col, row, offset = self._where(address, col, row)
        regs = self._tile(col, row)
        kind = regs.kind
        if kind not in BD_BASE:
            return False
        handled = False
        for i, value in enumerate(words):
            at = offset + 4 * i
            value = int(value) & 0xFFFFFFFF
            bd_span = 0x20 * 64 if kind is TileKind.MEM else 0x20 * 16
            if BD_BASE[kind] <= at < BD_BASE[kind] + bd_span:
                bd_id, word = divmod(at - BD_BASE[kind], 0x20)
                if word // 4 < BD_WORDS[kind]:
                    stored = regs.words.setdefault(bd_id, [0] * BD_WORDS[kind])
                    stored[word // 4] = value
                    regs.fields.pop(bd_id, None)
                    handled = True
                continue
            for direction, base in QUEUE[kind].items():
                if base <= at < base + 8 * CHANNELS[kind] and (at - base) % 8 == 0:
                    self.push(
                        col, row, direction, (at - base) // 8, value & 0x3F,
                        (value >> 16) & 0xFF, bool(value >> 31), where,
                    )
                    handled = True
            if LOCKS[kind] <= at < LOCKS[kind] + 0x10 * 64 and (at - LOCKS[kind]) % 0x10 == 0:
                lock = self._lock(col, row, (at - LOCKS[kind]) // 0x10, where)
                lock.value = value & 0x3F
                if lock.waiters:
                    lock.wake()
                handled = True
        return handled

    def maskwrite(self, address: int, value: int, mask: int, col, row, where: str) -> bool:
        col, row, offset = self._where(address, col, row)
        regs = self._tile(col, row)
        kind = regs.kind
        if kind in BD_BASE and BD_BASE[kind] <= offset < BD_BASE[kind] + 0x20 * 64:
            bd_id, word = divmod(offset - BD_BASE[kind], 0x20)
            stored = regs.words.setdefault(bd_id, [0] * BD_WORDS[kind])
            old = stored[word // 4] if word // 4 < len(stored) else 0
            return self.write(address, [(old & ~mask) | (value & mask)], col, row, where)
        if kind in LOCKS and LOCKS[kind] <= offset < LOCKS[kind] + 0x10 * 64:
            lock = self._lock(col, row, (offset - LOCKS[kind]) // 0x10, where)
            return self.write(address, [(lock.value & ~mask) | (value & mask)], col, row, where)
        return False

    def writebd(self, fields: dict[str, int]) -> None:
        col, row = fields["column"], fields["row"]
        self._tile(col, row).fields[fields["bd_id"]] = dict(fields)

    def address_patch(self, address: int, arg_idx: int, arg_plus: int, where: str) -> None:
        col, row, offset = self._where(address, None, None)
        regs = self._tile(col, row)
        if regs.kind is not TileKind.SHIM_NOC:
            raise RuntimeMisuseError(
                f"{where}: address_patch of register {address:#x}, which is not in a shim tile's BDs"
            )
        bd_id = (offset - BD_BASE[regs.kind]) // 0x20
        regs.patches[bd_id] = (arg_idx, arg_plus)

    # --- tasks --------------------------------------------------------------------------

    def _lock(self, col: int, row: int, lock_id: int, where: str):
        """The lock a register write names: the design's ``aie.lock`` with that id, else the
        tile's own hardware lock, which starts at 0 (a runtime sequence may program shim BDs
        on locks the design never declares)."""
        value = self.design.lock_ids.get((col, row, lock_id))
        lock = self.machine.locks.get(value) if value is not None else None
        if lock is not None:
            return lock
        key = (col, row, lock_id)
        lock = self.hardware_locks.get(key)
        if lock is None:
            count = self.design.spec.tile_spec(col, row).locks
            if not 0 <= lock_id < count:
                raise RuntimeMisuseError(
                    f"{where}: lock {lock_id} of tile ({col}, {row}): the tile has {count} locks "
                    f"(0 to {count - 1}), and the design declares no aie.lock with that id"
                )
            lock = self.machine.lock(f"lock {lock_id} of tile ({col}, {row}) (undeclared)", 0)
            self.hardware_locks[key] = lock
        return lock

    def _buffer(self, col: int, row: int, kind: TileKind, byte_address: int, args, bd_id, regs, where):
        """The array and element offset a BD's address names."""
        if kind is TileKind.SHIM_NOC:
            patch = regs.patches.get(bd_id)
            if patch is None:
                raise RuntimeMisuseError(
                    f"{where}: shim BD {bd_id} of column {col} is pushed without an "
                    f"address_patch: the host buffer it moves is unknown"
                )
            arg_idx, arg_plus = patch
            if not 0 <= arg_idx < len(args):
                raise RuntimeMisuseError(
                    f"{where}: address_patch names runtime argument {arg_idx}; the sequence has "
                    f"{len(args)}"
                )
            return args[arg_idx], arg_plus + byte_address
        if kind is TileKind.MEM:
            if byte_address < MEM_TILE_BYTES:
                col, byte_address = col - 1, byte_address
            elif byte_address < 2 * MEM_TILE_BYTES:
                byte_address -= MEM_TILE_BYTES
            else:
                col, byte_address = col + 1, byte_address - 2 * MEM_TILE_BYTES
        for tile, address, array in self.design.placed_buffers:
            if (tile.col, tile.row) == (col, row) and address <= byte_address < address + array.nbytes:
                return array, byte_address - address
        raise RuntimeMisuseError(
            f"{where}: a BD of tile ({col}, {row}) addresses byte {byte_address:#x}, where no "
            f"aie.buffer with an address lies"
        )

    def _make_bd(self, col, row, bd_id, args, where) -> tuple[Bd, dict]:
        regs = self._tile(col, row)
        f = regs.bd(bd_id)
        kind = regs.kind
        array, byte_offset = self._buffer(
            col, row, kind, f.get("buffer_offset", 0) if kind is not TileKind.SHIM_NOC else 0,
            args, bd_id, regs, where,
        )
        flat = np.ravel(array)
        size = flat.itemsize
        if byte_offset % size:
            raise RuntimeMisuseError(
                f"{where}: BD {bd_id} starts at byte {byte_offset}, inside an element of "
                f"{array.dtype}"
            )
        length, dims, (it_size, it_stride) = word_pattern(f, size, where)
        plans = []
        for step in range(it_size):
            base = byte_offset // size + step * it_stride
            try:
                plans.append(make_plan(flat, base, length, dims, (), True))
            except PatternError as err:
                raise RuntimeMisuseError(
                    f"{where}: BD {bd_id} of tile ({col}, {row}) reaches element {err.offset} "
                    f"of its {flat.size}-element buffer"
                ) from None
        acq = rel = None
        if f.get("lock_acq_enable"):
            v = f.get("lock_acq_val", 0)
            acq = (self._lock(col, row, f["lock_acq_id"], where), abs(v), GE if v < 0 else EQ)
        if f.get("lock_rel_val", 0):
            rel = (self._lock(col, row, f["lock_rel_id"], where), f["lock_rel_val"], GE)
        packet = (f["packet_type"], f["packet_id"]) if f.get("enable_packet") else None
        bd = Bd(
            plans,
            f"BD {bd_id} of tile ({col}, {row}) (set by registers)",
            acq=acq[0] if acq else None,
            acq_n=acq[1] if acq else 0,
            acq_mode=acq[2] if acq else GE,
            rel=rel[0] if rel else None,
            rel_n=rel[1] if rel else 0,
            packet=packet,
        )
        return bd, f

    def push(self, col, row, direction, channel, bd_id, repeat, token, where, args=()) -> None:
        ch = self.machine.channel_at.get((col, row, direction, channel))
        if ch is None:
            raise RuntimeMisuseError(
                f"{where}: a task is pushed to {direction} channel {channel} of tile ({col}, "
                f"{row}), which no objectfifo, flow or DMA program uses"
            )
        args = args or self.args
        first = bd_id
        chain, seen = [], set()
        while True:
            if bd_id in seen:
                raise RuntimeMisuseError(f"{where}: the BD chain pushed loops back to BD {bd_id}")
            seen.add(bd_id)
            bd, f = self._make_bd(col, row, bd_id, args, where)
            chain.append(bd)
            if not f.get("use_next_bd"):
                break
            bd_id = f["next_bd"]
        for a, b in zip(chain, chain[1:]):
            a.next = b
        task = Task(f"task from BD {first} on {ch.name} ({where})", chain[0], repeat + 1, token)
        task.host = True
        task.total = sum(b.length for b in chain) * (repeat + 1)
        task.started = True
        task.channel = ch
        ch.enqueue(task)
        self.host.tasks.append(task)
        self.host.by_channel.setdefault(id(ch), []).append(task)

    def sync(self, col, row, direction, channel, columns, rows, where: str) -> SyncWait:
        chans = []
        for c in range(col, col + max(columns, 1)):
            for r in range(row, row + max(rows, 1)):
                ch = self.machine.channel_at.get((c, r, direction, channel))
                if ch is None:
                    raise RuntimeMisuseError(
                        f"{where}: npu.sync on {direction} channel {channel} of tile ({c}, {r}), "
                        f"which no objectfifo, flow or DMA program uses; it would wait forever"
                    )
                chans.append(ch)
        return SyncWait(chans, where)


# --- emitters: the runtime sequence's register ops --------------------------------------------


def _where_const(e, op) -> str:
    from iron_ir.sim.codegen.emitter import where

    return e.const(where(op), "w")


def _opt(op, name: str) -> str:
    from iron_ir.sim.design import as_int, prop

    value = as_int(prop(op, name))
    return "None" if value is None else str(value)


def _write32(e, op) -> None:
    from iron_ir.sim.design import as_int, prop

    address, value = as_int(prop(op, "address")), as_int(prop(op, "value"))
    e.line(
        f"if not _regs.write({address}, ({value},), {_opt(op, 'column')}, {_opt(op, 'row')}, "
        f"{_where_const(e, op)}): _rt.note({op.name!r})"
    )


def _maskwrite32(e, op) -> None:
    from iron_ir.sim.design import as_int, prop

    address, value, mask = (as_int(prop(op, n)) for n in ("address", "value", "mask"))
    e.line(
        f"if not _regs.maskwrite({address}, {value}, {mask}, {_opt(op, 'column')}, "
        f"{_opt(op, 'row')}, {_where_const(e, op)}): _rt.note({op.name!r})"
    )


def _blockwrite(e, op) -> None:
    from iron_ir.sim.design import as_int, prop

    address = as_int(prop(op, "address"))
    data = e.use(op.operands[0])
    e.line(
        f"if not _regs.write({address}, {data}.reshape(-1).view(np.uint32) if {data}.itemsize "
        f"== 4 else {data}.reshape(-1), {_opt(op, 'column')}, {_opt(op, 'row')}, "
        f"{_where_const(e, op)}): _rt.note({op.name!r})"
    )


_WRITEBD_FIELDS = (
    "column bd_id buffer_length buffer_offset enable_packet out_of_order_id packet_id "
    "packet_type d0_size d0_stride d1_size d1_stride d2_size d2_stride iteration_current "
    "iteration_size iteration_stride next_bd row use_next_bd valid_bd lock_rel_val lock_rel_id "
    "lock_acq_enable lock_acq_val lock_acq_id d0_zero_before d1_zero_before d2_zero_before "
    "d0_zero_after d1_zero_after d2_zero_after"
).split()


def _writebd(e, op) -> None:
    from iron_ir.sim.design import as_int, prop

    fields = {name: as_int(prop(op, name), 0) for name in _WRITEBD_FIELDS}
    for name in ("lock_rel_val", "lock_acq_val"):
        fields[name] = _signed(fields[name] & 0x7F, 7)
    e.line(f"_regs.writebd({e.const(fields, 'bd')})")


def _address_patch(e, op) -> None:
    from iron_ir.sim.design import as_int, prop

    if op.operands:
        raise UnsupportedOpError(
            f"{_where_text(op)}: address_patch with a runtime offset operand is not simulated"
        )
    e.line(
        f"_regs.address_patch({as_int(prop(op, 'addr'))}, {as_int(prop(op, 'arg_idx'))}, "
        f"{as_int(prop(op, 'arg_plus'), 0)}, {_where_const(e, op)})"
    )


def _where_text(op) -> str:
    from iron_ir.sim.codegen.emitter import where

    return where(op)


def _push_queue(e, op) -> None:
    from iron_ir.sim.design import as_bool, as_int, prop

    direction = "MM2S" if as_int(prop(op, "direction")) == 1 else "S2MM"
    e.line(
        f"_regs.push({as_int(prop(op, 'column'))}, {as_int(prop(op, 'row'))}, {direction!r}, "
        f"{as_int(prop(op, 'channel'))}, {as_int(prop(op, 'bd_id'))}, "
        f"{as_int(prop(op, 'repeat_count'), 0)}, {as_bool(prop(op, 'issue_token'))}, "
        f"{_where_const(e, op)})"
    )


def _sync(e, op) -> None:
    from iron_ir.sim.design import as_int, prop

    direction = "MM2S" if as_int(prop(op, "direction")) == 1 else "S2MM"
    args = ", ".join(
        str(as_int(prop(op, name), 1 if name.endswith("_num") else 0))
        for name in ("column", "row")
    )
    e.blocking = True
    e.line(
        f"_w = _regs.sync({args}, {direction!r}, {as_int(prop(op, 'channel'))}, "
        f"{as_int(prop(op, 'column_num'), 1)}, {as_int(prop(op, 'row_num'), 1)}, "
        f"{_where_const(e, op)})"
    )
    e.line("if not _w.ready(): yield _w")
    e.line("_w.consume()")


HANDLERS = {
    "aiex.npu.write32": _write32,
    "aiex.npu.maskwrite32": _maskwrite32,
    "aiex.npu.blockwrite": _blockwrite,
    "aiex.npu.writebd": _writebd,
    "aiex.npu.address_patch": _address_patch,
    "aiex.npu.push_queue": _push_queue,
    "aiex.npu.sync": _sync,
}
