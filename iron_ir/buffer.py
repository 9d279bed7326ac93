"""``aie.iron.buffer`` / ``globalbuffer`` / ``localbuffer``: Buffer, GlobalBuffer, LocalBuffer."""

from iron_ir.api.buffer import Buffer, GlobalBuffer, LocalBuffer

__all__ = ["Buffer", "GlobalBuffer", "LocalBuffer"]
