"""``aie.dialects.func`` for placed designs of 2024: ``FuncOp.from_py_func`` (their runtime
sequence) and ``call``/``CallOp`` of a declared kernel."""

from iron_ir.placed.legacy import FuncOp, call

CallOp = call

__all__ = ["CallOp", "FuncOp", "call"]
