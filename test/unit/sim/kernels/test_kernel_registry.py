import warnings

import numpy as np
import pytest

from iron_ir.sim import kernels
from iron_ir.sim.kernels import (
    KernelModelOverrideWarning,
    MissingKernelModelError,
    kernel_model,
    lookup_model,
    register_model,
    registered_models,
    unregister_model,
)


@pytest.fixture
def restore_registry():
    saved = dict(kernels.registry._REGISTRY)
    yield
    kernels.registry._REGISTRY.clear()
    kernels.registry._REGISTRY.update(saved)


def test_reference_design_symbols_are_registered():
    # The reference designs' kernels, under exactly their symbol names.
    for symbol in ("vector_scalar_mul_vector", "transpose_8x8"):
        assert symbol in registered_models()
        assert callable(lookup_model(symbol))


def test_every_builtin_names_its_cpp_source():
    for name, entry in registered_models().items():
        assert entry.builtin and entry.source, name


def test_missing_kernel_error_says_what_and_how():
    with pytest.raises(MissingKernelModelError) as info:
        lookup_model("my_fancy_kernel", link_with="fancy.o")
    message = str(info.value)
    assert "@my_fancy_kernel" in message
    assert "'fancy.o'" in message
    assert '@kernel_model("my_fancy_kernel")' in message
    assert "def my_fancy_kernel(*args):" in message
    assert "register_model('my_fancy_kernel', fn)" in message
    assert info.value.symbol == "my_fancy_kernel" and info.value.link_with == "fancy.o"


def test_missing_kernel_error_names_the_parameters():
    with pytest.raises(MissingKernelModelError) as info:
        lookup_model("scale2", "scale2.o", arg_types=["memref<1024xi16>", "memref<1024xi16>", "i32"])
    message = str(info.value)
    assert "def scale2(arg0, arg1, arg2):" in message
    assert "# arg0: memref<1024xi16>" in message and "# arg2: i32" in message


def test_missing_kernel_error_without_link_with():
    with pytest.raises(MissingKernelModelError) as info:
        lookup_model("k.2")
    assert "linked from" not in str(info.value)
    assert "def k_2(*args):" in str(info.value)


def test_decorator_registers_every_name(restore_registry):
    @kernel_model("user_kernel_a", "user_kernel_b")
    def model(buf):
        buf[:] = 7

    for name in ("user_kernel_a", "user_kernel_b"):
        buf = np.zeros(4, dtype=np.int32)
        lookup_model(name)(buf)
        assert (buf == 7).all()
        assert registered_models()[name].builtin is False


def test_user_model_overrides_builtin_with_warning(restore_registry):
    def mine(a, c, factor, n):
        c[:n] = 1

    with pytest.warns(KernelModelOverrideWarning, match="vector_scalar_mul_vector"):
        register_model("vector_scalar_mul_vector", mine)
    assert lookup_model("vector_scalar_mul_vector") is mine


def test_replacing_a_user_model_is_silent(restore_registry):
    register_model("user_kernel_c", lambda: None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        register_model("user_kernel_c", lambda: 1)
    assert lookup_model("user_kernel_c")() == 1


def test_glob_families_and_precedence(restore_registry):
    register_model("fam_*", lambda: "short")
    register_model("fam_i16_*", lambda: "long")
    register_model("fam_i16_i32", lambda: "exact")
    assert lookup_model("fam_bf16_f32")() == "short"
    assert lookup_model("fam_i16_i16")() == "long"
    assert lookup_model("fam_i16_i32")() == "exact"
    with pytest.raises(MissingKernelModelError):
        lookup_model("other")


def test_unregister(restore_registry):
    register_model("user_kernel_d", lambda: None)
    unregister_model("user_kernel_d")
    with pytest.raises(MissingKernelModelError):
        lookup_model("user_kernel_d")
    with pytest.raises(KeyError):
        unregister_model("user_kernel_d")


def test_bad_registrations_are_rejected():
    with pytest.raises(TypeError):
        register_model("x", 3)
    with pytest.raises(TypeError):
        register_model("", lambda: None)
    with pytest.raises(TypeError):
        kernel_model()


def test_registered_models_is_a_snapshot(restore_registry):
    snapshot = registered_models()
    register_model("user_kernel_e", lambda: None)
    assert "user_kernel_e" not in snapshot
    assert list(snapshot) == sorted(snapshot)
