"""What every kernel factory shares: the target architecture, the kernel source path, the
contract a factory attaches to the function it returns, and references computed by the
simulator's model of the same C++ kernel."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from ml_dtypes import bfloat16

from iron_ir.api.kernel import ExternalFunction, Kernel
from iron_ir.errors import IronError
from iron_ir.hostruntime.jit import In, InOut, Out


class Param:
    """Contract role: a read-only value fixed across calls (a count, a factor, a weight tile)."""


ROLES = (In, Out, InOut, Param)


@dataclass(frozen=True)
class KernelContract:
    """What a factory's kernel computes, beside its argument types: each argument's role
    (``In``, ``Out``, ``InOut``, ``Param``), a host reference (numpy), the fixed parameters."""

    roles: tuple[type, ...]
    reference: Callable[..., Any] | None = None
    parameter_bindings: tuple[tuple[int, Any], ...] = ()
    acc_dtype: Any = None
    reduction: int | None = None

    def __post_init__(self):
        unknown = [r for r in self.roles if r not in ROLES]
        if unknown:
            raise IronError(f"KernelContract: unknown argument role(s) {unknown}; use In, Out, InOut or Param")

    @property
    def out_indices(self) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.roles) if r in (Out, InOut))

    @property
    def out_index(self) -> int:
        outs = self.out_indices
        if len(outs) != 1:
            raise IronError(f"KernelContract: {len(outs)} outputs; use out_indices")
        return outs[0]

    @property
    def accumulates(self) -> bool:
        return InOut in self.roles

    def reference_indices(self) -> list[int]:
        bound = dict(self.parameter_bindings)
        return [i for i, r in enumerate(self.roles) if r not in (Out, InOut) and i not in bound]


def arch() -> str:
    """``aie2`` or ``aie2p``: the architecture of the current device (``set_current_device``,
    ``$IRON_DEVICE``), which picks the kernel source directory and the mmul shapes."""
    from iron_ir.device.table import Arch
    from iron_ir.hostruntime.tensor import get_current_device

    return "aie2p" if get_current_device().spec.arch is Arch.AIE2P else "aie2"


def kernel_source(*parts: str) -> str:
    """Path of a source under mlir-aie's ``aie_kernels/`` (``$MLIR_AIE_KERNELS_DIR`` when set).
    The simulator runs the kernel's model; the path is what the vendor toolchain compiles."""
    root = os.environ.get("MLIR_AIE_KERNELS_DIR", "aie_kernels")
    return os.path.join(root, *parts)


def bit_width(dtype: Any, factory: str, allowed: Sequence[Any] = (np.uint8, np.int16, np.int32)) -> int:
    dt = np.dtype(dtype)
    if not any(dt == np.dtype(a) for a in allowed):
        names = ", ".join(np.dtype(a).name for a in allowed)
        raise IronError(f"kernels.{factory}(): dtype must be one of {names}, got {dt}")
    return dt.itemsize * 8


def is_bf16(dtype: Any) -> bool:
    return np.dtype(dtype) == np.dtype(bfloat16)


def tensor(shape: int | tuple[int, ...], dtype: Any) -> Any:
    return np.ndarray[(shape,) if isinstance(shape, int) else shape, np.dtype[dtype]]


def extern(
    symbol: str,
    source: str,
    arg_types: Sequence[Any],
    contract: KernelContract | None = None,
    compile_flags: Sequence[str] = (),
    object_file_name: str | None = None,
) -> ExternalFunction:
    fn = ExternalFunction(
        symbol,
        object_file_name=object_file_name,
        source_file=source,
        arg_types=arg_types,
        include_dirs=[kernel_source()],
        compile_flags=compile_flags,
    )
    fn.contract = contract
    return fn


def sibling(fn: ExternalFunction, symbol: str, arg_types: Sequence[Any]) -> Kernel:
    """Another symbol of the same object file (``mm(...).zero``)."""
    return Kernel(symbol, fn.object_file_name, arg_types)


def by_model(symbol: str, object_file: str | None = None) -> Callable[..., Any]:
    """``call(*args)``: run the simulator's model of ``symbol`` (the numpy account of the C++
    kernel's arithmetic, in iron_ir.sim.kernels) on host arrays, as one kernel call does."""
    import iron_ir.sim.kernels  # noqa: F401  (registers the built-in models)
    from iron_ir.sim.kernels.registry import lookup_model

    model = lookup_model(symbol, object_file)

    def call(*args: Any) -> None:
        model(*args)

    return call


def per_call(tile: int, out_tile: int, out_dtype: Any, one: Callable[..., None]) -> Callable[..., np.ndarray]:
    """A reference over ``calls`` tiles: each input flattened to ``(calls, tile)`` and the
    output ``(calls, out_tile)``; ``one(inputs..., out)`` computes one call's output in place."""

    def reference(*inputs: Any, **params: Any) -> np.ndarray:
        arrays = [np.asarray(x) for x in inputs]
        calls = max(1, arrays[0].size // tile) if arrays else 1
        out = np.zeros((calls, out_tile), dtype=out_dtype)
        rows = [a.reshape(calls, -1) for a in arrays]
        for c in range(calls):
            one(*[np.ascontiguousarray(r[c]) for r in rows], out[c], **params)
        return out.reshape(-1) if calls == 1 else out

    return reference
