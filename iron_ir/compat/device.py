"""``aie.iron.device`` under the import hook: iron_ir.device, plus the device look-ups of the
2026 releases (``from_name("npu2", n_cols=None)``, ``device_from_args(opts)``)."""

from iron_ir.compat.design_cli import device_from_args
from iron_ir.device import *
from iron_ir.device import __all__ as _device_names
from iron_ir.hostruntime.tensor import device_from_name as from_name

__all__ = [*_device_names, "device_from_args", "from_name"]  # noqa: PLE0604
