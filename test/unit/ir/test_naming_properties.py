"""Property: on random nested IR, the printed text parses back and prints identically.

Names that MLIR's rules make collide (constants with equal values in nested and sibling
regions, `%argN` in sibling loops, numbers reused by siblings) must still be unique along
every chain of enclosing regions, or the text would not parse back to the same uses.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from iron_ir.ir.parse import parse_module
from iron_ir.ir.printer import print_module

_INDEX_VALUES = (0, 1, 2, -1)


@st.composite
def _region_body(draw, depth: int, visible: tuple[str, ...], counter: list[int]) -> list[str]:
    lines: list[str] = []
    kinds = ["const", "const_i32", "cast", "use"] + (["for", "if"] if depth < 3 else [])
    local = list(visible)
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(kinds))
        name = f"%v{counter[0]}"
        counter[0] += 1
        if kind == "const":
            lines.append(f"{name} = arith.constant {draw(st.sampled_from(_INDEX_VALUES))} : index")
            local.append(name)
        elif kind == "const_i32":
            lines.append(f"{name} = arith.constant {draw(st.sampled_from(_INDEX_VALUES))} : i32")
        elif kind == "cast":
            lines.append(f"{name} = arith.index_cast %n : i32 to index")
            local.append(name)
        elif kind == "use":
            value = draw(st.sampled_from(local))
            lines.append(f"func.call @use({value}) : (index) -> ()")
        elif kind == "for":
            iv = f"%i{counter[0]}"
            inner = draw(_region_body(depth + 1, (*local, iv), counter))
            lines += [f"scf.for {iv} = %lb to %ub step %st {{", *inner, "}"]
        else:
            then = draw(_region_body(depth + 1, tuple(local), counter))
            other = draw(_region_body(depth + 1, tuple(local), counter))
            lines += ["scf.if %c {", *then, "} else {", *other, "}"]
    return lines


@st.composite
def _modules(draw) -> str:
    body = draw(_region_body(0, ("%lb", "%ub", "%st"), [0]))
    return "\n".join(
        [
            "func.func private @use(index)",
            "func.func @f(%lb: index, %ub: index, %st: index, %n: i32, %c: i1) {",
            *body,
            "func.return",
            "}",
            "func.func @g(%lb: index, %ub: index, %st: index, %n: i32, %c: i1) {",
            *body,
            "func.return",
            "}",
        ]
    )


@settings(max_examples=60, deadline=None)
@given(_modules())
def test_printed_names_parse_back_to_the_same_ir(text: str):
    module = parse_module(text, "random.mlir")
    printed = print_module(module)
    again = parse_module(printed, "printed.mlir")
    assert again.is_structurally_equivalent(module)
    assert print_module(again) == printed
