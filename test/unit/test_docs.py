"""The commands shown in README.md and docs/tutorial.md run, and print what the docs show.

How a document is read (the rules a doc writer follows):

* A fenced ```` ```sh ```` block is a shell script, run with bash. The fenced block right after
  it (nothing but blank lines between), when it is not ``sh`` or ``python``, is its output.
* A fenced block whose first line starts with ``$ `` is a transcript: each ``$ `` line is a
  command, the lines up to the next ``$ `` line its output.
* Output is stdout and stderr together, lines compared without trailing spaces. A line that is
  only ``...`` stands for any number of lines (none included); ``...`` inside a line stands
  for any text. Everything else must match exactly, first line to last.
* A command must exit 0, unless ``<!-- doc-test: exit N -->`` is the line above its block.
  ``<!-- doc-test: skip REASON -->`` there leaves the block out (the REASON is shown to
  readers of the source only; the rendered page shows nothing).
* A leading ``pip install ... &&`` is not run: the suite runs inside that installation.

Commands run in document order in a scratch folder that holds the checkout's ``docs/`` and
``examples/`` and an empty ``build/`` (where the docs write every file they make), so a later
command can read what an earlier one wrote.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
DOCUMENTS = ["README.md", "docs/tutorial.md"]

_FENCE = re.compile(r"^```(\S*)\s*$")
_MARKER = re.compile(r"^<!-- doc-test: (\w+)\s*(.*?)\s*-->$")
_PIP_INSTALL = re.compile(r"^pip install [^&\n]*&& ")


@dataclass
class Command:
    line: int  # of the document, for messages
    script: str
    expected: list[str] | None  # None: the output is not shown
    status: int


@dataclass
class _Block:
    line: int
    info: str
    lines: list[str]
    marker: tuple[str, str] | None
    follows_previous: bool  # only blank lines since the previous block's closing fence


def _blocks(text: str) -> list[_Block]:
    blocks: list[_Block] = []
    lines = text.splitlines()
    i, last_end = 0, -10
    while i < len(lines):
        fence = _FENCE.match(lines[i])
        if fence is None:
            i += 1
            continue
        start = i
        i += 1
        body = []
        while i < len(lines) and lines[i] != "```":
            body.append(lines[i])
            i += 1
        before = [line for line in lines[:start] if line.strip()]
        marker = _MARKER.match(before[-1]) if before else None
        follows = all(not line.strip() for line in lines[last_end + 1 : start])
        blocks.append(
            _Block(start + 1, fence.group(1), body, marker and marker.groups(), follows)
        )
        last_end = i
        i += 1
    return blocks


def commands(text: str) -> list[Command]:
    """The commands of a document, with their expected output (see the module docstring)."""
    found: list[Command] = []
    blocks = _blocks(text)
    for index, block in enumerate(blocks):
        kind, argument = block.marker or ("", "")
        if kind == "skip":
            continue
        status = int(argument) if kind == "exit" else 0
        if block.info == "sh":
            after = blocks[index + 1] if index + 1 < len(blocks) else None
            shown = (
                after.lines
                if after is not None
                and after.follows_previous
                and after.info not in ("sh", "python")
                and not (after.lines and after.lines[0].startswith("$ "))
                else None
            )
            script = _PIP_INSTALL.sub("", "\n".join(block.lines))
            found.append(Command(block.line, script, shown, status))
        elif block.lines and block.lines[0].startswith("$ "):
            for offset, line in enumerate(block.lines):
                if line.startswith("$ "):
                    found.append(Command(block.line + 1 + offset, line[2:], [], status))
                else:
                    found[-1].expected.append(line)
    return found


def _line_pattern(line: str) -> re.Pattern[str]:
    return re.compile(".*".join(re.escape(part) for part in line.rstrip().split("...")))


def output_matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with its ``...`` cuts filled in."""
    patterns = [None if line.strip() == "..." else _line_pattern(line) for line in expected]
    actual = [line.rstrip() for line in actual]
    while actual and not actual[-1]:
        actual.pop()
    while patterns and patterns[-1] is not None and not expected[len(patterns) - 1].strip():
        patterns.pop()
    memo: dict[tuple[int, int], bool] = {}

    def match(p: int, a: int) -> bool:
        if (p, a) not in memo:
            if p == len(patterns):
                result = a == len(actual)
            elif patterns[p] is None:
                result = any(match(p + 1, k) for k in range(a, len(actual) + 1))
            else:
                result = a < len(actual) and patterns[p].fullmatch(actual[a]) is not None and match(
                    p + 1, a + 1
                )
            memo[p, a] = result
        return memo[p, a]

    return match(0, 0)


def _scratch(tmp_path: Path) -> Path:
    for name in ("docs", "examples"):
        (tmp_path / name).symlink_to(ROOT / name)
    (tmp_path / "build").mkdir()
    return tmp_path


def _run(command: Command, cwd: Path) -> tuple[int, list[str]]:
    env = dict(os.environ, PYTHONUNBUFFERED="1", COLUMNS="100")
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env.pop("IRON_TRACEBACK", None)
    result = subprocess.run(
        ["bash", "-c", command.script],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=300,
    )
    return result.returncode, result.stdout.splitlines()


@pytest.mark.parametrize("document", DOCUMENTS)
def test_commands_print_what_the_document_shows(document, tmp_path):
    cwd = _scratch(tmp_path)
    listed = commands((ROOT / document).read_text())
    assert listed, f"{document} shows no commands"
    problems = []
    for command in listed:
        status, output = _run(command, cwd)
        where = f"{document}:{command.line}: `{command.script.splitlines()[0]}`"
        if status != command.status:
            problems.append(f"{where} exited {status}, the document expects {command.status}")
        if command.expected is not None and not output_matches(command.expected, output):
            problems.append(
                f"{where} printed:\n" + "\n".join(output[:80]) + "\n--- the document shows:\n"
                + "\n".join(command.expected)
            )
    assert not problems, "\n\n".join(problems)


def test_the_document_reader_itself():
    text = (
        "<!-- doc-test: exit 1 -->\n```\n$ false\n$ echo a; echo b\na\n...\n```\n\n"
        "```sh\npip install -e . && echo hi\n```\n\n```\nh...\n```\n"
        "<!-- doc-test: skip not here -->\n```sh\nrm -rf /\n```\n"
        "```sh\ntrue\n```\nprose\n```\nnot its output\n```\n"
    )
    assert commands(text) == [
        Command(3, "false", [], 1),
        Command(4, "echo a; echo b", ["a", "..."], 1),
        Command(9, "echo hi", ["h..."], 0),
        Command(20, "true", None, 0),
    ]
    assert output_matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert output_matches(["a", "...", "b"], ["a", "b"])
    assert output_matches(["x ... z"], ["x y z  "])
    assert not output_matches(["a", "b"], ["a", "b", "c"])
    assert not output_matches(["a", "..."], ["b"])
