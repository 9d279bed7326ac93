"""Stream-switch facts of each tile kind: how many ports each bundle has, which connections the
switch can make, and the shim mux in front of a shim's DMAs.

mlir-aie's target models (``getNumSourceSwitchboxConnections``, ``getNumDestSwitchboxConnections``,
``getNum{Source,Dest}ShimMuxConnections``, ``isLegalTileConnection``) for AIE1 and AIE2/AIE2P.
"Source" ports feed the switch (its slaves), "dest" ports leave it (its masters). Bundles are
named as ``WireBundle``: Core, DMA, FIFO, South, West, North, East, PLIO, NOC, Trace, TileControl.
"""

from __future__ import annotations

from iron_ir.device.table import Arch, DeviceSpec, TileKind

BUNDLES = (
    "Core", "DMA", "FIFO", "South", "West", "North", "East", "PLIO", "NOC", "Trace", "TileControl",
)
"""In mlir-aie's ``WireBundle`` enum order (the router's port order depends on it)."""


def _edges(spec: DeviceSpec, col: int, row: int, west: int, east: int, north: int) -> dict[str, int]:
    out = {"West": 0 if col == 0 else west, "East": 0 if col == spec.columns - 1 else east}
    out["North"] = 0 if row == spec.rows - 1 else north
    return out


def switch_signature(spec: DeviceSpec, col: int, row: int) -> tuple:
    """What a tile's switch layout depends on: its kind and which array edges it sits on."""
    return (spec.tile_kind(col, row), col == 0, col == spec.columns - 1, row == spec.rows - 1)


def switchbox_ports(spec: DeviceSpec, col: int, row: int, bundle: str, master: bool) -> int:
    """Ports of ``bundle`` on the switch of tile (col, row): masters (``master``) or slaves."""
    kind = spec.tile_kind(col, row)
    aie1 = spec.arch is Arch.AIE1
    if kind is TileKind.MEM and not aie1:
        counts = (
            {"DMA": 6, "North": 6, "South": 4, "TileControl": 1}
            if master
            else {"DMA": 6, "North": 4, "South": 6, "Trace": 1, "TileControl": 1}
        )
        return counts.get(bundle, 0)
    if kind in (TileKind.SHIM_NOC, TileKind.SHIM_PL):
        noc = kind is TileKind.SHIM_NOC
        fifo = 2 if aie1 else 1
        if master:
            counts = {"FIFO": fifo, "South": 6, "TileControl": 1 if noc else 0}
            counts.update(_edges(spec, col, row, 4, 4, 6))
            counts["North"] = 6
        else:
            counts = {"FIFO": fifo, "South": 8, "Trace": 1, "TileControl": 1 if noc else 0}
            counts.update(_edges(spec, col, row, 4, 4, 4))
            counts["North"] = 4
        return counts.get(bundle, 0)
    if kind is None:
        return _phantom(bundle, master, aie1)
    core = 2 if aie1 else 1
    if master:
        counts = {"Core": core, "DMA": 2, "FIFO": core, "South": 4, "TileControl": 1}
        counts.update(_edges(spec, col, row, 4, 4, 6))
    else:
        counts = {"Core": core, "DMA": 2, "FIFO": core, "South": 6, "Trace": 2, "TileControl": 1}
        counts.update(_edges(spec, col, row, 4, 4, 4))
    return counts.get(bundle, 0)


def _phantom(bundle: str, master: bool, aie1: bool) -> int:
    # Coordinates one past the grid's last column/row, which mlir-aie's router also lays out
    # (and never reaches): the model answers as for a compute tile away from every edge.
    core = 2 if aie1 else 1
    counts = {"Core": core, "DMA": 2, "FIFO": core, "West": 4, "East": 4, "TileControl": 1}
    counts.update({"South": 4, "North": 6} if master else {"South": 6, "North": 4, "Trace": 2})
    return counts.get(bundle, 0)


def shim_mux_ports(spec: DeviceSpec, col: int, row: int, bundle: str, master: bool) -> int:
    """Ports of ``bundle`` on a shim tile's mux (0 elsewhere)."""
    if spec.tile_kind(col, row) not in (TileKind.SHIM_NOC, TileKind.SHIM_PL):
        return 0
    counts = (
        {"DMA": 2, "NOC": 4, "PLIO": 6, "South": 8}
        if master
        else {"DMA": 2, "NOC": 4, "PLIO": 8, "South": 6}
    )
    return counts.get(bundle, 0)


def is_legal_connection(
    spec: DeviceSpec, col: int, row: int, src: str, src_chan: int, dst: str, dst_chan: int
) -> bool:
    """Can the switch of (col, row) connect slave ``src:src_chan`` to master ``dst:dst_chan``?"""
    if src_chan >= switchbox_ports(spec, col, row, src, False):
        return False
    if dst_chan >= switchbox_ports(spec, col, row, dst, True):
        return False
    return is_legal_pair(spec, spec.tile_kind(col, row), src, src_chan, dst, dst_chan)


def is_legal_pair(
    spec: DeviceSpec, kind: TileKind | None, src: str, src_chan: int, dst: str, dst_chan: int
) -> bool:
    """:func:`is_legal_connection` for ports known to exist on a tile of ``kind``."""
    if spec.arch is Arch.AIE1:
        if kind is TileKind.MEM:
            return False
        if src == "Trace":
            return dst == "South"
        return True
    if kind is TileKind.MEM:
        return _legal_mem(src, src_chan, dst, dst_chan)
    if kind in (TileKind.SHIM_NOC, TileKind.SHIM_PL):
        return _legal_shim(src, src_chan, dst, dst_chan)
    return _legal_compute(src, src_chan, dst, dst_chan)


def _legal_mem(src: str, src_chan: int, dst: str, dst_chan: int) -> bool:
    if src == "DMA":
        if dst == "DMA":
            return src_chan == dst_chan
        if dst in ("TileControl", "South", "North"):
            return True
    if src == "TileControl":
        if dst == "DMA":
            return dst_chan == 5
        if dst in ("South", "North"):
            return True
    if src in ("South", "North"):
        if dst in ("DMA", "TileControl"):
            return True
        if dst in ("South", "North"):
            return src_chan == dst_chan
    if src == "Trace":
        if dst == "DMA":
            return dst_chan == 5
        if dst == "South":
            return True
    return False


_SHIM_TARGETS = ("TileControl", "FIFO", "South", "West", "North", "East")


def _legal_shim(src: str, src_chan: int, dst: str, dst_chan: int) -> bool:
    if src == "TileControl":
        return dst != "TileControl"
    if src in ("FIFO", "South"):
        return dst in _SHIM_TARGETS
    if src in ("West", "North", "East"):
        return src_chan == dst_chan if src == dst else dst in _SHIM_TARGETS
    if src == "Trace":
        if dst in ("FIFO", "South"):
            return True
        if dst in ("West", "East"):
            return dst_chan == 0
    return False


_CORE_SOURCES = ("DMA", "FIFO", "South", "West", "North", "East")
_CORE_TARGETS = ("Core", "DMA", "TileControl", "FIFO", "South", "West", "North", "East")


def _legal_compute(src: str, src_chan: int, dst: str, dst_chan: int) -> bool:
    if src in _CORE_SOURCES and dst in _CORE_TARGETS:
        return src_chan == dst_chan if src == dst else True
    if src == "Core":
        return dst != "Core"
    if src == "TileControl":
        return dst not in ("TileControl", "DMA")
    if src == "Trace":
        if dst == "DMA":
            return dst_chan == 0
        if dst in ("FIFO", "South"):
            return True
    return False
