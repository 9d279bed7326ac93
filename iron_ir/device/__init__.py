"""Device facts (the single table) and, later, the IRON device classes (NPU1, Tile, ...)."""

from iron_ir.device.table import (
    ADDRESS_GRANULE_BYTES,
    DEVICES,
    DEVICES_BY_ENUM,
    LEGACY_DEVICE_NAMES,
    MAX_ELEMENT_BITS,
    MAX_TASK_REPEAT_COUNT,
    Arch,
    BdLimits,
    DeviceSpec,
    TileKind,
    TileKindSpec,
    UnknownDeviceError,
    compile_targets,
    get_device,
)

__all__ = [
    "ADDRESS_GRANULE_BYTES",
    "DEVICES",
    "DEVICES_BY_ENUM",
    "LEGACY_DEVICE_NAMES",
    "MAX_ELEMENT_BITS",
    "MAX_TASK_REPEAT_COUNT",
    "Arch",
    "BdLimits",
    "DeviceSpec",
    "TileKind",
    "TileKindSpec",
    "UnknownDeviceError",
    "compile_targets",
    "get_device",
]
