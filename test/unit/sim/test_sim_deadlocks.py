"""Deadlocking designs are reported at once, naming the cores, objectfifos and DMA tasks."""

import pytest

from iron_ir.sim import DeadlockError, SimOptions, simulate

CASES = {
    "deadlock_acquire_exceeds_depth.mlir": [
        "core_0_3: waits at",
        "on objectfifo @pipe (Consume) for 2 object(s)",
        "core_0_2: waits at",
        "@pipe (Produce)",
        "core_0_2 holds 1 as producer",
        "drain task on @out",
    ],
    "deadlock_cores_wait_on_each_other.mlir": [
        "core_0_2: waits at",
        "@b_to_a (Consume)",
        "core_0_3: waits at",
        "@a_to_b (Consume)",
        "deadlock_cores_wait_on_each_other.mlir:11:7",
    ],
    "deadlock_missing_fill.mlir": [
        "core_0_2: waits at",
        "@in (Consume)",
        "no runtime DMA task ever fills objectfifo @in",
        "0 of 32 elements moved",
    ],
    "deadlock_drain_never_started.mlir": [
        "core_0_2: waits at",
        "@out (Produce)",
        "fill task on @in",
        "32 of 64 elements moved",
        "no runtime DMA task ever drains objectfifo @out",
    ],
    "deadlock_join_producer_never_releases.mlir": [
        "core_0_3: finished",
        "@part1: part1 on tile_0_3",
        "core_0_3 holds 1 as producer",
        "segment 1: 0 full",
        "core_0_3 finished while holding 1 object(s) of @part1 (Produce)",
        "drain task on @joined",
        "8 of 16 elements moved",
    ],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_deadlock_reported(load, name):
    # A tight step budget: a deadlock must be found at once, not by running out of steps.
    with pytest.raises(DeadlockError) as info:
        simulate(load(name), [], SimOptions(max_steps=100))
    message = str(info.value)
    assert message.startswith("Deadlock after")
    for fragment in CASES[name]:
        assert fragment in message, f"{fragment!r} missing from:\n{message}"
