"""Execution backends behind one interface: compile an AIE module into a callable.

``compile_module(module, backend="sim")`` returns a :class:`CompiledDesign`: call it with one
numpy array per runtime-sequence argument (missing trailing arguments are zero-filled) and it
returns every runtime argument after the run, so drained outputs can be read by position.

* ``"sim"`` (default): the functional simulator, :mod:`iron_ir.sim`.
* ``"xrt"``: real hardware through ``pyxrt``, from an xclbin and an instruction file built by the
  vendor toolchain; ``pyxrt`` is imported only when this backend is asked for.
"""

from __future__ import annotations

from collections.abc import Callable

from iron_ir.runtime.base import BackendError, CompiledDesign

_BACKENDS: dict[str, Callable[..., CompiledDesign]] = {}


def _sim(module, **options) -> CompiledDesign:
    from iron_ir.runtime.sim import SimDesign

    return SimDesign(module, **options)


def _xrt(module, **options) -> CompiledDesign:
    from iron_ir.runtime.xrt import XrtDesign

    return XrtDesign(module, **options)


_BACKENDS["sim"] = _sim
_BACKENDS["xrt"] = _xrt


def backends() -> list[str]:
    return sorted(_BACKENDS)


def compile_module(module, backend: str = "sim", **options) -> CompiledDesign:
    """A callable running ``module`` (an xDSL ``ModuleOp`` at the objectfifo level, or an object
    holding one in ``.module`` such as what ``Program.resolve_program()`` returns).

    Options go to the backend: for ``"sim"`` any :class:`iron_ir.sim.SimOptions` field
    (``max_steps``, ``timeout``, ``trace``, ``progress``, ``device``); for ``"xrt"``
    ``xclbin=``, ``instructions=``, ``kernel_name=`` (default ``"MLIR_AIE"``), ``device_index=``.
    """
    module = getattr(module, "module", module)  # an IronModule from Program.resolve_program()
    factory = _BACKENDS.get(backend)
    if factory is None:
        raise BackendError(f"unknown backend {backend!r}; choose one of {', '.join(backends())}")
    return factory(module, **options)


__all__ = ["BackendError", "CompiledDesign", "backends", "compile_module"]
