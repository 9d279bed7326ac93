"""Resource accounting of a placed program, for every placer, from the device table.

Per tile it counts what the objectfifo lowering will allocate there:

* **data memory** — compute tiles: the worker's stack, its buffers, and ``depth`` objects for
  every fifo end that lives there (a fifo whose producer and single consumer are workers that
  share memory is one set of ``max(depth)`` objects on the producer's tile, as mlir-aie's
  shared-memory objectfifos); mem tiles: a link's objects (the larger of its input and output
  sides, which share buffers);
* **locks** — two per fifo end with a DMA (producer/consumer semaphores), two per shared-memory
  fifo, two per piece of a link, one per barrier per worker tile;
* **buffer descriptors** — one per object of each DMA fifo end (a cyclic chain), on shim tiles
  one per runtime transfer that can be outstanding at once (a task group);
* **DMA channels** — a DMA fifo end takes one channel (MM2S on the producer side, S2MM on the
  consumer side); a link takes one S2MM per source and one MM2S per destination.

``check`` raises a :class:`PlacementError` naming the resource, the tile, used versus available,
who uses it and what to try; ``report`` renders the per-tile table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iron_ir.device import TileKind
from iron_ir.dialects.iron import EndpointKind
from iron_ir.passes.placement.model import Coord, FifoInfo, Placement, ProgramModel
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
    if prod.has_dims or cons.has_dims:
        return None
    p, c = placement.workers[prod.owner], placement.workers[cons.owner]
    if model.device.is_legal_mem_affinity(c, p):
        return p
    if model.device.is_legal_mem_affinity(p, c):
        return c
    return None


def account(model: ProgramModel, placement: Placement) -> dict[Coord, TileUsage]:
    device = model.device
    usage: dict[Coord, TileUsage] = {}

    def at(tile: Coord) -> TileUsage:
        if tile not in usage:
            kind = device.tile_kind(*tile)
            assert kind is not None
            usage[tile] = TileUsage(tile, kind)
        return usage[tile]

    for w in model.workers:
        tile = at(placement.workers[w.name])
        tile.add("memory", w.stack_bytes, f"stack of worker @{w.name}")
        for barrier in w.barriers:
            tile.add("locks", 1, f"barrier @{barrier} of worker @{w.name}")
    for b in model.buffers.values():
        at(placement.buffers[b.name]).add("memory", b.nbytes, f"buffer @{b.name}")

    for fifo in model.fifos.values():
        shared = shares_memory(model, placement, fifo)
        if shared is not None:
            depth = max(e.depth for e in fifo.ends)
            tile = at(shared)
            tile.add("memory", depth * fifo.element_bytes,
                     f"fifo @{fifo.name} ({depth} x {fifo.element_bytes} B, shared memory)")
            tile.add("locks", 2, f"fifo @{fifo.name}")
            continue
        for end in fifo.ends:
            if end.kind is EndpointKind.link:
                continue  # counted with the link
            tile = at(placement.tile_of_end(model, end))
            role = "producer" if end.ref.is_producer else "consumer"
            who = f"fifo @{fifo.name} ({role})"
            tile.add("mm2s" if end.ref.is_producer else "s2mm", 1, who)
            tile.add("locks", 2, who)
            if end.kind is EndpointKind.worker:
                tile.add("memory", end.depth * fifo.element_bytes,
                         f"{who}: {end.depth} x {fifo.element_bytes} B")
                tile.add("bds", end.depth, who)

    for link in model.links.values():
        tile = at(placement.links[link.name])
        src_ends = [_link_end(model, s, link.name, consumer=True) for s in link.srcs]
        dst_ends = [_link_end(model, d, link.name, consumer=False) for d in link.dsts]
        in_bytes = sum(model.fifos[s].element_bytes * e.depth for s, e in zip(link.srcs, src_ends))
        out_bytes = sum(model.fifos[d].element_bytes * e.depth for d, e in zip(link.dsts, dst_ends))
        who = f"link @{link.name}"
        tile.add("memory", max(in_bytes, out_bytes), who)
        tile.add("locks", 2 * max(len(link.srcs), len(link.dsts)), who)
        tile.add("bds", sum(e.depth for e in src_ends) + sum(e.depth for e in dst_ends), who)
        tile.add("s2mm", len(link.srcs), who)
        tile.add("mm2s", len(link.dsts), who)

    groups: dict[tuple[Coord, int], list[str]] = {}
    for t in model.transfers:
        tile = placement.runtime_ends[t.end]
        verb = "fill" if t.end.is_producer else "drain"
        groups.setdefault((tile, t.group), []).append(f"{verb} of fifo @{t.end.fifo}")
    busiest: dict[Coord, list[str]] = {}
    for (tile, _), names in groups.items():
        if len(names) > len(busiest.get(tile, [])):
            busiest[tile] = names
    for tile, names in busiest.items():
        for name in names:
            at(tile).add("bds", 1, f"runtime {name}")
    return usage


def _link_end(model: ProgramModel, fifo: str, link: str, consumer: bool):
    f = model.fifos[fifo]
    ends = f.consumers if consumer else [f.producer]
    return next(e for e in ends if e.kind is EndpointKind.link and e.owner == link)


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


def report(model: ProgramModel, usage: dict[Coord, TileUsage]) -> str:
    """A per-tile table of resources used / available."""
    header = ("tile", "kind", "memory (bytes)", "locks", "BDs", "S2MM", "MM2S")
    rows = [header]
    for tile in sorted(usage, key=lambda t: (t[0], t[1])):
        u = usage[tile]
        rows.append(
            (f"({tile[0]}, {tile[1]})", u.kind.human)
            + tuple(f"{u.used[r]} / {capacity(model, u.kind, r)}" for r in RESOURCES)
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [f"resource report for {model.device.name} (used / available):"]
    for i, r in enumerate(rows):
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)
