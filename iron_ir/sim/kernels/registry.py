"""Registry of Python/numpy models for external kernels.

A core calls an external kernel (``func.func private @sym(...) attributes
{link_with = "k.o"}``); on hardware the object file runs, in the simulator a
*model* registered under the same symbol name runs instead.

Calling convention
------------------
The simulator calls ``model(*args)`` with one Python value per call operand,
in the order of the ``func.call``:

* a ``memref`` operand arrives as a numpy array that is a **view of the live
  buffer** (not a copy), with the memref's shape and element type (``int8``,
  ``uint8``, ``int16``, ``int32``, ``float32`` or ``ml_dtypes.bfloat16``;
  an ``i8`` memref the C++ reads as ``uint8_t*`` arrives as ``int8`` and the
  model reinterprets it with ``.view(np.uint8)``);
* a scalar operand (``i8``/``i16``/``i32``/``index``/``f32``...) arrives as a
  Python ``int`` or ``float``.  Models convert it the way the C ABI does
  (an ``int32`` passed where the C++ takes ``uint8_t`` keeps its low 8 bits).

A model reads its inputs and writes its outputs **in place through those
views** (``out[...] = ...``, never ``out = ...``), and never writes outside
its arguments.  Its return value is ignored.  A model that finds its
arguments unusable (a size the C++ would overrun, an unsupported dtype)
raises :class:`KernelModelError` with a message naming the kernel.

A model built with :func:`iron_ir.sim.batching.batchable` (a ``prepare`` that checks a call
and a ``run`` that runs several prepared calls at once) may have its calls deferred and
batched across cores by the event scheduler; any other model runs when it is called.

Registering a model
-------------------
::

    import numpy as np
    from iron_ir.sim.kernels import kernel_model

    @kernel_model("vector_scalar_mul_int16_vector")
    def scale(a_in, c_out, factor, n):
        c_out[:n] = (a_in[:n].astype(np.int64) * int(factor[0])).astype(np.int16)

``kernel_model`` takes one or more names; a name may be a glob
(``"matmul_*"``) that matches a family of symbols.  ``register_model(name,
fn)`` does the same without a decorator.  Exact names win over globs, and
among globs the longest pattern wins.

Choosing by object file
-----------------------
Two C++ sources may export the same symbol with different arithmetic
(``conv2dk1_i8`` is int8 in ``conv2dk1_i8.cc`` and uint8 with ReLU in
``conv2dk1.cc``).  A model registered with ``link_with=("conv2dk1.o",)`` serves
the symbol only when the core links that object file (the ``link_with`` of the
``func.func`` or the ``aie.core``; compared by file name without directory or
extension), and wins over the symbol's general model.  The general model is the
fallback for other object files and for kernels without ``link_with``.  A user model registered under a name
that already has a built-in model replaces it and emits a
:class:`KernelModelOverrideWarning`.  ``registered_models()`` lists what is
registered.
"""

from __future__ import annotations

import fnmatch
import warnings
from collections.abc import Callable
from dataclasses import dataclass

KernelModel = Callable[..., object]


class KernelModelError(Exception):
    """A kernel model was called with arguments it cannot model faithfully."""


class MissingKernelModelError(KernelModelError):
    """No model is registered for an external kernel a core calls."""

    def __init__(
        self, symbol: str, link_with: str | None = None, arg_types: list[str] | None = None
    ):
        self.symbol = symbol
        self.link_with = link_with
        source = f" (linked from {link_with!r})" if link_with else ""
        if arg_types is None:
            params, described = "*args", ""
        else:
            params = ", ".join(f"arg{i}" for i in range(len(arg_types)))
            described = "".join(f"        # arg{i}: {t}\n" for i, t in enumerate(arg_types))
        super().__init__(
            f"no simulator model for external kernel @{symbol}{source}.\n"
            f"The simulator runs external kernels as Python models; register one "
            f"that computes what the C++ computes, before running the design:\n\n"
            f"    from iron_ir.sim.kernels import kernel_model\n\n"
            f'    @kernel_model("{symbol}")\n'
            f"    def {_python_name(symbol)}({params}):\n"
            f"{described}"
            f"        # memref arguments are numpy views of the live buffers: write\n"
            f"        # results in place (out[...] = ...); scalars are Python numbers\n"
            f"        ...\n\n"
            f"(or iron_ir.sim.kernels.register_model({symbol!r}, fn)). "
            f"registered_models() lists the {len(_REGISTRY)} models available."
        )


class KernelModelOverrideWarning(UserWarning):
    """A user model replaced a built-in model of the same name."""


@dataclass(frozen=True)
class ModelEntry:
    name: str
    fn: KernelModel
    builtin: bool
    source: str

    @property
    def is_pattern(self) -> bool:
        return any(ch in self.name for ch in "*?[")


_REGISTRY: dict[str, ModelEntry] = {}
_BY_OBJECT: dict[tuple[str, str], ModelEntry] = {}


def _object_stem(link_with: str) -> str:
    """``path/to/conv2dk1.o`` -> ``conv2dk1``: how object files are compared."""
    base = link_with.replace("\\", "/").rsplit("/", 1)[-1]
    return base.split(".", 1)[0]


def _python_name(symbol: str) -> str:
    name = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in symbol)
    return name if name and not name[0].isdigit() else f"k_{name}"


def register_model(
    name: str,
    fn: KernelModel,
    *,
    builtin: bool = False,
    source: str = "",
    link_with: tuple[str, ...] | list[str] = (),
) -> KernelModel:
    """Register ``fn`` as the model of the kernel symbol (or glob) ``name``; with
    ``link_with``, only for cores linking one of those object files."""
    if not isinstance(name, str) or not name:
        raise TypeError(f"a kernel model name must be a non-empty string, not {name!r}")
    if not callable(fn):
        raise TypeError(f"the model for {name!r} must be callable, not {fn!r}")
    if isinstance(link_with, str):
        link_with = (link_with,)
    if link_with:
        for obj in link_with:
            key = (name, _object_stem(obj))
            previous = _BY_OBJECT.get(key)
            if previous is not None and previous.builtin and builtin:
                raise ValueError(f"two built-in models claim @{name} in {obj}")
            if previous is not None and previous.builtin and not builtin:
                warnings.warn(
                    f"user model {getattr(fn, '__qualname__', fn)!r} replaces the built-in "
                    f"model of @{name} in {obj} ({previous.source or 'iron_ir.sim.kernels'})",
                    KernelModelOverrideWarning,
                    stacklevel=3,
                )
            _BY_OBJECT[key] = ModelEntry(name, fn, builtin, source)
        return fn
    previous = _REGISTRY.get(name)
    if previous is not None and not builtin:
        if previous.builtin:
            warnings.warn(
                f"user model {getattr(fn, '__qualname__', fn)!r} replaces the built-in "
                f"model of @{name} ({previous.source or 'iron_ir.sim.kernels'})",
                KernelModelOverrideWarning,
                stacklevel=3,
            )
    elif previous is not None and builtin:
        raise ValueError(f"two built-in models claim @{name}")
    _REGISTRY[name] = ModelEntry(name, fn, builtin, source)
    return fn


def kernel_model(
    *names: str, source: str = "", link_with: tuple[str, ...] = ()
) -> Callable[[KernelModel], KernelModel]:
    """Decorator registering the decorated function under each of ``names``."""
    if not names:
        raise TypeError("kernel_model needs at least one kernel symbol name")

    def decorate(fn: KernelModel) -> KernelModel:
        for name in names:
            register_model(name, fn, source=source, link_with=link_with)
        return fn

    return decorate


def builtin_model(
    *names: str, source: str, link_with: tuple[str, ...] = ()
) -> Callable[[KernelModel], KernelModel]:
    """Decorator for the models shipped in this package (``source`` is the C++ file)."""

    def decorate(fn: KernelModel) -> KernelModel:
        for name in names:
            register_model(name, fn, builtin=True, source=source, link_with=link_with)
        return fn

    return decorate


def unregister_model(name: str, link_with: str | None = None) -> None:
    """Remove the model registered under exactly ``name`` (for ``link_with``, if given)."""
    if link_with is not None:
        key = (name, _object_stem(link_with))
        if key not in _BY_OBJECT:
            raise KeyError(f"no model is registered under {name!r} for {link_with!r}")
        del _BY_OBJECT[key]
        return
    if name not in _REGISTRY:
        raise KeyError(f"no model is registered under {name!r}")
    del _REGISTRY[name]


def find_model(symbol: str, link_with: str | None = None) -> ModelEntry | None:
    """The entry that serves ``symbol`` linked from ``link_with``: a model registered for that
    object file, else an exact name, else the longest matching glob."""
    if link_with:
        entry = _BY_OBJECT.get((symbol, _object_stem(link_with)))
        if entry is not None:
            return entry
    entry = _REGISTRY.get(symbol)
    if entry is not None and not entry.is_pattern:
        return entry
    matches = [
        e for e in _REGISTRY.values() if e.is_pattern and fnmatch.fnmatchcase(symbol, e.name)
    ]
    if not matches:
        return None
    return max(matches, key=lambda e: (len(e.name), not e.builtin))


def lookup_model(
    symbol: str, link_with: str | None = None, *, arg_types: list[str] | None = None
) -> KernelModel:
    """The model for kernel ``symbol``; raises :class:`MissingKernelModelError`.

    ``arg_types`` (the callee's argument types as text, e.g. ``"memref<1024xi16>"``)
    only make the error's code snippet name the parameters.
    """
    entry = find_model(symbol, link_with)
    if entry is None:
        raise MissingKernelModelError(symbol, link_with, arg_types)
    return entry.fn


def registered_models() -> dict[str, ModelEntry]:
    """A snapshot of every registered model, by name (object-file specific ones as
    ``symbol@object``)."""
    both = dict(_REGISTRY)
    both.update({f"{name}@{obj}": e for (name, obj), e in _BY_OBJECT.items()})
    return dict(sorted(both.items()))
