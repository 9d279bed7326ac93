"""``aie.iron.kernels.vision``: rgba2hue, threshold, bitwise_or, bitwise_and, gray2rgba,
rgba2gray, filter2d, add_weighted (one image line per call).

The references run the simulator's model of each C++ line kernel (the vector path the
``*Line`` entry points take) over every line given."""

from __future__ import annotations

from typing import Any

import numpy as np

from iron_ir.api.kernel import ExternalFunction
from iron_ir.errors import IronError
from iron_ir.hostruntime.jit import In, Out
from iron_ir.kernels._common import (
    KernelContract,
    Param,
    bit_width,
    by_model,
    extern,
    kernel_source,
    tensor,
)


def _lines(x: Any, width: int) -> np.ndarray:
    x = np.ascontiguousarray(x)
    return x.reshape(-1, width)


def _line_ref(symbol: str, in_per_px: int, out_per_px: int, n_in: int = 1):
    model = by_model(symbol)

    def reference(*args: Any) -> np.ndarray:
        images, params = args[:n_in], args[n_in:]
        first = np.asarray(images[0])
        width = first.shape[-1] // in_per_px if first.ndim > 1 else first.size // in_per_px
        rows = [_lines(im, width * in_per_px) for im in images]
        out = np.zeros((rows[0].shape[0], width * out_per_px), dtype=first.dtype)
        for i in range(out.shape[0]):
            model(*[r[i].copy() for r in rows], out[i], width, *params)
        return out.reshape(first.shape[:-1] + (width * out_per_px,)) if first.ndim > 1 else out.reshape(-1)

    return reference


rgba2hue_ref = _line_ref("rgba2hueLine", 4, 1)
rgba2gray_ref = _line_ref("rgba2grayLine", 4, 1)
gray2rgba_ref = _line_ref("gray2rgbaLine", 1, 4)
bitwise_or_ref = _line_ref("bitwiseORLine", 1, 1, n_in=2)
bitwise_and_ref = _line_ref("bitwiseANDLine", 1, 1, n_in=2)
threshold_ref = _line_ref("thresholdLine", 1, 1)
"""``threshold_ref(x, thresh, maxval, ttype)`` (OpenCV's five threshold types)."""
add_weighted_ref = _line_ref("addWeightedLine", 1, 1, n_in=2)
"""``add_weighted_ref(a, b, alpha, beta, gamma)``: Q2.14 weights, saturated."""


def filter2d_ref(line0: Any, line1: Any, line2: Any, kernel: Any) -> np.ndarray:
    """The middle line of a 3x3 correlation (the top byte of each int16 tap, >> 4, saturated)."""
    model = by_model("filter2dLine")
    rows = [np.asarray(line, dtype=np.uint8).reshape(-1) for line in (line0, line1, line2)]
    out = np.zeros(rows[0].size, dtype=np.uint8)
    model(*rows, out, rows[0].size, np.asarray(kernel, dtype=np.int16))
    return out


def _aligned(factory: str, line_width: int, lanes: int) -> None:
    if line_width <= 0 or line_width % lanes:
        raise IronError(
            f"kernels.{factory}(): line_width must be a positive multiple of {lanes} (the "
            f"kernel's vector width), got {line_width}"
        )


def _source(name: str) -> str:
    return kernel_source("aie2", f"{name}.cc")


def rgba2hue(line_width: int = 1920) -> ExternalFunction:
    """``rgba2hueLine(rgba[4*w], hue[w], w)``."""
    _aligned("rgba2hue", line_width, 32)
    return extern(
        "rgba2hueLine",
        _source("rgba2hue"),
        [tensor(4 * line_width, np.uint8), tensor(line_width, np.uint8), np.int32],
        KernelContract((In, Out, Param), rgba2hue_ref, ((2, line_width),)),
    )


def rgba2gray(line_width: int = 1920) -> ExternalFunction:
    """``rgba2grayLine(rgba[4*w], gray[w], w)``."""
    return extern(
        "rgba2grayLine",
        _source("rgba2gray"),
        [tensor(4 * line_width, np.uint8), tensor(line_width, np.uint8), np.int32],
        KernelContract((In, Out, Param), rgba2gray_ref, ((2, line_width),)),
    )


def gray2rgba(line_width: int = 1920) -> ExternalFunction:
    """``gray2rgbaLine(gray[w], rgba[4*w], w)``."""
    return extern(
        "gray2rgbaLine",
        _source("gray2rgba"),
        [tensor(line_width, np.uint8), tensor(4 * line_width, np.uint8), np.int32],
        KernelContract((In, Out, Param), gray2rgba_ref, ((2, line_width),)),
    )


def threshold(line_width: int = 1920, dtype: Any = np.uint8) -> ExternalFunction:
    """``thresholdLine(in, out, w, thresh, maxval, type)``; uint8, int16 or int32 pixels."""
    bits = bit_width(dtype, "threshold")
    _aligned("threshold", line_width, 512 // bits)
    line = tensor(line_width, dtype)
    scalar = np.int32 if bits == 32 else np.int16
    return extern(
        "thresholdLine",
        _source("threshold"),
        [line, line, np.int32, scalar, scalar, np.int8],
        KernelContract((In, Out, Param, Param, Param, Param), threshold_ref, ((2, line_width),)),
        compile_flags=[f"-DBIT_WIDTH={bits}"],
    )


def _bitwise(op: str, line_width: int, dtype: Any) -> ExternalFunction:
    factory = f"bitwise_{op.lower()}"
    bits = bit_width(dtype, factory)
    _aligned(factory, line_width, 512 // bits)
    line = tensor(line_width, dtype)
    return extern(
        f"bitwise{op}Line",
        _source(f"bitwise{op}"),
        [line, line, line, np.int32],
        KernelContract((In, In, Out, Param), bitwise_or_ref if op == "OR" else bitwise_and_ref, ((3, line_width),)),
        compile_flags=[f"-DBIT_WIDTH={bits}"],
    )


def bitwise_or(line_width: int = 1920, dtype: Any = np.uint8) -> ExternalFunction:
    """``bitwiseORLine(a, b, out, w)``."""
    return _bitwise("OR", line_width, dtype)


def bitwise_and(line_width: int = 1920, dtype: Any = np.uint8) -> ExternalFunction:
    """``bitwiseANDLine(a, b, out, w)``."""
    return _bitwise("AND", line_width, dtype)


def filter2d(line_width: int = 1920) -> ExternalFunction:
    """``filter2dLine(line0, line1, line2, out, w, kernel[3][3])`` on uint8 lines."""
    if line_width % 32 or line_width < 96:
        raise IronError(
            f"kernels.filter2d(): line_width must be a multiple of 32 and at least 96 (the "
            f"vector kernel treats each border as a 32-pixel block), got {line_width}"
        )
    line = tensor(line_width, np.uint8)
    return extern(
        "filter2dLine",
        _source("filter2d"),
        [line, line, line, line, np.int32, tensor((3, 3), np.int16)],
        KernelContract((In, In, In, Out, Param, Param), filter2d_ref, ((4, line_width),)),
    )


def add_weighted(line_width: int = 1920, dtype: Any = np.uint8) -> ExternalFunction:
    """``addWeightedLine(a, b, out, w, alpha, beta, gamma)``; uint8 or int16 pixels."""
    bits = bit_width(dtype, "add_weighted", (np.uint8, np.int16))
    _aligned("add_weighted", line_width, 256 // bits)
    line = tensor(line_width, dtype)
    gamma = np.int8 if bits == 8 else np.int16
    return extern(
        "addWeightedLine",
        _source("addWeighted"),
        [line, line, line, np.int32, np.int16, np.int16, gamma],
        KernelContract((In, In, Out, Param, Param, Param, Param), add_weighted_ref, ((3, line_width),)),
        compile_flags=[f"-DBIT_WIDTH={bits}"],
    )
