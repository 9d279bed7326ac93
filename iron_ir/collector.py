"""The cyclic garbage collector in a command's start-up and at its exit.

Start-up (importing the compiler, the dialects and the simulator: hundreds of classes and IRDL
definitions; tracing and compiling the design) creates objects that live until the process
ends, and the collector's passes over them find almost nothing. In a process of its own, a
command also pays for one last full collection at interpreter exit, over every object it ever
made. Together that is about a fifth of a short ``iron run``.

:func:`command` wraps a command's whole run: it pauses the collector; :func:`started` resumes it
where the long-running part begins (the simulation, the passes), after moving the start-up
objects out of its reach (``gc.freeze``) when the command is its process's entry point. At the
end, an entry point freezes everything, so the exit collection has nothing to traverse; a
command called in-process (the tests call ``main([...])``) only gets the collector back as it
found it, and freezes nothing, so no garbage of the calling process is kept.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# The innermost running command: (whether it is its process's entry point, whether the
# collector ran before it).
_commands: list[tuple[bool, bool]] = []


@contextmanager
def command(entry_point: bool) -> Iterator[None]:
    """Run a command with the collector paused until :func:`started`; ``entry_point``: the
    command is the process's own ``main`` (its objects may be frozen)."""
    was_enabled = gc.isenabled()
    gc.disable()
    _commands.append((entry_point, was_enabled))
    try:
        yield
    finally:
        _commands.pop()
        if entry_point:
            gc.freeze()
        if was_enabled:
            gc.enable()


def started() -> None:
    """The long-running part of the current command begins: resume the collector (if the
    command paused it), with the start-up objects frozen when the command is an entry point."""
    if not _commands or gc.isenabled():
        return
    entry_point, was_enabled = _commands[-1]
    if not was_enabled:
        return
    if entry_point:
        gc.freeze()
    gc.enable()
