"""``aie.dialects.vector``: importable, so that placed designs which import it (often without
using it) build; its ops are not traced. A core body that calls one gets an error at the
design's line saying so: vector code belongs in a kernel (``external_func``), whose numpy
model the simulator runs."""

from __future__ import annotations

from iron_ir.errors import TraceError


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    raise TraceError(
        f"aie.dialects.vector.{name}: iron-ir does not trace vector dialect ops in placed "
        f"core bodies; do the vector work in a kernel (external_func), which the simulator "
        f"runs as a numpy model"
    )
