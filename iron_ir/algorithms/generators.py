"""The designs behind ``iron_ir.algorithms`` (see the package docstring for the two calling
conventions)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from iron_ir.dtype import np_ndarray_type_get_dtype, np_ndarray_type_get_shape
from iron_ir.errors import IronTypeError, RuntimeSequenceError

_DEFAULT_TILE = 16


@dataclass(frozen=True)
class _Desc:
    """What a design needs of a tensor: its shape and element type."""

    shape: tuple[int, ...]
    dtype: np.dtype

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


def _describe(value: Any, what: str) -> _Desc:
    from iron_ir.hostruntime.tensor import Tensor

    if isinstance(value, Tensor | np.ndarray):
        return _Desc(tuple(value.shape), np.dtype(value.dtype))
    try:
        return _Desc(np_ndarray_type_get_shape(value), np.dtype(np_ndarray_type_get_dtype(value)))
    except Exception:
        pass
    shape, dtype = getattr(value, "shape", None), getattr(value, "dtype", None)
    if shape is not None and dtype is not None:
        return _Desc(tuple(shape), np.dtype(dtype))
    raise IronTypeError(
        f"{what}: expected a tensor or a numpy ndarray type such as "
        f"np.ndarray[(N,), np.dtype[np.int32]], got {value!r}"
    )


def _is_data(value: Any) -> bool:
    from iron_ir.hostruntime.tensor import Tensor

    return isinstance(value, Tensor | np.ndarray)


def _is_kernel(func: Any) -> bool:
    from iron_ir.api.kernel import Kernel

    return isinstance(func, Kernel)


def _same_shape(descs: Sequence[_Desc], what: str) -> _Desc:
    first = descs[0]
    for i, d in enumerate(descs):
        if d.shape != first.shape:
            raise ValueError(f"{what}: tensor {i} has shape {d.shape}, expected {first.shape}")
        if d.dtype != first.dtype:
            raise ValueError(f"{what}: tensor {i} has dtype {d.dtype}, expected {first.dtype}")
    return first


def _kernel_params(func: Any, first_param: int, params: Sequence[Any]):
    """Split a kernel's extra arguments into compile-time scalars and arrays moved by a fifo."""
    types = list(getattr(func, "numpy_arg_types", []))[first_param:]
    scalars: dict[int, Any] = {}
    arrays: list[tuple[int, _Desc]] = []
    for i, param in enumerate(params):
        kind = types[i] if i < len(types) else None
        if isinstance(kind, type) and issubclass(kind, np.generic) or not _is_data(param) and not hasattr(param, "shape"):
            scalars[i] = param
        else:
            arrays.append((i, _describe(param, f"parameter {i}")))
    return scalars, arrays


def _elementwise_design(
    func: Any,
    inputs: Sequence[_Desc],
    output: _Desc | None,
    params: Sequence[Any] = (),
    *,
    tile_size: int | None = None,
    columns: int = 1,
    num_channels: int = 1,
    pass_tile_size: bool | None = None,
    trace_size: int = 0,
    what: str = "transform",
):
    """A design applying ``func`` tile by tile: to each element (a Python function traced per
    element) or to whole tiles (a kernel). ``output`` None: the result goes back into the first
    input's buffer (for_each). ``columns`` x ``num_channels`` > 1 splits the tensor over that
    many workers (``num_channels`` 2: both shim DMA channels of each column). A kernel gets the
    tile size as a trailing argument when ``pass_tile_size``; by default (None) when it declares
    one argument more than the tiles and parameters (mlir-aie passes it to every kernel of the
    single-worker forms and, unless ``pass_size_to_kernel=False``, of the parallel ones)."""
    from iron_ir import ObjectFifo, Program, Runtime, Worker
    from iron_ir.controlflow import range_
    from iron_ir.taplib import TensorAccessPattern
    from iron_ir.hostruntime.tensor import get_current_device

    ref = _same_shape([*inputs, *([output] if output else [])], what)
    kernel = _is_kernel(func)
    if not kernel and not callable(func):
        raise IronTypeError(f"{what}: func must be a function or a kernel, got {func!r}")
    if num_channels not in (1, 2):
        raise ValueError(f"{what}: num_channels must be 1 or 2 (a shim has two DMA channels each way), got {num_channels}")
    if kernel and params and num_channels > 1:
        raise ValueError(f"{what}: kernel parameters need num_channels=1 (one parameter fifo per column)")
    if kernel and params and columns > 1 and any(_is_data(p) or hasattr(p, "shape") for p in params):
        raise ValueError(f"{what}: array parameters of a kernel are not supported across columns")
    columns *= num_channels
    n = tile_size or (func.tile_size() if kernel else _DEFAULT_TILE)
    if kernel and tile_size and func.tile_size() != tile_size:
        raise ValueError(
            f"{what}: tile_size ({tile_size}) does not match the kernel's tile of "
            f"{func.tile_size()} elements"
        )
    per_worker = ref.size // columns
    if ref.size % (n * columns):
        raise ValueError(
            f"{what}: the number of elements ({ref.size}) must be a multiple of the tile size "
            f"({n}){f' times the {columns} columns' if columns > 1 else ''}"
        )
    tiles = per_worker // n
    tensor_ty = np.ndarray[(ref.size,), np.dtype[ref.dtype]]
    tile_ty = np.ndarray[(n,), np.dtype[ref.dtype]]
    scalars, arrays = _kernel_params(func, len(inputs) + 1, params) if kernel else ({}, [])
    with_size = pass_tile_size
    if with_size is None:
        with_size = kernel and len(func.arg_types) == len(inputs) + 1 + len(params) + 1
    if params and not kernel:
        raise ValueError(f"{what}: extra parameters are for kernels (ExternalFunction) only")

    ins = [[ObjectFifo(tile_ty, name=f"in{i}" if columns == 1 else f"in{i}_{c}")
            for c in range(columns)] for i in range(len(inputs))]
    outs = [ObjectFifo(tile_ty, name="out" if columns == 1 else f"out_{c}") for c in range(columns)]
    param_fifos = [
        ObjectFifo(np.ndarray[d.shape, np.dtype[d.dtype]], name=f"param{i}") for i, d in arrays
    ]

    def body(*args):
        in_handles, out_handle = args[: len(inputs)], args[len(inputs)]
        apply, param_handles = args[len(inputs) + 1], args[len(inputs) + 2 :]
        values: list[Any] = [None] * len(params)
        for (i, _), handle in zip(arrays, param_handles):
            values[i] = handle.acquire(1)
        for i, value in scalars.items():
            values[i] = value
        for _ in range_(tiles):
            tiles_in = [h.acquire(1) for h in in_handles]
            tile_out = out_handle.acquire(1)
            if kernel:
                apply(*tiles_in, tile_out, *values, *([n] if with_size else []))
            else:
                for j in range_(n):
                    tile_out[j] = apply(*(t[j] for t in tiles_in))
            for h in in_handles:
                h.release(1)
            out_handle.release(1)
        for h in param_handles:
            h.release(1)

    workers = [
        Worker(body, [*(ins[i][c].cons() for i in range(len(inputs))), outs[c].prod(), func,
                      *(p.cons() for p in param_fifos)])
        for c in range(columns)
    ]
    types = [tensor_ty] * len(inputs) + ([tensor_ty] if output else [])
    types += [np.ndarray[d.shape, np.dtype[d.dtype]] for _, d in arrays]
    rt = Runtime()
    with rt.sequence(*types) as seq:
        seq = seq if isinstance(seq, tuple) else (seq,)
        in_args = seq[: len(inputs)]
        out_arg = seq[len(inputs)] if output else in_args[0]
        param_args = seq[len(inputs) + (1 if output else 0) :]
        if trace_size > 0:
            rt.enable_trace(trace_size)
        rt.start(*workers)
        if columns == 1:
            for fifos, arg in zip(ins, in_args):
                rt.fill(fifos[0].prod(), arg)
            for fifo, arg in zip(param_fifos, param_args):
                rt.fill(fifo.prod(), arg)
            rt.drain(outs[0].cons(), out_arg, wait=True)
        else:
            taps = [
                TensorAccessPattern((1, ref.size), per_worker * c, [1, 1, 1, per_worker], [0, 0, 0, 1])
                for c in range(columns)
            ]
            group = rt.task_group()
            for c in range(columns):
                for fifos, arg in zip(ins, in_args):
                    rt.fill(fifos[c].prod(), arg, taps[c], task_group=group)
            rt.finish_task_group(group)
            group = rt.task_group()
            for c in range(columns):
                rt.drain(outs[c].cons(), out_arg, taps[c], wait=True, task_group=group)
            rt.finish_task_group(group)
    return Program(get_current_device(), rt).resolve_program()


def _columns() -> int:
    from iron_ir.hostruntime.tensor import get_current_device

    return get_current_device().cols


def _run_now(generator: Callable[..., Any], tensors: Sequence[Any]) -> None:
    """The 2025 convention: build the design for these tensors and run it at once."""
    from iron_ir.hostruntime.jit import CallableDesign

    CallableDesign(lambda *ts: generator(), use_cache=False)(*tensors)


# --- transform -------------------------------------------------------------------------------------


def transform(*args: Any, **kwargs: Any):
    """``transform(func, input, output, *params)`` -> module, or ``transform(input, output,
    func)`` run at once: ``output[i] = func(input[i])`` (a kernel: once per tile)."""
    if _is_data(args[0]):
        input, output, func = args[:3]
        _run_now(lambda: transform(func, input, output, *args[3:], **kwargs), [input, output])
        return None
    func, input, output, *params = args
    return _elementwise_design(func, [_describe(input, "transform input")],
                               _describe(output, "transform output"), params, what="transform", **kwargs)


def transform_binary(*args: Any, **kwargs: Any):
    """``transform_binary(func, first, second, output, *params)`` -> module, or
    ``transform_binary(first, second, output, func)`` run at once."""
    if _is_data(args[0]):
        first, second, output, func = args[:4]
        _run_now(lambda: transform_binary(func, first, second, output, *args[4:], **kwargs),
                 [first, second, output])
        return None
    func, first, second, output, *params = args
    return _elementwise_design(
        func, [_describe(first, "first input"), _describe(second, "second input")],
        _describe(output, "output"), params, what="transform_binary", **kwargs,
    )


def _parallel_options(kwargs: dict[str, Any]) -> dict[str, Any]:
    """mlir-aie's keyword spelling of the parallel forms, in ours."""
    options = dict(kwargs)
    if "pass_size_to_kernel" in options:
        options["pass_tile_size"] = options.pop("pass_size_to_kernel")
    return options


def transform_parallel(*args: Any, **kwargs: Any):
    """As :func:`transform`, the tensor split over every column of the device
    (``num_channels=2``: two workers a column, one per shim DMA channel)."""
    if _is_data(args[0]):
        input, output, func = args[:3]
        _run_now(lambda: transform_parallel(func, input, output, *args[3:], **kwargs), [input, output])
        return None
    func, input, output, *params = args
    return _elementwise_design(func, [_describe(input, "input")], _describe(output, "output"), params,
                               columns=_columns(), what="transform_parallel", **_parallel_options(kwargs))


def transform_parallel_binary(*args: Any, **kwargs: Any):
    """As :func:`transform_binary`, the tensors split over every column of the device."""
    if _is_data(args[0]):
        first, second, output, func = args[:4]
        _run_now(lambda: transform_parallel_binary(func, first, second, output, *args[4:], **kwargs),
                 [first, second, output])
        return None
    func, first, second, output, *params = args
    return _elementwise_design(
        func, [_describe(first, "first input"), _describe(second, "second input")],
        _describe(output, "output"), params, columns=_columns(), what="transform_parallel_binary",
        **_parallel_options(kwargs),
    )


def transform_typed(func: Any, tensor_ty: Any, *params: Any, tile_size: int | None = None,
                    trace_size: int = 0):
    """:func:`transform` from a numpy ndarray type (input and output alike)."""
    desc = _describe(tensor_ty, "transform_typed")
    return _elementwise_design(func, [desc], desc, params, tile_size=tile_size, trace_size=trace_size,
                               what="transform_typed")


def transform_binary_typed(func: Any, tensor_ty: Any, *params: Any, tile_size: int | None = None,
                           trace_size: int = 0):
    desc = _describe(tensor_ty, "transform_binary_typed")
    return _elementwise_design(func, [desc, desc], desc, params, tile_size=tile_size,
                               trace_size=trace_size, what="transform_binary_typed")


def transform_parallel_typed(func: Any, tensor_ty: Any, *params: Any, tile_size: int | None = None,
                             trace_size: int = 0, num_channels: int = 1,
                             pass_size_to_kernel: bool | None = None):
    desc = _describe(tensor_ty, "transform_parallel_typed")
    return _elementwise_design(func, [desc], desc, params, tile_size=tile_size, columns=_columns(),
                               num_channels=num_channels, pass_tile_size=pass_size_to_kernel,
                               trace_size=trace_size, what="transform_parallel_typed")


def transform_parallel_binary_typed(func: Any, tensor_ty: Any, *params: Any,
                                    tile_size: int | None = None, trace_size: int = 0,
                                    num_channels: int = 1, pass_size_to_kernel: bool | None = None):
    desc = _describe(tensor_ty, "transform_parallel_binary_typed")
    return _elementwise_design(func, [desc, desc], desc, params, tile_size=tile_size,
                               columns=_columns(), num_channels=num_channels,
                               pass_tile_size=pass_size_to_kernel, trace_size=trace_size,
                               what="transform_parallel_binary_typed")


# --- for_each --------------------------------------------------------------------------------------


def for_each(*args: Any, tile_size: int | None = None):
    """In place: ``tensor[i] = func(tensor[i])``. ``for_each(func, tensor_ty_or_tensor,
    tile_size=16)`` -> module, or ``for_each(tensor, func, *params)`` run at once. A kernel gets
    ``(tile_in, tile_out, *params, tile_size)``."""
    if _is_data(args[0]):
        tensor, func, *params = args
        _run_now(lambda: for_each_typed(func, tensor, *params, tile_size=tile_size), [tensor])
        return None
    func, tensor_ty, *params = args
    return for_each_typed(func, tensor_ty, *params, tile_size=tile_size)


def for_each_typed(func: Any, tensor_ty: Any, *params: Any, tile_size: int | None = None):
    desc = _describe(tensor_ty, "for_each")
    return _elementwise_design(func, [desc], None, params, tile_size=tile_size or
                               (None if _is_kernel(func) else _DEFAULT_TILE),
                               pass_tile_size=True, what="for_each")


# --- reduce ----------------------------------------------------------------------------------------


def reduce_typed(func: Any, input_ty: Any, output_ty: Any, *, trace_size: int = 0):
    """The whole input to ``func(input, output, n_input_elements)`` in one call (a reduction
    kernel keeps its accumulator across the elements, so there is no per-element form)."""
    from iron_ir import ObjectFifo, Program, Runtime, Worker
    from iron_ir.hostruntime.tensor import get_current_device

    if not _is_kernel(func):
        raise IronTypeError(
            "reduce needs a kernel (ExternalFunction) taking (input, output, n): a reduction "
            "keeps state across elements, which a per-element function cannot"
        )
    src, dst = _describe(input_ty, "reduce input"), _describe(output_ty, "reduce output")
    in_ty = np.ndarray[src.shape, np.dtype[src.dtype]]
    out_ty = np.ndarray[dst.shape, np.dtype[dst.dtype]]
    of_in, of_out = ObjectFifo(in_ty, name="in"), ObjectFifo(out_ty, name="out")

    def body(of_in, of_out, kernel):
        result = of_out.acquire(1)
        data = of_in.acquire(1)
        kernel(data, result, src.size)
        of_in.release(1)
        of_out.release(1)

    worker = Worker(body, [of_in.cons(), of_out.prod(), func])
    rt = Runtime()
    with rt.sequence(in_ty, out_ty) as (a, c):
        if trace_size:
            rt.enable_trace(trace_size)
        rt.start(worker)
        rt.fill(of_in.prod(), a)
        rt.drain(of_out.cons(), c, wait=True)
    return Program(get_current_device(), rt).resolve_program()


def reduce(input: Any, output: Any = None, *, func: Any = None, N: int | None = None,
           dtype: Any = None, out_dtype: Any = None, trace_size: int = 0):
    """``reduce(input, output, func=kernel, N=..., dtype=...)`` as mlir-aie's jit-friendly
    form (the tensors may be placeholders; shapes come from ``N``/``dtype`` when given)."""
    if func is None:
        raise RuntimeSequenceError("reduce(input, output, func=...): give the reduction kernel")
    dtype = dtype if dtype is not None else _describe(input, "reduce input").dtype
    n = N if N is not None else _describe(input, "reduce input").size
    in_ty = np.ndarray[(n,), np.dtype[dtype]]
    out_ty = np.ndarray[(1,), np.dtype[out_dtype if out_dtype is not None else dtype]]
    return reduce_typed(func, in_ty, out_ty, trace_size=trace_size)
