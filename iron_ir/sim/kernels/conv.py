"""Quantized 2-D convolutions of the conv2d / ResNet bottleneck examples.

Data layouts (as the C++ indexes them):

* activations of one image row of width W with C channels: ``[C/8][W][8]``;
* 1x1 weights: ``[OC/8][IC/8][8 ic][8 oc]``;
* 3x3 weights: ``[OC/8][IC/8][ky][kx][8 ic][8 oc]``;
* outputs: ``[OC/8][W][8]``.

Numerics are bit-exact: products accumulate in a 32-bit accumulator and leave
it through ``to_vector<T>(scale)`` with the modes each kernel sets itself --
saturation on, rounding ``positive_inf`` (add half, floor), except
``conv2dk1_i8.cc`` (int8 output) which rounds ``symmetric_inf`` (ties away
from zero).  The skip kernels narrow the convolution to int8 first, add the
skip input, and narrow again with ``skip_scale``.

The registered models are those of the vectorized builds (the default), and
refuse the widths those builds cannot handle: the 1x1 kernels process whole
blocks of 32 pixels (a width that is not a multiple of 32 is laid out wrongly
by the C++), and the 3x3 kernels hard-code a row width of 32.  A design built
with ``-DSCALAR`` registers ``conv2dk1_model(..., scalar=True)`` or
``conv2dk3_model(..., scalar=True)`` instead (any width; the scalar code
rounds ``positive_inf`` everywhere).
"""

from __future__ import annotations

import numpy as np

from iron_ir.sim.kernels._numerics import (
    as_signed,
    as_unsigned,
    flat,
    need,
    srs,
    wrap,
)
from iron_ir.sim.kernels.registry import KernelModelError, builtin_model

_TOP, _MIDDLE, _BOTTOM = 0, 1, 2


def _activations(buf: np.ndarray, width: int, channels: int, kernel: str, what: str) -> np.ndarray:
    """``[C/8][W][8]`` -> int64 matrix (W, C)."""
    data = flat(buf, kernel, what)
    need(data, width * channels, kernel, what)
    return (
        data[: width * channels]
        .reshape(channels // 8, width, 8)
        .transpose(1, 0, 2)
        .reshape(width, channels)
        .astype(np.int64)
    )


def _weights_1x1(data: np.ndarray, offset: int, ic: int, oc: int) -> np.ndarray:
    """``[OC/8][IC/8][8][8]`` starting at ``offset`` -> int64 matrix (IC, OC)."""
    block = data[offset : offset + ic * oc].reshape(oc // 8, ic // 8, 8, 8)
    return block.transpose(1, 2, 0, 3).reshape(ic, oc).astype(np.int64)


def _store(out: np.ndarray, values: np.ndarray) -> None:
    """(W, OC) 8-bit results -> ``[OC/8][W][8]`` at the start of ``out``."""
    if out.dtype.itemsize != 1:
        raise KernelModelError(f"the output buffer must hold 8-bit elements, not {out.dtype}")
    values = values.view(out.dtype)
    width, oc = values.shape
    out[: width * oc] = values.reshape(width, oc // 8, 8).transpose(1, 0, 2).reshape(-1)


def _check_channels(kernel: str, **channels: int) -> None:
    for name, count in channels.items():
        if count <= 0 or count % 8:
            raise KernelModelError(f"{kernel}: {name}={count} must be a positive multiple of 8")


def _check_width(kernel: str, width: int, scalar: bool) -> None:
    if width <= 0:
        raise KernelModelError(f"{kernel}: input_width={width} must be positive")
    if not scalar and width % 32:
        raise KernelModelError(
            f"{kernel}: input_width={width} is not a multiple of 32; the vectorized C++ "
            f"computes whole blocks of 32 pixels and lays out other widths wrongly (a -DSCALAR "
            f"build handles it: register conv2dk1_model(..., scalar=True))"
        )


def _accumulate(acc: np.ndarray) -> np.ndarray:
    return wrap(acc, np.int32).astype(np.int64)


def conv2dk1_model(kernel: str, act_signed: bool, out_signed: bool, *, scalar: bool = False):
    """``kernel(input, kernels, output, input_width, input_channels, output_channels, scale)``."""
    rounding = "symmetric_inf" if out_signed and not scalar else "positive_inf"
    out_dtype = np.int8 if out_signed else np.uint8

    def model(act_in, wts_in, out_buf, input_width, input_channels, output_channels, scale) -> None:
        width, ic, oc = int(input_width), int(input_channels), int(output_channels)
        _check_width(kernel, width, scalar)
        _check_channels(kernel, input_channels=ic, output_channels=oc)
        act_view = as_signed(act_in) if act_signed else as_unsigned(act_in)
        act = _activations(act_view, width, ic, kernel, "input")
        wts = flat(as_signed(wts_in), kernel, "kernels")
        need(wts, ic * oc, kernel, "kernels")
        out = flat(out_buf, kernel, "output")
        need(out, width * oc, kernel, "output")
        acc = _accumulate(act @ _weights_1x1(wts, 0, ic, oc))
        result = srs(acc, int(scale), out_dtype, rounding=rounding, saturation="saturate")
        _store(out, result)

    model.__name__ = f"{kernel}_model"
    return model


_conv2dk1_int8_out = conv2dk1_model("conv2dk1_i8", act_signed=True, out_signed=True)
_conv2dk1_uint8_out = conv2dk1_model("conv2dk1_i8", act_signed=True, out_signed=False)


@builtin_model(
    "conv2dk1_i8",
    source="aie_kernels/aie2/conv2dk1_i8.cc and aie2p/conv2dk1_i8.cc (int8 output), "
    "aie_kernels/aie2/conv2dk1.cc (uint8 output)",
)
def conv2dk1_i8(act_in, wts_in, out_buf, *scalars) -> None:
    """Two sources export this symbol; the output element type tells which was linked."""
    if out_buf.dtype == np.uint8:
        _conv2dk1_uint8_out(act_in, wts_in, out_buf, *scalars)
    else:
        _conv2dk1_int8_out(act_in, wts_in, out_buf, *scalars)


# The object file decides first: a design may declare its output buffer with the other 8-bit
# type (the DMA moves bytes), so the buffer's dtype only decides for other object files.
builtin_model("conv2dk1_i8", source="aie_kernels/aie2/conv2dk1_i8.cc", link_with=("conv2dk1_i8.o",))(
    _conv2dk1_int8_out
)
builtin_model("conv2dk1_i8", source="aie_kernels/aie2/conv2dk1.cc", link_with=("conv2dk1.o",))(
    _conv2dk1_uint8_out
)

builtin_model("conv2dk1_ui8", source="aie_kernels/aie2/conv2dk1.cc")(
    conv2dk1_model("conv2dk1_ui8", act_signed=False, out_signed=False)
)


def conv2dk3_model(kernel: str, act_signed: bool, *, scalar: bool = False):
    """``kernel(line0, line1, line2, wts, output, input_width, input_channels,
    output_channels, kernel_width, kernel_height, check, scale, channel_offset)``.

    3x3 convolution of three input rows with zero padding: ``check`` 0 (top)
    drops ``line0``, 2 (bottom) drops ``line2``; left/right borders pad with 0.
    """

    def model(
        line0, line1, line2, wts_in, out_buf, input_width, input_channels, output_channels,
        kernel_width, kernel_height, check, scale, channel_offset,
    ) -> None:
        width, ic, oc = int(input_width), int(input_channels), int(output_channels)
        if (int(kernel_width), int(kernel_height)) != (3, 3):
            raise KernelModelError(
                f"{kernel}: only 3x3 kernels exist (got {kernel_width}x{kernel_height})"
            )
        if not scalar and width != 32:
            raise KernelModelError(
                f"{kernel}: the vectorized C++ hard-codes input_width 32 (got {width}); a -DSCALAR "
                f"build handles other widths: register conv2dk3_model(..., scalar=True)"
            )
        if width < 2:
            raise KernelModelError(f"{kernel}: input_width={width} must be at least 2")
        _check_channels(kernel, input_channels=ic, output_channels=oc)
        check = int(check)
        if check not in (_TOP, _MIDDLE, _BOTTOM):
            raise KernelModelError(f"{kernel}: check={check} must be 0 (top), 1 (middle) or 2 (bottom)")
        offset = int(channel_offset)
        if offset < 0 or offset % 8:
            raise KernelModelError(f"{kernel}: channel_offset={offset} must be a multiple of 8")
        as_act = as_signed if act_signed else as_unsigned
        rows = [
            _activations(as_act(line), width, ic, kernel, f"line{i}")
            for i, line in enumerate((line0, line1, line2))
        ]
        wts = flat(as_signed(wts_in), kernel, "wts")
        per_oc_block = (ic // 8) * 9 * 64
        first = (offset // 8) * per_oc_block
        need(wts, first + (oc // 8) * per_oc_block, kernel, "wts")
        w3 = (
            wts[first : first + (oc // 8) * per_oc_block]
            .reshape(oc // 8, ic // 8, 3, 3, 8, 8)
            .transpose(2, 3, 1, 4, 0, 5)
            .reshape(3, 3, ic, oc)
            .astype(np.int64)
        )
        out = flat(out_buf, kernel, "output")
        need(out, width * oc, kernel, "output")
        # Zero padding above the top row and below the bottom row: skip that kernel row.
        used = [ky for ky in range(3) if (ky, check) not in ((0, _TOP), (2, _BOTTOM))]
        acc = np.zeros((width, oc), dtype=np.int64)
        for ky in used:
            padded = np.zeros((width + 2, ic), dtype=np.int64)
            padded[1:-1] = rows[ky]
            for kx in range(3):
                acc += padded[kx : kx + width] @ w3[ky, kx]
        result = srs(_accumulate(acc), int(scale), np.uint8, rounding="positive_inf", saturation="saturate")
        _store(out, result)

    model.__name__ = f"{kernel}_model"
    return model


builtin_model("conv2dk3_ui8", source="aie_kernels/aie2/conv2dk3.cc")(
    conv2dk3_model("conv2dk3_ui8", act_signed=False)
)
builtin_model("conv2dk3_i8", source="aie_kernels/aie2/conv2dk3.cc")(
    conv2dk3_model("conv2dk3_i8", act_signed=True)
)


def _split_conv(kernel: str, input0, input1, wts: np.ndarray, width: int, ic: int, oc: int, scale: int):
    """The bottleneck's 1x1 convolution whose input channels arrive in two halves, to int8."""
    half = ic // 2
    acc = _activations(as_unsigned(input0), width, half, kernel, "input0") @ _weights_1x1(
        _halves(wts, ic, oc, first=True), 0, half, oc
    )
    acc += _activations(as_unsigned(input1), width, half, kernel, "input1") @ _weights_1x1(
        _halves(wts, ic, oc, first=False), 0, half, oc
    )
    return srs(_accumulate(acc), scale, np.int8, rounding="positive_inf", saturation="saturate")


def _halves(wts: np.ndarray, ic: int, oc: int, *, first: bool) -> np.ndarray:
    """The ``[OC/8][IC/16][8][8]`` weights of one half of the input channels."""
    blocks = wts[: ic * oc].reshape(oc // 8, ic // 8, 64)
    half = blocks[:, : ic // 16] if first else blocks[:, ic // 16 :]
    return half.reshape(-1)


def conv2dk1_skip_model(kernel: str, skip_signed: bool, *, scalar: bool = False):
    """``kernel(input0, input1, kernels, output, skip, input_width, input_channels,
    output_channels, scale, skip_scale)``: 1x1 conv of the two input halves, plus ``skip``."""

    def model(
        input0, input1, wts_in, out_buf, skip_in, input_width, input_channels, output_channels,
        scale, skip_scale,
    ) -> None:
        width, ic, oc = int(input_width), int(input_channels), int(output_channels)
        _check_width(kernel, width, scalar)
        _check_channels(kernel, input_channels=ic, output_channels=oc)
        if ic % 16:
            raise KernelModelError(f"{kernel}: input_channels={ic} must be a multiple of 16 (two halves)")
        wts = flat(as_signed(wts_in), kernel, "kernels")
        need(wts, ic * oc, kernel, "kernels")
        out = flat(out_buf, kernel, "output")
        need(out, width * oc, kernel, "output")
        conv = _split_conv(kernel, input0, input1, wts, width, ic, oc, int(scale)).astype(np.int64)
        skip_view = as_signed(skip_in) if skip_signed else as_unsigned(skip_in)
        skip = _activations(skip_view, width, oc, kernel, "skip")
        result = srs(conv + skip, int(skip_scale), np.uint8, rounding="positive_inf", saturation="saturate")
        _store(out, result)

    model.__name__ = f"{kernel}_model"
    return model


builtin_model("conv2dk1_skip_i8", source="aie_kernels/aie2/conv2dk1_skip.cc")(
    conv2dk1_skip_model("conv2dk1_skip_i8", skip_signed=True)
)
builtin_model("conv2dk1_skip_ui8", source="aie_kernels/aie2/conv2dk1_skip.cc")(
    conv2dk1_skip_model("conv2dk1_skip_ui8", skip_signed=False)
)


def conv2dk1_skip_init_model(kernel: str, skip_signed: bool, *, scalar: bool = False):
    """``kernel(input0, input1, kernels, output, skip, input_width, input_channels,
    output_channels, input_channels_skip, scale, skip_scale, scale_skip_conv)``:
    like ``conv2dk1_skip`` but the skip path is itself a 1x1 convolution whose
    weights follow the main ones in ``kernels`` (at offset OC * IC)."""

    def model(
        input0, input1, wts_in, out_buf, skip_in, input_width, input_channels, output_channels,
        input_channels_skip, scale, skip_scale, scale_skip_conv,
    ) -> None:
        width, ic = int(input_width), int(input_channels)
        oc, ics = int(output_channels), int(input_channels_skip)
        _check_width(kernel, width, scalar)
        _check_channels(kernel, input_channels=ic, output_channels=oc, input_channels_skip=ics)
        if ic % 16:
            raise KernelModelError(f"{kernel}: input_channels={ic} must be a multiple of 16 (two halves)")
        wts = flat(as_signed(wts_in), kernel, "kernels")
        need(wts, ic * oc + ics * oc, kernel, "kernels")
        out = flat(out_buf, kernel, "output")
        need(out, width * oc, kernel, "output")
        conv = _split_conv(kernel, input0, input1, wts, width, ic, oc, int(scale)).astype(np.int64)
        skip_view = as_signed(skip_in) if skip_signed else as_unsigned(skip_in)
        skip_act = _activations(skip_view, width, ics, kernel, "skip")
        skip_acc = _accumulate(skip_act @ _weights_1x1(wts, ic * oc, ics, oc))
        skip_conv = srs(
            skip_acc, int(scale_skip_conv), np.int8, rounding="positive_inf", saturation="saturate"
        )
        result = srs(
            conv + skip_conv.astype(np.int64), int(skip_scale), np.uint8,
            rounding="positive_inf", saturation="saturate",
        )
        _store(out, result)

    model.__name__ = f"{kernel}_model"
    return model


builtin_model("conv2dk1_skip_init_i8", source="aie_kernels/aie2/conv2dk1_skip_init.cc")(
    conv2dk1_skip_init_model("conv2dk1_skip_init_i8", skip_signed=True)
)
builtin_model("conv2dk1_skip_init_ui8", source="aie_kernels/aie2/conv2dk1_skip_init.cc")(
    conv2dk1_skip_init_model("conv2dk1_skip_init_ui8", skip_signed=False)
)
