import numpy as np
import pytest

from iron_ir.sim.kernels import KernelModelError, lookup_model
from iron_ir.sim.kernels.basic import block_transpose_model


def test_pass_through_line_copies_whole_vectors():
    src = np.arange(200, dtype=np.uint8)
    dst = np.zeros(200, dtype=np.uint8)
    lookup_model("passThroughLine")(src, dst, 70)
    # 64-byte vectors: 70 elements move as 128.
    assert (dst[:128] == src[:128]).all() and (dst[128:] == 0).all()


def test_pass_through_tile_int16_and_overrun():
    src = np.arange(-32, 32, dtype=np.int16)
    dst = np.zeros_like(src)
    lookup_model("passThroughTile")(src, dst, 2, 32)
    assert (dst == src).all()
    with pytest.raises(KernelModelError, match="past the end"):
        lookup_model("passThroughLine")(src, dst, 65)


def _zip(a, b, chunk):
    """aie::interleave_zip: chunks of a and b alternate; returns the two halves."""
    out = np.stack([a.reshape(-1, chunk), b.reshape(-1, chunk)], axis=1).reshape(-1)
    return out[: a.size], out[a.size :]


def _unzip(a, b, chunk):
    """aie::interleave_unzip: even chunks of a||b, then odd chunks."""
    both = np.concatenate([a, b]).reshape(-1, chunk)
    return both[0::2].reshape(-1), both[1::2].reshape(-1)


def _transpose_8x8_cpp(inp, dim_m, dim_n):
    """programming_examples/basic/transposes/aie_kernels/transpose.cc, step by step."""
    vs = min(dim_m, dim_n, 512 // inp.dtype.itemsize)
    out = np.zeros_like(inp)
    for col in range(0, dim_m, vs):
        for row in range(0, dim_n, 8):
            r = [inp[col + (row + i) * dim_m :][:vs] for i in range(8)]
            z1 = [_zip(r[0], r[1], 1), _zip(r[2], r[3], 1), _zip(r[4], r[5], 1), _zip(r[6], r[7], 1)]
            z2 = [
                _zip(z1[0][0], z1[1][0], 2), _zip(z1[0][1], z1[1][1], 2),
                _zip(z1[2][0], z1[3][0], 2), _zip(z1[2][1], z1[3][1], 2),
            ]
            z4 = [
                _zip(z2[0][0], z2[2][0], 4), _zip(z2[0][1], z2[2][1], 4),
                _zip(z2[1][0], z2[3][0], 4), _zip(z2[1][1], z2[3][1], 4),
            ]
            zipped = [v for pair in z4 for v in pair]
            u32 = [_unzip(zipped[2 * i], zipped[2 * i + 1], 32) for i in range(4)]
            u16 = [
                _unzip(u32[0][0], u32[1][0], 16), _unzip(u32[2][0], u32[3][0], 16),
                _unzip(u32[0][1], u32[1][1], 16), _unzip(u32[2][1], u32[3][1], 16),
            ]
            u8 = [
                _unzip(u16[0][0], u16[1][0], 8), _unzip(u16[2][0], u16[3][0], 8),
                _unzip(u16[0][1], u16[1][1], 8), _unzip(u16[2][1], u16[3][1], 8),
            ]
            rows = [u8[0][0], u8[0][1], u8[2][0], u8[2][1], u8[1][0], u8[1][1], u8[3][0], u8[3][1]]
            for i, v in enumerate(rows):
                out[col + (row + i) * dim_m :][:vs] = v
    return out


def test_transpose_8x8_matches_the_cpp_shuffles():
    rng = np.random.default_rng(1)
    tile = rng.integers(-(2**31), 2**31, size=(64, 32), dtype=np.int32)
    out = np.zeros_like(tile)
    lookup_model("transpose_8x8")(tile, out)
    assert (out.reshape(-1) == _transpose_8x8_cpp(tile.reshape(-1), 64, 32)).all()


def test_transpose_4x4_blocks():
    tile = np.arange(8 * 12, dtype=np.int16).reshape(8, 12)  # DIM_m=8, DIM_n=12: 12 rows of 8
    out = np.zeros_like(tile)
    lookup_model("transpose_4x4")(tile, out)
    view_in, view_out = tile.reshape(12, 8), out.reshape(12, 8)
    for br in range(0, 12, 4):
        for bc in range(0, 8, 4):
            assert (view_out[br : br + 4, bc : bc + 4] == view_in[br : br + 4, bc : bc + 4].T).all()


def _bd_offsets(sizes, strides):
    """Element offsets of a BD access pattern, outermost dimension first."""
    offsets = np.zeros(1, dtype=np.int64)
    for size, stride in zip(sizes, strides):
        offsets = (offsets[:, None] + np.arange(size) * stride).reshape(-1)
    return offsets


def test_dma_transpose_reference_design_transposes_with_the_kernel():
    # test/lit/reference/Inputs/dma_transpose_npu2_1col.mlir: shim->memtile tiles, memtile
    # writes with dimensionsFromStream, transpose_8x8 per 64x32 tile, tiles drained.
    big = 512
    a = np.arange(big * big, dtype=np.int32)
    c = np.zeros_like(a)
    read = _bd_offsets([8, 16, 64, 32], [32768, 32, 512, 1])
    write_l2 = _bd_offsets([8, 8, 4, 8], [8, 64, 512, 1])
    drain = _bd_offsets([8, 16, 32, 64], [64, 16384, 512, 1])
    kernel = lookup_model("transpose_8x8")
    stream_in = a[read].reshape(-1, 2048)
    stream_out = []
    for tile_stream in stream_in:
        l2 = np.zeros(2048, dtype=np.int32)
        l2[write_l2] = tile_stream
        out = np.zeros((64, 32), dtype=np.int32)
        kernel(l2.reshape(64, 32), out)
        stream_out.append(out.reshape(-1))
    c[drain] = np.concatenate(stream_out)
    assert (c.reshape(big, big) == a.reshape(big, big).T).all()


def test_transpose_needs_a_shape():
    with pytest.raises(KernelModelError, match="block_transpose_model"):
        lookup_model("transpose_8x8")(np.zeros(64, np.int32), np.zeros(64, np.int32))
    model = block_transpose_model(8, dim_m=8, dim_n=8)
    src = np.arange(64, dtype=np.int32)
    dst = np.zeros_like(src)
    model(src, dst)
    assert (dst.reshape(8, 8) == src.reshape(8, 8).T).all()
    with pytest.raises(KernelModelError, match="multiples of 8"):
        lookup_model("transpose_8x8")(np.zeros((12, 8), np.int32), np.zeros((12, 8), np.int32))
