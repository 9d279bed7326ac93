"""Unrolling of core loops that touch objectfifos, as mlir-aie's static lowering does it.

Each copy of an unrolled body maps to a fixed rotation of the fifo's buffers, so the stateful
lowering can name the buffer every access uses. :func:`unroll_by_factor` and
:func:`promote_if_single_iteration` reproduce MLIR's ``loopUnrollByFactor`` and
``scf::ForOp::promoteIfSingleIteration`` op for op (the constants they create, where they go,
the epilogue loop), so the text matches mlir-aie's; :func:`unroll_core_loops` is the transform's
own driver (``unrollForLoops``), quirks included: the factor is the LCM of the depths acquired
directly in a loop, and the walk over the loop's parent region also unrolls later sibling
loops whose step is below that factor.
"""

from __future__ import annotations

import math

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Block, Operation, Region, SSAValue

from iron_ir.dialects import aie
from iron_ir.ir.diagnostics import OpError


def constant_int(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def static_trip_count(loop: scf.ForOp) -> int | None:
    lb, ub, step = (constant_int(v) for v in (loop.lb, loop.ub, loop.step))
    if lb is None or ub is None or step is None or step <= 0:
        return None
    if ub <= lb:
        return 0
    return -(-(ub - lb) // step)


def _constant(value: int, like: SSAValue, before: Operation) -> SSAValue:
    op = arith.ConstantOp(IntegerAttr(value, like.type))
    op.location = before.location
    block = before.parent_block()
    assert block is not None
    block.insert_op_before(op, before)
    return op.result


def promote_if_single_iteration(loop: scf.ForOp) -> bool:
    """Inline the body of a one-iteration loop in its place (the IV becomes the lower bound)."""
    if static_trip_count(loop) != 1:
        return False
    body = loop.body.block
    yield_op = body.last_op
    assert isinstance(yield_op, scf.YieldOp)
    for result, yielded in zip(loop.results, yield_op.operands):
        result.replace_all_uses_with(yielded)
    replacements = [loop.lb, *loop.iter_args]
    for arg, value in zip(body.args, replacements):
        arg.replace_all_uses_with(value)
    parent = loop.parent_block()
    assert parent is not None
    for op in list(body.ops):
        if op is yield_op:
            continue
        op.detach()
        parent.insert_op_before(op, loop)
    yield_op.detach()
    yield_op.erase()
    loop.detach()
    loop.erase()
    return True


def unroll_by_factor(loop: scf.ForOp, factor: int) -> tuple[scf.ForOp | None, scf.ForOp | None]:
    """MLIR's ``loopUnrollByFactor`` on a loop with constant bounds: (the main loop, the
    epilogue loop), each None when it was promoted to straight-line code."""
    body = loop.body.block
    if len(body.ops) == 1:  # only the yield
        return loop, None
    trip = static_trip_count(loop)
    assert trip is not None
    lb, ub, step = (constant_int(v) for v in (loop.lb, loop.ub, loop.step))
    assert lb is not None and ub is not None and step is not None
    if factor == 1:
        if trip == 1:
            promote_if_single_iteration(loop)
            return None, None
        return loop, None
    step_value = loop.step
    even = trip - trip % factor
    ub_unrolled_value = lb + even * step
    new_step_value = step * factor
    epilogue_needed = ub_unrolled_value < ub
    ub_unrolled = (
        _constant(ub_unrolled_value, loop.ub, loop) if epilogue_needed else loop.ub
    )
    new_step = step_value if new_step_value == step else _constant(new_step_value, step_value, loop)

    epilogue: scf.ForOp | None = None
    if epilogue_needed:
        epilogue = loop.clone()
        parent = loop.parent_block()
        assert parent is not None
        parent.insert_op_after(epilogue, loop)
        epilogue.operands[0] = ub_unrolled
        for old, new in zip(loop.results, epilogue.results):
            old.replace_all_uses_with(new)
        n_control = 3
        for i, result in enumerate(loop.results):
            epilogue.operands[n_control + i] = result
        if promote_if_single_iteration(epilogue):
            epilogue = None

    loop.operands[1] = ub_unrolled
    loop.operands[2] = new_step
    _unroll_body(loop, factor, step_value)
    if promote_if_single_iteration(loop):
        return None, epilogue
    return loop, epilogue


def _unroll_body(loop: scf.ForOp, factor: int, step: SSAValue) -> None:
    """``generateUnrolledLoop``: append ``factor - 1`` copies of the body before its yield."""
    body = loop.body.block
    yield_op = body.last_op
    assert isinstance(yield_op, scf.YieldOp)
    originals = [op for op in body.ops if op is not yield_op]
    iv = body.args[0]
    iter_args = list(body.args[1:])
    yielded = list(yield_op.operands)
    last = list(yielded)
    for i in range(1, factor):
        mapping: dict[SSAValue, SSAValue] = dict(zip(iter_args, last))
        if iv.uses:
            c = arith.ConstantOp(IntegerAttr(i, iv.type))
            stride = arith.MuliOp(step, c.result)
            shifted = arith.AddiOp(iv, stride.result)
            for op in (c, stride, shifted):
                op.location = loop.location
                body.insert_op_before(op, yield_op)
            mapping[iv] = shifted.result
        for op in originals:
            body.insert_op_before(op.clone(value_mapper=mapping), yield_op)
        last = [mapping.get(v, v) for v in yielded]
    yield_op.operands = last


# --- the stateful transform's driver -----------------------------------------------------------


def _lcm(values: set[int]) -> int:
    result = 1
    for v in sorted(values):
        result = result * v // math.gcd(v, result)
    return result


def _loops_in(region: Region) -> list[scf.ForOp]:
    """The scf.for ops of ``region`` in MLIR's post-order walk order."""
    found: list[scf.ForOp] = []

    def visit(block: Block) -> None:
        for op in list(block.ops):
            for inner in op.regions:
                for b in inner.blocks:
                    visit(b)
            if isinstance(op, scf.ForOp):
                found.append(op)

    for block in region.blocks:
        visit(block)
    return found


def unroll_core_loops(core: aie.CoreOp, fifo_depths: dict[str, int]) -> None:
    """``unrollForLoops`` on one core; ``fifo_depths`` maps fifo names to their depths."""
    # keyed by the loop ops (kept alive here, so an erased loop's key is never reused)
    unrolled: set[scf.ForOp] = set()
    found: dict[scf.ForOp, bool] = {}
    remainder: dict[scf.ForOp, int] = {}

    def direct_sizes(loop: scf.ForOp) -> set[int]:
        return {
            fifo_depths[op.objFifo_name.root_reference.data]
            for op in loop.body.block.ops
            if isinstance(op, aie.ObjectFifoAcquireOp)
        }

    for loop in _loops_in(core.body):
        if loop.parent is None:  # erased by an earlier promotion
            continue
        sizes = direct_sizes(loop)
        found[loop] = bool(sizes)
        remainder[loop] = 0
        if not sizes:
            unrolled.add(loop)
            continue
        region = loop.parent_region()
        assert region is not None
        previous = loop
        while remainder.get(previous, 0) > 1 or found.get(previous, False):
            for candidate in _loops_in(region):
                if candidate.parent is None:
                    continue
                skip = (
                    remainder.get(previous, 0) > 1
                    and not found.get(candidate, False)
                    and previous is not candidate
                )
                if candidate not in unrolled and not skip:
                    trip = static_trip_count(candidate) or 0
                    factor = _lcm(sizes)
                    if trip < factor:
                        factor = trip
                    if factor == 0:
                        raise OpError(
                            candidate,
                            "could not be unrolled with unrollFactor = 0, check loop "
                            "boundaries.",
                        )
                    remainder[candidate] = trip % factor
                    step = constant_int(candidate.step)
                    if step is None:
                        raise OpError(
                            candidate,
                            "could not be unrolled: the step is not a constant",
                        )
                    if step < factor or found.get(candidate, False):
                        unrolled.add(candidate)
                        found[candidate] = False
                        unroll_by_factor(candidate, factor)
                    else:
                        remainder[candidate] = 0
                        found[candidate] = False
                else:
                    remainder[candidate] = 0
                    found[candidate] = False
                previous = candidate
