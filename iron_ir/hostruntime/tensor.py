"""Host tensors and the current device, as ``aie.iron`` / ``aie.utils`` provide them.

A design run with ``@iron.jit`` takes its buffers as tensors made by these factories
(``iron.arange(n, dtype=..., device="npu")``, ``iron.zeros_like(t)``, ...). On iron-ir a tensor
is host memory (a numpy array) that the backend reads and writes when the design runs: the
simulator by default, an NPU through pyxrt when the jit is asked for ``backend="xrt"``.
``set_tensor_class`` swaps the class the factories make, as in mlir-aie.

``get_current_device()`` is the device designs compile for: the one given to
``set_current_device``, else ``$IRON_DEVICE`` (``npu``/``npu1`` or ``npu2``, optionally with a
column count as ``npu2:4``), else NPU1 (Phoenix/Hawk Point, four columns). No NPU is probed.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from iron_ir.errors import DeviceError, IronTypeError


class Tensor:
    """A host buffer of fixed shape and dtype that an NPU design reads or writes.

    It behaves like the numpy array it wraps: indexing, ``len``, iteration, ``np.asarray``;
    ``numpy()`` returns the array itself (no copy), so results written by a run are visible.
    ``device`` ("npu" or "cpu") and ``to(device)`` are kept for mlir-aie compatibility: host
    and device share the memory here, so moving is free.
    """

    DEVICES = ("cpu", "npu")
    DEFAULT_DEVICE = "npu"
    DEFAULT_INT_DTYPE = np.int64
    DEFAULT_FLOAT_DTYPE = np.float32

    def __init__(self, shape_or_data: Any, dtype: Any = None, device: str = "npu"):
        if device not in self.DEVICES:
            raise ValueError(f"Unsupported device: {device!r} (expected one of {list(self.DEVICES)})")
        if isinstance(shape_or_data, Tensor):
            shape_or_data = shape_or_data.data
        if isinstance(shape_or_data, tuple) and all(
            isinstance(d, int | np.integer) for d in shape_or_data
        ):
            self._data = np.zeros(shape_or_data, dtype=np.dtype(dtype or np.uint32))
        else:
            array = np.asarray(shape_or_data)
            if isinstance(shape_or_data, np.ndarray) and dtype is not None and array.dtype != np.dtype(dtype):
                raise TypeError(
                    f"iron.tensor: ndarray dtype {array.dtype!r} does not match dtype= "
                    f"{np.dtype(dtype)!r}; cast the array first (arr.astype(...)) or drop dtype="
                )
            self._data = np.array(array, dtype=dtype, copy=True, order="C")
        self.device = device

    # --- mlir-aie's tensor interface -------------------------------------------------------------

    @property
    def data(self) -> np.ndarray:
        return self._data

    @property
    def shape(self) -> tuple[int, ...]:
        return self._data.shape

    @property
    def dtype(self) -> np.dtype:
        return self._data.dtype

    @property
    def size(self) -> int:
        return int(self._data.size)

    @property
    def nbytes(self) -> int:
        return int(self._data.nbytes)

    @property
    def ndim(self) -> int:
        return self._data.ndim

    def numel(self) -> int:
        return int(self._data.size)

    def numpy(self) -> np.ndarray:
        return self._data

    def to(self, device: str) -> Tensor:
        if device not in self.DEVICES:
            raise ValueError(f"Unsupported device: {device!r} (expected one of {list(self.DEVICES)})")
        self.device = device
        return self

    def fill_(self, value: Any) -> Tensor:
        self._data.fill(value)
        return self

    def reshape(self, *shape: Any) -> np.ndarray:
        return self._data.reshape(*shape)

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return self._data if dtype is None else self._data.astype(dtype)

    def __getitem__(self, index: Any) -> Any:
        return self._data[index]

    def __setitem__(self, index: Any, value: Any) -> None:
        self._data[index] = value

    def __len__(self) -> int:
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return len(self._data)

    def __iter__(self):
        return iter(self._data)

    def __eq__(self, other: object) -> Any:  # element-wise, as numpy
        return self._data == (other.data if isinstance(other, Tensor) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        body = np.array2string(self._data, separator=",")
        return f"{type(self).__name__}({body}, device='{self.device}')"

    # --- factories (classmethods, so set_tensor_class subclasses make their own) -----------------

    @classmethod
    def _make(cls, array: np.ndarray, device: str) -> Tensor:
        tensor = cls.__new__(cls)
        Tensor.__init__(tensor, array, device=device)
        return tensor

    @classmethod
    def zeros(cls, *size: Any, dtype: Any = None, device: str = "npu", **_: Any) -> Tensor:
        return cls._make(np.zeros(_shape(size), dtype=dtype or cls.DEFAULT_FLOAT_DTYPE), device)

    @classmethod
    def ones(cls, *size: Any, dtype: Any = None, device: str = "npu", **_: Any) -> Tensor:
        return cls._make(np.ones(_shape(size), dtype=dtype or cls.DEFAULT_FLOAT_DTYPE), device)

    @classmethod
    def full(cls, size: Any, fill_value: Any, dtype: Any = None, device: str = "npu", **_: Any) -> Tensor:
        dtype = dtype or np.asarray(fill_value).dtype
        return cls._make(np.full(_shape((size,)), fill_value, dtype=dtype), device)

    @classmethod
    def zeros_like(cls, other: Any, dtype: Any = None, device: str | None = None, **_: Any) -> Tensor:
        like = np.asarray(other)
        device = device or getattr(other, "device", cls.DEFAULT_DEVICE)
        return cls._make(np.zeros(like.shape, dtype=dtype or like.dtype), device)

    @classmethod
    def arange(cls, *args: Any, dtype: Any = None, device: str = "npu", **_: Any) -> Tensor:
        values = np.arange(*args)
        return cls._make(values.astype(dtype or values.dtype), device)

    @classmethod
    def randint(cls, low: int, high: int | None = None, size: Any = None, dtype: Any = None,
                device: str = "npu", **_: Any) -> Tensor:
        if high is None:
            low, high = 0, low
        dtype = np.dtype(dtype or cls.DEFAULT_INT_DTYPE)
        values = _rng().integers(low, high, size=_shape((size,)) if size is not None else None)
        return cls._make(np.asarray(values).astype(dtype), device)

    @classmethod
    def rand(cls, *size: Any, dtype: Any = None, device: str = "npu", **_: Any) -> Tensor:
        values = _rng().random(_shape(size))
        return cls._make(values.astype(dtype or cls.DEFAULT_FLOAT_DTYPE), device)


NpuTensor = Tensor
CPUOnlyTensor = Tensor


def _shape(size: tuple) -> tuple[int, ...]:
    if len(size) == 1 and isinstance(size[0], list | tuple):
        size = tuple(size[0])
    if any(isinstance(d, bool) or not isinstance(d, int | np.integer) or d < 0 for d in size):
        raise TypeError(f"a tensor shape is non-negative integers, got {size!r}")
    return tuple(int(d) for d in size)


_RNG: np.random.Generator | None = None


def _rng() -> np.random.Generator:
    """One generator for the factories; ``$IRON_SEED`` makes runs repeatable."""
    global _RNG
    if _RNG is None:
        seed = os.environ.get("IRON_SEED")
        _RNG = np.random.default_rng(int(seed) if seed and seed.isdigit() else None)
    return _RNG


_TENSOR_CLASS: type[Tensor] = Tensor


def set_tensor_class(cls: type) -> None:
    """Make the factories build ``cls`` (a subclass of :class:`Tensor`)."""
    if not isinstance(cls, type) or not issubclass(cls, Tensor):
        raise ValueError(f"Tensors must inherit from the Tensor class but {cls} does not.")
    global _TENSOR_CLASS
    _TENSOR_CLASS = cls


set_iron_tensor_class = set_tensor_class


def tensor(*args: Any, **kwargs: Any) -> Tensor:
    return _TENSOR_CLASS(*args, **kwargs)


def ones(*args: Any, **kwargs: Any) -> Tensor:
    return _TENSOR_CLASS.ones(*args, **kwargs)


def zeros(*args: Any, **kwargs: Any) -> Tensor:
    return _TENSOR_CLASS.zeros(*args, **kwargs)


def full(*args: Any, **kwargs: Any) -> Tensor:
    return _TENSOR_CLASS.full(*args, **kwargs)


def zeros_like(*args: Any, **kwargs: Any) -> Tensor:
    return _TENSOR_CLASS.zeros_like(*args, **kwargs)


def arange(*args: Any, **kwargs: Any) -> Tensor:
    return _TENSOR_CLASS.arange(*args, **kwargs)


def randint(*args: Any, **kwargs: Any) -> Tensor:
    return _TENSOR_CLASS.randint(*args, **kwargs)


def rand(*args: Any, **kwargs: Any) -> Tensor:
    return _TENSOR_CLASS.rand(*args, **kwargs)


def ceildiv(a: int, b: int) -> int:
    return -(a // -b)


# --- the current device ---------------------------------------------------------------------------

_CURRENT_DEVICE: Any = None


def device_from_name(name: str, n_cols: int | None = None):
    """``"npu"``/``"npu1"`` -> NPU1 family, ``"npu2"`` -> NPU2 family; ``n_cols`` picks
    ``NPU{1,2}Col{n}`` (None or the family's maximum: the whole array)."""
    from iron_ir.device import device as devices

    base = {"npu": "NPU1", "npu1": "NPU1", "npu2": "NPU2", "xcvc1902": "XCVC1902",
            "xcve2302": "XCVE2302", "xcve2802": "XCVE2802"}.get(name.strip().lower())
    if base is None:
        raise ValueError(f"Unknown device name {name!r}; expected npu, npu1, npu2 or a Versal name")
    max_cols = {"NPU1": 4, "NPU2": 8}.get(base)
    if max_cols is None or n_cols is None or n_cols == max_cols:
        return getattr(devices, base)()
    if not 1 <= n_cols < max_cols:
        raise ValueError(f"n_cols must be in 1..{max_cols} (or None for all) for {base}, got {n_cols}")
    return getattr(devices, f"{base}Col{n_cols}")()


def set_current_device(device: Any) -> None:
    """The device ``get_current_device()`` answers (a Device, or a name such as ``"npu2"``)."""
    from iron_ir.device.device import Device

    global _CURRENT_DEVICE
    if isinstance(device, str):
        device = device_from_name(device)
    if device is not None and not isinstance(device, Device):
        raise IronTypeError(f"set_current_device: expected a device such as NPU2(), got {device!r}")
    _CURRENT_DEVICE = device


def get_current_device(*, probe_runtime: bool = True):
    """The device designs compile for (see the module docstring); never None here."""
    if _CURRENT_DEVICE is not None:
        return _CURRENT_DEVICE
    spec = os.environ.get("IRON_DEVICE", "npu")
    name, _, cols = spec.partition(":")
    try:
        return device_from_name(name, int(cols) if cols else None)
    except ValueError as err:
        raise DeviceError(f"$IRON_DEVICE={spec!r}: {err}", "IRON_DEVICE") from None


def ensure_current_device(*, probe_runtime: bool = True):
    """Bind the device :func:`get_current_device` answers as the current one (so that later
    calls answer it whatever ``$IRON_DEVICE`` then says) and return it."""
    device = get_current_device(probe_runtime=probe_runtime)
    set_current_device(device)
    return device


def detect_npu_device():
    """There is no NPU to probe: the current device (see :func:`get_current_device`)."""
    return get_current_device()
