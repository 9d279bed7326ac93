"""``aie-assign-lock-ids``: an id for every ``aie.lock`` that has none.

mlir-aie's ``AIEAssignLockIDs.cpp``: per tile, the ids already written are kept (two locks with
one id are an error) and the locks without one get the lowest free ids in IR order. Running it
again changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, i32
from xdsl.passes import ModulePass

from iron_ir.dialects import aie
from iron_ir.ir.diagnostics import OpError, note


def assign_device(device: aie.DeviceOp) -> None:
    assigned: dict[aie.TileOp, set[int]] = {}
    unassigned: dict[aie.TileOp, list[aie.LockOp]] = {}
    for lock in device.walk():
        if not isinstance(lock, aie.LockOp):
            continue
        tile = lock.tile.owner
        assert isinstance(tile, aie.TileOp)
        taken = assigned.setdefault(tile, set())
        unassigned.setdefault(tile, [])
        if lock.lockID is None:
            unassigned[tile].append(lock)
            continue
        lock_id = lock.lockID.value.data
        if lock_id in taken:
            raise OpError(
                lock,
                f"is assigned to the same lock ({lock_id}) as another op.",
                [note(tile, "tile has lock ops assigned to same lock.")],
            )
        taken.add(lock_id)
    for tile, locks in unassigned.items():
        available = tile.kind_spec.locks
        taken = assigned[tile]
        next_id = 0
        for lock in locks:
            while next_id < available and next_id in taken:
                next_id += 1
            if next_id == available:
                raise OpError(
                    lock,
                    "not allocated a lock.",
                    [note(tile, f"because only {available} locks available in this tile.")],
                )
            lock.lockID = IntegerAttr(next_id, i32)
            next_id += 1


@dataclass(frozen=True)
class AIEAssignLockIDsPass(ModulePass):
    name = "aie-assign-lock-ids"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for device in [d for d in op.walk() if isinstance(d, aie.DeviceOp)]:
            assign_device(device)
