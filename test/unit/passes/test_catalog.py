"""The pass catalog (iron_ir.passes.catalog): every name leads to its pass, importing nothing
until asked."""

from __future__ import annotations

import pytest
from probes import probe
from xdsl.passes import ModulePass

from iron_ir.passes import catalog, pipelines


@pytest.mark.parametrize("name", sorted({**catalog.all_passes(), **catalog.all_pipelines()}))
def test_every_name_gives_the_pass_of_that_name(name):
    factory = {**catalog.all_passes(), **catalog.all_pipelines()}[name]
    pass_class = factory()
    assert issubclass(pass_class, ModulePass)
    assert pass_class.name == name


def test_the_pipelines_module_offers_the_same_registry():
    assert set(pipelines.all_passes()) == set(catalog.PASSES) | set(catalog.XDSL_PASSES)
    assert set(pipelines.all_pipelines()) == set(catalog.PIPELINES)
    for name in pipelines.IRON_TO_AIE + pipelines.AIE_TO_PHYSICAL:
        assert name in catalog.PASSES


def test_naming_the_passes_imports_none_of_them():
    line = probe(
        "import sys\nfrom iron_ir.passes import catalog\n"
        "names = {**catalog.all_passes(), **catalog.all_pipelines()}\n"
        "print(len(names), sorted(m for m in sys.modules if m.startswith(('iron_ir.passes.', "
        "'xdsl.passes', 'xdsl.transforms'))))\n"
    )
    count, loaded = line.split(" ", 1)
    assert int(count) == len(catalog.PASSES) + len(catalog.XDSL_PASSES) + len(catalog.PIPELINES)
    assert loaded.strip() == "['iron_ir.passes.catalog']"
