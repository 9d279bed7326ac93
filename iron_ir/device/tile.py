"""IRON's tiles: ``Tile(col, row)`` and the placement sentinels ``AnyComputeTile``,
``AnyMemTile``, ``AnyShimTile`` (classes compared with ``==``, as in ``aie.iron.device``)."""

from __future__ import annotations


class AnyComputeTile:
    """Placement sentinel: any compute (core) tile; the placer picks one."""


class AnyMemTile:
    """Placement sentinel: any mem tile; the placer picks one."""


class AnyShimTile:
    """Placement sentinel: any shim (NOC) tile; the placer picks one."""


class Tile:
    """A concrete tile at ``(col, row)``. Equal and hashed by coordinates."""

    def __init__(self, col: int, row: int, *, allocation_scheme: str | None = None):
        if isinstance(col, bool) or isinstance(row, bool) or not (
            isinstance(col, int) and isinstance(row, int)
        ):
            from iron_ir.errors import DeviceError

            raise DeviceError(f"Tile(col, row) takes two integers, got ({col!r}, {row!r})")
        self.col = col
        self.row = row
        self.allocation_scheme = allocation_scheme

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tile) and (self.col, self.row) == (other.col, other.row)

    def __hash__(self) -> int:
        return hash((self.col, self.row))

    def __str__(self) -> str:
        return f"Tile({self.col}, {self.row})"

    __repr__ = __str__


PlacementTile = Tile | type[AnyComputeTile] | type[AnyMemTile] | type[AnyShimTile]
