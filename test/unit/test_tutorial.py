"""docs/tutorial.md stays true: it shows its design file verbatim, the variants it runs in
section 5 are that design with exactly the change the text describes, and every "line N of
`file` is `text`" it states holds. (test_docs.py runs its commands.)"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
DESIGN = ROOT / "docs" / "tutorial_design.py"
TUTORIAL = ROOT / "docs" / "tutorial.md"

# The changes each tutorial variant makes to docs/tutorial_design.py: (old, new) replacements.
DOC = '"""The tutorial\'s design (docs/tutorial.md): c = a + b over 4096 int16 elements.'
VARIANTS = {
    "second_producer.py": [
        (DOC, '"""docs/tutorial.md section 5: the tutorial\'s design with a second producer of @c.'),
        (
            "worker = Worker(core_fn, [of_a.cons(), of_b.cons(), of_c.prod(), add])\n",
            "worker = Worker(core_fn, [of_a.cons(), of_b.cons(), of_c.prod(), add])\n"
            "other = Worker(core_fn, [of_a.cons(), of_b.cons(), of_c.prod(), add])\n",
        ),
    ],
    "acq2.py": [
        (DOC, '"""docs/tutorial.md section 5: the tutorial\'s design acquiring more than the depth.'),
        ('of_a = ObjectFifo(tile_ty, name="a")', 'of_a = ObjectFifo(tile_ty, depth=1, name="a")'),
        ("a = of_a.acquire(1)", "a = of_a.acquire(2)[0]"),
    ],
    "deep_fifo.py": [
        (DOC, '"""docs/tutorial.md section 5: the tutorial\'s design with a consumer end too deep to fit.'),
        ("of_a.cons(), of_b", "of_a.cons(depth=32), of_b"),
    ],
    "three_inputs.py": [
        (DOC, '"""docs/tutorial.md section 5: the tutorial\'s design with a third input fifo.'),
        ('of_c = ObjectFifo(tile_ty, name="c")\n', 'of_c = ObjectFifo(tile_ty, name="c")\nof_d = ObjectFifo(tile_ty, name="d")\n'),
        ("def core_fn(of_a, of_b, of_c, add):", "def core_fn(of_a, of_b, of_c, of_d, add):"),
        ("        c = of_c.acquire(1)\n", "        c = of_c.acquire(1)\n        d = of_d.acquire(1)\n"),
        ("        of_c.release(1)\n", "        of_c.release(1)\n        of_d.release(1)\n"),
        ("of_c.prod(), add])", "of_c.prod(), of_d.cons(), add])"),
        ("with rt.sequence(vector_ty, vector_ty, vector_ty) as (a, b, c):", "with rt.sequence(vector_ty, vector_ty, vector_ty, vector_ty) as (a, b, c, d):"),
        ("    rt.fill(of_b.prod(), b)\n", "    rt.fill(of_b.prod(), b)\n    rt.fill(of_d.prod(), d)\n"),
    ],
    "bad_tap.py": [
        (DOC, '"""docs/tutorial.md section 5: the tutorial\'s design with a fill pattern the DMA cannot do.'),
        ("from iron_ir.device import NPU1Col1\n", "from iron_ir.device import NPU1Col1\nfrom iron_ir.taplib import TensorAccessPattern\n"),
        ("    rt.fill(of_a.prod(), a)\n", "    rt.fill(of_a.prod(), a, TensorAccessPattern((N,), 0, [2048, 2], [1, 2048]))\n"),
    ],
    "no_release.py": [
        (DOC, '"""docs/tutorial.md section 5: the tutorial\'s design with a worker that never releases @c.'),
        ("        of_c.release(1)\n", ""),
    ],
    "no_release_a.py": [
        (DOC, '"""docs/tutorial.md section 5: the tutorial\'s design with a worker that never releases @a.'),
        ("        of_a.release(1)\n", ""),
    ],
}


def test_tutorial_shows_the_design_file_verbatim():
    block = "```python\n" + DESIGN.read_text() + "```\n"
    assert block in TUTORIAL.read_text(), "docs/tutorial.md no longer shows docs/tutorial_design.py as it is"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variant_is_the_design_with_its_change(name):
    text = DESIGN.read_text()
    for old, new in VARIANTS[name]:
        assert text.count(old) == 1, f"docs/tutorial_design.py changed: {old!r} is not there once"
        text = text.replace(old, new)
    assert (ROOT / "docs" / "tutorial" / name).read_text() == text
    assert f"docs/tutorial/{name}" in TUTORIAL.read_text()


def test_every_shipped_file_is_used():
    shown = TUTORIAL.read_text()
    for path in (ROOT / "docs" / "tutorial").glob("*.py"):
        assert f"docs/tutorial/{path.name}" in shown, f"{path.name} is not in docs/tutorial.md"


def test_line_numbers_in_the_prose():
    claims = re.findall(r"line (\d+) of `([^`]+)` is `([^`]+)`", " ".join(TUTORIAL.read_text().split()))
    assert len(claims) >= 5
    for number, path, text in claims:
        lines = (ROOT / path).read_text().splitlines()
        assert lines[int(number) - 1].strip() == text, f"line {number} of {path} is not `{text}`"
