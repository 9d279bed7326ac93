"""``scf`` control flow as Python ``for``/``while``/``if`` statements."""

from __future__ import annotations

from itertools import repeat

from xdsl.ir import Operation

from iron_ir.sim.codegen.aie import yields_within_bounds
from iron_ir.sim.codegen.emitter import Emitter, Handler, assign, where
from iron_ir.sim.errors import UnsupportedOpError

# A loop this long is IRON's ``while_true`` (``range_(sys.maxsize)``): it never ends in a run.
ENDLESS_TRIPS = 2**31 - 1


def _constant(value) -> int | None:
    owner = value.owner
    if isinstance(owner, Operation) and owner.name == "arith.constant":
        attr = owner.properties.get("value")
        if attr is None:
            attr = owner.attributes.get("value")
        data = getattr(getattr(attr, "value", None), "data", None)
        if isinstance(data, int):
            return data
    return None


def _is_endless(op: Operation) -> bool:
    lb, ub, step = (_constant(v) for v in op.operands[:3])
    return None not in (lb, ub, step) and step > 0 and (ub - lb) // step >= ENDLESS_TRIPS


def _trips(op: Operation) -> int | None:
    """The trip count of an ``scf.for`` with constant bounds (within ``itertools.repeat``'s
    reach), else ``None``."""
    lb, ub, step = (_constant(v) for v in op.operands[:3])
    if None in (lb, ub, step) or step <= 0:
        return None
    trips = len(range(lb, ub, step))
    return trips if trips < 2**62 else None


def _for(e: Emitter, op: Operation) -> None:
    body = op.regions[0].blocks[0]
    if not op.results and len(body.ops) == 1:
        # Nothing but the terminator: the loop has no effect. A placed core that only
        # forwards through its tile's DMAs spins in `for _ in range_(sys.maxsize): pass`.
        return
    lb, ub, step, *inits = (e.use(v) for v in op.operands)
    iv = e.define(body.args[0], "i")
    carried = [e.define(arg, "a") for arg in body.args[1:]]
    if carried:
        e.line(assign(carried, inits))
    endless = _is_endless(op)
    trips = _trips(op)
    if trips is not None and not body.args[0].uses:
        # The induction variable is unused: count the trips without making an int per
        # iteration (a range past 256 allocates every one).
        e.line(f"for {iv} in {e.const(repeat, 'repeat')}(None, {trips}):")
    else:
        e.line(f"for {iv} in range({lb}, {ub}, {step}):")
    e.indent()
    if not yields_within_bounds(e, op):
        e.tick()
    if endless:
        e.iteration_start()
        e.endless += 1
    e.yield_targets.append(carried)
    e.block(body)
    e.yield_targets.pop()
    if endless:
        e.endless -= 1
    e.dedent()
    results = [e.define(r) for r in op.results]
    if results:
        e.line(assign(results, carried))


def _if(e: Emitter, op: Operation) -> None:
    cond = e.use(op.operands[0])
    results = [e.define(r) for r in op.results]
    e.line(f"if {cond}:")
    e.indent()
    e.yield_targets.append(results)
    e.block(op.regions[0].blocks[0])
    e.dedent()
    if op.regions[1].blocks:
        e.line("else:")
        e.indent()
        e.block(op.regions[1].blocks[0])
        e.dedent()
    e.yield_targets.pop()


def _yield(e: Emitter, op: Operation) -> None:
    if not op.operands:
        return
    targets = e.yield_targets[-1]
    e.line(assign(targets, [e.use(v) for v in op.operands]))


def _while(e: Emitter, op: Operation) -> None:
    before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
    before_args = [e.define(a, "w") for a in before.args]
    after_args = [e.define(a, "w") for a in after.args]
    results = [e.define(r) for r in op.results]
    if before_args:
        e.line(assign(before_args, [e.use(v) for v in op.operands]))
    e.line("while True:")
    e.indent()
    e.tick()
    # Whether a while loop ends is not known statically: treat it as endless (a core resting
    # at its top at the end of a run is then not reported).
    e.iteration_start()
    e.endless += 1
    e.loop_exits.append([*results, "|", *after_args])
    e.yield_targets.append(before_args)
    e.block(before)
    e.loop_exits.pop()
    e.block(after)
    e.yield_targets.pop()
    e.endless -= 1
    e.dedent()


def _condition(e: Emitter, op: Operation) -> None:
    cond, *args = (e.use(v) for v in op.operands)
    targets = e.loop_exits[-1]
    split = targets.index("|")
    results, after_args = targets[:split], targets[split + 1 :]
    e.line(f"if not {cond}:")
    e.indent()
    if results:
        e.line(assign(results, args))
    e.line("break")
    e.dedent()
    if after_args:
        e.line(assign(after_args, args))


def _index_switch(e: Emitter, op: Operation) -> None:
    arg = e.use(op.operands[0])
    cases = [int(c) for c in op.properties["cases"].get_values()]
    results = [e.define(r) for r in op.results]
    e.yield_targets.append(results)
    for i, (case, region) in enumerate(zip(cases, op.regions[1:])):
        e.line(f"{'if' if i == 0 else 'elif'} {arg} == {case}:")
        e.indent()
        e.block(region.blocks[0])
        e.dedent()
    e.line("else:" if cases else "if True:")
    e.indent()
    e.block(op.regions[0].blocks[0])
    e.dedent()
    e.yield_targets.pop()


def _execute_region(e: Emitter, op: Operation) -> None:
    if len(op.regions[0].blocks) != 1:
        raise UnsupportedOpError(f"{where(op)}: scf.execute_region with several blocks")
    results = [e.define(r) for r in op.results]
    e.yield_targets.append(results)
    e.block(op.regions[0].blocks[0])
    e.yield_targets.pop()


HANDLERS: dict[str, Handler] = {
    "scf.for": _for,
    "scf.if": _if,
    "scf.yield": _yield,
    "scf.while": _while,
    "scf.condition": _condition,
    "scf.index_switch": _index_switch,
    "scf.execute_region": _execute_region,
}
