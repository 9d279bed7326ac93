"""The device table states the hardware facts of mlir-aie's target models (AIETargetModel.cpp):
array shapes, tile kinds, memories, locks, BDs and DMA channels per device."""

import pytest

from iron_ir.device import (
    DEVICES,
    DEVICES_BY_ENUM,
    Arch,
    TileKind,
    UnknownDeviceError,
    compile_targets,
    get_device,
)

NPU_TARGETS = ["npu1", "npu1_1col", "npu1_2col", "npu1_3col", "npu2"] + [
    f"npu2_{n}col" for n in range(1, 8)
]


def test_every_npu_target_is_present_with_mlir_aie_enum_values():
    expected = {"xcvc1902": 1, "xcve2302": 2, "xcve2802": 3, "npu1": 4, "npu1_1col": 5,
                "npu1_2col": 6, "npu1_3col": 7, "npu2": 8}
    expected |= {f"npu2_{n}col": 8 + n for n in range(1, 8)}
    assert {name: d.enum_value for name, d in DEVICES.items()} == expected
    assert set(DEVICES_BY_ENUM) == set(expected.values())
    assert [d.name for d in compile_targets()] == NPU_TARGETS


@pytest.mark.parametrize(
    "name,columns,arch",
    [("npu1", 4, Arch.AIE2), ("npu1_1col", 1, Arch.AIE2), ("npu1_3col", 3, Arch.AIE2),
     ("npu2", 8, Arch.AIE2P), ("npu2_1col", 1, Arch.AIE2P), ("npu2_7col", 7, Arch.AIE2P)],
)
def test_npu_grids(name, columns, arch):
    d = get_device(name)
    assert (d.columns, d.rows, d.arch) == (columns, 6, arch)
    for c in range(columns):
        assert d.tile_kind(c, 0) is TileKind.SHIM_NOC
        assert d.tile_kind(c, 1) is TileKind.MEM
        for r in range(2, 6):
            assert d.tile_kind(c, r) is TileKind.COMPUTE
    assert d.tile_kind(columns, 2) is None
    assert d.tile_kind(0, 6) is None
    assert d.tile_kind(-1, 0) is None
    assert len(d.tiles(TileKind.COMPUTE)) == 4 * columns


def test_compute_tiles_are_listed_column_major_like_iron():
    assert get_device("npu1_2col").tiles(TileKind.COMPUTE)[:5] == [
        (0, 2), (0, 3), (0, 4), (0, 5), (1, 2)]


@pytest.mark.parametrize("name", NPU_TARGETS)
def test_npu_tile_resources(name):
    d = get_device(name)
    compute, mem, shim = (d.kinds[k] for k in (TileKind.COMPUTE, TileKind.MEM, TileKind.SHIM_NOC))
    assert compute.data_memory_bytes == 64 * 1024
    assert mem.data_memory_bytes == 512 * 1024
    assert (compute.locks, mem.locks, shim.locks) == (16, 64, 16)
    assert compute.lock_max_value == mem.lock_max_value == 63
    assert (compute.bds, mem.bds, shim.bds) == (16, 48, 16)
    assert (compute.dma_s2mm_channels, compute.dma_mm2s_channels) == (2, 2)
    assert (mem.dma_s2mm_channels, mem.dma_mm2s_channels) == (6, 6)
    assert (shim.dma_s2mm_channels, shim.dma_mm2s_channels) == (2, 2)
    assert list(mem.bd_ids_for_channel(0)) == list(range(24))
    assert list(mem.bd_ids_for_channel(3)) == list(range(24, 48))
    assert list(compute.bd_ids_for_channel(1)) == list(range(16))
    assert mem.local_only_channels == (4, 5)


@pytest.mark.parametrize("name", NPU_TARGETS)
def test_bd_field_limits_in_words(name):
    kinds = get_device(name).kinds
    shim, mem, compute = kinds[TileKind.SHIM_NOC].bd, kinds[TileKind.MEM].bd, kinds[TileKind.COMPUTE].bd
    assert (shim.dims, mem.dims, compute.dims) == (3, 4, 3)
    assert (shim.max_size, mem.max_size, compute.max_size) == (1023, 1023, 255)
    assert (shim.max_stride, mem.max_stride, compute.max_stride) == (1 << 20, 1 << 17, 1 << 13)
    assert (shim.length_bits, mem.length_bits, compute.length_bits) == (32, 17, 14)
    assert shim.iteration_wrap_max == mem.iteration_wrap_max == compute.iteration_wrap_max == 64
    assert mem.padding and not shim.padding and not compute.padding
    assert shim.words(2048, 1) == 512


def test_npu2_specific_facts():
    npu1, npu2 = get_device("npu1"), get_device("npu2")
    assert npu1.shim_burst_lengths == (64, 128, 256)
    assert npu2.shim_burst_lengths == (64, 128, 256, 512)
    assert (npu1.buffer_alignment_bytes, npu2.buffer_alignment_bytes) == (32, 32)
    assert (npu1.txn_device_generation, npu2.txn_device_generation) == (3, 4)


def test_versal_devices_parse_but_are_not_compile_targets():
    vc = get_device("xcvc1902")
    assert vc.arch is Arch.AIE1 and not vc.compile_target
    assert vc.tile_kind(2, 0) is TileKind.SHIM_NOC
    assert vc.tile_kind(0, 0) is TileKind.SHIM_PL
    assert vc.tile_kind(0, 1) is TileKind.COMPUTE
    assert vc.kinds[TileKind.COMPUTE].data_memory_bytes == 32 * 1024
    ve = get_device("xcve2802")
    assert ve.tile_kind(0, 1) is TileKind.MEM and ve.tile_kind(0, 2) is TileKind.MEM
    assert ve.tile_kind(0, 3) is TileKind.COMPUTE


def test_memory_affinity_aie2():
    d = get_device("npu1")
    assert d.is_legal_mem_affinity((1, 3), (1, 3))
    assert d.is_legal_mem_affinity((1, 3), (0, 3))  # west
    assert not d.is_legal_mem_affinity((1, 3), (2, 3))  # east
    assert d.is_legal_mem_affinity((1, 3), (1, 4))  # north
    assert d.is_legal_mem_affinity((1, 3), (1, 2))  # south compute
    assert not d.is_legal_mem_affinity((1, 2), (1, 1))  # south is a mem tile


def test_unknown_device_error_names_the_device_and_suggests():
    with pytest.raises(UnknownDeviceError, match=r"unknown device 'npu3'.*Did you mean"):
        get_device("npu3")
    assert get_device("npu1_4col").name == "npu1"


def test_aie1_memory_affinity_is_a_checkerboard():
    # mlir-aie's AIE1 isMemWest/isMemEast: odd rows share the memory West, even rows East.
    vc = get_device("xcvc1902")
    assert vc.is_legal_mem_affinity((7, 3), (6, 3))
    assert not vc.is_legal_mem_affinity((7, 3), (8, 3))
    assert vc.is_legal_mem_affinity((7, 2), (8, 2))
    assert not vc.is_legal_mem_affinity((7, 2), (6, 2))
    assert vc.is_legal_mem_affinity((7, 3), (7, 4)) and vc.is_legal_mem_affinity((7, 3), (7, 2))
