"""The single table of AIE device facts.

Every device number the project uses lives here: grids, tile kinds, memories, locks, buffer
descriptors, DMA channels, BD field limits and alignment rules. Verifiers, placers, the BD pass,
the simulator and the resource report all read this table; nothing else hard-codes a device
number.

Sources: mlir-aie's target models (``AIETargetModel.h/.cpp``) and its DMA verifiers
(docs/dma-patterns.md summarises the BD limits).

Units: BD sizes, strides, lengths and addresses are in **32-bit words** in hardware (the address
generation granularity is 32 bits on every target); the IR counts elements. Converting between
the two is the caller's job (see :meth:`BdLimits.words`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class TileKind(Enum):
    """The kind of a tile, in the NPU's own words (values are mlir-aie's name-hint prefixes)."""

    SHIM_NOC = "shim_noc_tile"
    SHIM_PL = "shim_pl_tile"
    MEM = "mem_tile"
    COMPUTE = "tile"

    @property
    def is_shim(self) -> bool:
        return self in (TileKind.SHIM_NOC, TileKind.SHIM_PL)

    @property
    def human(self) -> str:
        return {
            TileKind.SHIM_NOC: "shim NOC tile",
            TileKind.SHIM_PL: "shim PL tile",
            TileKind.MEM: "mem tile",
            TileKind.COMPUTE: "compute tile",
        }[self]


class Arch(Enum):
    AIE1 = "AIE1"
    AIE2 = "AIE2"
    AIE2P = "AIE2p"


@dataclass(frozen=True)
class BdLimits:
    """Field widths of one tile kind's DMA buffer descriptors (all counts in 32-bit words)."""

    dims: int
    """Number of size/stride dimensions one BD holds (not counting the iteration dimension)."""
    wrap_bits: int
    """Width of the D0/D1 (and mem-tile D2) wrap fields: a size may be at most 2**bits - 1."""
    step_bits: int
    """Width of the stride fields, stored as stride - 1: a stride may be at most 2**bits."""
    length_bits: int
    """Width of the buffer_length field."""
    address_bits: int
    """Width of the base-address field (words); 64 means a patched DDR address."""
    iteration_wrap_max: int = 64
    """The iteration (repeat) dimension's wrap is stored as size - 1 in 6 bits: 1..64."""
    padding: bool = False
    """Zero padding (MM2S only) is available on this tile kind."""
    lock_id_bits: int = 4
    lock_value_bits: int = 7
    next_bd_bits: int = 4
    packet_id_bits: int = 5
    packet_type_bits: int = 3
    out_of_order_id_bits: int = 6
    last_dim_size_implicit: bool = False
    """The outermost BD dimension has no wrap field (shim and compute D2: implied by length)."""

    @property
    def max_size(self) -> int:
        return (1 << self.wrap_bits) - 1

    @property
    def max_stride(self) -> int:
        return 1 << self.step_bits

    @property
    def max_length(self) -> int:
        return (1 << self.length_bits) - 1

    @property
    def max_iteration_stride(self) -> int:
        return 1 << self.step_bits

    @staticmethod
    def words(elements: int, element_bytes: int) -> int:
        """Elements to 32-bit words (exact only when the byte count is a multiple of 4)."""
        return elements * element_bytes // ADDRESS_GRANULE_BYTES


ADDRESS_GRANULE_BYTES = 4
"""DMA address generation granularity (``getAddressGenGranularity() = 32`` bits, every target)."""

MAX_TASK_REPEAT_COUNT = 255
"""Largest ``repeat_count`` a DMA task queue push accepts (8-bit field)."""

MAX_ELEMENT_BITS = 32
"""``aiex.npu.dma_memcpy_nd``: maximum element bit width."""


@dataclass(frozen=True)
class TileKindSpec:
    """Resources of one tile kind."""

    kind: TileKind
    data_memory_bytes: int
    """Data memory a DMA or core can allocate buffers in (0 for shims: they address DDR)."""
    memory_banks: int
    locks: int
    lock_max_value: int
    bds: int
    dma_s2mm_channels: int
    """Channels writing into the tile's memory (stream to memory-mapped)."""
    dma_mm2s_channels: int
    """Channels reading out of the tile's memory (memory-mapped to stream)."""
    bd: BdLimits
    bd_split_by_channel_parity: bool = False
    """Mem tiles: even channels own BDs 0..bds/2-1, odd channels bds/2..bds-1."""
    local_only_channels: tuple[int, ...] = ()
    """Channels that may only touch the tile's own buffers and locks."""

    def bd_ids_for_channel(self, channel: int) -> range:
        if not self.bd_split_by_channel_parity:
            return range(self.bds)
        half = self.bds // 2
        return range(0, half) if channel % 2 == 0 else range(half, self.bds)

    def dma_channels(self, direction: str) -> int:
        """Channels in one direction: ``"S2MM"`` (into memory) or ``"MM2S"`` (out of memory)."""
        if direction == "S2MM":
            return self.dma_s2mm_channels
        if direction == "MM2S":
            return self.dma_mm2s_channels
        raise ValueError(f"unknown DMA direction {direction!r}; expected 'S2MM' or 'MM2S'")


# --- AIE2 / AIE2P tile kinds (npu2 inherits every field below from the AIE2 model) -------------

_AIE2_COMPUTE = TileKindSpec(
    kind=TileKind.COMPUTE,
    data_memory_bytes=0x10000,
    memory_banks=4,
    locks=16,
    lock_max_value=0x3F,
    bds=16,
    dma_s2mm_channels=2,
    dma_mm2s_channels=2,
    bd=BdLimits(
        dims=3,
        wrap_bits=8,
        step_bits=13,
        length_bits=14,
        address_bits=14,
        last_dim_size_implicit=True,
    ),
)

_AIE2_MEM = TileKindSpec(
    kind=TileKind.MEM,
    data_memory_bytes=0x80000,
    memory_banks=8,
    locks=64,
    lock_max_value=0x3F,
    bds=48,
    dma_s2mm_channels=6,
    dma_mm2s_channels=6,
    bd=BdLimits(
        dims=4,
        wrap_bits=10,
        step_bits=17,
        length_bits=17,
        address_bits=19,
        padding=True,
        lock_id_bits=8,
        next_bd_bits=6,
    ),
    bd_split_by_channel_parity=True,
    local_only_channels=(4, 5),
)

_AIE2_SHIM_NOC = TileKindSpec(
    kind=TileKind.SHIM_NOC,
    data_memory_bytes=0,
    memory_banks=0,
    locks=16,
    lock_max_value=0x3F,
    bds=16,
    dma_s2mm_channels=2,
    dma_mm2s_channels=2,
    bd=BdLimits(
        dims=3,
        wrap_bits=10,
        step_bits=20,
        length_bits=32,
        address_bits=64,
        last_dim_size_implicit=True,
    ),
)

_AIE2_SHIM_PL = TileKindSpec(
    kind=TileKind.SHIM_PL,
    data_memory_bytes=0,
    memory_banks=0,
    locks=0,
    lock_max_value=0,
    bds=0,
    dma_s2mm_channels=0,
    dma_mm2s_channels=0,
    bd=_AIE2_SHIM_NOC.bd,
)

SEMAPHORE_LOCK_MAX_VALUE = _AIE2_COMPUTE.lock_max_value
"""Largest value of an AIE2/AIE2P semaphore lock (every NPU tile kind; IRON barriers are locks)."""

# --- AIE1 (Versal xcvc1902): parsed and verified, not a compilation target -------------------

_AIE1_BD = BdLimits(dims=0, wrap_bits=0, step_bits=0, length_bits=13, address_bits=13)

_AIE1_COMPUTE = TileKindSpec(
    kind=TileKind.COMPUTE,
    data_memory_bytes=0x8000,
    memory_banks=4,
    locks=16,
    lock_max_value=1,
    bds=16,
    dma_s2mm_channels=2,
    dma_mm2s_channels=2,
    bd=_AIE1_BD,
)
_AIE1_SHIM_NOC = TileKindSpec(
    kind=TileKind.SHIM_NOC,
    data_memory_bytes=0,
    memory_banks=0,
    locks=16,
    lock_max_value=1,
    bds=16,
    dma_s2mm_channels=2,
    dma_mm2s_channels=2,
    bd=BdLimits(dims=0, wrap_bits=0, step_bits=0, length_bits=32, address_bits=64),
)
_AIE1_SHIM_PL = TileKindSpec(
    kind=TileKind.SHIM_PL,
    data_memory_bytes=0,
    memory_banks=0,
    locks=0,
    lock_max_value=0,
    bds=0,
    dma_s2mm_channels=0,
    dma_mm2s_channels=0,
    bd=_AIE1_SHIM_NOC.bd,
)


@dataclass(frozen=True)
class DeviceSpec:
    """One ``aie.device`` target: its grid and the resources of each tile kind."""

    name: str
    enum_value: int
    """mlir-aie's ``AIEDevice`` I32 enum value (the generic form prints the device as this int)."""
    arch: Arch
    columns: int
    rows: int
    mem_tile_rows: tuple[int, ...]
    shim_noc_columns: tuple[int, ...] | None
    """Columns whose row-0 tile is a shim NOC tile; ``None`` means every column."""
    kinds: dict[TileKind, TileKindSpec] = field(hash=False, compare=False)
    is_npu: bool = False
    virtualized: bool = False
    compile_target: bool = False
    """iron-ir's passes and simulator target this device (NPUs); others are parse/verify only."""
    shim_burst_lengths: tuple[int, ...] = (64, 128, 256)
    buffer_alignment_bytes: int = 16
    """Alignment of a compute tile's buffers: its load/store bus (AIE1 128 bits, AIE2/AIE2P 256)."""
    mem_tile_alignment_bytes: int = 16
    """Alignment of a mem tile's buffers (its load/store bus width)."""
    default_stack_bytes: int = 1024
    txn_device_generation: int = 0
    core_memory_view: dict[str, int] = field(default_factory=dict, hash=False, compare=False)
    """Base address of each memory as a compute core sees it (AIE2: S/W/N/E)."""

    @property
    def address_shifts(self) -> tuple[int, int]:
        """Bit positions of a tile's column and row in an array address (mlir-aie's
        ``getColumnShift``/``getRowShift``)."""
        return (23, 18) if self.arch is Arch.AIE1 else (25, 20)

    # --- grid -----------------------------------------------------------------------------

    def tile_kind(self, col: int, row: int) -> TileKind | None:
        """The kind of tile at (col, row), or None when the coordinates are off the grid."""
        if not (0 <= col < self.columns and 0 <= row < self.rows):
            return None
        if row == 0:
            if self.shim_noc_columns is None or col in self.shim_noc_columns:
                return TileKind.SHIM_NOC
            return TileKind.SHIM_PL
        if row in self.mem_tile_rows:
            return TileKind.MEM
        return TileKind.COMPUTE

    def tile_spec(self, col: int, row: int) -> TileKindSpec:
        kind = self.tile_kind(col, row)
        if kind is None:
            raise ValueError(f"tile ({col}, {row}) is not on device {self.name}")
        return self.kinds[kind]

    def tiles(self, kind: TileKind | None = None) -> list[tuple[int, int]]:
        """Tiles in column-major order (col outer, row inner), as IRON's placers iterate."""
        return [
            (c, r)
            for c in range(self.columns)
            for r in range(self.rows)
            if kind is None or self.tile_kind(c, r) is kind
        ]

    @property
    def compute_rows(self) -> tuple[int, ...]:
        return tuple(r for r in range(1, self.rows) if r not in self.mem_tile_rows)

    @property
    def uses_semaphore_locks(self) -> bool:
        return self.arch is not Arch.AIE1

    def is_legal_mem_affinity(self, core: tuple[int, int], mem: tuple[int, int]) -> bool:
        """May the core at ``core`` read and write the data memory of the tile at ``mem``?

        AIE2: its own memory, West (c-1), North (r+1) and South (r-1) unless the south tile is
        a mem tile or a shim; never East. AIE1 alternates by row parity (checkerboard): a
        core in an odd row shares the memory West of it, in an even row the one East of it.
        """
        (cc, cr), (mc, mr) = core, mem
        if self.tile_kind(mc, mr) is not TileKind.COMPUTE:
            return False
        if (cc, cr) == (mc, mr):
            return True
        if self.arch is Arch.AIE1:
            if mr == cr and abs(mc - cc) == 1:
                west_is_shared = cr % 2 == 1
                return (mc == cc - 1) == west_is_shared
            return mc == cc and abs(mr - cr) == 1
        if mr == cr and mc == cc - 1:
            return True
        if mc == cc and mr in (cr - 1, cr + 1):
            return True
        return False

    def is_legal_mem_access(self, user: tuple[int, int], mem: tuple[int, int]) -> bool:
        """May a core or DMA on the tile at ``user`` touch buffers and locks of the tile at
        ``mem``? (mlir-aie ``isLegalMemAffinity``.) A tile always reaches its own memory; a
        mem tile's DMA also reaches the mem tiles West and East of it; compute tiles follow
        :meth:`is_legal_mem_affinity`."""
        if user == mem:
            return True
        user_kind, mem_kind = self.tile_kind(*user), self.tile_kind(*mem)
        if user_kind is TileKind.MEM or mem_kind is TileKind.MEM:
            return (
                user_kind is mem_kind is TileKind.MEM
                and user[1] == mem[1]
                and abs(user[0] - mem[0]) == 1
            )
        if user_kind is not TileKind.COMPUTE:
            return False
        return self.is_legal_mem_affinity(user, mem)

    def describe(self) -> str:
        # Counted from the grid's rows and columns, not by classifying every tile: each device
        # class's docstring holds this text, so it is computed at import.
        mem_rows = sum(1 for r in range(1, self.rows) if r in self.mem_tile_rows)
        noc = self.shim_noc_columns
        shim_noc = self.columns if noc is None else sum(1 for c in range(self.columns) if c in noc)
        return (
            f"{self.name}: {self.columns} columns x {self.rows} rows "
            f"({self.columns * len(self.compute_rows)} compute tiles, "
            f"{self.columns * mem_rows} mem tiles, {shim_noc} shim NOC tiles)"
        )


_AIE2_KINDS = {
    TileKind.COMPUTE: _AIE2_COMPUTE,
    TileKind.MEM: _AIE2_MEM,
    TileKind.SHIM_NOC: _AIE2_SHIM_NOC,
    TileKind.SHIM_PL: _AIE2_SHIM_PL,
}
_AIE1_KINDS = {
    TileKind.COMPUTE: _AIE1_COMPUTE,
    TileKind.SHIM_NOC: _AIE1_SHIM_NOC,
    TileKind.SHIM_PL: _AIE1_SHIM_PL,
}
_AIE2_CORE_VIEW = {"South": 0x40000, "West": 0x50000, "North": 0x60000, "East": 0x70000}
_AIE1_CORE_VIEW = {"South": 0x20000, "West": 0x28000, "North": 0x30000, "East": 0x38000}


def _npu(name: str, enum_value: int, arch: Arch, columns: int, virtualized: bool) -> DeviceSpec:
    npu2 = arch is Arch.AIE2P
    return DeviceSpec(
        name=name,
        enum_value=enum_value,
        arch=arch,
        columns=columns,
        rows=6,
        mem_tile_rows=(1,),
        shim_noc_columns=None,
        kinds=_AIE2_KINDS,
        is_npu=True,
        virtualized=virtualized,
        compile_target=True,
        shim_burst_lengths=(64, 128, 256, 512) if npu2 else (64, 128, 256),
        buffer_alignment_bytes=32,
        txn_device_generation=4 if npu2 else 3,
        core_memory_view=_AIE2_CORE_VIEW,
    )


def _build_devices() -> dict[str, DeviceSpec]:
    devices = [
        DeviceSpec(
            name="xcvc1902",
            enum_value=1,
            arch=Arch.AIE1,
            columns=50,
            rows=9,
            mem_tile_rows=(),
            shim_noc_columns=(2, 3, 6, 7, 10, 11, 18, 19, 26, 27, 34, 35, 42, 43, 46, 47),
            kinds=_AIE1_KINDS,
            core_memory_view=_AIE1_CORE_VIEW,
        ),
        DeviceSpec(
            name="xcve2302",
            enum_value=2,
            arch=Arch.AIE2,
            columns=17,
            rows=4,
            mem_tile_rows=(1,),
            shim_noc_columns=(2, 3, 6, 7, 10, 11),
            kinds=_AIE2_KINDS,
            buffer_alignment_bytes=32,
            core_memory_view=_AIE2_CORE_VIEW,
        ),
        DeviceSpec(
            name="xcve2802",
            enum_value=3,
            arch=Arch.AIE2,
            columns=38,
            rows=11,
            mem_tile_rows=(1, 2),
            shim_noc_columns=(2, 3, 6, 7, 14, 15, 22, 23, 30, 31, 34, 35),
            kinds=_AIE2_KINDS,
            buffer_alignment_bytes=32,
            core_memory_view=_AIE2_CORE_VIEW,
        ),
        _npu("npu1", 4, Arch.AIE2, 4, virtualized=True),
        _npu("npu1_1col", 5, Arch.AIE2, 1, virtualized=True),
        _npu("npu1_2col", 6, Arch.AIE2, 2, virtualized=True),
        _npu("npu1_3col", 7, Arch.AIE2, 3, virtualized=True),
        _npu("npu2", 8, Arch.AIE2P, 8, virtualized=False),
    ]
    devices += [
        _npu(f"npu2_{n}col", 8 + n, Arch.AIE2P, n, virtualized=True) for n in range(1, 8)
    ]
    return {d.name: d for d in devices}


DEVICES: dict[str, DeviceSpec] = _build_devices()
"""Every ``aie.device`` target by name, in mlir-aie's enum order."""

DEVICES_BY_ENUM: dict[int, DeviceSpec] = {d.enum_value: d for d in DEVICES.values()}

LEGACY_DEVICE_NAMES: dict[str, str] = {"npu1_4col": "npu1"}
"""Older spellings accepted on input, mapped to the target spelling."""


class UnknownDeviceError(ValueError):
    """A device name that is not in the table."""


def get_device(name: str) -> DeviceSpec:
    """The spec of device ``name`` (legacy spellings accepted); a clear error otherwise."""
    name = LEGACY_DEVICE_NAMES.get(name, name)
    try:
        return DEVICES[name]
    except KeyError:
        import difflib  # only for this message: keeps difflib out of every start-up

        close = difflib.get_close_matches(name, DEVICES, n=3)
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        raise UnknownDeviceError(
            f"unknown device {name!r}: the known devices are {', '.join(DEVICES)}.{hint}"
        ) from None


def largest_data_memory(kind: TileKind) -> int:
    """The most data memory a tile of ``kind`` has on any device: what no design can exceed
    there, whichever device it targets."""
    return max((d.kinds[kind].data_memory_bytes for d in DEVICES.values() if kind in d.kinds), default=0)


def compile_targets() -> list[DeviceSpec]:
    """The devices iron-ir compiles and simulates for (the NPUs)."""
    return [d for d in DEVICES.values() if d.compile_target]
