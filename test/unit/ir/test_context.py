"""The dialect registry: every entry loads, under its own name, and nothing else is known."""

import pytest

from iron_ir.ir.context import DIALECTS, make_context


@pytest.mark.parametrize("name", [entry[0] for entry in DIALECTS])
def test_every_registered_dialect_loads_under_its_name(name):
    dialect = make_context().get_dialect(name)
    assert dialect.name == name
    assert dialect.operations or dialect.attributes


def test_only_listed_dialects_are_known():
    ctx = make_context()
    assert set(ctx.registered_dialect_names) == {entry[0] for entry in DIALECTS}
    assert ctx.get_optional_dialect("llvm") is None
