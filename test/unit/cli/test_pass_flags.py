"""MLIR's command-line spellings on iron-opt (iron_ir/cli/pass_flags.py)."""

from iron_ir.cli.pass_flags import double_dash_long_options, expand_pass_flags

LONG = {"--split-input-file", "--verify-diagnostics", "--output-file"}


def test_single_dash_long_options_get_two_dashes():
    argv = ["-split-input-file", "-verify-diagnostics", "-output-file=x.mlir", "in.mlir"]
    assert double_dash_long_options(argv, LONG) == [
        "--split-input-file",
        "--verify-diagnostics",
        "--output-file=x.mlir",
        "in.mlir",
    ]


def test_short_options_unknown_names_and_after_double_dash_are_kept():
    argv = ["-p", "x", "-o", "out", "-unknown-flag", "--", "-split-input-file"]
    assert double_dash_long_options(argv, LONG) == argv


def test_pass_flags_with_one_dash_become_the_pipeline():
    argv = ["-aie-assign-lock-ids", "--aie-objectFifo-stateful-transform=dynamic-objFifos=true"]
    names = {"aie-assign-lock-ids", "aie-objectFifo-stateful-transform"}
    assert expand_pass_flags(argv, names) == [
        "-p",
        "aie-assign-lock-ids,aie-objectFifo-stateful-transform{dynamic-objFifos=true}",
    ]
