"""Read an objectfifo-level AIE module into plain Python records the simulator builds from.

Ops are recognised by name and read through their generic property names (mlir-aie's), so any
module that parses — ours, hand-written or mlir-aie's own — is read the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    IntAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Operation, SSAValue

from iron_ir.device import DEVICES_BY_ENUM, TileKind
from iron_ir.device.table import DeviceSpec
from iron_ir.sim.codegen.emitter import where
from iron_ir.sim.codegen.memref import dense_to_numpy
from iron_ir.sim.errors import DesignError, UnsupportedOpError
from iron_ir.sim.types import alloc_memref, memref_shape

# Ops of the physical level: the objectfifo lowering has already run. The simulator runs the
# objectfifo level, where the data movement is still explicit.
_PHYSICAL = {"aie.mem", "aie.memtile_dma", "aie.shim_dma", "aie.switchbox", "aie.shim_mux"}
# Routing and trace configuration: the simulator connects fifo endpoints directly.
_IGNORED = {
    "aie.flow",
    "aie.packet_flow",
    "aie.end",
    "aie.cascade_flow",
    "aie.wire",
    "aie.objectfifo.allocate",
    "aie.trace",
    "aie.trace.config",
    "aie.trace.host_config",
    "aie.trace.start_config",
}


def prop(op: Operation, name: str) -> Attribute | None:
    value = op.properties.get(name)
    return value if value is not None else op.attributes.get(name)


def as_int(attr: Attribute | None, default: int | None = None) -> int | None:
    if attr is None:
        return default
    if isinstance(attr, IntegerAttr):
        return int(attr.value.data)
    if isinstance(attr, IntAttr):
        return int(attr.data)
    if isinstance(attr, BoolAttr):
        return int(attr.value.data)
    raise DesignError(f"expected an integer attribute, got {attr}")


def as_bool(attr: Attribute | None) -> bool:
    if attr is None:
        return False
    if isinstance(attr, UnitAttr):
        return True
    return bool(as_int(attr))


def sym_name(attr: Attribute | None) -> str | None:
    if attr is None:
        return None
    if isinstance(attr, StringAttr):
        return attr.data
    if isinstance(attr, SymbolRefAttr):
        return attr.root_reference.data
    raise DesignError(f"expected a symbol, got {attr}")


def dim_pairs(attr: Attribute | None) -> list[tuple[int, int]]:
    if attr is None:
        return []
    return [item.as_tuple() for item in attr]  # pyright: ignore


@dataclass(frozen=True)
class Tile:
    col: int
    row: int
    kind: TileKind

    @property
    def name(self) -> str:
        return f"{self.kind.value}_{self.col}_{self.row}"


@dataclass
class Fifo:
    name: str
    op: Operation
    producer: Tile
    consumers: list[Tile]
    depths: list[int]
    depth_is_array: bool
    elem: MemRefType
    dims_to_stream: list[tuple[int, int]]
    dims_from_stream: list[list[tuple[int, int]]]
    init_values: list[np.ndarray]
    repeat_count: int
    pad: list[tuple[int, int]]
    via_dma: bool
    iter_count: int | None

    @property
    def size(self) -> int:
        return int(np.prod(memref_shape(self.elem), dtype=np.int64))

    def depth(self, end: int) -> int:
        """Declared depth of end ``end`` (0 = producer, 1 + i = consumer i)."""
        return self.depths[end] if self.depth_is_array else self.depths[0]


@dataclass
class Link:
    op: Operation
    ins: list[str]
    outs: list[str]
    src_offsets: list[int]
    dst_offsets: list[int]

    @property
    def is_join(self) -> bool:
        return len(self.ins) > 1

    @property
    def is_distribute(self) -> bool:
        return len(self.outs) > 1


@dataclass
class Allocation:
    name: str
    col: int
    direction: str
    channel: int


@dataclass
class Core:
    op: Operation
    tile: Tile
    link_with: str | None


@dataclass
class Design:
    module: ModuleOp
    device: Operation
    spec: DeviceSpec
    tiles: dict[SSAValue, Tile] = field(default_factory=dict)
    fifos: dict[str, Fifo] = field(default_factory=dict)
    links: list[Link] = field(default_factory=list)
    allocations: dict[str, Allocation] = field(default_factory=dict)
    buffers: dict[SSAValue, np.ndarray] = field(default_factory=dict)
    buffers_by_name: dict[str, np.ndarray] = field(default_factory=dict)
    buffer_names: dict[SSAValue, str] = field(default_factory=dict)
    buffer_inits: list[tuple[np.ndarray, np.ndarray | None]] = field(default_factory=list)
    locks: dict[SSAValue, object] = field(default_factory=dict)
    lock_ops: list[tuple[SSAValue, str, int]] = field(default_factory=list)
    funcs: dict[str, Operation] = field(default_factory=dict)
    cores: list[Core] = field(default_factory=list)
    runtime: Operation | None = None
    runtimes: dict[str, Operation] = field(default_factory=dict)
    memref_globals: dict[str, np.ndarray] = field(default_factory=dict)

    def link_of(self, fifo: str) -> Link | None:
        for link in self.links:
            if fifo in link.ins or fifo in link.outs:
                return link
        return None


def _find_device(module: ModuleOp, device_name: str | None) -> Operation:
    devices = [op for op in module.walk() if op.name == "aie.device"]
    if not devices:
        raise DesignError("the module has no 'aie.device' op: nothing to simulate")
    if device_name is not None:
        for dev in devices:
            if sym_name(prop(dev, "sym_name")) == device_name:
                return dev
        raise DesignError(f"no aie.device named @{device_name} in the module")
    with_runtime = [
        d for d in devices if any(o.name.endswith("runtime_sequence") for o in d.walk())
    ]
    return (with_runtime or devices)[0]


def _tile(design: Design, value: SSAValue, what: str) -> Tile:
    tile = design.tiles.get(value)
    if tile is None:
        raise DesignError(f"{what} refers to a value that is not an aie.tile")
    return tile


def _read_fifo(design: Design, op: Operation) -> Fifo:
    name = sym_name(prop(op, "sym_name"))
    producer = _tile(design, op.operands[0], f"objectfifo @{name}")
    consumers = [_tile(design, v, f"objectfifo @{name}") for v in op.operands[1:]]
    depth_attr = prop(op, "elemNumber")
    if isinstance(depth_attr, ArrayAttr):
        depths, is_array = [as_int(a) for a in depth_attr.data], True
        if len(depths) != len(consumers) + 1:
            raise DesignError(
                f"{where(op)}: objectfifo @{name} lists {len(depths)} depths for "
                f"{len(consumers)} consumer(s); give one depth or one per endpoint "
                f"(producer first)"
            )
    else:
        depths, is_array = [as_int(depth_attr, 2)], False
    elem_type = prop(op, "elemType")
    elem = getattr(elem_type, "element_type", elem_type)
    if not isinstance(elem, MemRefType):
        raise DesignError(f"{where(op)}: objectfifo @{name} has element type {elem_type}")
    from_stream = prop(op, "dimensionsFromStreamPerConsumer")
    per_cons = [dim_pairs(a) for a in from_stream] if from_stream is not None else []
    per_cons += [[] for _ in range(len(consumers) - len(per_cons))]
    inits: list[np.ndarray] = []
    init_attr = prop(op, "initValues")
    if init_attr is not None:
        shape = memref_shape(elem)
        inits = [dense_to_numpy(a, shape, elem.element_type) for a in init_attr.data]
    if as_bool(prop(op, "disable_synchronization")):
        raise UnsupportedOpError(
            f"{where(op)}: objectfifo @{name} has disable_synchronization; the simulator "
            f"models synchronised objectfifos only"
        )
    if prop(op, "aie_stream") is not None:
        raise UnsupportedOpError(
            f"{where(op)}: objectfifo @{name} uses a core stream end (aie_stream), which the "
            f"simulator does not model"
        )
    pad = prop(op, "padDimensions")
    return Fifo(
        name=name,
        op=op,
        producer=producer,
        consumers=consumers,
        depths=depths,
        depth_is_array=is_array,
        elem=elem,
        dims_to_stream=dim_pairs(prop(op, "dimensionsToStream")),
        dims_from_stream=per_cons,
        init_values=inits,
        repeat_count=as_int(prop(op, "repeat_count"), 1),
        pad=[p.as_tuple() for p in pad] if pad is not None else [],  # pyright: ignore
        via_dma=as_bool(prop(op, "via_DMA")),
        iter_count=as_int(prop(op, "iter_count")),
    )


def _int_list(attr: Attribute | None) -> list[int]:
    if attr is None:
        return []
    if isinstance(attr, ArrayAttr):
        return [as_int(a) for a in attr.data]
    return [int(v) for v in attr.get_values()]  # pyright: ignore


def physical_ops(module: ModuleOp) -> list[Operation]:
    """The physical-level ops of ``module`` (tile DMA programs, switchboxes) that the
    simulator does not run, in program order."""
    return [op for op in module.walk() if op.name in _PHYSICAL]


def read_globals(module: ModuleOp) -> dict[str, np.ndarray]:
    """Every ``memref.global`` of the module as a fresh numpy array."""
    arrays = {}
    for op in module.walk():
        if op.name == "memref.global":
            init = prop(op, "initial_value")
            t = prop(op, "type")
            arrays[sym_name(prop(op, "sym_name"))] = (
                dense_to_numpy(init, memref_shape(t), t.element_type)
                if init is not None and not isinstance(init, UnitAttr)
                else alloc_memref(t)
            )
    return arrays


def read_design(
    module: ModuleOp, device_name: str | None = None, sequence: str | None = None
) -> Design:
    """The design in ``module``'s device (``device_name``, else the one with a runtime
    sequence); ``sequence`` names the runtime sequence when the device has several."""
    device = _find_device(module, device_name)
    enum = as_int(prop(device, "device"))
    spec = DEVICES_BY_ENUM.get(enum)
    if spec is None:
        raise DesignError(f"unknown aie.device enum value {enum}")
    if not spec.compile_target:
        raise DesignError(
            f"aie.device({spec.name}) is not an NPU target; the simulator runs npu1* and npu2* "
            f"designs"
        )
    design = Design(module=module, device=device, spec=spec)
    design.memref_globals = read_globals(module)
    for op in device.regions[0].blocks[0].ops:
        _read_op(design, op)
    names = sorted(design.runtimes)
    if sequence is not None:
        if sequence not in design.runtimes:
            raise DesignError(
                f"no runtime sequence @{sequence}; the device has "
                f"{', '.join('@' + n for n in names) or 'none'}"
            )
        design.runtime = design.runtimes[sequence]
    elif len(names) > 1:
        raise DesignError(
            f"the device has runtime sequences {', '.join('@' + n for n in names)}; choose one "
            f"(--sequence NAME, or SimOptions(sequence=...))"
        )
    elif names:
        design.runtime = design.runtimes[names[0]]
    return design


def _read_buffer(design: Design, op: Operation) -> None:
    t = op.results[0].type
    init = prop(op, "initial_value")
    array = (
        dense_to_numpy(init, memref_shape(t), t.element_type) if init is not None else alloc_memref(t)
    )
    design.buffers[op.results[0]] = array
    design.buffer_inits.append((array, array.copy() if init is not None else None))
    buf_name = sym_name(prop(op, "sym_name")) or f"buffer{len(design.buffers)}"
    design.buffers_by_name[buf_name] = array
    design.buffer_names[op.results[0]] = buf_name


def _read_op(design: Design, op: Operation) -> None:
    name = op.name
    if name == "aie.tile":
        col, row = as_int(prop(op, "col")), as_int(prop(op, "row"))
        kind = design.spec.tile_kind(col, row)
        if kind is None:
            raise DesignError(f"{where(op)}: aie.tile({col}, {row}) is not on {design.spec.name}")
        design.tiles[op.results[0]] = Tile(col, row, kind)
    elif name == "aie.objectfifo":
        fifo = _read_fifo(design, op)
        design.fifos[fifo.name] = fifo
    elif name == "aie.objectfifo.link":
        design.links.append(
            Link(
                op=op,
                ins=[sym_name(a) for a in prop(op, "fifoIns").data],
                outs=[sym_name(a) for a in prop(op, "fifoOuts").data],
                src_offsets=_int_list(prop(op, "src_offsets")),
                dst_offsets=_int_list(prop(op, "dst_offsets")),
            )
        )
    elif name == "aie.shim_dma_allocation":
        alloc_name = sym_name(prop(op, "sym_name"))
        if op.operands:
            col = _tile(design, op.operands[0], f"shim_dma_allocation @{alloc_name}").col
        else:
            col = as_int(prop(op, "col"))
        direction = "MM2S" if as_int(prop(op, "channel_dir")) == 1 else "S2MM"
        design.allocations[alloc_name] = Allocation(
            alloc_name, col, direction, as_int(prop(op, "channel_index"))
        )
    elif name == "aie.buffer":
        _read_buffer(design, op)
    elif name == "aie.lock":
        tile = _tile(design, op.operands[0], "aie.lock")
        lock_name = (
            sym_name(prop(op, "sym_name")) or f"lock_{tile.col}_{tile.row}_{len(design.lock_ops)}"
        )
        design.lock_ops.append((op.results[0], lock_name, as_int(prop(op, "init"), 0)))
    elif name == "func.func":
        design.funcs[sym_name(prop(op, "sym_name"))] = op
    elif name == "aie.core":
        tile = _tile(design, op.operands[0], "aie.core")
        if prop(op, "elf_file") is not None:
            raise UnsupportedOpError(
                f"{where(op)}: the core on {tile.name} runs a precompiled ELF "
                f"({prop(op, 'elf_file').data}); the simulator runs core bodies written in MLIR"
            )
        link_with = prop(op, "link_with")
        design.cores.append(Core(op, tile, link_with.data if link_with is not None else None))
        # mlir-aie's placed builder puts a buffer made inside a core body there (edge_detect's
        # filter kernel); it is static memory of the tile all the same.
        for nested in op.walk():
            if nested.name == "aie.buffer":
                _read_buffer(design, nested)
    elif name in ("aie.runtime_sequence", "aiex.runtime_sequence"):
        design.runtimes[sym_name(prop(op, "sym_name")) or "sequence"] = op
    elif name in _PHYSICAL:
        raise UnsupportedOpError(
            f"{where(op)}: '{name}' belongs to the physical level (after objectfifo lowering). "
            f"The simulator runs objectfifo-level IR: simulate the module before "
            f"--aie-objectFifo-stateful-transform."
        )
    elif name in _IGNORED or name == "memref.global":
        return
    elif name.startswith("aie.") or name.startswith("aiex."):
        raise UnsupportedOpError(f"{where(op)}: '{name}' at device level is not simulated")
