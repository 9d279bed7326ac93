"""``@iron.jit``: compile a design and run it in one call, as ``aie.iron.jit`` does.

The decorated function builds a program from its arguments and returns
``Program(...).resolve_program(...)`` (mlir-aie's unplaced form). Calling it compiles the module
through iron-ir's pipeline, runs it on the simulator (``backend="sim"``, the default, or
``$IRON_BACKEND``) or on an NPU through pyxrt (``backend="xrt"`` with the ``xclbin=`` and
``instructions=`` the vendor toolchain built from the printed module), and writes the results
back into the tensor arguments. The compiled design is cached by the arguments' shapes and
dtypes and the values of the other arguments, so a second call with same-shaped tensors runs
without recompiling.

Arguments: tensors (``iron.tensor`` and friends) and numpy arrays are the runtime buffers, in
the order of the design's ``rt.sequence``; callables and kernels are passed to the function
only; other values (ints, dtypes) are compile-time parameters. The markers ``In``, ``Out``,
``InOut`` and ``Compile[T]`` / ``CompileTime[T]`` of newer mlir-aie releases are accepted as
annotations (they document the role; the rule above decides it).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import numpy as np

from iron_ir.errors import IronError, IronTypeError, user_location, warn_once

T = TypeVar("T")


class In:
    """Annotation: a tensor the design reads."""


class Out:
    """Annotation: a tensor the design writes."""


class InOut:
    """Annotation: a tensor the design reads and writes."""


class Compile(Generic[T]):
    """Annotation: a compile-time parameter (part of the cache key, not a runtime buffer)."""


CompileTime = Compile


def _is_buffer(value: Any) -> bool:
    from iron_ir.hostruntime.tensor import Tensor

    return isinstance(value, Tensor | np.ndarray)


def _key_part(value: Any) -> Any:
    if _is_buffer(value):
        array = np.asarray(value)
        return ("buffer", array.shape, str(array.dtype))
    if isinstance(value, int | float | str | bool | type(None) | np.generic):
        return ("value", value)
    if isinstance(value, type | np.dtype):
        return ("type", str(value))
    if isinstance(value, list | tuple):
        return ("seq", tuple(_key_part(v) for v in value))
    # Kernels, lambdas and other objects: the same object compiles the same way.
    return ("object", id(value))


class CallableDesign:
    """A jit-decorated design: calling it compiles (once per argument signature) and runs."""

    def __init__(self, function: Callable[..., Any], backend: str | None = None,
                 use_cache: bool = True, is_placed: bool | None = None, **options: Any):
        functools.update_wrapper(self, function)
        self.function = function
        self.is_placed = is_placed
        """``True``: the function builds a placed design (``@device`` ...) into a module opened
        for it, as mlir-aie's ``jit(is_placed=True)`` runs it inside ``mlir_mod_ctx()`` (the
        2025 default); ``False``: it returns its module; ``None`` (not said): inside a module
        too, and what it returns, if anything, is the module."""
        self.backend = backend
        self.use_cache = use_cache
        self.options = options
        self.cache: dict[Any, Any] = {}
        self.compilations = 0

    def _backend(self) -> str:
        return self.backend or os.environ.get("IRON_BACKEND", "sim")

    def compile(self, *args: Any, **kwargs: Any):
        """The compiled design for these arguments (from the cache when it has one)."""
        from iron_ir.runtime import compile_module

        key = (
            tuple(_key_part(a) for a in args),
            tuple(sorted((k, _key_part(v)) for k, v in kwargs.items())),
        )
        if self.use_cache and key in self.cache:
            return self.cache[key]
        location = user_location()
        if self.is_placed is False:
            module = self.function(*args, **kwargs)
        else:
            module = self._build_placed(args, kwargs)
        if module is None:
            raise IronError(
                f"@iron.jit function '{self.function.__name__}' returned nothing and built no "
                "aie.device; return Program(device, rt).resolve_program(...) from it, or build "
                "a placed design (@device(...)) in it",
                location,
            )
        backend = self._backend()
        backend_options = {k: v for k, v in self.options.items() if k in _BACKEND_OPTIONS[backend]}
        compiled = compile_module(module, backend, **backend_options)
        compiled.text = str(module)
        self.compilations += 1
        _RUNS.append(self.function.__name__)
        if self.use_cache:
            self.cache[key] = compiled
        return compiled

    def _build_placed(self, args: tuple, kwargs: dict) -> Any:
        """Run a placed design's function inside a module of its own; the module it built
        (verified as ``ctx.module.operation.verify()`` does), or what it returned."""
        from iron_ir.placed import mlir_mod_ctx

        with mlir_mod_ctx() as ctx:
            result = self.function(*args, **kwargs)
        if result is not None and not self.is_placed:
            return getattr(result, "op", result)  # its module (or a placed ctx.module)
        if not any(op.name == "aie.device" for op in ctx.module.op.walk()):
            return None  # built nothing: the caller says what to return
        ctx.module.operation.verify()
        return ctx.module.op

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        compiled = self.compile(*args, **kwargs)
        buffers = [a for a in args if _is_buffer(a)] + [v for v in kwargs.values() if _is_buffer(v)]
        want = len(compiled.signature)
        if len(buffers) < want:
            raise IronTypeError(
                f"@iron.jit function '{self.function.__name__}' was called with {len(buffers)} "
                f"tensors but its runtime sequence takes {want} buffers; pass one tensor per "
                "rt.sequence argument, in order",
                user_location(),
            )
        if len(buffers) > want:
            # mlir-aie binds every tensor as a kernel argument; those past the sequence's are
            # extra buffer objects (a trace buffer, a placeholder) the sequence never names.
            warn_once(
                f"@iron.jit function '{self.function.__name__}' was called with "
                f"{len(buffers)} tensors and its runtime sequence takes {want}; tensors "
                f"{want + 1}..{len(buffers)} are not sequence arguments and are left unchanged "
                "(hardware trace output is not simulated)"
            )
            buffers = buffers[:want]
        arrays = [np.asarray(b) for b in buffers]
        outputs = compiled(*arrays)
        for target, result in zip(arrays, outputs):  # the run's buffers back into the tensors
            result = np.asarray(result)
            if result.dtype != target.dtype and result.dtype.itemsize == target.dtype.itemsize:
                result = result.view(target.dtype)
            if result.size == target.size:
                target.reshape(-1)[...] = result.reshape(-1)
        return None


    def specialize(self, **kwargs: Any) -> SpecializedDesign:
        """The design with its compile-time parameters fixed (mlir-aie's ``specialize``)."""
        return SpecializedDesign(self, kwargs)


class SpecializedDesign:
    """A jit design with fixed keyword parameters: calling it runs the design with them."""

    def __init__(self, design: CallableDesign, kwargs: dict[str, Any]):
        self.design = design
        self.kwargs = dict(kwargs)

    def __call__(self, *args: Any) -> None:
        return self.design(*args, **self.kwargs)

    def compile(self, *args: Any, xclbin_path: str | None = None, inst_path: str | None = None,
                elf_path: str | None = None, **kwargs: Any):
        """With tensors: the design compiled for the simulator (as ``CallableDesign.compile``).
        With ``xclbin_path``/``inst_path`` (mlir-aie's compile-only mode): refused, since only
        the vendor toolchain builds an xclbin."""
        if xclbin_path or inst_path or elf_path:
            raise IronError(
                f"@iron.jit design '{self.design.function.__name__}': writing an xclbin and NPU "
                "instructions (--xclbin-path/--insts-path) needs mlir-aie's vendor toolchain "
                "(aiecc), which iron-ir does not include; run the design without them to "
                "simulate it, or build the AIE module its function returns "
                "(Program(...).resolve_program()) with aiecc",
                user_location(),
            )
        return self.design.compile(*args, **self.kwargs, **kwargs)


_BACKEND_OPTIONS = {
    "sim": {"max_steps", "timeout", "trace", "progress", "device", "sequence"},
    "xrt": {"xclbin", "instructions", "kernel_name", "device_index", "sequence"},
}

_RUNS: list[str] = []
"""Names of the jit designs compiled in this process (``iron check`` reads it)."""


def jit(function: Callable[..., Any] | None = None, *, backend: str | None = None,
        use_cache: bool = True, is_placed: bool | None = None, **options: Any):
    """``@jit`` / ``@jit(backend="xrt", xclbin=..., instructions=...)``; ``is_placed=True``
    for a placed design's function (it builds ``@device`` into a module opened for it). mlir-aie's
    other options (``aiecc_flags``, ...) are accepted; those that only steer the vendor
    toolchain have no effect on the simulator."""
    if function is None:
        return functools.partial(jit, backend=backend, use_cache=use_cache, is_placed=is_placed, **options)
    if not callable(function):
        raise IronTypeError(f"iron.jit decorates a function, got {function!r}")
    return CallableDesign(function, backend=backend, use_cache=use_cache, is_placed=is_placed, **options)


def compileconfig(function: Callable[..., Any] | None = None, **options: Any):
    """``@compileconfig(...)``: the compile options of a design, used by ``jit``."""
    if function is None:
        return functools.partial(compileconfig, **options)
    return CallableDesign(function, **options)
