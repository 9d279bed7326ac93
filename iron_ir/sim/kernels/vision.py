"""Vision line/tile kernels of the color-detect, edge-detect and color-threshold examples.

Bit-exact.  Fixed-point details reproduced from the C++:

* ``rgba2grayLine``: ``Y = (16384 + 9798 R + 19235 G + 3736 B) >> 15`` (BT.470
  weights in Q15, rounding term pre-added, then a floor shift).
* ``rgba2hueLine`` (vector kernel): the Q7.9 table ``floor(85 * 512 / d)`` of
  ``lut_inv_8b.h`` for the divisor ``d = max - min`` (``d = 0`` reads the
  ``d = 1`` entry), partial hues seeded with ``1, 171, 341`` in Q.9, shifted
  by 10 and narrowed *without* saturation (a negative hue wraps around the
  circle, as on hardware); ``rgba2hueTile`` runs the scalar C++ (integer
  division, ``(h + 1) >> 1``).
* ``filter2dLine``: the int16 3x3 coefficients become int8 (``k >> 8``), the
  row borders replicate the edge pixel, and the sum is shifted by 4 with
  floor rounding and saturated to uint8.
* ``addWeightedLine``: ``(gamma + alpha * a + beta * b) >> 14`` with floor
  rounding, saturated (note ``gamma`` is added before the shift, as the C++
  seeds the accumulator with it).
* ``thresholdLine``: OpenCV's five modes; any other type acts as TRUNC.

The ``*Line``/``*Tile`` kernels step a whole vector at a time, so a width
that is not a multiple of the vector length is rounded up (the rgba kernels
round down: they only process whole groups of 32 pixels); the models do the
same and refuse buffers the C++ would overrun.  8-bit kernels are built for
``uint8_t``: an ``int8`` buffer is read as unsigned.
"""

from __future__ import annotations

import numpy as np

from iron_ir.sim.kernels._numerics import (
    as_unsigned,
    c_int,
    expect_dtype,
    flat,
    need,
    round_up,
    srs,
)
from iron_ir.sim.kernels.registry import KernelModelError, builtin_model

_SRC = "aie_kernels/aie2/{}.cc"


def _pixels(kernel: str, buf: np.ndarray, what: str, count: int) -> np.ndarray:
    data = flat(as_unsigned(buf), kernel, what)
    need(data, count, kernel, what)
    return data


def _rgb(kernel: str, rgba_in: np.ndarray, pixels: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    expect_dtype(rgba_in, kernel, "rgba in", np.uint8, np.int8)
    data = _pixels(kernel, rgba_in, "rgba in", 4 * pixels)[: 4 * pixels].reshape(pixels, 4)
    return tuple(data[:, ch].astype(np.int64) for ch in range(3))


# Q15 BT.470 luma weights: (int16_t)round(w * (1 << 15)).
_GRAY_WEIGHTS = (9798, 19235, 3736)


def _rgba2gray(kernel: str, rgba_in, y_out, pixels: int) -> None:
    pixels = (pixels // 32) * 32
    r, g, b = _rgb(kernel, rgba_in, pixels)
    out = _pixels(kernel, y_out, "out", pixels)
    acc = (1 << 14) + _GRAY_WEIGHTS[0] * r + _GRAY_WEIGHTS[1] * g + _GRAY_WEIGHTS[2] * b
    out[:pixels] = srs(acc, 15, np.uint8)


@builtin_model("rgba2grayLine", source=_SRC.format("rgba2gray"))
def rgba2gray_line(rgba_in, y_out, line_width) -> None:
    _rgba2gray("rgba2grayLine", rgba_in, y_out, int(line_width))


@builtin_model("rgba2grayTile", source=_SRC.format("rgba2gray"))
def rgba2gray_tile(rgba_in, y_out, tile_height, tile_width) -> None:
    _rgba2gray("rgba2grayTile", rgba_in, y_out, int(tile_height) * int(tile_width))


def _gray2rgba(kernel: str, y_in, rgba_out, height: int, width: int) -> None:
    expect_dtype(y_in, kernel, "in", np.uint8, np.int8)
    # Whole 32-pixel steps, then 16 at a time: a row covers width rounded up to 16.
    row = round_up(width, 16)
    if height > 1 and row != width:
        raise KernelModelError(
            f"{kernel}: tileWidth={width} is not a multiple of 16; the C++ would run each row "
            f"16-pixel steps past the previous one and misalign the tile"
        )
    count = height * row
    y = _pixels(kernel, y_in, "in", count)[:count]
    out = _pixels(kernel, rgba_out, "out", 4 * count)
    pixels = np.empty((count, 4), dtype=np.uint8)
    pixels[:, :3] = y[:, None]
    pixels[:, 3] = 255
    out[: 4 * count] = pixels.reshape(-1)


@builtin_model("gray2rgbaLine", source=_SRC.format("gray2rgba"))
def gray2rgba_line(y_in, rgba_out, line_width) -> None:
    _gray2rgba("gray2rgbaLine", y_in, rgba_out, 1, int(line_width))


@builtin_model("gray2rgbaTile", source=_SRC.format("gray2rgba"))
def gray2rgba_tile(y_in, rgba_out, tile_height, tile_width) -> None:
    _gray2rgba("gray2rgbaTile", y_in, rgba_out, int(tile_height), int(tile_width))


def hue_divisor_lut() -> np.ndarray:
    """``lut_inv_16b`` of lut_inv_8b.h: ``85 / d`` in Q7.9, truncated; entry 0 repeats entry 1."""
    d = np.arange(256, dtype=np.int64)
    return (85 * 512) // np.maximum(d, 1)


_HUE_LUT = hue_divisor_lut()


def _rgb_extrema(r, g, b):
    return np.minimum(np.minimum(r, g), b), np.maximum(np.maximum(r, g), b)


@builtin_model("rgba2hueLine", source=_SRC.format("rgba2hue") + " with lut_inv_8b.h")
def rgba2hue_line(rgba_in, hue_out, line_width) -> None:
    kernel = "rgba2hueLine"
    pixels = (int(line_width) // 32) * 32
    r, g, b = _rgb(kernel, rgba_in, pixels)
    out = _pixels(kernel, hue_out, "out", pixels)
    low, high = _rgb_extrema(r, g, b)
    divisor = high - low
    inverse = _HUE_LUT[divisor]
    hr = srs((1 << 9) + (g - b) * inverse, 10, np.uint8)
    hg = srs((171 << 9) + (b - r) * inverse, 10, np.uint8)
    hb = srs((341 << 9) + (r - g) * inverse, 10, np.uint8)
    hue = np.where(high == r, hr, hb)
    hue = np.where(high == g, hg, hue)
    out[:pixels] = np.where(divisor == 0, np.uint8(0), hue)


@builtin_model("rgba2hueTile", source=_SRC.format("rgba2hue") + " (scalar path)")
def rgba2hue_tile(rgba_in, hue_out, tile_height, tile_width) -> None:
    kernel = "rgba2hueTile"
    pixels = int(tile_height) * int(tile_width)
    r, g, b = _rgb(kernel, rgba_in, pixels)
    out = _pixels(kernel, hue_out, "out", pixels)
    low, high = _rgb_extrema(r, g, b)
    span = np.maximum(high - low, 1)

    def c_div(num):  # C integer division truncates toward zero
        return np.sign(num) * (np.abs(num) // span)

    h = np.where(
        high == r,
        c_div(85 * (g - b)),
        np.where(high == g, 170 + c_div(85 * (b - r)), 340 + c_div(85 * (r - g))),
    )
    h = np.where((high == 0) | (high == low), 0, h)
    out[:pixels] = ((h + 1) >> 1).astype(np.uint8)


def _filter2d(line0, line1, line2, out_buf, line_width, coefficients) -> None:
    kernel = "filter2dLine"
    width = int(line_width)
    # A 32-pixel block at each border plus one per middle step (i from 64 while i < width - 1).
    blocks = 2 + len(range(64, width - 1, 32))
    count = 32 * blocks
    expect_dtype(coefficients, kernel, "filterKernel", np.int16)
    taps = flat(coefficients, kernel, "filterKernel")
    need(taps, 9, kernel, "filterKernel")
    weights = (taps[:9].astype(np.int64) >> 8).reshape(3, 3)
    acc = np.zeros(count, dtype=np.int64)
    for row, line in enumerate((line0, line1, line2)):
        expect_dtype(line, kernel, f"lineIn{row}", np.uint8, np.int8)
        pixels = _pixels(kernel, line, f"lineIn{row}", count)[:count].astype(np.int64)
        padded = np.concatenate(([pixels[0]], pixels, [pixels[-1]]))
        for tap in range(3):
            acc += weights[row, tap] * padded[tap : tap + count]
    out = _pixels(kernel, out_buf, "out", count)
    out[:count] = srs(acc, 4, np.uint8, saturation="saturate")


builtin_model("filter2dLine", source=_SRC.format("filter2d"))(_filter2d)


_VECTOR_BYTES = 64


def _lanes(kernel: str, dtype: np.dtype) -> int:
    if dtype.itemsize not in (1, 2, 4):
        raise KernelModelError(f"{kernel}: built for 8-, 16- or 32-bit pixels, not {dtype}")
    return _VECTOR_BYTES // dtype.itemsize


def _pixel_type(kernel: str, buf: np.ndarray) -> np.dtype:
    """The C++ pixel type of a BIT_WIDTH build: uint8_t, int16_t or int32_t."""
    expect_dtype(buf, kernel, "in", np.uint8, np.int8, np.int16, np.int32)
    return np.dtype(np.uint8) if buf.dtype.itemsize == 1 else buf.dtype


def _typed(kernel: str, buf: np.ndarray, dtype: np.dtype, what: str, count: int) -> np.ndarray:
    if buf.dtype.itemsize != dtype.itemsize:
        raise KernelModelError(f"{kernel}: {what} is {buf.dtype} but the pixels are {dtype}")
    data = flat(buf.view(dtype), kernel, what)
    need(data, count, kernel, what)
    return data


THRESH_BINARY, THRESH_BINARY_INV, THRESH_TRUNC, THRESH_TOZERO, THRESH_TOZERO_INV = range(5)


def _threshold(kernel: str, img_in, img_out, pixels: int, thresh, max_value, mode) -> None:
    dtype = _pixel_type(kernel, img_in)
    count = round_up(pixels, _lanes(kernel, dtype))
    src = _typed(kernel, img_in, dtype, "in", count)[:count]
    dst = _typed(kernel, img_out, dtype, "out", count)
    t, top, mode = c_int(thresh, dtype), c_int(max_value, dtype), c_int(mode, np.uint8)
    above = src > t
    zero = np.zeros_like(src)
    result = {
        THRESH_BINARY: np.where(above, np.asarray(top, dtype), zero),
        THRESH_BINARY_INV: np.where(above, zero, np.asarray(top, dtype)),
        THRESH_TOZERO: np.where(above, src, zero),
        THRESH_TOZERO_INV: np.where(above, zero, src),
    }.get(mode, np.minimum(src, np.asarray(t, dtype)))
    dst[:count] = result


@builtin_model("thresholdLine", source=_SRC.format("threshold"))
def threshold_line(img_in, img_out, line_width, threshold_value, max_value, threshold_type) -> None:
    _threshold("thresholdLine", img_in, img_out, int(line_width), threshold_value, max_value, threshold_type)


@builtin_model("thresholdTile", source=_SRC.format("threshold"))
def threshold_tile(
    img_in, img_out, tile_height, tile_width, threshold_value, max_value, threshold_type
) -> None:
    _threshold(
        "thresholdTile", img_in, img_out, int(tile_height) * int(tile_width),
        threshold_value, max_value, threshold_type,
    )


def _add_weighted(kernel: str, in1, in2, out_buf, pixels: int, alpha, beta, gamma) -> None:
    dtype = _pixel_type(kernel, in1)
    # 32 uint8 or 16 int16/int32 pixels per step.
    count = round_up(pixels, 32 if dtype.itemsize == 1 else 16)
    a = _typed(kernel, in1, dtype, "in1", count)[:count].astype(np.int64)
    b = _typed(kernel, in2, dtype, "in2", count)[:count].astype(np.int64)
    out = _typed(kernel, out_buf, dtype, "out", count)
    acc = c_int(gamma, dtype) + c_int(alpha, np.int16) * a + c_int(beta, np.int16) * b
    if dtype.itemsize < 4:  # the 32-bit accumulator lanes wrap
        acc = acc.astype(np.int32).astype(np.int64)
    out[:count] = srs(acc, 14, dtype, saturation="saturate")


@builtin_model("addWeightedLine", source=_SRC.format("addWeighted"))
def add_weighted_line(in1, in2, out, line_width, alpha, beta, gamma) -> None:
    _add_weighted("addWeightedLine", in1, in2, out, int(line_width), alpha, beta, gamma)


@builtin_model("addWeightedTile", source=_SRC.format("addWeighted"))
def add_weighted_tile(in1, in2, out, tile_height, tile_width, alpha, beta, gamma) -> None:
    _add_weighted("addWeightedTile", in1, in2, out, int(tile_height) * int(tile_width), alpha, beta, gamma)


def _bitwise_model(kernel: str, op, tile: bool):
    def model(in1, in2, out_buf, *dims) -> None:
        if len(dims) != (2 if tile else 1):
            raise KernelModelError(f"{kernel}: expects {'tileHeight, tileWidth' if tile else 'lineWidth'}")
        pixels = int(dims[0]) * (int(dims[1]) if tile else 1)
        dtype = _pixel_type(kernel, in1)
        count = round_up(pixels, _lanes(kernel, dtype))
        a = _typed(kernel, in1, dtype, "in1", count)[:count]
        b = _typed(kernel, in2, dtype, "in2", count)[:count]
        _typed(kernel, out_buf, dtype, "out", count)[:count] = op(a, b)

    model.__name__ = kernel
    return model


for _op_name, _op in (("OR", np.bitwise_or), ("AND", np.bitwise_and)):
    for _kind in ("Line", "Tile"):
        _name = f"bitwise{_op_name}{_kind}"
        builtin_model(_name, source=_SRC.format(f"bitwise{_op_name}"))(
            _bitwise_model(_name, _op, tile=_kind == "Tile")
        )
