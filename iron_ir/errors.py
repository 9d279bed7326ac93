"""Errors and warnings for misuse of the IRON API.

Every message names the object at fault (a fifo or worker name), says what was wrong and
where: the file:line of the user's design (the innermost frame outside the iron_ir package).
The ``iron`` CLI prints ``str(error)`` without a traceback.

Every error is a ``ValueError`` (what mlir-aie's IRON raises for misuse), and
:class:`IronTypeError` is also a ``TypeError``, so a design's ``except ValueError:`` or
``except TypeError:`` around an API call catches ours as it catches mlir-aie's.
"""

from __future__ import annotations

import os
import sys
import warnings
import sysconfig

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
# The standard library's own frames (contextlib under `with rt.sequence(...)`, functools, ...)
# sit between a design and iron_ir; they are never the design.
_STDLIB_DIRS = tuple(
    {os.path.abspath(sysconfig.get_paths()[k]) + os.sep for k in ("stdlib", "platstdlib")}
)


def _is_library_frame(filename: str) -> bool:
    if filename.startswith(_PACKAGE_DIR + os.sep) or filename.startswith("<frozen "):
        return True
    return filename.startswith(_STDLIB_DIRS) and not any(
        part in filename for part in ("site-packages", "dist-packages")
    )


def user_location() -> str:
    """``file:line`` of the innermost stack frame outside iron_ir and the standard library
    (the user's design)."""
    frame = sys._getframe(1)
    while frame is not None:
        if not _is_library_frame(os.path.abspath(frame.f_code.co_filename)):
            return f"{frame.f_code.co_filename}:{frame.f_lineno}"
        frame = frame.f_back
    return "<unknown location>"


def location_attr(location: str):
    """``file:line`` (from :func:`user_location`) as an op location, so reports about an op
    (a core blocked on an acquire, a DMA task) name the design line that made it."""
    attr = _LOCATIONS.get(location)
    if attr is None:
        from xdsl.dialects.builtin import FileLineColLoc, IntAttr, StringAttr, UnknownLoc

        file, _, line = location.rpartition(":")
        if not line.isdigit():
            attr = UnknownLoc()
        else:
            attr = FileLineColLoc(StringAttr(file), IntAttr(int(line)), IntAttr(1))
        if len(_LOCATIONS) < 1 << 16:
            _LOCATIONS[location] = attr
    return attr


# Tracing gives every op the location of the design line that made it: a loop body's lines
# over and over. Attributes are immutable values, so one per line serves them all.
_LOCATIONS: dict[str, object] = {}


class IronWarning(UserWarning):
    """Something mlir-aie accepts and the NPU runs, but that is worth a second look."""


_WARNED: set[tuple[str, str]] = set()


def warn_once(message: str, location: str | None = None, category: type[Warning] = IronWarning) -> None:
    """Warn once per design line and message, attributed to the user's ``file:line``."""
    location = location if location is not None else user_location()
    if (location, message) in _WARNED:
        return
    _WARNED.add((location, message))
    file, _, line = location.rpartition(":")
    warnings.warn_explicit(
        f"{location}: {message}", category, file or location, int(line) if line.isdigit() else 0
    )


class IronError(ValueError):
    """Misuse of the IRON API. ``location`` is the user's file:line, ``message`` the reason."""

    def __init__(self, message: str, location: str | None = None):
        self.message = message
        self.location = location if location is not None else user_location()
        super().__init__(f"{self.location}: {message}")


class IronTypeError(IronError, TypeError):
    """A value of the wrong kind: not a numpy ndarray type, not a handle, not a worker, ..."""


class FifoError(IronError, ValueError):
    """An ObjectFifo or handle used against its rules (producers, consumers, depth, links)."""


class WorkerError(IronError, ValueError):
    """A Worker constructed or traced against its rules."""


class TraceError(IronError, ValueError):
    """Python code in a worker, kernel or inline_ops body that cannot become IR."""


class RuntimeSequenceError(IronError, ValueError):
    """A Runtime call (sequence, fill, drain, task groups, barriers) used against its rules."""


class DeviceError(IronError, ValueError):
    """A device or tile the program cannot use."""
