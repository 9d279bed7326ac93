"""Kernels a worker calls: precompiled (``Kernel``), compiled from source
(``ExternalFunction``), or written in Python (``@func``)."""

from __future__ import annotations

import functools
import inspect
from abc import ABC, abstractmethod
import os
from collections.abc import Callable, Sequence
from typing import Any

from xdsl.dialects import func as func_dialect
from xdsl.dialects.builtin import (
    ArrayAttr,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    StringAttr,
)
from xdsl.ir import Attribute, Block, Region, SSAValue

from iron_ir.api.buffer import Buffer
from iron_ir.dialects.func import CallOp  # verifies with a symbol table built once
from iron_ir.dtype import type_to_mlir
from iron_ir.errors import IronTypeError, TraceError, user_location
from iron_ir.tracing.engine import (
    TracedValue,
    Tracer,
    as_value,
    current_tracer,
    emit,
    require_tracer,
    tracing,
)


def _arg_types(name: str, arg_types: Sequence[Any]) -> list[Attribute]:
    types = []
    for i, t in enumerate(arg_types):
        try:
            types.append(type_to_mlir(t))
        except IronTypeError as err:
            raise IronTypeError(f"kernel '{name}': arg_types[{i}]: {err.message}") from None
    return types


def call_arguments(name: str, expected: Sequence[Attribute], args: Sequence[Any]) -> list[SSAValue]:
    """The SSA operands of a call to kernel ``name``: traced values (index→int cast as
    mlir-aie's ``call`` does), buffers, or Python scalars (constants of the declared type)."""
    if len(args) != len(expected):
        raise TraceError(
            f"kernel '{name}' takes {len(expected)} arguments "
            f"({', '.join(map(str, expected))}), got {len(args)}"
        )
    operands = []
    for i, (arg, want) in enumerate(zip(args, expected)):
        if isinstance(arg, Buffer):
            arg = arg.traced_value()
        if isinstance(arg, list | tuple):
            raise TraceError(
                f"kernel '{name}' argument {i}: got a list of {len(arg)} buffers (acquire(n>1) "
                "returns a list); pass one buffer, e.g. elems[0]"
            )
        if isinstance(arg, TracedValue) and arg.type != want and not (
            isinstance(arg.type, IndexType) and isinstance(want, IntegerType)
        ):
            raise TraceError(
                f"kernel '{name}' argument {i} has type {arg.type} but the kernel declares {want}"
            )
        if isinstance(want, MemRefType) and not isinstance(arg, TracedValue):
            raise TraceError(
                f"kernel '{name}' argument {i} must be a {want} buffer, got {arg!r}"
            )
        operands.append(as_value(arg, want))
    return operands


class BaseKernel(ABC):
    """Something a worker can call: ``kernel(*args)`` emits a ``func.call``."""

    name: str

    @abstractmethod
    def declaration(self, program: Any) -> func_dialect.FuncOp:
        """The ``func.func`` for this kernel in ``program`` (the program being resolved)."""

    @property
    @abstractmethod
    def arg_types(self) -> list[Attribute]:
        """The MLIR types of the kernel's arguments."""

    def __call__(self, *args: Any) -> Any:
        tracer = require_tracer(f"calling kernel '{self.name}'")
        decl = tracer.program.declare_kernel(self)
        operands = call_arguments(self.name, decl.function_type.inputs.data, args)
        call = emit(
            CallOp(self.name, operands, list(decl.function_type.outputs.data))
        )
        results = [TracedValue(r) for r in call.results]
        if not results:
            return None
        return results[0] if len(results) == 1 else results


class Kernel(BaseKernel):
    """A precompiled kernel ``name`` in object file or archive ``bin_name``."""

    def __init__(self, name: str, bin_name: str, arg_types: Sequence[Any] = ()):
        if not isinstance(name, str) or not name:
            raise IronTypeError(f"Kernel: name must be a non-empty string, got {name!r}")
        if isinstance(bin_name, os.PathLike):
            bin_name = os.fspath(bin_name)
        if not isinstance(bin_name, str) or not bin_name:
            raise IronTypeError(
                f"Kernel '{name}': bin_name must name the object file or archive (a non-empty "
                f"string such as 'kernel.o'), got {bin_name!r}"
            )
        self.name = name
        self.bin_name = bin_name
        self.numpy_arg_types = list(arg_types)
        self._arg_types = _arg_types(name, arg_types)

    @property
    def arg_types(self) -> list[Attribute]:
        return self._arg_types

    def tile_size(self, index: int = 0) -> int:
        """Elements of the kernel's first array argument (how much one call processes), as
        mlir-aie's ``ExternalFunction.tile_size()``; the algorithms tile by it."""
        arrays = [t for t in self._arg_types if isinstance(t, MemRefType)]
        if not arrays:
            raise IronTypeError(f"kernel '{self.name}' has no array argument to size tiles by")
        size = 1
        for d in arrays[index].get_shape():
            size *= d
        return size

    def declaration(self, program: Any) -> func_dialect.FuncOp:
        op = func_dialect.FuncOp(
            self.name, FunctionType.from_lists(self._arg_types, []), Region(), "private"
        )
        op.attributes["link_with"] = StringAttr(self.bin_name)
        return op

    def __str__(self) -> str:
        return f"Kernel({self.name}, {self.bin_name})"


class ExternalFunction(Kernel):
    """A C/C++ kernel compiled by the vendor toolchain into ``object_file_name``.

    The source (file or string), include dirs and compile flags are kept as data on the
    declaration (``iron.source_file``/``iron.source_string``/``iron.include_dirs``/
    ``iron.compile_flags``) for that toolchain.
    """

    def __init__(
        self,
        name: str,
        object_file_name: str | None = None,
        source_file: str | None = None,
        source_string: str | None = None,
        arg_types: Sequence[Any] = (),
        include_dirs: Sequence[str] = (),
        compile_flags: Sequence[str] = (),
    ):
        if (source_file is None) == (source_string is None):
            raise IronTypeError(
                f"ExternalFunction '{name}': give exactly one of source_file or source_string"
            )
        super().__init__(name, object_file_name or f"{name}.o", arg_types)
        self.source_file = source_file
        self.source_string = source_string
        self.include_dirs = [str(d) for d in include_dirs]
        self.compile_flags = [str(f) for f in compile_flags]

    @property
    def object_file_name(self) -> str:
        return self.bin_name

    def declaration(self, program: Any) -> func_dialect.FuncOp:
        op = super().declaration(program)
        if self.source_file is not None:
            op.attributes["iron.source_file"] = StringAttr(str(self.source_file))
        else:
            op.attributes["iron.source_string"] = StringAttr(self.source_string or "")
        op.attributes["iron.include_dirs"] = ArrayAttr([StringAttr(d) for d in self.include_dirs])
        op.attributes["iron.compile_flags"] = ArrayAttr([StringAttr(f) for f in self.compile_flags])
        return op


CoreFunction = ExternalFunction
"""The 2025 name of ``ExternalFunction``."""


class FuncBase(BaseKernel):
    """A kernel written in Python (``@func``): traced into a ``func.func`` with a body.

    Parameters are annotated with numpy ndarray types or numpy scalar types. A body that is
    only ``pass`` declares an external function instead, as mlir-aie's ``func`` does.
    """

    def __init__(self, body_builder: Callable[..., Any], sym_visibility: str | None = None):
        self.body_builder = body_builder
        self.name = body_builder.__name__
        self.sym_visibility = sym_visibility
        self._location = user_location()
        sig = inspect.signature(body_builder)
        missing = [p.name for p in sig.parameters.values() if p.annotation is inspect.Signature.empty]
        if missing:
            raise IronTypeError(
                f"@func '{self.name}': parameters {missing} need type annotations (a numpy "
                "ndarray type or a numpy scalar type such as np.int32)"
            )
        self._arg_types = _arg_types(self.name, [p.annotation for p in sig.parameters.values()])

    @property
    def arg_types(self) -> list[Attribute]:
        return self._arg_types

    def _is_declaration(self) -> bool:
        return self.body_builder.__code__.co_code == _EMPTY_FN_CODE

    def declaration(self, program: Any) -> func_dialect.FuncOp:
        if self._is_declaration():
            return func_dialect.FuncOp(
                self.name, FunctionType.from_lists(self._arg_types, []), Region(), "private"
            )
        block = Block(arg_types=self._arg_types)
        tracer = Tracer(block, self, program)
        with tracing(tracer):
            result = self.body_builder(*(TracedValue(a) for a in block.args))
        returned = [] if result is None else list(result) if isinstance(result, list | tuple) else [result]
        values = [as_value(r, r.type) if isinstance(r, TracedValue) else r for r in returned]
        if not all(isinstance(v, SSAValue) for v in values):
            raise TraceError(f"@func '{self.name}' must return traced values (or nothing)")
        block.add_op(func_dialect.ReturnOp(*values))
        return func_dialect.FuncOp(
            self.name,
            FunctionType.from_lists(self._arg_types, [v.type for v in values]),
            Region(block),
            self.sym_visibility,
        )


_EMPTY_FN_CODE = (lambda: None).__code__.co_code


def func(f: Callable[..., Any] | None = None, *, sym_visibility: str | None = None, emit: bool = False, **_ignored: Any):
    """``@func`` / ``@func(...)``: a Python-defined kernel (``aie.helpers.dialects.func``)."""

    def wrap(fn: Callable[..., Any]) -> FuncBase:
        kernel = FuncBase(fn, sym_visibility=sym_visibility)
        functools.update_wrapper(kernel, fn)
        tracer = current_tracer()
        if emit and tracer is not None and hasattr(tracer.program, "declare_kernel"):
            # A placed design: `@func(emit=True)` builds the func.func where it is decorated.
            tracer.program.declare_kernel(kernel)
        return kernel

    return wrap(f) if f is not None else wrap
