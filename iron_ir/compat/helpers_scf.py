"""``aie.helpers.dialects.ext.scf`` (and ``aie.dialects.scf``) under the import hook: ``_for``
(v1.x's ``range_``), upstream's ``for_``, ``yield_``, ``if_`` and ``else_``."""

from typing import Any

from iron_ir.tracing.engine import else_, if_, range_, yield_


def _for(
    start: Any,
    stop: Any = None,
    step: Any = None,
    iter_args: Any = None,
    insert_yield: bool = True,
    *,
    loc: Any = None,
    ip: Any = None,
):
    """mlir-aie's ``_for(start, stop=None, step=None, iter_args=None, insert_yield=True)``:
    ``_for(n)`` (or ``_for(start=n)``) counts from 0 to ``n``, as ``range``."""
    bounds = [start] if stop is None else [start, stop] if step is None else [start, stop, step]
    return range_(*bounds, iter_args=iter_args, insert_yield=insert_yield)


for_ = _for

__all__ = ["_for", "else_", "for_", "if_", "range_", "yield_"]
