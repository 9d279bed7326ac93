"""The AIE and AIEX dialects by family (iron_ir.dialects.families, iron_ir.ir.context)."""

from __future__ import annotations

import importlib
import pytest
from probes import probe
from xdsl.irdl import IRDLOperation

from iron_ir.dialects.families import defined_ops
from iron_ir.ir.context import FAMILY_DIALECTS, IronContext, make_context
from iron_ir.ir.parse import parse_module

PACKAGES = sorted(FAMILY_DIALECTS.items())


@pytest.mark.parametrize(("dialect", "package"), PACKAGES)
def test_the_table_says_where_every_name_and_op_is(dialect, package):
    table = importlib.import_module(package).FAMILIES
    seen_ops: set[str] = set()
    for family in table.families:
        module = importlib.import_module(family.module)
        exported = getattr(module, "__all__", None)
        for name in family.names:
            assert hasattr(module, name), (family.module, name)
        ops = [op.name for op in defined_ops(vars(module))]
        assert list(family.ops) == ops, family.module  # every op it defines, in order
        assert not seen_ops & set(ops)
        seen_ops |= set(ops)
        if exported is not None:  # the module's public names are the package's
            assert set(exported) <= set(family.names) | {"AIE_ATTRIBUTES"}, family.module
        op_classes = {n for n in family.names if isinstance(getattr(module, n), type)
                      and issubclass(getattr(module, n), IRDLOperation)}
        assert {getattr(module, n).name for n in op_classes} == set(ops), family.module
    whole = table.dialect_object()
    assert {op.name for op in whole.operations} == seen_ops
    assert all(name.startswith(dialect + ".") for name in seen_ops)
    assert set(whole.attributes) == set(table.attribute_classes())


@pytest.mark.parametrize(("dialect", "package"), PACKAGES)
def test_the_package_hands_on_the_names_it_always_did(dialect, package):
    pkg = importlib.import_module(package)
    for name in pkg.__all__:
        assert getattr(pkg, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'NoSuchOp'"):
        pkg.NoSuchOp  # noqa: B018


def _modules_after(code: str) -> set[str]:
    code += "\nimport sys\nprint(sorted(m for m in sys.modules if m.startswith('iron_ir.dialects.aie')))"
    return set(eval(probe(code)))


def test_a_name_imports_its_family_alone():
    loaded = _modules_after("from iron_ir.dialects.aie import TileOp")
    assert loaded == {"iron_ir.dialects.aie", "iron_ir.dialects.aie.enums", "iron_ir.dialects.aie.device"}


def test_parsing_loads_the_families_the_input_uses():
    loaded = _modules_after(
        "from iron_ir.ir.parse import parse_module\n"
        "parse_module('aie.device(npu1) {\\n  %t = aie.tile(0, 2)\\n}\\n', 'x.mlir')"
    )
    assert "iron_ir.dialects.aie.device" in loaded
    assert not loaded & {"iron_ir.dialects.aie.attrs", "iron_ir.dialects.aie.routing", "iron_ir.dialects.aie.trace",
                         "iron_ir.dialects.aie.objectfifo", "iron_ir.dialects.aie.dma"}


TEXT = """aie.device(npu1) {
  %t = aie.tile(0, 2)
  %s = aie.tile(0, 0)
  aie.objectfifo @of(%s, {%t}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  aie.flow(%s, DMA : 0, %t, DMA : 0)
}
"""


def test_a_family_context_parses_as_a_whole_dialect_context():
    from xdsl.context import Context

    from iron_ir.ir.context import register_dialects
    from iron_ir.ir.printer import print_module

    whole = Context()
    register_dialects(whole)
    assert print_module(parse_module(TEXT, "x.mlir", ctx=make_context())) == print_module(
        parse_module(TEXT, "x.mlir", ctx=whole)
    )


def test_families_then_the_whole_dialect():
    ctx = make_context()
    assert isinstance(ctx, IronContext)
    assert ctx.get_optional_op("aie.tile") is not None
    assert "aie.flow" not in ctx._loaded_ops
    assert ctx.get_optional_type("aie.objectfifo") is not None  # the attributes, when asked
    assert ctx.get_optional_op("aie.no_such_op") is None  # loads the rest, keeps the families
    assert ctx.get_optional_op("aie.flow") is not None
    assert ctx.get_optional_op("aiex.npu.dma_wait") is not None
    assert "aiex.cert.job" not in ctx._loaded_ops
    ctx.load_registered_dialect("aiex")
    assert "aiex.cert.job" in ctx._loaded_ops
    fresh = make_context()
    assert fresh.get_optional_type("aiex.bfp") is not None  # a type before any op
    assert "aiex.npu.dma_wait" not in fresh._loaded_ops


def test_an_unknown_op_of_a_family_dialect_is_still_an_error():
    with pytest.raises(Exception, match="aie.no_such_op"):
        parse_module("aie.device(npu1) {\n  aie.no_such_op\n}\n", "x.mlir")


def test_a_clone_goes_on_loading_by_family():
    ctx = make_context()
    assert ctx.get_optional_op("aie.tile") is not None
    copy = ctx.clone()
    assert isinstance(copy, IronContext)
    assert copy.get_optional_op("aie.flow") is not None
    assert "aie.flow" not in ctx._loaded_ops  # the original is untouched
    copy.load_registered_dialect("aie")  # the whole dialect, after some of its families
    assert copy.get_optional_op("aie.trace") is not None
