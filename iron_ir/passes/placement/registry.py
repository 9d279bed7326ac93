"""The placer plug-in interface and the registry of placers by name.

A placer is a class with one method, :meth:`Placer.place`, that receives the program's
:class:`~iron_ir.passes.placement.model.ProgramModel` (which carries the device) and returns a
:class:`~iron_ir.passes.placement.model.Placement`. Register it with :func:`register_placer` or,
from another package, through the ``iron_ir.placers`` entry-point group::

    [project.entry-points."iron_ir.placers"]
    greedy = "my_package.placers:GreedyPlacer"

It is then selectable as ``iron-place{placer=greedy}`` and in
``Program.resolve_program(GreedyPlacer())``. See ``docs/placers.md``.
"""

from __future__ import annotations

from abc import ABC
from typing import ClassVar

from xdsl.ir import Operation
from xdsl.utils.exceptions import PassFailedException

from iron_ir.passes.placement.model import Placement, ProgramModel


class PlacementError(PassFailedException):
    """A design that cannot be placed, or a placer that answered something unusable.

    ``op`` is the IR op at fault when one is (a worker, link, buffer or fifo); the pass reports
    the error at that op's source location, else at the program's.
    """

    def __init__(self, message: str, op: Operation | None = None):
        super().__init__(message)
        self.op = op


class Placer(ABC):
    """Assigns every worker, link, runtime fifo end and buffer of a program to a tile.

    Pinned things (``Tile(c, r)`` in the design) must keep their tile: the pass checks it.
    Resource limits (memory, locks, BDs, DMA channels) are checked by the pass after placement
    for every placer, so a placer may concentrate on choosing good tiles.
    """

    name: ClassVar[str] = ""

    def place(self, model: ProgramModel) -> Placement:
        """Return a tile for every placeable thing of ``model``."""
        raise PlacementError(
            f"placer {type(self).__name__} implements neither place(model) (iron-ir's placer "
            "interface) nor make_placement(device, rt, workers, object_fifos) (mlir-aie's)"
        )

    def make_placement(self, device, rt, workers, object_fifos) -> None:
        """mlir-aie's placer interface: place the program's API objects in place
        (``worker.place(tile)``, ``endpoint.place(tile)`` for the endpoints of each fifo handle's
        ``all_of_endpoints()``, ``buffer.place(tile)``). ``Program.resolve_program`` calls it
        before tracing when a placer overrides it; what it leaves unplaced, ``place()`` places
        (``SequentialPlacer``'s for a placer without its own). This default places nothing."""

    @classmethod
    def from_options(cls, options: dict[str, int | str | None]) -> Placer:
        """Build the placer from ``iron-place`` pass options (ignoring the ones it lacks)."""
        return cls()

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


_PLACERS: dict[str, type[Placer]] = {}
_ENTRY_POINTS_LOADED = False


def register_placer(cls: type[Placer], name: str | None = None) -> type[Placer]:
    """Make ``cls`` selectable by ``name`` (default ``cls.name``). Usable as a decorator."""
    key = name or cls.name
    if not key:
        raise ValueError(f"placer {cls.__name__} needs a name (set `name = \"...\"` on the class)")
    _PLACERS[key] = cls
    return cls


def entry_points(group: str):
    """``importlib.metadata.entry_points(group=...)``, imported on first use: the module costs
    ~20 ms of start-up, and a design that passes a placer instance never looks one up."""
    from importlib.metadata import entry_points as find

    return find(group=group)


def _load_entry_points() -> None:
    global _ENTRY_POINTS_LOADED
    if _ENTRY_POINTS_LOADED:
        return
    _ENTRY_POINTS_LOADED = True
    for ep in entry_points(group="iron_ir.placers"):
        try:
            cls = ep.load()
        except Exception as exc:  # a broken plug-in must not break the compiler
            raise PlacementError(
                f"placer plug-in {ep.name!r} ({ep.value}) failed to load: {exc}"
            ) from exc
        if not (isinstance(cls, type) and issubclass(cls, Placer)):
            raise PlacementError(
                f"placer plug-in {ep.name!r} ({ep.value}) is not a subclass of "
                "iron_ir.passes.placement.Placer"
            )
        _PLACERS.setdefault(ep.name, cls)


def available_placers() -> dict[str, type[Placer]]:
    _load_entry_points()
    return dict(sorted(_PLACERS.items()))


def get_placer(name: str) -> type[Placer]:
    placers = available_placers()
    if name in placers:
        return placers[name]
    import difflib  # only for this message

    close = difflib.get_close_matches(name, placers, n=1)
    hint = f" Did you mean {close[0]!r}?" if close else ""
    raise PlacementError(
        f"unknown placer {name!r}: the available placers are "
        f"{', '.join(placers) or '(none)'}.{hint} Third-party placers register through the "
        "'iron_ir.placers' entry-point group."
    )
