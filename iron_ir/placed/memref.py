"""``aie.dialects.memref`` (and ``aie.extras.dialects.ext.memref``) inside placed core bodies:
``memref.load(buf, [i])`` and ``memref.store(value, buf, [i])``, which are ``buf[i]`` and
``buf[i] = value`` on the traced buffer."""

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


__all__ = ["load", "store"]
