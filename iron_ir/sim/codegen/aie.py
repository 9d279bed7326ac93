"""AIE ops inside a core: objectfifo acquire/access/release and explicit locks.

A blocked acquire ``yield``s a wait object (see :mod:`iron_ir.sim.engine`); the scheduler resumes
the core only when the wait is satisfied, so the line after the ``yield`` can take at once.
"""

from __future__ import annotations

from xdsl.ir import Operation

from iron_ir.sim.codegen.emitter import Emitter, Handler, where
from iron_ir.sim.design import as_int, prop, sym_name

PORTS = {0: "Produce", 1: "Consume"}


def _port(e: Emitter, op: Operation) -> str:
    fifo = sym_name(prop(op, "objFifo_name"))
    port = PORTS[as_int(prop(op, "port"))]
    return e.scope.extra["fifo_port"](fifo, port, op)


def _acquire(e: Emitter, op: Operation) -> None:
    port = _port(e, op)
    n = as_int(prop(op, "size"))
    w = e.const(f"{where(op)}", "w")
    e.blocking = True
    e.line(f"if not {port}.ready({n}): yield {port}.wait({n}, {w}, {e.looping})")
    e.line(f"{e.define(op.results[0], 's')} = {port}.take({n})")


def _access(e: Emitter, op: Operation) -> None:
    index = as_int(prop(op, "index"))
    e.line(f"{e.define(op.results[0], 'b')} = {e.use(op.operands[0])}[{index}]")


def _release(e: Emitter, op: Operation) -> None:
    port = _port(e, op)
    n = as_int(prop(op, "size"))
    w = e.const(f"{where(op)}", "w")
    e.line(f"{port}.release({n}, {w})")


def _use_lock(e: Emitter, op: Operation) -> None:
    lock = e.use(op.operands[0])
    action = as_int(prop(op, "action"))
    value = as_int(prop(op, "value"), 1)
    if action == 1:  # Release
        e.line(f"{lock}.value += {value}")
        return
    w = e.const(f"{where(op)} in {e.what}", "w")
    e.blocking = True
    if action == 0:  # Acquire: AIE2's acquire-equal waits for == value and leaves it as is.
        e.line(f"if {lock}.value != {value}: yield _LockEqualWait({lock}, {value}, {w}, {e.looping})")
        return
    # AcquireGreaterEqual: AIE2 semaphore locks wait for >= value and subtract it.
    e.line(f"if {lock}.value < {value}: yield _LockWait({lock}, {value}, {w}, {e.looping})")
    e.line(f"{lock}.value -= {value}")


def _buffer(e: Emitter, op: Operation) -> None:
    # A buffer declared inside a core body is the tile's static memory, read with the design.
    e.use(op.results[0])


def _end(e: Emitter, op: Operation) -> None:
    e.line("return")


HANDLERS: dict[str, Handler] = {
    "aie.objectfifo.acquire": _acquire,
    "aie.objectfifo.subview.access": _access,
    "aie.objectfifo.release": _release,
    "aie.use_lock": _use_lock,
    "aie.buffer": _buffer,
    "aie.end": _end,
}
