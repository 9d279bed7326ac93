"""The legality rules of one DMA buffer descriptor, as pure functions over numbers.

``verify_dma_bd`` is mlir-aie's ``DMABDOp::verify`` rule for rule (the ``aie.dma_bd``
verifier). ``check_bd_dims`` and ``check_bd_padding`` are what the hardware can run, in 32-bit
words (a BD in a runtime task, which mlir-aie does not verify, may also carry the iteration
dimension); the BD legalization pass and iron-lint use them.

All inputs are in elements (as the IR counts); the hardware limits in the device table are in
32-bit words, and the conversion happens here. Dimensions are outermost first, as in
``[<size = S2, stride = T2>, <size = S1, stride = T1>, <size = S0, stride = T0>]``.
"""

from __future__ import annotations

from collections.abc import Sequence

from iron_ir.device import ADDRESS_GRANULE_BYTES, TileKind, TileKindSpec


def _words(elements: int, element_bytes: int) -> int:
    return elements * element_bytes // ADDRESS_GRANULE_BYTES


def is_contiguous(sizes: Sequence[int], strides: Sequence[int]) -> bool:
    """mlir-aie ``isContiguousBDTransfer``: innermost stride 1, every outer stride equal to the
    product of the inner sizes (size-1 dimensions ignored)."""
    expected = 1
    for size, stride in zip(reversed(sizes), reversed(strides)):
        if size == 1:
            continue
        if stride != expected:
            return False
        expected *= size
    return True


def check_bd_dims(
    sizes: Sequence[int],
    strides: Sequence[int],
    offset: int,
    length: int,
    element_bytes: int,
    buffer_elements: int | None,
    tile_spec: TileKindSpec,
    allow_iteration_dim: bool,
) -> str | None:
    """The first rule a BD's access pattern breaks on a tile of ``tile_spec``, or None.

    ``allow_iteration_dim`` accepts one dimension more than the BD holds; the outermost one is
    then the iteration (repeat) dimension. ``buffer_elements`` is None when the buffer size is
    unknown (no bounds check).
    """
    bd = tile_spec.bd
    kind = tile_spec.kind.human
    eb = element_bytes
    if len(sizes) != len(strides):
        return f"BD has {len(sizes)} sizes but {len(strides)} strides"
    if any(s < 0 for s in sizes) or any(t < 0 for t in strides) or offset < 0 or length < 0:
        return "BD sizes, strides, offset and length must be non-negative"

    if length * eb % ADDRESS_GRANULE_BYTES:
        return (
            "transfer length must be multiple of 4 (i.e., represent 4 byte aligned address): "
            f"{length} elements x {eb} bytes = {length * eb} bytes"
        )
    if offset * eb % ADDRESS_GRANULE_BYTES:
        return (
            f"bd address must be 4 byte (32b) aligned; got offset {offset} elements = "
            f"{offset * eb} bytes"
        )
    words = _words(length, eb)
    if words > bd.max_length:
        return (
            f"buffer descriptor length ({words} 32-bit words) exceeds the maximum of "
            f"{bd.max_length} words supported by this tile type ({kind}); split the transfer "
            "into several BDs"
        )

    max_dims = bd.dims + (1 if allow_iteration_dim else 0)
    if len(sizes) > max_dims:
        extra = " plus one iteration dimension" if allow_iteration_dim else ""
        return (
            f"Cannot give more than {bd.dims} dimensions{extra} for step sizes and wraps on this "
            f"tile ({kind}) (got {len(sizes)} dimensions)."
        )
    if not sizes:
        if buffer_elements is not None and offset + length > buffer_elements:
            return (
                f"BD reads elements {offset}..{offset + length - 1}, past the end of its "
                f"buffer of {buffer_elements} elements"
            )
        return None

    has_iteration = allow_iteration_dim and len(sizes) > bd.dims
    data_sizes = list(sizes[1:] if has_iteration else sizes)
    data_strides = list(strides[1:] if has_iteration else strides)

    if has_iteration:
        it_size, it_stride = sizes[0], strides[0]
        if not 1 <= it_size <= bd.iteration_wrap_max:
            return (
                f"Iteration size {it_size} exceeds the [1:{bd.iteration_wrap_max}] range of "
                "the BD iteration (repeat) dimension."
            )
        if it_size > 1 and it_stride > 0:
            if it_stride * eb % ADDRESS_GRANULE_BYTES:
                return (
                    f"Iteration stride {it_stride} elements x {eb} bytes = {it_stride * eb} bytes "
                    "is not divisible by 4."
                )
            if _words(it_stride, eb) > bd.max_stride:
                return f"Iteration stride may not exceed {bd.max_stride} (32-bit words)."

    innermost = len(data_sizes) - 1
    for i, (size, stride) in enumerate(zip(data_sizes, data_strides)):
        if size > 1 and stride == 0:
            return "Invalid step size; must be a positive integer."
        if size > 1 and buffer_elements is not None and stride > buffer_elements:
            return f"Step size {stride} exceeds memref size {buffer_elements}"

    inner_size, inner_stride = data_sizes[innermost], data_strides[innermost]
    if inner_size > 1 and inner_stride != 1:
        width = "<32b" if eb < 4 else ">32b" if eb > 4 else None
        if width is not None:
            return f"For {width} width datatypes, inner-most dim stride must be 1"

    if eb < ADDRESS_GRANULE_BYTES:
        # The hardware counts sizes of the innermost stepping dim and every outer stride in
        # 32-bit words.
        stepping = [i for i, s in enumerate(data_sizes) if s > 1]
        if stepping:
            inner = stepping[-1]
            if data_sizes[inner] * eb % ADDRESS_GRANULE_BYTES:
                return (
                    f"Inner-most dimension size {data_sizes[inner]} x {eb} bytes = "
                    f"{data_sizes[inner] * eb} bytes must be a multiple of 4 bytes for sub-32b "
                    "element types (the hardware size register is 32-bit-word granularity)."
                )
            for i in stepping[:-1]:
                if data_strides[i] * eb % ADDRESS_GRANULE_BYTES:
                    return (
                        f"Stride {data_strides[i]} x {eb} bytes = {data_strides[i] * eb} bytes "
                        "must be a multiple of 4 bytes for sub-32b element types (the hardware "
                        "stride register is 32-bit-word granularity)."
                    )

    shim_contiguous = tile_spec.kind.is_shim and is_contiguous(data_sizes, data_strides)
    # Innermost first: d0 is the last entry. D0's wrap counts words, outer wraps count steps.
    wrapped = bd.dims - 1 if bd.last_dim_size_implicit else bd.dims
    for d in range(len(data_sizes)):
        i = innermost - d
        size, stride = data_sizes[i], data_strides[i]
        hw_size = _words(size, eb) if d == 0 else size
        if d < wrapped and not shim_contiguous and hw_size > bd.max_size:
            return f"Size may not exceed {bd.max_size}." + (
                f" (dimension {d} of this {kind} BD: {size} elements"
                + (f" = {hw_size} words" if d == 0 and eb != 4 else "")
                + ")"
            )
        if size > 1 and _words(stride, eb) > bd.max_stride:
            return (
                f"Stride may not exceed {bd.max_stride}. (dimension {d} of this {kind} BD: "
                f"stride {stride} elements = {_words(stride, eb)} words)"
            )

    if buffer_elements is not None:
        # the iteration dimension repeats the whole BD; the data dims stop after len elements
        repeat = (sizes[0] - 1) * strides[0] if has_iteration and sizes[0] > 0 else 0
        reach = offset + repeat + _reach(data_sizes, data_strides, length)
        if reach >= buffer_elements:
            return (
                "Specified stride(s) and size(s) result in out of bounds access in buffer, for "
                f"index {reach} in memref of length {buffer_elements}."
            )
    return None


def _reach(sizes: Sequence[int], strides: Sequence[int], length: int) -> int:
    """The largest index among the first ``length`` elements the dims (outermost first) walk.

    A BD stops after ``len`` elements, so a layout describing a whole buffer is legal on a BD
    that moves only its first part (each slice of a join or distribute does this).
    """
    if not sizes:
        return max(length - 1, 0)
    inner = 1
    for s in sizes[1:]:
        inner *= max(s, 1)
    size, stride = sizes[0], strides[0]
    count = min(length, max(size, 1) * inner)
    if count <= 0:
        return 0
    blocks, rest = divmod(count, inner)
    whole = _reach(sizes[1:], strides[1:], inner)
    best = (blocks - 1) * stride + whole if blocks else 0
    if rest:
        best = max(best, blocks * stride + _reach(sizes[1:], strides[1:], rest))
    return best


def check_bd_padding(
    pads: Sequence[tuple[int, int]],
    sizes: Sequence[int],
    length: int,
    element_bytes: int,
    tile_spec: TileKindSpec,
) -> str | None:
    """Zero-padding rules of a BD (pads and dims outermost first), or None when legal."""
    if not pads:
        return None
    if not sizes:
        return "Padding requires n-d data layouts expressed as wrap(s) and stride(s)."
    if not tile_spec.bd.padding or tile_spec.kind is not TileKind.MEM:
        return "Padding is only supported by memtile dma bds."
    if len(pads) != len(sizes):
        return "Mismatch number of dimensions between padding(s) and wrap(s) and stride(s)."
    padded = 1
    for (before, after), size in zip(pads, sizes):
        padded *= size + before + after
    if padded > length:
        return f"Data exceeds len after padding ({padded} padded elements, len {length})."
    if pads[-1][0] * element_bytes % ADDRESS_GRANULE_BYTES:
        return "Inner-most padding-before count must result in padding in 32-bit words."
    return None


def verify_dma_bd(
    sizes: Sequence[int],
    strides: Sequence[int],
    offset: int,
    length: int | None,
    element_bytes: int,
    buffer_elements: int | None,
    tile_spec: TileKindSpec,
    pads: Sequence[tuple[int, int]] | None = None,
    base_address: int | None = None,
) -> str | None:
    """The first ``DMABDOp::verify`` rule a BD in a DMA program breaks, or None.

    ``length`` is the explicit ``len`` (None: the whole buffer); ``buffer_elements`` is None
    for an unranked or dynamically shaped buffer; sizes and limits are counted in elements,
    as mlir-aie's verifier counts them.
    """
    bd = tile_spec.bd
    eb = element_bytes
    total = length
    if total is None and buffer_elements is not None:
        total = buffer_elements - offset
    if total is not None and total * eb % ADDRESS_GRANULE_BYTES:
        return "transfer length must be multiple of 4 (i.e., represent 4 byte aligned address)"
    if total is not None and total > 0 and _words(total, eb) > bd.max_length:
        return (
            f"buffer descriptor length ({_words(total, eb)} 32-bit words) exceeds the maximum "
            f"of {bd.max_length} words supported by this tile type"
        )
    if len(sizes) != len(strides):
        return f"expected the same number of sizes ({len(sizes)}) and strides ({len(strides)})"
    if sizes:
        if len(sizes) > bd.dims:
            return (
                f"Cannot give more than {bd.dims} dimensions for step sizes and wraps on this "
                f"tile (got {len(sizes)} dimensions)."
            )
        if buffer_elements is None:
            return "dimensions attribute cannot be used with unranked memref buffer type."
        reach = sum(t * (s - 1) for s, t in zip(sizes, strides))
        if buffer_elements <= reach:
            return (
                "Specified stride(s) and size(s) result in out of bounds access in buffer, for "
                f"index {reach} in memref of length {buffer_elements}."
            )
        skip_size = tile_spec.kind.is_shim and is_contiguous(sizes, strides)
        for size, stride in zip(sizes, strides):
            if stride == 0 and size > 1:
                return "Invalid step size; must be a positive integer."
            if stride > buffer_elements:
                return f"Step size {stride} exceeds memref size {buffer_elements}"
            if not skip_size and size > bd.max_size:
                return f"Size may not exceed {bd.max_size}."
            if stride > bd.max_stride:
                return f"Stride may not exceed {bd.max_stride}."
        if eb < 4 and strides[-1] != 1:
            return "For <32b width datatypes, inner-most dim stride must be 1"
        if eb > 4 and strides[-1] != 1:
            return "For >32b width datatypes, inner-most dim stride must be 1"
        if eb % ADDRESS_GRANULE_BYTES:
            stepping = [i for i, size in enumerate(sizes) if size > 1]
            for i in stepping:
                size, stride = sizes[i], strides[i]
                if i == stepping[-1] and size * eb % ADDRESS_GRANULE_BYTES:
                    return (
                        f"Innermost dim size ({size}) * {eb}-byte element width = {size * eb} "
                        "bytes: innermost dim size must be a multiple of 4 bytes for sub-32b "
                        "element types (the hardware size register is 32-bit-word granularity)."
                    )
                if i != stepping[-1] and stride * eb % ADDRESS_GRANULE_BYTES:
                    return (
                        f"Dim {i} stride ({stride}) * {eb}-byte element width = {stride * eb} "
                        "bytes: non-innermost dim stride must be a multiple of 4 bytes for "
                        "sub-32b element types (the hardware stepsize register is 32-bit-word "
                        "granularity)."
                    )
    if pads:
        if not sizes:
            return "Padding requires n-d data layouts expressed as wrap(s) and stride(s)."
        if tile_spec.kind is not TileKind.MEM:
            return "Padding is only supported by memtile dma bds."
        if len(pads) != len(sizes):
            return "Mismatch number of dimensions between padding(s) and wrap(s) and stride(s)."
        padded = 1
        for (before, after), size in zip(pads, sizes):
            padded *= size + before + after
            if length is not None and padded > length:
                return "Data exceeds len after padding."
        if pads[-1][0] * eb % ADDRESS_GRANULE_BYTES:
            return "Inner-most padding-before count must result in padding in 32-bit words."
        if pads[-1][1] * eb % ADDRESS_GRANULE_BYTES:
            return "Inner-most padding-after count must result in padding in 32-bit words."
    if base_address is not None and not tile_spec.kind.is_shim:
        where = base_address + offset * eb
        if where % ADDRESS_GRANULE_BYTES:
            return f"bd address must be 4 byte (32b) aligned; got base+offset: {where} (bytes)"
    return None


__all__ = ["check_bd_dims", "check_bd_padding", "is_contiguous", "verify_dma_bd"]
