"""Compile one MLIR region to the source of one Python function.

Core bodies are hot (a core loops over every object of a run), so each body is translated once
into Python source and ``exec``'d, instead of interpreting op by op. A core body becomes a
generator: an objectfifo acquire or a lock acquire that cannot proceed ``yield``s a wait object to
the scheduler, which resumes the core once the wait is satisfied.

Each op family (arith, scf, memref, func, aie, aiex) registers one emitter function per op name
in a handler table; an op without a handler is a clear :class:`UnsupportedOpError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Block, Operation, SSAValue

from iron_ir.sim.errors import UnsupportedOpError

Handler = Callable[["Emitter", Operation], None]


def where(op: Operation) -> str:
    """``file:line:col`` of ``op`` when the parser recorded it, else the op's name."""
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
    return f"'{op.name}'"


@dataclass
class Scope:
    """What the compiled code can see besides its own SSA values."""

    globals: dict[str, Any]
    outside: Callable[[SSAValue], str] | None = None
    """Name of a global holding a value defined outside the compiled region (buffers, locks)."""
    callee: Callable[[str, Operation], tuple[str, bool]] | None = None
    """Global name of a called function and whether it is a generator (may block)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Per-compilation state family handlers share (e.g. the core's fifo port handles)."""


class Emitter:
    """Accumulates the lines of one Python function while walking a region."""

    def __init__(self, handlers: dict[str, Handler], scope: Scope, what: str):
        self.handlers = handlers
        self.scope = scope
        self.what = what
        self.lines: list[str] = []
        self.depth = 1
        self.names: dict[SSAValue, str] = {}
        self.counter = 0
        self.blocking = False
        self.yield_targets: list[list[str]] = []
        self.loop_exits: list[list[str]] = []
        self.endless = 0
        """How many endless loops (IRON's ``while_true``) enclose the ops being emitted."""
        self.prologue: dict[str, str] = {}
        """Local name -> global it is loaded from once, at the top of the function (hot
        objects read through fast locals instead of global look-ups)."""

    @property
    def looping(self) -> bool:
        return self.endless > 0

    def iteration_start(self) -> None:
        """At the top of each iteration of an endless loop: mark the core's progress."""
        progress = self.scope.extra.get("progress")
        if progress is not None:
            self.line(f"{progress}.mark = {progress}.takes")

    # --- names ---------------------------------------------------------------------------

    def fresh(self, prefix: str = "v") -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def define(self, value: SSAValue, prefix: str = "v") -> str:
        name = self.fresh(prefix)
        self.names[value] = name
        return name

    def bind(self, value: SSAValue, name: str) -> None:
        self.names[value] = name

    def use(self, value: SSAValue) -> str:
        name = self.names.get(value)
        if name is not None:
            return name
        if self.scope.outside is not None:
            name = self.scope.outside(value)
            self.names[value] = name
            return name
        owner = value.owner
        owner_name = owner.name if isinstance(owner, Operation) else "a block argument"
        raise UnsupportedOpError(
            f"{self.what} uses a value defined outside it (by {owner_name}); only tiles, "
            f"buffers, locks and globals may cross into compiled code"
        )

    def const(self, value: Any, hint: str = "k") -> str:
        name = f"_{hint}{len(self.scope.globals)}"
        self.scope.globals[name] = value
        return name

    def hoist(self, global_name: str) -> str:
        """A local bound to the global ``global_name`` on entry to the function."""
        local = "l" + global_name
        self.prologue[local] = global_name
        return local

    # --- lines ---------------------------------------------------------------------------

    def line(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)

    def indent(self) -> None:
        self.depth += 1

    def dedent(self) -> None:
        self.depth -= 1

    def tick(self) -> None:
        """Budget check inside every loop: a core that never blocks still cannot run forever."""
        # A counter per function call (a local: cheaper than shared state); the budget's
        # clock is read each time it runs out.
        self.prologue["_tk"] = "_TICKS"
        self.line("_tk -= 1")
        self.line("if _tk < 0: _tk = _tick()")

    def block(self, block: Block) -> None:
        start = len(self.lines)
        for op in block.ops:
            handler = self.handlers.get(op.name)
            if handler is None:
                known = ", ".join(sorted(self.handlers))
                raise UnsupportedOpError(
                    f"{where(op)}: {self.what} uses '{op.name}', which the simulator does not "
                    f"model.\nOps it runs here: {known}.\nRewrite the code with these ops or call "
                    f"an external kernel with a registered model instead."
                )
            handler(self, op)
        if len(self.lines) == start:
            self.line("pass")


def assign(names: Iterable[str], values: Iterable[str]) -> str:
    names, values = list(names), list(values)
    if len(names) == 1:
        return f"{names[0]} = {values[0]}"
    return f"{', '.join(names)} = {', '.join(values)}"


def build_function(emitter: Emitter, fn_name: str, params: list[str], generator: bool) -> str:
    """The source of the function whose body ``emitter`` holds."""
    head = f"def {fn_name}({', '.join(params)}):"
    body = [f"    {local} = {value}" for local, value in emitter.prologue.items()]
    body += emitter.lines
    if generator and not emitter.blocking:
        # A core that never blocks is still resumed by the scheduler like any other.
        body.append("    return")
        body.append("    yield")
    return "\n".join([head, *body]) + "\n"


def exec_function(source: str, fn_name: str, globals_: dict[str, Any], filename: str):
    code = compile(source, filename, "exec")
    exec(code, globals_)  # noqa: S102 - the source is generated from the IR by this module
    return globals_[fn_name]
