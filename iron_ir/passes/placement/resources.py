"""Resource accounting of a placed program, for every placer, from the device table.

Per tile it estimates what the objectfifo lowering (mlir-aie's stateful transform) will
allocate there; :mod:`~iron_ir.passes.placement.lowered` measures the lowered design, and the
two agree on every example (a test):

* **data memory** — compute tiles: the worker's stack, its buffers, and the objects of every
  fifo end that lives there: one more than the worker's largest acquire (mlir-aie's
  ``findObjectFifoSize``), but the end's own depth when the fifo's ends differ in depth
  (unless it is a consumer with a layout transform); a fifo whose
  producer and single consumer are workers that share memory is one set of the producer's
  depth of objects on the tile that holds them; a link's objects once, as the fifo owning them
  (a distribute's input, a join's output, a forward's larger side);
* **locks** — two per fifo end with a DMA (producer/consumer semaphores), two per shared-memory
  fifo, two per piece of a link, one per barrier per worker tile (AIE1: one per object);
* **buffer descriptors** — one per object of each worker's DMA fifo end (a cyclic chain, times
  the repeat count of a producer with more than one object); a link's sides each walk all of
  the owner's objects, the owner's side once per piece; on shim tiles the BD chains of the
  runtime transfers configured at once when most BDs are (a task group's until it finishes,
  the default group's until the end of the sequence);
* **DMA channels** — a DMA fifo end takes one channel (MM2S on the producer side, S2MM on the
  consumer side); a link takes one S2MM per source and one MM2S per destination.

``check`` raises a :class:`PlacementError` naming the resource, the tile, used versus available,
who uses it and what to try; ``report`` renders the per-tile table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iron_ir.device import Arch, TileKind
from iron_ir.dialects.aie.device import memref_elements
from iron_ir.dialects.iron import (
    AcquireOp,
    DrainOp,
    EndpointKind,
    FillOp,
    FinishTaskGroupOp,
    RuntimeSequenceOp,
)
from iron_ir.ir.diagnostics import OpError
from iron_ir.passes.placement.model import (
    Coord,
    FifoEnd,
    FifoInfo,
    LinkInfo,
    Placement,
    ProgramModel,
    WorkerInfo,
)
from iron_ir.passes.placement.registry import PlacementError

RESOURCES = ("memory", "locks", "bds", "s2mm", "mm2s")
_RESOURCE_NAMES = {
    "memory": "data memory (bytes)",
    "locks": "locks",
    "bds": "buffer descriptors",
    "s2mm": "S2MM (stream to memory) DMA channels",
    "mm2s": "MM2S (memory to stream) DMA channels",
}


@dataclass
class TileUsage:
    tile: Coord
    kind: TileKind
    used: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 0))
    users: dict[str, list[tuple[str, int]]] = field(
        default_factory=lambda: {r: [] for r in RESOURCES}
    )

    def add(self, resource: str, amount: int, user: str) -> None:
        if amount:
            self.used[resource] += amount
            self.users[resource].append((user, amount))


def capacity(model: ProgramModel, kind: TileKind, resource: str) -> int:
    spec = model.device.kinds[kind]
    return {
        "memory": spec.data_memory_bytes,
        "locks": spec.locks,
        "bds": spec.bds,
        "s2mm": spec.dma_s2mm_channels,
        "mm2s": spec.dma_mm2s_channels,
    }[resource]


def shares_memory(model: ProgramModel, placement: Placement, fifo: FifoInfo) -> Coord | None:
    """The tile holding a shared-memory fifo's objects, or None when the fifo needs DMAs."""
    if len(fifo.consumers) != 1:
        return None
    prod, cons = fifo.producer, fifo.consumers[0]
    if prod.kind is not EndpointKind.worker or cons.kind is not EndpointKind.worker:
        return None
    p, c = placement.workers[prod.owner], placement.workers[cons.owner]
    if keeps_dims(model, fifo, prod, p) or keeps_dims(model, fifo, cons, c):
        return None
    if model.device.is_legal_mem_affinity(c, p):
        return p
    if model.device.is_legal_mem_affinity(p, c):
        return c
    return None


def keeps_dims(model: ProgramModel, fifo: FifoInfo, end: FifoEnd, tile: Coord) -> bool:
    """Whether ``end`` of ``fifo`` on ``tile`` still has a layout transform once
    iron-tile-to-dma-bd has made its dims legal (dims that read the whole object in order
    become none)."""
    if not end.has_dims:
        return False
    from iron_ir.passes.tile_to_bd import plan_end_dims

    kind = model.device.tile_kind(*tile)
    assert kind is not None
    try:
        return bool(plan_end_dims(model.device, fifo.op, end.ref.index, kind))
    except OpError:  # iron-tile-to-dma-bd reports the dims
        return True


def account(model: ProgramModel, placement: Placement) -> dict[Coord, TileUsage]:
    device = model.device
    aie1 = device.arch is Arch.AIE1
    usage: dict[Coord, TileUsage] = {}

    def at(tile: Coord) -> TileUsage:
        if tile not in usage:
            kind = device.tile_kind(*tile)
            assert kind is not None
            usage[tile] = TileUsage(tile, kind)
        return usage[tile]

    workers = {w.name: w for w in model.workers}
    for w in model.workers:
        tile = at(placement.workers[w.name])
        tile.add("memory", w.stack_bytes, f"stack of worker @{w.name}")
        for barrier in w.barriers:
            tile.add("locks", 1, f"barrier @{barrier} of worker @{w.name}")
    for b in model.buffers.values():
        at(placement.buffers[b.name]).add("memory", b.nbytes, f"buffer @{b.name}")

    for fifo in model.fifos.values():
        synchronized = fifo.op.disable_synchronization is None
        shared = shares_memory(model, placement, fifo)
        if shared is not None:
            depth = fifo.producer.depth  # mlir-aie sizes a shared fifo by its producer
            tile = at(shared)
            tile.add("memory", depth * fifo.element_bytes,
                     f"fifo @{fifo.name} ({depth} x {fifo.element_bytes} B, shared memory)")
            if synchronized:
                tile.add("locks", depth if aie1 else 2, f"fifo @{fifo.name}")
            continue
        repeat = fifo.op.repeat_count.data if fifo.op.repeat_count is not None else 1
        for end in fifo.ends:
            if end.kind is EndpointKind.link:
                continue  # counted with the link
            tile = at(placement.tile_of_end(model, end))
            role = "producer" if end.ref.is_producer else "consumer"
            who = f"fifo @{fifo.name} ({role})"
            tile.add("mm2s" if end.ref.is_producer else "s2mm", 1, who)
            if end.kind is not EndpointKind.worker:  # the runtime's end: no objects on the shim
                if synchronized and not aie1:
                    tile.add("locks", 2, who)
                continue
            dims = keeps_dims(model, fifo, end, tile.tile)
            objects = _objects(fifo, end, workers[end.owner], dims)
            if synchronized:
                tile.add("locks", objects if aie1 else 2, who)
            tile.add("memory", objects * fifo.element_bytes,
                     f"{who}: {objects} x {fifo.element_bytes} B")
            # a producer's single object repeats in hardware; more objects repeat as BDs
            bd_repeat = repeat if end.ref.is_producer and objects > 1 else 1
            tile.add("bds", objects * bd_repeat, who)

    for link in model.links.values():
        _account_link(model, link, at(placement.links[link.name]), aie1)

    for tile, transfers in _busiest_moment(model, placement).items():
        for name, n in transfers:
            at(tile).add("bds", n, f"runtime {name}")
    return usage


def _objects(fifo: FifoInfo, end: FifoEnd, worker: WorkerInfo, dims: bool) -> int:
    """The objects mlir-aie's stateful transform gives a worker's end of a DMA fifo
    (``findObjectFifoSize``): one more than the worker's largest acquire (ping-pong at least;
    one when it acquires one of a depth-1 end), or the depth if it never acquires. When the
    ends' depths differ (the fifo's depth is an array) each end keeps its own, except a
    consumer end with a layout transform, whose split-off fifo is sized again."""
    if len({e.depth for e in fifo.ends}) > 1 and (end.ref.is_producer or not dims):
        return end.depth
    largest = max(
        (a.count.data for a in worker.op.walk()
         if isinstance(a, AcquireOp) and a.fifo_name == fifo.name),
        default=0,
    )
    if largest == 0:
        return end.depth
    return 1 if largest == 1 and end.depth == 1 else largest + 1


def _account_link(model: ProgramModel, link: LinkInfo, tile: TileUsage, aie1: bool) -> None:
    """A link's objects live once on its tile, as the fifo that owns them: a distribute's
    input, a join's output, a forward's larger side (the input when the output is padded on
    the fly). Every side walks all of the owner's objects with one BD each, the owner's side
    once per piece of a join or distribute."""
    srcs, dsts = [model.fifos[s] for s in link.srcs], [model.fifos[d] for d in link.dsts]
    src_depth = [_link_end(model, f.name, link.name, consumer=True).depth for f in srcs]
    dst_depth = [_link_end(model, f.name, link.name, consumer=False).depth for f in dsts]
    if len(dsts) > 1:
        owner, depth = srcs[0], src_depth[0]
    elif len(srcs) > 1:
        owner, depth = dsts[0], dst_depth[0]
    else:
        fin, fout = srcs[0], dsts[0]
        input_owns = (
            memref_elements(fin.op.elem_type) >= memref_elements(fout.op.elem_type)
            or fout.op.pad_dimensions is not None
        )
        owner, depth = (fin, src_depth[0]) if input_owns else (fout, dst_depth[0])
    pieces = max(len(srcs), len(dsts))
    who = f"link @{link.name}"
    tile.add("memory", depth * owner.element_bytes, who)
    if owner.op.disable_synchronization is None:
        tile.add("locks", depth if aie1 else 2 * pieces, who)
    bds = 0
    for fifo in srcs + dsts:
        factor = pieces if fifo is owner else 1
        repeat = 1
        if fifo in dsts and fifo.op.repeat_count is not None:
            repeat = fifo.op.repeat_count.data
            in_hardware = depth == 1 and factor == 1 and fifo.op.iter_count is None
            repeat = 1 if in_hardware else repeat
        bds += depth * factor * repeat
    tile.add("bds", bds, who)
    tile.add("s2mm", len(srcs), who)
    tile.add("mm2s", len(dsts), who)


def _busiest_moment(
    model: ProgramModel, placement: Placement
) -> dict[Coord, list[tuple[str, int]]]:
    """Per shim tile, the runtime transfers whose BD chains are configured at once when most
    BDs are: a task group's transfers live until its ``iron.finish_task_group``, those of the
    default group until the end of the sequence."""
    if not model.transfers:
        return {}
    ends = {id(t.op): t.end for t in model.transfers}
    sequence = model.transfers[0].op.parent_op()
    while sequence is not None and not isinstance(sequence, RuntimeSequenceOp):
        sequence = sequence.parent_op()
    assert sequence is not None
    live: dict[object, list[tuple[Coord, str, int]]] = {}
    best: dict[Coord, list[tuple[str, int]]] = {}
    for op in sequence.walk():
        if isinstance(op, FinishTaskGroupOp):
            live.pop(op.group, None)
        elif isinstance(op, (FillOp, DrainOp)) and id(op) in ends:
            end = ends[id(op)]
            tile = placement.runtime_ends[end]
            verb = "fill" if end.is_producer else "drain"
            live.setdefault(op.group, []).append(
                (tile, f"{verb} of fifo @{end.fifo}", _transfer_bds(model, op))
            )
            now = [(name, n) for group in live.values() for t, name, n in group if t == tile]
            if sum(n for _, n in now) > sum(n for _, n in best.get(tile, [])):
                best[tile] = now
    return best


def _link_end(model: ProgramModel, fifo: str, link: str, consumer: bool) -> FifoEnd:
    f = model.fifos[fifo]
    ends = f.consumers if consumer else [f.producer]
    return next(e for e in ends if e.kind is EndpointKind.link and e.owner == link)


def _transfer_bds(model: ProgramModel, op) -> int:
    """The BDs of a fill/drain's chain, as iron-tile-to-dma-bd will plan it (which also reports
    a tap it cannot plan; counted as one BD here)."""
    from iron_ir.passes.tile_to_bd import plan_transfer

    try:
        return len(plan_transfer(model.device, op, TileKind.SHIM_NOC).bds)
    except OpError:
        return 1


def check(model: ProgramModel, usage: dict[Coord, TileUsage]) -> None:
    """Raise PlacementError for the first tile whose resources the placement exceeds."""
    for tile in sorted(usage):
        u = usage[tile]
        for resource in RESOURCES:
            cap = capacity(model, u.kind, resource)
            if u.used[resource] > cap:
                raise PlacementError(_overflow_message(model, u, resource, cap))


def _overflow_message(model: ProgramModel, u: TileUsage, resource: str, cap: int) -> str:
    users = "; ".join(f"{who}: {n}" for who, n in u.users[resource])
    return (
        f"{u.kind.human} Tile{u.tile} of {model.device.name} needs {u.used[resource]} "
        f"{_RESOURCE_NAMES[resource]} but has {cap}. Used by: {users}. "
        f"Try: {_advice(u, resource)}"
    )


def _advice(u: TileUsage, resource: str) -> str:
    by_fifo: dict[str, int] = {}
    for who, amount in u.users[resource]:
        if who.startswith("fifo"):
            name = who.split(" ")[1]
            by_fifo[name] = by_fifo.get(name, 0) + amount
    deepest = ", ".join(sorted(by_fifo, key=lambda f: (-by_fifo[f], f))[:3])
    if resource == "memory":
        tips = []
        if deepest:
            tips.append(f"lower the depth or object size of fifo {deepest}")
        if u.kind is TileKind.COMPUTE:
            tips.append("split the work over more workers, or stage data in a mem tile")
        else:
            tips.append("place the link on another mem tile (Tile(col, 1)) or lower depths")
        return "; ".join(tips) + "."
    if resource in ("s2mm", "mm2s"):
        if u.kind is TileKind.COMPUTE:
            return ("fan out through a mem tile (ObjectFifo.forward/split), share fewer fifos "
                    "per worker, or use a device with more columns.")
        return ("spread fifo ends and links over more columns (pin Tile(col, row)), or use a "
                "device with more columns.")
    if resource == "bds":
        return (f"lower the depth of fifo {deepest}; " if deepest else "") + (
            "group fewer runtime transfers per task group, or spread them over shim tiles.")
    return "use fewer fifos or barriers on this tile, or spread them over more tiles."


def report(
    model: ProgramModel,
    usage: dict[Coord, TileUsage],
    measured: dict[Coord, dict[str, int]] | None = None,
) -> str:
    """A per-tile table of resources used / available; with ``measured`` (what the lowered
    design uses, from :func:`~iron_ir.passes.placement.lowered.measure`) each cell reads
    ``estimate | lowered / available`` and a tile where they differ is marked ``*``."""
    header = ("tile", "kind", "memory (bytes)", "locks", "BDs", "S2MM", "MM2S")
    tiles = set(usage) | set(measured or {})
    rows = [header]
    for tile in sorted(tiles):
        kind = usage[tile].kind if tile in usage else model.device.tile_kind(*tile)
        assert kind is not None
        estimate = usage[tile].used if tile in usage else dict.fromkeys(RESOURCES, 0)
        if measured is None:
            cells = tuple(f"{estimate[r]} / {capacity(model, kind, r)}" for r in RESOURCES)
            mark = ""
        else:
            real = measured.get(tile, dict.fromkeys(RESOURCES, 0))
            if not any(estimate.values()) and not any(real.values()):
                continue  # a tile the lowering declares but nothing uses
            cells = tuple(
                f"{estimate[r]} | {real[r]} / {capacity(model, kind, r)}" for r in RESOURCES
            )
            mark = " *" if any(estimate[r] != real[r] for r in RESOURCES) else ""
        rows.append((f"({tile[0]}, {tile[1]}){mark}", kind.human) + cells)
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    legend = "used / available" if measured is None else "estimate | lowered / available"
    lines = [f"resource report for {model.device.name} ({legend}):"]
    for i, r in enumerate(rows):
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)
