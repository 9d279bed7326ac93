"""AIE vector-unit arithmetic the kernel models share.

``srs`` is the shift-round-saturate an accumulator goes through on its way to
a vector (``acc.to_vector<T>(shift)``).  Its rounding and saturation follow
the core's mode registers: a fresh core boots in ``floor`` rounding with no
saturation (the narrowed value keeps its low bits), and a kernel that needs
otherwise calls ``aie::set_rounding``/``aie::set_saturation`` itself.  The
models of such kernels pass those modes explicitly; the others use the boot
defaults below.

bf16 results leave an fp32 accumulator through the same rounding mode.  In the
boot mode (``floor``) the models truncate the low 16 bits of the fp32 value
(were the hardware to floor negative values toward -inf instead, those would
differ by one bf16 ulp); scalar C++ (``(bfloat16)f``) rounds to nearest even.

The mode registers belong to the core and keep whatever the last kernel set.
The models do not track that state: a kernel that sets its modes is modelled
with them, every other kernel with the boot modes.  A design that runs, say,
``filter2dLine`` (which turns saturation on) and then ``rgba2hueLine`` (which
relies on wrap-around) on the same core gets saturated hues on hardware; such
a design needs its own model of the later kernel (``register_model``), built
from ``srs`` with the modes it really runs under.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from iron_ir.sim.kernels.registry import KernelModelError

BF16 = np.dtype(ml_dtypes.bfloat16)

BOOT_ROUNDING = "floor"
BOOT_SATURATION = "none"
# How the vector unit turns fp32 into bf16 in the boot rounding mode.
BOOT_BF16_ROUNDING = "truncate"

ROUNDING_MODES = (
    "floor",
    "ceil",
    "symmetric_floor",
    "symmetric_ceil",
    "positive_inf",
    "negative_inf",
    "symmetric_inf",
    "symmetric_zero",
    "conv_even",
    "conv_odd",
)
SATURATION_MODES = ("none", "saturate", "symmetric")


def srs(
    acc: np.ndarray,
    shift: int,
    dtype: np.dtype | type,
    *,
    rounding: str = BOOT_ROUNDING,
    saturation: str = BOOT_SATURATION,
) -> np.ndarray:
    """Shift ``acc`` (integers) right by ``shift`` with ``rounding``, narrow to ``dtype``."""
    if rounding not in ROUNDING_MODES:
        raise ValueError(f"unknown rounding mode {rounding!r}; one of {ROUNDING_MODES}")
    if saturation not in SATURATION_MODES:
        raise ValueError(f"unknown saturation mode {saturation!r}; one of {SATURATION_MODES}")
    if shift < 0:
        raise KernelModelError(f"a shift-round-saturate cannot shift by {shift} (negative)")
    acc = np.asarray(acc, dtype=np.int64)
    value = _round_shift(acc, shift, rounding)
    info = np.iinfo(dtype)
    if saturation == "saturate":
        value = np.clip(value, info.min, info.max)
    elif saturation == "symmetric":
        bound = min(info.max, -info.min) if info.min < 0 else info.max
        value = np.clip(value, -bound if info.min < 0 else 0, bound)
    return value.astype(dtype)


def _round_shift(acc: np.ndarray, shift: int, rounding: str) -> np.ndarray:
    if shift == 0:
        return acc
    q = acc >> shift
    r = acc - (q << shift)
    half = np.int64(1) << (shift - 1)
    nonneg = acc >= 0
    up = {
        "floor": np.zeros_like(acc, dtype=bool),
        "ceil": r != 0,
        "symmetric_floor": ~nonneg & (r != 0),
        "symmetric_ceil": nonneg & (r != 0),
        "positive_inf": r >= half,
        "negative_inf": r > half,
        "symmetric_inf": np.where(nonneg, r >= half, r > half),
        "symmetric_zero": np.where(nonneg, r > half, r >= half),
        "conv_even": (r > half) | ((r == half) & ((q & 1) == 1)),
        "conv_odd": (r > half) | ((r == half) & ((q & 1) == 0)),
    }[rounding]
    return q + up.astype(np.int64)


def wrap(acc: np.ndarray, dtype: np.dtype | type) -> np.ndarray:
    """Keep the low bits of integer ``acc`` as ``dtype`` (two's-complement wrap)."""
    return np.asarray(acc, dtype=np.int64).astype(dtype)


def c_int(value: int | float, dtype: np.dtype | type) -> int:
    """A scalar argument as the C++ parameter of type ``dtype`` sees it."""
    if isinstance(value, float) and not value.is_integer():
        raise KernelModelError(f"an integer kernel argument got the float {value}")
    bits = np.iinfo(dtype).bits
    low = int(value) & ((1 << bits) - 1)
    if np.iinfo(dtype).min < 0 and low >> (bits - 1):
        low -= 1 << bits
    return low


def to_bf16(values: np.ndarray, rounding: str) -> np.ndarray:
    """fp32 ``values`` as bf16: ``"truncate"`` drops the low 16 bits, ``"nearest_even"`` rounds."""
    f32 = np.ascontiguousarray(values, dtype=np.float32)
    if rounding == "nearest_even":
        return f32.astype(BF16)
    if rounding == "truncate":
        # The high half of each fp32 word is the truncated bf16 (one integer pass, no cast).
        return (f32.view(np.uint32) >> np.uint32(16)).astype(np.uint16).view(BF16)
    raise ValueError(f"unknown bf16 rounding {rounding!r}; 'truncate' or 'nearest_even'")


def bf16_to_f32(values: np.ndarray) -> np.ndarray:
    """bf16 ``values`` widened to fp32, exactly: the bf16 bits are the high half of the word."""
    bits = values.view(np.uint16).astype(np.uint32)
    bits <<= np.uint32(16)
    return bits.view(np.float32)


def flat(array: np.ndarray, kernel: str, what: str) -> np.ndarray:
    """A 1-D view of a buffer argument (writes through it reach the buffer)."""
    if not isinstance(array, np.ndarray):
        raise KernelModelError(
            f"{kernel}: argument {what} must be a buffer (numpy array), got {type(array).__name__}"
        )
    if not array.flags.c_contiguous:
        raise KernelModelError(f"{kernel}: buffer {what} is not contiguous; models write in place")
    return array.reshape(-1)


def need(array: np.ndarray, count: int, kernel: str, what: str) -> None:
    """Fail unless ``array`` holds at least ``count`` elements (the C++ would overrun it)."""
    if count < 0:
        raise KernelModelError(f"{kernel}: {what} needs a negative element count ({count})")
    if array.size < count:
        raise KernelModelError(
            f"{kernel}: {what} has {array.size} elements but the kernel touches {count}; "
            f"the C++ would run past the end of the buffer"
        )


def expect_dtype(array: np.ndarray, kernel: str, what: str, *dtypes) -> None:
    """Fail unless ``array`` has one of ``dtypes``."""
    dtype = array.dtype
    for d in dtypes:
        if dtype == d:
            return
    allowed = [np.dtype(d) for d in dtypes]
    if dtype not in allowed:
        names = ", ".join(str(d) for d in allowed)
        raise KernelModelError(f"{kernel}: {what} has element type {array.dtype}; expected {names}")


def operands(kernel: str, dtype, *named: tuple[np.ndarray, str, int]) -> list[np.ndarray]:
    """The 1-D views of buffer arguments ``(array, what, count)`` that all hold ``dtype``, each
    at least ``count`` elements: their types are checked first, then their layout, then their
    sizes."""
    for array, what, _ in named:
        expect_dtype(array, kernel, what, dtype)
    views = [flat(array, kernel, what) for array, what, _ in named]
    for view, (_, what, count) in zip(views, named):
        need(view, count, kernel, what)
    return views


def as_unsigned(array: np.ndarray) -> np.ndarray:
    """An ``int8`` buffer seen as the ``uint8_t*`` the C++ declares (same bytes, a view)."""
    if array.dtype == np.int8:
        return array.view(np.uint8)
    return array


def as_signed(array: np.ndarray) -> np.ndarray:
    """A ``uint8`` buffer seen as the ``int8_t*`` the C++ declares (same bytes, a view)."""
    if array.dtype == np.uint8:
        return array.view(np.int8)
    return array


def round_up(n: int, multiple: int) -> int:
    return -(-n // multiple) * multiple
