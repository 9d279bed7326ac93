"""IRON device classes (``aie.iron.device``), built from the device table.

One class per ``AIEDevice`` target, named as mlir-aie names them (``npu1_2col`` → ``NPU1Col2``).
Every class exists — Versal targets included — so designs import them unconditionally; a program
for a target iron-ir does not compile for fails with a clear error when it is resolved.
"""

from __future__ import annotations

import re

from iron_ir.device.table import DEVICES, DeviceSpec, TileKind, get_device
from iron_ir.device.tile import Tile


class Device:
    """A device: its grid of tiles and the queries placers use. ``resolve()`` → target name."""

    def __init__(self, name: str):
        self._spec = get_device(name)

    @property
    def spec(self) -> DeviceSpec:
        return self._spec

    @property
    def name(self) -> str:
        return self._spec.name

    @property
    def rows(self) -> int:
        return self._spec.rows

    @property
    def cols(self) -> int:
        return self._spec.columns

    def _tiles(self, *kinds: TileKind) -> list[Tile]:
        return [Tile(c, r) for c, r in self._spec.tiles() if self._spec.tile_kind(c, r) in kinds]

    def get_shim_tiles(self) -> list[Tile]:
        return self._tiles(TileKind.SHIM_NOC)

    def get_mem_tiles(self) -> list[Tile]:
        return self._tiles(TileKind.MEM)

    def get_compute_tiles(self) -> list[Tile]:
        return self._tiles(TileKind.COMPUTE)

    def tile_kind(self, tile: Tile) -> TileKind | None:
        return self._spec.tile_kind(tile.col, tile.row)

    def get_num_connections(self, tile: Tile, output: bool) -> int:
        """DMA channels of ``tile``: MM2S (``output``, out of memory) or S2MM."""
        spec = self._spec.tile_spec(tile.col, tile.row)
        return spec.dma_channels("MM2S" if output else "S2MM")

    def is_legal_mem_affinity(self, src: Tile, dst: Tile) -> bool:
        return self._spec.is_legal_mem_affinity((src.col, src.row), (dst.col, dst.row))

    def resolve(self) -> str:
        return self._spec.name

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _class_name(device: str) -> str:
    return re.sub(r"NPU(\d+)_(\d+)COL", r"NPU\1Col\2", device.upper())


def _make_class(device: str) -> type[Device]:
    def __init__(self: Device) -> None:
        Device.__init__(self, device)

    return type(
        _class_name(device),
        (Device,),
        {"__init__": __init__, "__doc__": f"The {device} target ({get_device(device).describe()})."},
    )


DEVICE_CLASSES: dict[str, type[Device]] = {_class_name(n): _make_class(n) for n in DEVICES}

NPU1 = DEVICE_CLASSES["NPU1"]
NPU1Col1 = DEVICE_CLASSES["NPU1Col1"]
NPU1Col2 = DEVICE_CLASSES["NPU1Col2"]
NPU1Col3 = DEVICE_CLASSES["NPU1Col3"]
NPU2 = DEVICE_CLASSES["NPU2"]
NPU2Col1 = DEVICE_CLASSES["NPU2Col1"]
NPU2Col2 = DEVICE_CLASSES["NPU2Col2"]
NPU2Col3 = DEVICE_CLASSES["NPU2Col3"]
NPU2Col4 = DEVICE_CLASSES["NPU2Col4"]
NPU2Col5 = DEVICE_CLASSES["NPU2Col5"]
NPU2Col6 = DEVICE_CLASSES["NPU2Col6"]
NPU2Col7 = DEVICE_CLASSES["NPU2Col7"]
XCVC1902 = DEVICE_CLASSES["XCVC1902"]
XCVE2302 = DEVICE_CLASSES["XCVE2302"]
XCVE2802 = DEVICE_CLASSES["XCVE2802"]

NPU1Col4 = NPU1
"""IRON v1.0's name for the 4-column NPU1 (``npu1_4col``, now ``npu1``)."""
