"""Crashes and hangs the IR fuzzer (bench/fuzz_ir.py) found, each reduced to a small input:
every one now ends in a located diagnostic (exit 1) or a module (exit 0)."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from iron_ir.cli import iron_opt
from iron_ir.cli.iron import main as iron_main

ROOT = Path(__file__).parents[3]


def opt(capsys, path, *args):
    with pytest.raises(SystemExit) as info:
        iron_opt.main([str(path), *args])
    out, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err, err
    return info.value.code, err


def write(tmp_path, text, name="in.mlir"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def test_lint_of_a_padded_bd(capsys):
    # AttributeError in the bd-hardware rule of iron-lint for any BD with pad dimensions.
    status, _ = opt(capsys, ROOT / "test/lit/dialects/aie/Inputs/dma.mlir", "-p", "iron-lint")
    assert status == 0


def test_forward_referenced_block_defined_twice(capsys, tmp_path):
    # KeyError inside xDSL's parser: a label first seen as a branch target, then defined twice.
    path = write(tmp_path, """\
        func.func @f() {
          cf.br ^bb1
        ^bb1:
          cf.br ^bb1
        ^bb1:
          func.return
        }
        """)
    status, err = opt(capsys, path)
    assert status == 1
    assert err.startswith(f"{path}:5:1: error: re-declaration of block 'bb1'")
    assert f"{path}:3:1: note: originally declared here" in err


def test_type_without_its_parameters(capsys, tmp_path):
    # ValueError (zip) building a parametrized type from no parameters.
    path = write(tmp_path, "builtin.module attributes {t = !aie.objectfifo} {\n}\n")
    status, err = opt(capsys, path)
    assert status == 1
    assert err.startswith(f"{path}:1:32: error: invalid type '!aie.objectfifo': wrong number of")


def test_integer_too_large_for_an_op_field(capsys, tmp_path):
    # ValueError from an op's parser storing 10**26 in an i64 array.
    path = write(tmp_path, """\
        aie.device(npu1_1col) {
          aie.runtime_sequence(%arg0: memref<64xi32>) {
            aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 4, 16][0, 0, 0, 99999999999999999999999999]) {id = 0 : i64, metadata = @of_in} : memref<64xi32>
          }
        }
        """)
    status, err = opt(capsys, path)
    assert status == 1
    assert err.startswith(f"{path}:3:5: error: invalid value in 'aiex.npu.dma_memcpy_nd': Integer")


VERDICT_VALID_BD = """\
    aie.device(npu1_1col) {{
      %t = aie.tile(0, 0)
      aie.runtime_sequence(%a: memref<64xi32>) {{
        %0 = aiex.dma_configure_task(%t, MM2S, 0) {{
          aie.dma_bd(%a : memref<64xi32>, 0, 256, [<size = 4, stride = 0>, <size = 2, stride = 32>, <size = 4, stride = 8>, <size = {size}, stride = 1>])
          aie.end
        }}
        aiex.dma_start_task(%0)
        aiex.dma_await_task(%0)
      }}
    }}
    """


def test_bd_with_a_huge_size_is_not_materialised(capsys, tmp_path):
    # MemoryError: the simulator built every index of a 2**31-wide BD to find 256 offsets.
    path = write(tmp_path, VERDICT_VALID_BD.format(size=2147483648))
    status = iron_main(["run", "--mlir", str(path)])
    err = capsys.readouterr().err
    assert "Size may not exceed 1023" in err and "out of memory" not in err
    assert status == 1 and "internal error" not in err


def test_out_of_memory_is_a_message(tmp_path):
    # MemoryError allocating an 8 GiB runtime argument: the input's size, not a bug.
    path = write(tmp_path, """\
        aie.device(npu1_1col) {
          aie.runtime_sequence(%a: memref<2147483648xi32>) {
          }
        }
        """)
    probe = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))\n"
        "from iron_ir.cli.iron import main\n"
        f"sys.exit(main(['run', '--mlir', {str(path)!r}]))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.returncode == 1, result.stderr
    assert "error: out of memory: the design's buffers, runtime arguments" in result.stderr


def test_tap_of_a_huge_size_answers_at_once(capsys, tmp_path):
    # A hang: the BD legaliser listed every divisor of 2**63 - 1 by trial division.
    source = (ROOT / "test/lit/passes/place/options.mlir").read_text().split("// -----")[0]
    text = source.replace("sizes [1, 1, 1, 256]", "sizes [9223372036854775807, 1, 1, 256]", 1)
    assert text != source
    status, err = opt(capsys, write(tmp_path, text), "-p", "iron-to-aie")
    assert status == 1 and "cannot lower the access pattern" in err


def test_value_used_before_its_definition_inside_the_users_region(capsys, tmp_path):
    # ValueError in verification: xDSL left a placeholder operand on the op whose own region
    # defines the value.
    path = write(tmp_path, """\
        func.func @f() {
          %c1 = arith.constant 1 : index
          scf.for %i = %c0 to %c0 step %c1 {
            %c0 = arith.constant 0 : index
          }
          func.return
        }
        """)
    status, err = opt(capsys, path)
    assert status == 1
    assert err.startswith(f"{path}:3:16: error: '%c0' is used before it is defined")


def test_bd_of_size_zero_in_the_simulator(capsys, tmp_path):
    # ValueError from the DMA model while sizing the runtime arguments.
    path = write(tmp_path, VERDICT_VALID_BD.format(size=0))
    status = iron_main(["run", "--mlir", str(path)])
    err = capsys.readouterr().err
    assert status == 1
    assert f"error: {path}:5:7: this BD cannot run: BD dim 3 (outermost first) has size 0" in err


def test_buffer_too_large_for_any_array(capsys, tmp_path):
    # ValueError from numpy ("array is too big") allocating a buffer of 2**63 - 1 elements.
    path = write(tmp_path, """\
        aie.device(npu1_1col) {
          %t = aie.tile(0, 2)
          %b = aie.buffer(%t) {sym_name = "b"} : memref<9223372036854775807xi32>
          %c = aie.core(%t) {
            aie.end
          }
        }
        """)
    status = iron_main(["run", "--mlir", str(path)])
    err = capsys.readouterr().err
    assert status == 1 and "internal error" not in err
    assert "error: memref<9223372036854775807xi32> cannot be held in memory" in err


# ---- found by a 12,000-input run (seed 7) ----------------------------------------------------


def test_verifier_raising_a_plain_exception_is_located(capsys, tmp_path):
    # xDSL's memref.load verifier raises a bare Exception for a missing index: it was an
    # internal error of iron-opt, `-p iron-to-aie` and `iron run --mlir`.
    path = write(tmp_path, """\
        func.func @f(%m: memref<16xi32>) -> i32 {
          %v = memref.load %m[] : memref<16xi32>
          func.return %v : i32
        }
        """)
    for args in ((), ("-p", "iron-to-aie")):
        status, err = opt(capsys, path, *args)
        assert status == 1
        assert err.startswith(f"{path}:2:3: error: 'memref.load' op expected an index for each dimension")
    assert iron_main(["run", "--mlir", str(path)]) == 1
    err = capsys.readouterr().err
    assert "internal error" not in err and "2:3" in err


def test_generic_device_without_its_device_property(capsys, tmp_path):
    # KeyError reading the missing `device` property while verifying the device's ops.
    path = write(tmp_path, """\
        "aie.device"() <{channels = 4 : i32}> ({
          %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
          "aie.end"() : () -> ()
        }) : () -> ()
        """)
    status, err = opt(capsys, path)
    assert status == 1
    assert err.startswith(f"{path}:1:1: error:"), err


def test_core_with_an_empty_region_runs(capsys, tmp_path):
    # IndexError in the simulator: `aie.core(%t) {}` has no block (as in MLIR); it does nothing.
    path = write(tmp_path, """\
        aie.device(npu1_1col) {
          %t = aie.tile(0, 2)
          aie.core(%t) {
          }
        }
        """)
    assert iron_main(["run", "--mlir", str(path)]) == 0


def test_core_acquiring_a_linked_fifo_is_a_design_error(capsys, tmp_path):
    # KeyError in the simulator: a core acquiring from the output of an objectfifo.link.
    path = write(tmp_path, """\
        aie.device(npu1_1col) {
          %t02 = aie.tile(0, 2)
          %t03 = aie.tile(0, 3)
          %t05 = aie.tile(0, 5)
          aie.objectfifo @in(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
          aie.objectfifo @out(%t03, {%t05}, 2 : i32) : !aie.objectfifo<memref<8xi32>>
          aie.objectfifo.link [@in] -> [@out] ([] [])
          %c = aie.core(%t03) {
            %s = aie.objectfifo.acquire @out(Produce, 1) : !aie.objectfifosubview<memref<8xi32>>
            aie.end
          }
        }
        """)
    assert iron_main(["run", "--mlir", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:9:5: core_0_3 accesses @out, an objectFifo used in an aie.objectfifo.link" in err


def test_fifo_deeper_than_any_memory_is_refused_at_once(capsys, tmp_path):
    # A hang: the simulator allocated 2**31 - 1 objects before anything could fail.
    path = write(tmp_path, """\
        aie.device(npu1_1col) {
          %s = aie.tile(0, 0)
          %t = aie.tile(0, 2)
          aie.objectfifo @of(%s, {%t}, 2147483647 : i32) : !aie.objectfifo<memref<64xi32>>
          aie.runtime_sequence(%arg0: memref<64xi32>) {
            %0 = aiex.dma_configure_task_for @of {
              aie.dma_bd(%arg0 : memref<64xi32>, 0, 64)
              aie.end
            } {issue_token = true}
            aiex.dma_start_task(%0)
            aiex.dma_await_task(%0)
          }
        }
        """)
    assert iron_main(["run", "--mlir", str(path)]) == 1
    err = capsys.readouterr().err
    assert (f"{path}:4:3: objectfifo @of needs 2147483647 x 256 B = 549755813632 B of data memory "
            "on tile_0_2, which has 65536 B") in err


# ---- found by a second 12,000-input run (seed 11) --------------------------------------------


def test_dense_literal_with_a_mismatched_bracket(capsys, tmp_path):
    # AssertionError inside xDSL's dense-literal parser (`dense<(1, 2]>`).
    path = write(tmp_path, """\
        "memref.global"() <{sym_name = "g", type = memref<2xi32>, initial_value = dense<(1, 2]> : tensor<2xi32>}> : () -> ()
        """)
    status, err = opt(capsys, path)
    assert status == 1
    assert err.startswith(f"{path}:1:"), err
    assert "error: expected ')', found" in err


def test_physical_bd_of_negative_length(capsys, tmp_path):
    # ValueError building the simulator's BD from `aie.dma_bd(... , 0, -7)`.
    path = write(tmp_path, """\
        aie.device(npu1_1col) {
          %t = aie.tile(0, 2)
          %buf = aie.buffer(%t) {sym_name = "buf"} : memref<8xi32>
          %l = aie.lock(%t, 0) {init = 1 : i32}
          %m = aie.mem(%t) {
            %0 = aie.dma_start(MM2S, 0, ^bd0, ^end)
          ^bd0:
            aie.use_lock(%l, AcquireGreaterEqual, 1)
            aie.dma_bd(%buf : memref<8xi32>, 0, -7)
            aie.use_lock(%l, Release, 1)
            aie.next_bd ^end
          ^end:
            aie.end
          }
          %c = aie.core(%t) {
            aie.end
          }
        }
        """)
    status = iron_main(["run", "--mlir", str(path)])
    err = capsys.readouterr().err
    assert "internal error" not in err and "Traceback" not in err, err
    assert status == 1, err
