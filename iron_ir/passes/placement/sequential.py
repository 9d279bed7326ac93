"""``sequential``: mlir-aie's DMA-channel-aware SequentialPlacer, with physical link channels.

Reproduces ``aie.iron.placers.SequentialPlacer`` (mlir-aie ``python/iron/placers.py``) so a
design lands on the same tiles as under IRON:

1. workers go, in ``rt.start`` order, to the free compute tiles in column-major order
   (``cores_per_col`` keeps only the first N compute tiles of each column);
2. each worker's tile is charged one output channel per fifo it produces and one input channel
   per fifo it consumes (IRON's bookkeeping, used only to decide availability);
3. fifo handles, sorted by fifo name, then place their shim / mem ends at the column nearest the
   mean column of the fifo's compute ends (``round(mean)``), scanning right for a tile with a
   free channel; a link touching the fifo is placed in the same way.

One deliberate difference: mlir-aie charges a link ``len(srcs)`` channels on the side it is
placed from and ``len(dsts)`` on the other, which inverts split and join and lets the lowering
fail later (mlir-aie issue #3720). Here a link always takes ``len(srcs)`` S2MM (input) channels
and ``len(dsts)`` MM2S (output) channels — what the hardware uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iron_ir.device import TileKind
from iron_ir.dialects.iron import EndpointKind, TileHint
from iron_ir.passes.placement.model import (
    Coord,
    FifoEnd,
    Placement,
    ProgramModel,
)
from iron_ir.passes.placement.registry import Placer, PlacementError, register_placer


@dataclass
class _Channels:
    """Channels charged per tile in one direction, and the tiles still available."""

    limit_of: dict[Coord, int]
    available: list[Coord]
    used: dict[Coord, int] = field(default_factory=dict)

    def charge(self, tile: Coord, n: int) -> None:
        if n == 0:
            return
        self.used[tile] = self.used.get(tile, 0) + n
        if self.used[tile] >= self.limit_of[tile] and tile in self.available:
            self.available.remove(tile)

    def fits(self, tile: Coord, n: int) -> bool:
        return self.used.get(tile, 0) + n <= self.limit_of[tile]


@register_placer
class SequentialPlacer(Placer):
    """Place workers on compute tiles in order; shim and mem ends near their compute ends."""

    name = "sequential"

    def __init__(self, cores_per_col: int | None = None):
        if cores_per_col is not None and (
            isinstance(cores_per_col, bool) or not isinstance(cores_per_col, int) or cores_per_col < 1
        ):
            raise PlacementError(
                f"SequentialPlacer: cores_per_col must be an int >= 1, got {cores_per_col!r}"
            )
        self.cores_per_col = cores_per_col

    @classmethod
    def from_options(cls, options):
        return cls(cores_per_col=options.get("cores_per_col"))

    def __repr__(self) -> str:
        arg = f"cores_per_col={self.cores_per_col}" if self.cores_per_col is not None else ""
        return f"SequentialPlacer({arg})"

    def place(self, model: ProgramModel) -> Placement:
        device = model.device
        placement = Placement()

        def limits(kind: TileKind, direction: str) -> dict[Coord, int]:
            return {t: device.kinds[kind].dma_channels(direction) for t in device.tiles(kind)}

        computes = self._compute_tiles(model)
        channels_in = {
            k: _Channels(limits(k, "S2MM"), list(device.tiles(k)))
            for k in (TileKind.COMPUTE, TileKind.MEM, TileKind.SHIM_NOC)
        }
        channels_out = {
            k: _Channels(limits(k, "MM2S"), list(device.tiles(k)))
            for k in (TileKind.COMPUTE, TileKind.MEM, TileKind.SHIM_NOC)
        }

        free = list(computes)
        for w in model.workers:
            if w.site.pinned:
                if w.site.tile not in free:
                    raise PlacementError(
                        f"worker @{w.name} is pinned to Tile{w.site.tile}, which is not a free "
                        f"compute tile of {device.name}"
                        + self._why_not_free(model, w.site.tile, placement),
                        w.op,
                    )
                free.remove(w.site.tile)
                placement.workers[w.name] = w.site.tile
        auto = [w for w in model.workers if not w.site.pinned]
        if len(auto) > len(free):
            raise PlacementError(
                f"{len(model.workers)} workers need compute tiles but {device.name} offers "
                f"{len(computes)}"
                + (f" (cores_per_col={self.cores_per_col})" if self.cores_per_col else "")
                + f"; {_pinned_count(len(computes) - len(free))}. Unplaced: "
                + ", ".join(f"@{w.name}" for w in auto[len(free):])
                + ". Try: a device with more columns, fewer workers (merge work into one), or "
                "a larger cores_per_col."
            )
        for w, tile in zip(auto, free):
            placement.workers[w.name] = tile

        for w in model.workers:
            tile = placement.workers[w.name]
            channels_out[TileKind.COMPUTE].charge(tile, len(w.produces))
            channels_in[TileKind.COMPUTE].charge(tile, len(w.consumes))

        # As in IRON, only auto-placed workers pull shim and mem ends towards their column.
        auto_placed = {w.name for w in auto}
        for handle in model.handles:
            fifo = model.fifos[handle.fifo]
            compute_cols = [
                placement.workers[e.owner][0]
                for e in fifo.ends
                if e.kind is EndpointKind.worker and e.owner in auto_placed
            ]
            common_col = _common_col(compute_cols)
            side = [fifo.producer] if handle.is_producer else fifo.consumers
            for end in side:
                if end.kind is EndpointKind.runtime and end.ref not in placement.runtime_ends:
                    placement.runtime_ends[end.ref] = self._place_runtime_end(
                        model, end, handle.is_producer, common_col, channels_in, channels_out
                    )
            for end in fifo.ends:
                if end.kind is EndpointKind.link and end.owner not in placement.links:
                    placement.links[end.owner] = self._place_link(
                        model, end.owner, handle.is_producer, common_col, channels_in,
                        channels_out, placement,
                    )

        for link in model.links.values():  # links no handle reaches (fifo chains of links)
            if link.name not in placement.links:
                placement.links[link.name] = self._place_link(
                    model, link.name, True, 0, channels_in, channels_out, placement
                )

        for buf in model.buffers.values():
            placement.buffers[buf.name] = self._place_buffer(model, buf, placement)
        return placement

    # --- pieces ---------------------------------------------------------------------------

    def _compute_tiles(self, model: ProgramModel) -> list[Coord]:
        device = model.device
        tiles = device.tiles(TileKind.COMPUTE)
        if self.cores_per_col is None:
            return tiles
        per_col: dict[int, list[Coord]] = {}
        for t in tiles:
            per_col.setdefault(t[0], []).append(t)
        out: list[Coord] = []
        for col, col_tiles in per_col.items():
            if len(col_tiles) < self.cores_per_col:
                raise PlacementError(
                    f"cores_per_col={self.cores_per_col} but column {col} of {device.name} has "
                    f"only {len(col_tiles)} compute tiles"
                )
            out += col_tiles[: self.cores_per_col]
        return out

    def _why_not_free(self, model: ProgramModel, tile: Coord | None, placement: Placement) -> str:
        kind = model.device.tile_kind(*tile) if tile else None
        if kind is None:
            return (
                f": the device has {model.device.columns} columns and {model.device.rows} rows. "
                "Try a tile on the grid, or a larger device."
            )
        if kind is not TileKind.COMPUTE:
            return f": it is a {kind.human}. Pin workers to compute tiles (rows " + ", ".join(
                str(r) for r in model.device.compute_rows) + ")."
        other = [n for n, t in placement.workers.items() if t == tile]
        if other:
            return f": worker @{other[0]} is pinned there too. Give each worker its own tile."
        return ": it is excluded by cores_per_col. Raise cores_per_col or pin another tile."

    def _place_runtime_end(self, model, end: FifoEnd, producer, common_col, chin, chout):
        site = end.site
        if site is not None and site.pinned:
            tile = site.tile
            (chout if producer else chin)[TileKind.SHIM_NOC].charge(tile, 1)
            return tile
        if site is not None and site.hint not in (TileHint.any_shim,):
            raise PlacementError(
                f"the runtime end of fifo @{end.ref.fifo} has hint {site.hint.value}; the "
                "runtime moves data through shim tiles: use AnyShimTile or Tile(col, 0)",
                model.fifos[end.ref.fifo].op,
            )
        channels = (chout if producer else chin)[TileKind.SHIM_NOC]
        tile = _scan(model, channels, common_col, 1, None, 0, f"the runtime end of fifo "
                     f"@{end.ref.fifo}", "shim NOC tile", "MM2S" if producer else "S2MM",
                     model.fifos[end.ref.fifo].op)
        channels.charge(tile, 1)
        return tile

    def _place_link(self, model, name, from_producer, common_col, chin, chout, placement):
        link = model.links[name]
        n_in, n_out = len(link.srcs), len(link.dsts)
        if link.site.pinned:
            tile = link.site.tile
            kind = model.device.tile_kind(*tile)
            if kind in chin:
                chin[kind].charge(tile, n_in)
                chout[kind].charge(tile, n_out)
            return tile
        kind = TileKind.MEM if link.site.hint is TileHint.any_mem else TileKind.COMPUTE
        # IRON scans the list of the direction it reached the link from; check both directions.
        primary, other = (chout, chin) if from_producer else (chin, chout)
        need_primary, need_other = (n_out, n_in) if from_producer else (n_in, n_out)
        tile = _scan(model, primary[kind], common_col, need_primary, other[kind], need_other,
                     f"link @{name} ({n_in} in, {n_out} out)", kind.human, "S2MM and MM2S",
                     link.op)
        chin[kind].charge(tile, n_in)
        chout[kind].charge(tile, n_out)
        return tile

    def _place_buffer(self, model, buf, placement: Placement) -> Coord:
        if buf.site.pinned:
            return buf.site.tile
        tiles = {placement.workers[u] for u in buf.users if u in placement.workers}
        if len(tiles) == 1:
            return tiles.pop()
        if not tiles:
            raise PlacementError(
                f"buffer @{buf.name} is used by no worker, so no compute tile can hold it. Pass "
                "it to the Worker that uses it (fn_args), or pin it with tile=Tile(col, row).",
                buf.op,
            )
        users = ", ".join(f"@{u} on Tile{placement.workers[u]}" for u in buf.users)
        raise PlacementError(
            f"buffer @{buf.name} is used by workers on different tiles ({users}); a buffer "
            "lives in one compute tile's memory. Give each worker its own buffer, or pin the "
            "workers to the same tile.",
            buf.op,
        )


def _pinned_count(n: int) -> str:
    return "none is taken by a pinned worker" if n == 0 else (
        f"{n} {'is' if n == 1 else 'are'} taken by pinned workers"
    )


def _common_col(cols: list[int]) -> int:
    if not cols:
        return 0
    # Python's round (banker's rounding) as in statistics-based IRON code.
    return round(sum(cols) / len(cols))


def _scan(model, channels: _Channels, col: int, need: int, other: _Channels | None,
          need_other: int, what: str, kind_name: str, direction: str, op) -> Coord:
    """First tile at column col, col+1, ... with room, as IRON's ``_find_col_match``."""
    candidates = list(channels.available)
    device = model.device
    while True:
        tile = next(
            (t for c in range(col, device.columns) for t in candidates if t[0] == c), None
        )
        if tile is None:
            break
        if channels.fits(tile, need) and (other is None or other.fits(tile, need_other)):
            return tile
        candidates.remove(tile)
    raise PlacementError(
        f"no {kind_name} from column {col} to {device.columns - 1} of {device.name} has the free "
        f"{direction} DMA channels that {what} needs. Try: a device with more columns, pinning "
        "some fifo ends or links to other columns (Tile(col, row)), or fanning out through a "
        "mem tile.",
        op,
    )
