"""``func`` calls and returns; defined functions are compiled too, external ones are models."""

from __future__ import annotations

from xdsl.ir import Operation

from iron_ir.sim.codegen.emitter import Emitter, Handler, where
from iron_ir.sim.errors import UnsupportedOpError


def _call(e: Emitter, op: Operation) -> None:
    sym = op.properties["callee"].root_reference.data
    if e.scope.callee is None:
        raise UnsupportedOpError(f"{where(op)}: {e.what} cannot call functions")
    fn, is_generator = e.scope.callee(sym, op)
    args = ", ".join(e.use(v) for v in op.operands)
    results = [e.define(r) for r in op.results]
    call = f"{fn}({args})"
    if is_generator:
        call = f"(yield from {call})"
        e.blocking = True
    if not results:
        e.line(call)
    elif len(results) == 1:
        e.line(f"{results[0]} = {call}")
    else:
        e.line(f"{', '.join(results)} = {call}")


def _return(e: Emitter, op: Operation) -> None:
    values = [e.use(v) for v in op.operands]
    if not values:
        e.line("return")
    elif len(values) == 1:
        e.line(f"return {values[0]}")
    else:
        e.line(f"return ({', '.join(values)})")


HANDLERS: dict[str, Handler] = {
    "func.call": _call,
    "func.return": _return,
}
