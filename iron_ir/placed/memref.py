"""``aie.dialects.memref`` (and ``aie.extras.dialects.ext.memref``) in placed designs:
``memref.load(buf, [i])`` and ``memref.store(value, buf, [i])`` inside core bodies, which are
``buf[i]`` and ``buf[i] = value`` on the traced buffer; and ``memref.global_(name, type)`` in
a device body (``memref.global``: a named host-side buffer that older runtime DMAs name as
their metadata, or a constant table)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from iron_ir.errors import IronTypeError
from iron_ir.tracing.engine import TracedValue


def _buffer(memref: Any, what: str) -> Any:
    if not hasattr(memref, "__getitem__") or isinstance(memref, str | list | tuple):
        raise IronTypeError(
            f"memref.{what}: expected a buffer (an acquired objectfifo object or a buffer(...)), "
            f"got {memref!r}"
        )
    return memref


def _key(indices: Any) -> Any:
    items = list(indices) if isinstance(indices, Sequence) and not isinstance(indices, str) else [indices]
    return items[0] if len(items) == 1 else tuple(items)


def load(memref: Any, indices: Any, *, nontemporal: Any = None, loc: Any = None, ip: Any = None) -> TracedValue:
    """``memref.load %buf[%i, ...]``."""
    return _buffer(memref, "load")[_key(indices)]


def store(value: Any, memref: Any, indices: Any, *, nontemporal: Any = None, loc: Any = None,
          ip: Any = None) -> None:
    """``memref.store %value, %buf[%i, ...]``."""
    _buffer(memref, "store")[_key(indices)] = value


def global_(
    sym_name: str,
    type_: Any,
    *,
    sym_visibility: str | None = None,
    initial_value: Any = None,
    constant: bool | None = None,
    alignment: int | None = None,
    loc: Any = None,
    ip: Any = None,
) -> Any:
    """``memref.global "visibility" @sym_name : type [= initial value]`` at the current point
    (MLIR's python spelling: ``type_`` a memref type, ``initial_value`` an array or None)."""
    from xdsl.dialects.builtin import IntegerAttr, StringAttr, UnitAttr, i64

    from iron_ir.dialects.memref import GlobalOp
    from iron_ir.placed.builder import emit
    from iron_ir.placed.device import initial_contents, memref_type

    if not isinstance(sym_name, str) or not sym_name:
        raise IronTypeError(f"memref.global_: the name must be a string, got {sym_name!r}")
    memref = memref_type(type_, "memref.global_(type_)")
    properties: dict[str, Any] = {"sym_name": StringAttr(sym_name), "type": memref}
    if sym_visibility is not None:
        if not isinstance(sym_visibility, str):
            raise IronTypeError(
                f"memref.global_ @{sym_name}: sym_visibility must be a string such as "
                f"\"public\" or \"private\", got {sym_visibility!r}"
            )
        properties["sym_visibility"] = StringAttr(sym_visibility)
    if initial_value is not None:
        properties["initial_value"] = initial_contents(
            memref, initial_value, f"memref.global_ @{sym_name}"
        )
    if constant:
        properties["constant"] = UnitAttr()
    if alignment is not None:
        properties["alignment"] = IntegerAttr(int(alignment), i64)
    return emit(GlobalOp.create(properties=properties), "memref.global_")


__all__ = ["global_", "load", "store"]
