"""aie-opt / mlir-opt pass flags on iron-opt's command line.

mlir-aie's tests run passes as flags: ``aie-opt --aie-assign-lock-ids --aie-objectFifo-stateful-
transform="dynamic-objFifos=false" %s``, or as a textual pipeline ``--pass-pipeline=
"builtin.module(aie.device(aie-assign-bd-ids))"``. iron-opt's own spelling is one ``-p`` list of
``name{option=value ...}``; :func:`expand_pass_flags` rewrites the MLIR spellings into it before
the arguments are parsed, so those command lines work unchanged.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

# Ops whose nested pipelines MLIR spells around the passes; iron-ir's passes work on the
# module and find the devices themselves, so the nesting is dropped.
_NESTING = ("builtin.module", "aie.device", "func.func", "any")


def expand_pass_flags(argv: Sequence[str], pass_names: Container[str]) -> list[str]:
    """``argv`` with every ``--<pass>[=<options>]`` / ``-<pass>`` flag of a known pass and every
    ``--pass-pipeline=<text>`` folded, in order, into one ``-p`` pipeline after any ``-p`` given."""
    rest: list[str] = []
    pipeline: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            rest += args[i - 1 :]
            break
        if arg in ("-p", "--passes") and i < len(args):
            pipeline.append(args[i])
            i += 1
            continue
        if arg.startswith(("-p=", "--passes=")):
            pipeline.append(arg.split("=", 1)[1])
            continue
        if arg.startswith("--pass-pipeline"):
            _, eq, text = arg.partition("=")
            if not eq and i < len(args):
                text = args[i]
                i += 1
            pipeline.append(_strip_nesting(text))
            continue
        if arg.startswith("-") and not arg.startswith("---"):
            name, eq, options = arg.lstrip("-").partition("=")
            if name in pass_names:
                pipeline.append(f"{name}{{{options.strip()}}}" if eq and options.strip() else name)
                continue
        rest.append(arg)
    pipeline = [p for p in pipeline if p]
    return ["-p", ",".join(pipeline), *rest] if pipeline else rest


def double_dash_long_options(argv: Sequence[str], long_options: Container[str]) -> list[str]:
    """``argv`` with MLIR's single-dash spellings of long options (``-split-input-file``,
    ``-verify-diagnostics``, ``-o=out``) written with two dashes, for every ``--<name>`` in
    ``long_options``; anything else (``-p``, ``-o``, a file name) is kept as it is."""
    out: list[str] = []
    for i, arg in enumerate(argv):
        if arg == "--":
            return out + list(argv[i:])
        if arg.startswith("-") and not arg.startswith("--") and len(arg) > 2:
            flag = "-" + arg.split("=", 1)[0]
            if flag in long_options:
                arg = "-" + arg
        out.append(arg)
    return out


def _strip_nesting(text: str) -> str:
    """``builtin.module(aie.device(a,b{x=1}))`` -> ``a,b{x=1}``."""
    text = text.strip()
    changed = True
    while changed:
        changed = False
        for op in _NESTING:
            if text.startswith(op + "(") and text.endswith(")"):
                text = text[len(op) + 1 : -1].strip()
                changed = True
    return text
