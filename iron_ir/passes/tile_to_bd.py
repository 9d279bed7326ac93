"""``iron-tile-to-dma-bd``: make every access pattern legal buffer-descriptor dimensions.

For the tile kind doing each transfer (device table):

* a runtime fill or drain (a shim DMA task) gets its chain of BDs and its task ``repeat_count``
  as ``bds = [#iron.bd<...>, ...]`` and ``repeat_count = N`` on the op; a tap that is legal as
  written gets exactly IRON's single four-dim BD (``repeat_count = sizes[0] - 1``,
  ``len = prod(sizes[1:])``);
* a fifo end's ``dims`` (``dims_to_stream`` on the producer, ``dims_from_stream`` on a consumer)
  are checked for the DMA of that end's tile (mem tile: 4 dims, compute tile: 3) and rewritten
  in place into one equivalent legal BD where needed.

The rewriting itself (:func:`iron_ir.dma.legalize.legalize`) folds contiguous dims, splits
dimensions that exceed their field, moves outer dims to the iteration dimension or the task
repeat, and chains BDs; a pattern with no legal form fails naming the pattern, the tile kind, the
field and its limit. Requires placed runtime ends (run ``iron-place`` first): the tile kind is
read from the placed tile.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, ModuleOp, i32
from xdsl.passes import ModulePass

from iron_ir.device import DeviceSpec, TileKind, TileKindSpec
from iron_ir.dialects.aie.device import element_bytes, memref_elements
from iron_ir.dialects.iron import (
    BdAttr,
    DimsAttr,
    DrainOp,
    EndpointAttr,
    EndpointKind,
    FifoOp,
    FillOp,
    LinkOp,
    ProgramOp,
    TileAttr,
    WorkerOp,
)
from iron_ir.dma.legalize import AccessPattern, DmaPatternError, legalize
from iron_ir.ir.diagnostics import OpError

BDS = "bds"
REPEAT_COUNT = "repeat_count"


@dataclass(frozen=True)
class IronTileToDmaBdPass(ModulePass):
    name = "iron-tile-to-dma-bd"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for program in [p for p in op.walk() if isinstance(p, ProgramOp)]:
            _legalize_program(program)


def transfer_bds(op: FillOp | DrainOp) -> tuple[list[BdAttr], int] | None:
    """The BD chain and task repeat count this pass put on a fill/drain (None before it ran)."""
    bds = op.attributes.get(BDS)
    if not isinstance(bds, ArrayAttr):
        return None
    repeat = op.attributes.get(REPEAT_COUNT)
    return list(bds.data), repeat.value.data if isinstance(repeat, IntegerAttr) else 0


def _legalize_program(program: ProgramOp) -> None:
    device = program.spec
    ops = list(program.body.block.ops)
    fifos = {f.fifo_name: f for f in ops if isinstance(f, FifoOp)}
    owners = {o.sym_name.data: o for o in ops if isinstance(o, (WorkerOp, LinkOp))}
    for fifo in fifos.values():
        _legalize_fifo_dims(device, fifo, owners)
    transfers = [op for op in program.walk() if isinstance(op, (FillOp, DrainOp))]
    for op in transfers:
        _legalize_transfer(device, op, fifos[op.fifo_name])
    _check_shim_bd_budget(device, transfers, fifos)


def _check_shim_bd_budget(device: DeviceSpec, transfers, fifos) -> None:
    """The transfers of one task group are configured at once: their BD chains share the shim
    tile's BDs (placement counted one BD per transfer; chains may need more)."""
    per_group: dict[tuple[tuple[int, int], object], list[tuple[FillOp | DrainOp, int]]] = {}
    for op in transfers:
        tile = _runtime_end(op, fifos[op.fifo_name]).tile_attr.col_row  # placed: checked above
        per_group.setdefault((tile, op.group), []).append((op, len(transfer_bds(op)[0])))
    for (tile, _), ops in per_group.items():
        kind = device.tile_kind(*tile)
        available = device.kinds[kind].bds
        needed = sum(n for _, n in ops)
        if needed > available:
            users = "; ".join(f"{op.name} @{op.fifo_name}: {n}" for op, n in ops)
            raise OpError(
                ops[0][0],
                f"the runtime transfers of one task group need {needed} buffer descriptors on "
                f"{kind.human} Tile{tile} of {device.name}, which has {available} ({users}). "
                "Try: finish the task group earlier (rt.task_group / finish_task_group around "
                "fewer transfers), simpler taps that need shorter BD chains, or spread the fifos "
                "over more shim tiles.",
            )


def _runtime_end(op: FillOp | DrainOp, fifo: FifoOp) -> EndpointAttr:
    ends = fifo.endpoints
    if isinstance(op, FillOp):
        return ends[0]
    return next(e for e in ends[1:] if e.endpoint_kind is EndpointKind.runtime)


def _end_kind(device: DeviceSpec, end: EndpointAttr, owners) -> TileKind:
    tile: TileAttr | None = end.tile_attr
    if tile is None:
        tile = owners[end.ref_name].tile
    if tile.is_placed:
        kind = device.tile_kind(*tile.col_row)
        assert kind is not None  # the IRON verifier keeps placed tiles on the grid
        return kind
    return tile.tile_hint.kinds[0]  # type: ignore[union-attr]


def _legalize_fifo_dims(device: DeviceSpec, fifo: FifoOp, owners) -> None:
    ends = fifo.endpoints
    changed = False
    new_ends = []
    for index, end in enumerate(ends):
        if not end.dims:
            new_ends.append(end)
            continue
        role = "dims_to_stream" if index == 0 else f"dims_from_stream of consumer {index - 1}"
        kind = _end_kind(device, end, owners)
        if kind.is_shim:
            raise OpError(
                fifo,
                f"fifo @{fifo.fifo_name}: {role} is on the runtime's end, a {kind.human}, where "
                "objectfifo layout transforms are not available. Give the layout to the "
                "runtime's fill/drain as a tap (TensorAccessPattern) instead.",
            )
        pairs = end.dims.pairs
        pattern = AccessPattern(0, tuple(s for s, _ in pairs), tuple(t for _, t in pairs))
        lowering = _lower(
            fifo,
            f"fifo @{fifo.fifo_name} {role}",
            pattern,
            element_bytes(fifo.elem_type),
            memref_elements(fifo.elem_type),
            device.kinds[kind],
            runtime_task=False,
        )
        bd = lowering.bds[0]
        # No dims means "the whole object, in order"; a shorter linear run must stay explicit.
        legal = lowering.ir_dims(bd) or (
            [(bd.length, 1)] if bd.length != memref_elements(fifo.elem_type) else []
        )
        if legal != pairs:
            changed = True
            end = EndpointAttr(end.kind, end.ref, end.depth, DimsAttr(legal), end.tile)
        new_ends.append(end)
    if changed:
        fifo.producer = new_ends[0]
        fifo.consumers = ArrayAttr(new_ends[1:])


def _legalize_transfer(device: DeviceSpec, op: FillOp | DrainOp, fifo: FifoOp) -> None:
    tile = _runtime_end(op, fifo).tile_attr
    if tile is None or not tile.is_placed:
        raise OpError(
            op,
            f"{op.name} @{op.fifo_name}: the runtime end of the fifo is not placed yet; run "
            "iron-place before iron-tile-to-dma-bd",
        )
    kind = device.tile_kind(*tile.col_row)
    host = op.host.type
    pattern = AccessPattern(op.offset.data, tuple(op.size_list), tuple(op.stride_list))
    # A tap may reach past the sequence's type (the host allocates the larger buffer, as with
    # mlir-aie): the BDs are planned for the buffer the tap needs.
    reach = pattern.offset + sum((n - 1) * s for n, s in zip(pattern.sizes, pattern.strides))
    lowering = _lower(
        op,
        f"{op.name} @{op.fifo_name}",
        pattern,
        element_bytes(host),
        max(memref_elements(host), reach + 1),
        device.kinds[kind],
        runtime_task=True,
    )
    op.attributes[BDS] = ArrayAttr(
        [BdAttr.make(bd.offset, bd.length, lowering.ir_dims(bd)) for bd in lowering.bds]
    )
    op.attributes[REPEAT_COUNT] = IntegerAttr(lowering.repeat_count, i32)


def _lower(op, what: str, pattern, elem_bytes, elements, spec: TileKindSpec, runtime_task: bool):
    try:
        return legalize(pattern, elem_bytes, elements, spec, runtime_task=runtime_task)
    except DmaPatternError as error:
        raise OpError(op, f"{what}: {error}") from error
