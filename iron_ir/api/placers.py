"""Placers: which algorithm the placement pass (``iron-place``) uses, with its options.

Placement itself runs on the IRON dialect (``iron_ir.passes.place``); a placer object here only
names the algorithm and carries its options, which ``Program.resolve_program`` forwards as the
pass options.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class Placer(ABC):
    """A placement algorithm for the ``iron-place`` pass."""

    @property
    @abstractmethod
    def name(self) -> str:
        """The placer's name as the pass option ``placer=<name>`` spells it."""

    @abstractmethod
    def options(self) -> dict[str, Any]:
        """Options of the ``iron-place`` pass besides ``placer`` (None values are omitted)."""

    def pass_options(self) -> dict[str, Any]:
        """Every ``iron-place`` option: ``{"placer": name, **options}``."""
        opts = {k: v for k, v in self.options().items() if v is not None}
        return {"placer": self.name, **opts}

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.options().items())
        return f"{type(self).__name__}({args})"


class SequentialPlacer(Placer):
    """IRON's default placer: workers fill compute tiles column by column (in ``rt.start``
    order); shim and mem endpoints go to the column of their compute endpoints.
    ``cores_per_col`` limits how many compute tiles of each column may be used."""

    def __init__(self, cores_per_col: int | None = None):
        if cores_per_col is not None and (
            isinstance(cores_per_col, bool) or not isinstance(cores_per_col, int) or cores_per_col < 1
        ):
            from iron_ir.api.errors import DeviceError

            raise DeviceError(f"SequentialPlacer: cores_per_col must be an int >= 1, got {cores_per_col!r}")
        self.cores_per_col = cores_per_col

    @property
    def name(self) -> str:
        return "sequential"

    def options(self) -> dict[str, Any]:
        return {"cores_per_col": self.cores_per_col}
