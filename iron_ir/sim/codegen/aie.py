"""AIE ops inside a core: objectfifo acquire/access/release and explicit locks.

A blocked acquire ``yield``s a wait object (see :mod:`iron_ir.sim.machine`); the scheduler resumes
the core only when the wait is satisfied, so the line after the ``yield`` can take at once.
"""

from __future__ import annotations

from xdsl.ir import Operation

from iron_ir.sim.codegen.emitter import Emitter, Handler, where
from iron_ir.sim.design import as_int, prop, sym_name
from iron_ir.sim.machine.lock import AIE1, EQ, GE

PORTS = {0: "Produce", 1: "Consume"}


def _port(e: Emitter, op: Operation) -> str:
    fifo = sym_name(prop(op, "objFifo_name"))
    port = PORTS[as_int(prop(op, "port"))]
    return e.scope.extra["fifo_port"](fifo, port, op)


def _acquire(e: Emitter, op: Operation) -> None:
    """The objectfifo acquire, inline (the hot path of every core): take the objects not yet
    held from the pool's lock, or block until the lock has them."""
    port_global = _port(e, op)
    port = e.scope.globals[port_global]
    name = e.hoist(port_global)
    n = as_int(prop(op, "size"))
    wait = e.const(e.scope.globals["_FifoWait"](port, n, where(op), e.looping), "w")
    lock = e.hoist(e.const(port.acq, "lock"))
    e.blocking = True
    e.line(f"if {name}.count < {n}:")
    e.indent()
    if n == 1:
        need = "1"  # a count below 1 is 0
    else:
        need = e.fresh("need")
        e.line(f"{need} = {n} - {name}.count")
    # The scheduler resumes a blocked core only once the lock can give what it waits for
    # (``wait.need``: 1 for an acquire of 1, which blocks only holding none).
    if n == 1:
        e.line(f"if {lock}.value < 1: yield {wait}")
    else:
        e.line(f"if {lock}.value < {need}:")
        e.indent()
        e.line(f"{wait}.need = {need}")
        e.line(f"yield {wait}")
        e.dedent()
    # No wake: a pool's locks are the simulator's own, only ever acquired greater-or-equal
    # (by cores and BDs), so taking from one cannot make any of its waiters ready.
    e.line(f"{lock}.value -= {need}")
    if port.port == "Consume":
        progress = e.hoist(e.const(port.progress, "progress"))
        e.line(f"{progress}.takes += {need}")
    e.line(f"{name}.count = {n}")
    e.dedent()
    if op.results[0].uses:
        window = e.hoist(e.const(port.window(n), "win"))
        e.line(f"{e.define(op.results[0], 's')} = {window}[{name}.head]")


def _wake(e: Emitter, lock_global: str) -> None:
    """:meth:`Lock.wake`, inline: every waiter queues itself on the event scheduler's agenda
    once per round (the step-by-step scheduler registers no waiters). The lock keeps one
    waiter list for its life, so the list is a local bound on entry."""
    waiters = f"l{lock_global}_waiters"
    e.prologue[waiters] = f"{lock_global}.waiters"
    waiter = e.fresh("waiter")
    e.line(f"if {waiters}:")
    e.indent()
    e.line(f"for {waiter} in {waiters}:")
    e.indent()
    e.line(f"if not {waiter}.queued:")
    e.indent()
    e.line(f"{waiter}.queued = True")
    e.line(f"{waiter}.agenda.append({waiter})")
    e.dedent()
    e.dedent()
    e.line(f"{waiters}.clear()")  # nothing appends while it runs
    e.dedent()


def _access(e: Emitter, op: Operation) -> None:
    index = as_int(prop(op, "index"))
    e.line(f"{e.define(op.results[0], 'b')} = {e.use(op.operands[0])}[{index}]")


def _release(e: Emitter, op: Operation) -> None:
    """The objectfifo release, inline: free the oldest held objects to the other side."""
    name = e.hoist(_port(e, op))
    port = e.scope.globals[name[1:]]
    n = as_int(prop(op, "size"))
    lock_global = e.const(port.rel, "lock")
    lock = e.hoist(lock_global)
    if _held_at_least(op) < n:
        w = e.const(f"{where(op)}", "w")
        e.line(f"if {name}.count < {n}: {name}.misuse({n}, {w})")
    e.line(f"{name}.count -= {n}")
    if _windows_used(e, op):
        if port.depth == 2 and n == 1:
            e.line(f"{name}.head ^= 1")
        elif port.depth > 1:
            e.line(f"{name}.head = ({name}.head + {n}) % {port.depth}")
    e.line(f"{lock}.value += {n}")
    _wake(e, lock_global)


def _port_key(op: Operation) -> tuple:
    return sym_name(prop(op, "objFifo_name")), as_int(prop(op, "port"))


def _held_at_least(release: Operation) -> int:
    """How many objects the core surely holds on the released port when ``release`` runs:
    after an ``acquire(n)`` earlier in the same block it holds at least ``n``, less what
    releases since then freed. 0 when unknown (a call or a region between them may acquire
    or release anything)."""
    key = _port_key(release)
    freed = 0
    op = release.prev_op
    while op is not None:
        if op.regions or op.name == "func.call":
            return 0
        if op.name == "aie.objectfifo.release" and _port_key(op) == key:
            freed += as_int(prop(op, "size"))
        elif op.name == "aie.objectfifo.acquire" and _port_key(op) == key:
            return as_int(prop(op, "size")) - freed
        op = op.prev_op
    return 0


class _ModuleFacts:
    """What the acquire/release code generation asks of the whole module, gathered in one walk
    per compiled design: the objectfifo ends some acquire uses the subview of, and the
    functions that have a body (a call of one may acquire or release anything)."""

    __slots__ = ("windows_used", "defined")

    def __init__(self, top: Operation):
        self.windows_used: set[tuple] = set()
        self.defined: set[str] = set()
        for op in top.walk():
            if op.name == "aie.objectfifo.acquire" and op.results and op.results[0].uses:
                self.windows_used.add(_port_key(op))
            elif op.name == "func.func" and op.regions[0].blocks:
                self.defined.add(sym_name(prop(op, "sym_name")))


def _facts(e: Emitter, op: Operation) -> _ModuleFacts:
    # Kept with the design's compiled globals: every core and function of one design shares it.
    facts = e.scope.globals.get("_aie_module_facts")
    if facts is None:
        top = op
        while top.parent_op() is not None:
            top = top.parent_op()
        facts = e.scope.globals["_aie_module_facts"] = _ModuleFacts(top)
    return facts


def _windows_used(e: Emitter, op: Operation) -> bool:
    """Whether any acquire of this objectfifo end anywhere in the design uses its subview:
    only then does the compiled code track the port's ``head`` (the oldest held buffer)."""
    return _port_key(op) in _facts(e, op).windows_used


def yields_within_bounds(e: Emitter, loop: Operation) -> bool:
    """Whether a loop cannot run on without yielding, so it needs no budget tick: every
    iteration acquires and releases one objectfifo end (at the top of the body, once each),
    and nothing in the body gives that end's lock back. While the core runs nothing else does,
    so the lock only loses value; each iteration takes at least one object once the objects
    held on entry are released, and the acquire must block after at most the pool's depth of
    iterations. A call of a defined function (which could acquire or release anything) rules
    it out."""
    body = loop.regions[0].blocks[0]
    if not any(op.name == "aie.objectfifo.acquire" for op in body.ops):
        return False  # most loops (a kernel's, a copy's): no need to look inside
    seen: dict[tuple, list[Operation]] = {}
    top = {id(op) for op in body.ops}
    defined = None
    for op in body.walk():
        if op.name in ("aie.objectfifo.acquire", "aie.objectfifo.release"):
            seen.setdefault(_port_key(op), []).append(op)
        elif op.name == "func.call":
            if defined is None:
                defined = _facts(e, loop).defined
            if sym_name(prop(op, "callee")) in defined:
                return False
    for (fifo, port), ops in seen.items():
        if (fifo, 1 - port) in seen or len(ops) != 2:
            continue
        names = sorted(op.name for op in ops)
        if names != ["aie.objectfifo.acquire", "aie.objectfifo.release"]:
            continue
        if all(id(op) in top and as_int(prop(op, "size")) >= 1 for op in ops):
            return True
    return False


def _use_lock(e: Emitter, op: Operation) -> None:
    lock = e.use(op.operands[0])
    action = as_int(prop(op, "action"))
    value = as_int(prop(op, "value"), 1)
    mode = lock_mode(e, action)
    if action == 1:  # Release
        e.line(f"{lock}.give({mode}, {value})")
        return
    blocking = as_int(prop(op, "blocking"), 1) != 0
    if not blocking:
        # A non-blocking acquire takes the lock if it can and goes on either way.
        e.line(f"if {lock}.can({mode}, {value}): {lock}.take({mode}, {value})")
        return
    w = e.const(f"{where(op)} in {e.what}", "w")
    e.blocking = True
    e.line(
        f"if not {lock}.can({mode}, {value}): "
        f"yield _LockWait({lock}, {value}, {w}, {e.looping}, {mode})"
    )
    e.line(f"{lock}.take({mode}, {value})")


def lock_mode(e: Emitter, action: int) -> int:
    """The lock discipline of ``aie.use_lock``'s action on this device (:mod:`..machine.lock`):
    AIE1 binary locks, or AIE2 semaphores (``Acquire`` waits for equality)."""
    if e.scope.extra.get("aie1"):
        return AIE1
    return EQ if action == 0 else GE


def _buffer(e: Emitter, op: Operation) -> None:
    # A buffer declared inside a core body is the tile's static memory, read with the design.
    e.use(op.results[0])


def _cascade(e: Emitter, op: Operation, putting: bool) -> str:
    cascade = e.scope.extra["cascade"](putting, op)
    return e.const(cascade, "cascade")


def _put_cascade(e: Emitter, op: Operation) -> None:
    cascade = _cascade(e, op, True)
    e.blocking = True
    e.line(f"if {cascade}.full: yield {cascade}.put_wait")
    e.line(f"{cascade}.put({e.use(op.operands[0])})")


def _get_cascade(e: Emitter, op: Operation) -> None:
    cascade = _cascade(e, op, False)
    e.blocking = True
    e.line(f"if not {cascade}.full: yield {cascade}.get_wait")
    e.line(f"{e.define(op.results[0], 'cas')} = {cascade}.get()")


def _end(e: Emitter, op: Operation) -> None:
    e.line("return")


HANDLERS: dict[str, Handler] = {
    "aie.objectfifo.acquire": _acquire,
    "aie.objectfifo.subview.access": _access,
    "aie.objectfifo.release": _release,
    "aie.use_lock": _use_lock,
    "aie.put_cascade": _put_cascade,
    "aie.get_cascade": _get_cascade,
    "aie.buffer": _buffer,
    "aie.end": _end,
}
