"""``get_target_model(device)``: mlir-aie's ``AIETargetModel`` face over iron-ir's device table,
for designs (and trace helpers) that ask the device about its grid and resources."""

from __future__ import annotations

from typing import Any

from iron_ir.device import DEVICES_BY_ENUM, TileKind
from iron_ir.device.table import DeviceSpec
from iron_ir.dialects.aie import AIEDevice
from iron_ir.errors import DeviceError


class TargetModel:
    """One device's grid and per-tile resources, under mlir-aie's method names."""

    def __init__(self, spec: DeviceSpec):
        self.spec = spec

    def columns(self) -> int:
        return self.spec.columns

    def rows(self) -> int:
        return self.spec.rows

    def _kind(self, col: int, row: int) -> TileKind | None:
        return self.spec.tile_kind(int(col), int(row))

    def is_core_tile(self, col: int, row: int) -> bool:
        return self._kind(col, row) is TileKind.COMPUTE

    def is_mem_tile(self, col: int, row: int) -> bool:
        return self._kind(col, row) is TileKind.MEM

    def is_shim_noc_tile(self, col: int, row: int) -> bool:
        return self._kind(col, row) is TileKind.SHIM_NOC

    def is_shim_pl_tile(self, col: int, row: int) -> bool:
        return self._kind(col, row) is TileKind.SHIM_PL

    def is_shim_noc_or_pl_tile(self, col: int, row: int) -> bool:
        kind = self._kind(col, row)
        return kind is not None and kind.is_shim

    def is_npu(self) -> bool:
        return self.spec.is_npu

    def get_column_shift(self) -> int:
        return self.spec.address_shifts[0]

    def get_row_shift(self) -> int:
        return self.spec.address_shifts[1]

    def get_num_mem_tile_rows(self) -> int:
        return len(self.spec.mem_tile_rows)

    def get_mem_tile_size(self) -> int:
        return self.spec.kinds[TileKind.MEM].data_memory_bytes

    def get_local_memory_size(self) -> int:
        return self.spec.kinds[TileKind.COMPUTE].data_memory_bytes

    def _tile(self, col: int, row: int):
        kind = self._kind(col, row)
        if kind is None:
            raise DeviceError(f"tile ({col}, {row}) is not on device {self.spec.name}")
        return self.spec.kinds[kind]

    def get_num_locks(self, col: int, row: int) -> int:
        return self._tile(col, row).locks

    def get_num_bds(self, col: int, row: int) -> int:
        return self._tile(col, row).bds

    def get_num_source_switchbox_connections(self, *args: Any) -> int:
        raise DeviceError(
            "get_target_model(...).get_num_source_switchbox_connections is not provided: "
            "iron-ir's device table has no per-port switchbox counts"
        )


def get_target_model(device: Any) -> TargetModel:
    """The target model of ``device``: an ``AIEDevice`` member, its number or name, or the
    ``device`` attribute of an ``aie.device`` op."""
    value = getattr(device, "value", device)
    if hasattr(value, "data"):  # an IntegerAttr's IntAttr
        value = value.data
    try:
        enum = AIEDevice[value] if isinstance(value, str) else AIEDevice(int(value))
    except (KeyError, ValueError, TypeError):
        names = ", ".join(f"AIEDevice.{d.name}" for d in AIEDevice)
        raise DeviceError(f"get_target_model: unknown device {device!r}; use one of {names}") from None
    spec = DEVICES_BY_ENUM.get(int(enum))
    if spec is None:
        raise DeviceError(f"get_target_model: iron-ir has no device table for {enum.name}")
    return TargetModel(spec)
