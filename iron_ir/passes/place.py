"""``iron-place``: assign every worker, link, runtime fifo end and buffer to a tile.

Options: ``placer`` (a registered placer name, default ``sequential``), ``cores-per-col``
(passed to placers that take it), ``report`` (print the per-tile resource table to stderr).
The chosen placer proposes tiles; this pass keeps the user's pins, checks the answer (every
placeable thing placed once, on a tile of the right kind, no two workers on one tile) and
checks every tile's memory, locks, BDs and DMA channels against the device table.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, ModuleOp
from xdsl.passes import ModulePass

from iron_ir.device import TileKind
from iron_ir.dialects.iron import (
    BufferOp,
    EndpointKind,
    FifoOp,
    LinkOp,
    ProgramOp,
    TileAttr,
    WorkerOp,
)
from iron_ir.ir.diagnostics import OpError
from iron_ir.passes.placement import (
    Placement,
    Placer,
    PlacementError,
    ProgramModel,
    account,
    build_model,
    check,
    get_placer,
    report,
)


@dataclass(frozen=True)
class IronPlacePass(ModulePass):
    name = "iron-place"

    placer: str = "sequential"
    cores_per_col: int | None = None
    report: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        place_module(op, self.placer_instance(), report=self.report)

    def placer_instance(self) -> Placer:
        return get_placer(self.placer).from_options({"cores_per_col": self.cores_per_col})


def place_module(module: ModuleOp, placer: Placer, *, report: bool = False) -> None:
    """Place every ``iron.program`` of ``module`` with ``placer``; ``report`` prints each
    program's resource table to stderr."""
    for program in [p for p in module.walk() if isinstance(p, ProgramOp)]:
        text = place_program(program, placer)
        if report:
            print(text, file=sys.stderr)


def place_program(program: ProgramOp, placer: Placer) -> str:
    """Place ``program`` in place with ``placer``; returns the resource report."""
    try:
        return _place(program, placer)
    except PlacementError as error:
        raise OpError(error.op or program, str(error)) from error


def _place(program: ProgramOp, placer: Placer) -> str:
    model = build_model(program)
    try:
        placement = placer.place(model)
    except PlacementError:
        raise
    except Exception as exc:  # a third-party placer's bug must read as such, not as ours
        raise PlacementError(
            f"placer {placer!r} failed on program @{program.sym_name.data}: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    _validate(model, placement, placer)
    usage = account(model, placement)
    check(model, usage)
    _apply(program, model, placement)
    return report(model, usage)


def _validate(model: ProgramModel, placement: Placement, placer: Placer) -> None:
    device = model.device
    by = f"placer {placer!r}"

    def on_kind(what: str, tile, kinds: tuple[TileKind, ...]) -> None:
        kind = device.tile_kind(*tile) if tile is not None else None
        if kind is None:
            raise PlacementError(f"{by} put {what} on Tile{tile}, which is not on {device.name}")
        if kind not in kinds:
            wanted = " or ".join(k.human for k in kinds)
            raise PlacementError(f"{by} put {what} on Tile{tile}, a {kind.human}; it needs a {wanted}")

    def pinned(what: str, site, tile) -> None:
        if site is not None and site.pinned and site.tile != tile:
            raise PlacementError(f"{by} moved {what} from its pinned Tile{site.tile} to Tile{tile}")

    owner: dict[tuple[int, int], str] = {}
    for w in model.workers:
        tile = placement.workers.get(w.name)
        if tile is None:
            raise PlacementError(f"{by} left worker @{w.name} unplaced")
        pinned(f"worker @{w.name}", w.site, tile)
        on_kind(f"worker @{w.name}", tile, (TileKind.COMPUTE,))
        if tile in owner:
            raise PlacementError(
                f"workers @{owner[tile]} and @{w.name} are both on Tile{tile}; a compute tile runs "
                "one worker. Pin them to different tiles or let the placer choose (AnyComputeTile)."
            )
        owner[tile] = w.name
    for link in model.links.values():
        tile = placement.links.get(link.name)
        if tile is None:
            raise PlacementError(f"{by} left link @{link.name} unplaced")
        pinned(f"link @{link.name}", link.site, tile)
        on_kind(f"link @{link.name}", tile, (TileKind.MEM, TileKind.COMPUTE))
    for end in model.runtime_ends():
        tile = placement.runtime_ends.get(end.ref)
        what = f"the runtime end of fifo @{end.ref.fifo}"
        if tile is None:
            raise PlacementError(f"{by} left {what} unplaced")
        pinned(what, end.site, tile)
        on_kind(what, tile, (TileKind.SHIM_NOC,))
    for buf in model.buffers.values():
        tile = placement.buffers.get(buf.name)
        if tile is None:
            raise PlacementError(f"{by} left buffer @{buf.name} unplaced")
        pinned(f"buffer @{buf.name}", buf.site, tile)
        on_kind(f"buffer @{buf.name}", tile, (TileKind.COMPUTE,))


def _apply(program: ProgramOp, model: ProgramModel, placement: Placement) -> None:
    for op in program.body.block.ops:
        if isinstance(op, WorkerOp):
            op.tile = TileAttr.at(*placement.workers[op.worker_name])
        elif isinstance(op, LinkOp):
            op.tile = TileAttr.at(*placement.links[op.sym_name.data])
        elif isinstance(op, BufferOp):
            op.tile = TileAttr.at(*placement.buffers[op.sym_name.data])
        elif isinstance(op, FifoOp):
            fifo = model.fifos[op.fifo_name]
            ends = [
                ep.with_tile(TileAttr.at(*placement.runtime_ends[e.ref]))
                if e.kind is EndpointKind.runtime
                else ep
                for ep, e in zip(op.endpoints, fifo.ends)
            ]
            op.producer = ends[0]
            op.consumers = ArrayAttr(ends[1:])
