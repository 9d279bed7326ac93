"""``aie.iron.worker``: Worker and WorkerRuntimeBarrier."""

from iron_ir.api.worker import Worker, WorkerRuntimeBarrier

__all__ = ["Worker", "WorkerRuntimeBarrier"]
