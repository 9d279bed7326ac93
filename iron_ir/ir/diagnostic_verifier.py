"""``--verify-diagnostics`` as MLIR's ``SourceMgrDiagnosticVerifierHandler`` does it.

A test file states the diagnostics it expects in comments::

    %t = aie.tile(9, 2)   // expected-error {{column index (9) must be less than}}
    // expected-warning @below {{never released}}
    // expected-note @-3 {{tile declared here}}
    // expected-error-re @+1 {{BD id {{[0-9]+}} is used twice}}
    // expected-remark @unknown {{...}}

``@+N``/``@-N`` count lines from the comment, ``@above`` is the nearest line above that is not a
designator, ``@below`` the nearest such line below, ``@unknown`` a diagnostic without a
location. The text between the outer braces must occur in the message; with ``-re``, each
``{{...}}`` inside it is a regular expression. Every emitted diagnostic (notes included) must
match an expectation on its line with the same severity, and every expectation must be met;
otherwise the failures are reported in MLIR's words (``unexpected error: ...``,
``expected error "..." was not produced``, ``'warning' diagnostic emitted when expecting a
'error'``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from iron_ir.ir.diagnostics import Diagnostic, Location, Severity, Source, render

# MLIR's designator syntax (mlir/lib/IR/Diagnostics.cpp), searched in each right-stripped line.
DESIGNATOR = re.compile(
    r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? "
    r"*\{\{(.*)\}\}$"
)


def has_designators(text: str) -> bool:
    """Whether ``text`` states any expected diagnostic."""
    return any(DESIGNATOR.search(line.rstrip()) for line in text.split("\n"))


@dataclass
class Expected:
    severity: Severity
    line: int | None
    """The line the diagnostic must be on; None for ``@unknown``."""
    at: Location
    """Where the designator is written."""
    text: str
    pattern: re.Pattern[str] | None = None
    matched: bool = False

    def matches(self, message: str) -> bool:
        if self.pattern is not None:
            return self.pattern.search(message) is not None
        return self.text in message


class DiagnosticVerifier:
    """The expectations of one buffer (a file, or a chunk of a split file) and the verdict.

    Feed every diagnostic to :meth:`process`, then call :meth:`finish`; each returns the text of
    the problems found (to print on stderr), and :attr:`failed` says whether there was any.
    """

    def __init__(self, source: Source):
        self.source = source
        self.failed = False
        self.problems: list[str] = []
        self._expected: list[Expected] = []
        self._unknown: list[Expected] = []
        self._scan()

    # ---- the designators ---------------------------------------------------------------

    def _scan(self) -> None:
        lines = self.source.text.split("\n")
        first = self.source.first_line
        last_plain = first  # the last line that is not a designator
        pending: list[Expected] = []  # @below, waiting for their line
        for index, raw in enumerate(lines):
            number = first + index
            match = DESIGNATOR.search(raw.rstrip())
            if match is None:
                for expected in pending:
                    expected.line = number
                pending.clear()
                last_plain = number
                continue
            kind, regex, _, where, text = match.groups()
            # MLIR marks the designator from "expected-" over as many columns as the text has.
            span = min(len(text), len(raw) - match.start())
            at = Location(self.source.name, number, match.start() + 1, 1, max(span - 1, 0))
            expected = Expected(Severity(kind), number, at, text)
            if regex and not self._compile(expected):
                continue
            if where is None:
                pass
            elif where[0] in "+-":
                expected.line = number + int(where)
            elif where == "unknown":
                expected.line = None
                self._unknown.append(expected)
                continue
            elif where == "above":
                expected.line = last_plain
            else:  # below; a dangling one points past the end, as in MLIR
                expected.line = first + len(lines)
                pending.append(expected)
            self._expected.append(expected)

    def _compile(self, expected: Expected) -> bool:
        pattern = ""
        rest = expected.text
        while rest:
            start = rest.find("{{")
            if start < 0:
                pattern += re.escape(rest)
                break
            pattern += re.escape(rest[:start])
            rest = rest[start + 2 :]
            end = rest.find("}}")
            if end < 0:
                self._problem(expected.at, "found start of regex with no end '}}'")
                return False
            block = rest[:end]
            try:
                re.compile(block)
            except re.error as error:
                self._problem(expected.at, f"invalid regex: {error}")
                return False
            pattern += f"({block})"
            rest = rest[end + 2 :]
        expected.pattern = re.compile(pattern)
        return True

    # ---- the verdict -------------------------------------------------------------------

    def _problem(self, location: Location | None, message: str) -> None:
        self.failed = True
        self.problems.append(render(Diagnostic(Severity.ERROR, message, location), self.source))

    def process(self, diagnostic: Diagnostic) -> None:
        """Check one diagnostic and each of its notes."""
        self._process_one(diagnostic)
        for attached in diagnostic.notes:
            self._process_one(attached)

    def _process_one(self, diagnostic: Diagnostic) -> None:
        loc = diagnostic.location
        if loc is None:
            candidates = self._unknown
        elif loc.file == self.source.name:
            candidates = [e for e in self._expected if e.line == loc.line]
        else:
            candidates = []
        near_miss: Expected | None = None
        for expected in candidates:
            if expected.matches(diagnostic.message):
                if expected.severity is diagnostic.severity:
                    expected.matched = True
                    return
                near_miss = expected
        kind = diagnostic.severity.value
        if near_miss is not None:
            at = Location(near_miss.at.file, near_miss.at.line, near_miss.at.col)
            self._problem(
                at,
                f"'{kind}' diagnostic emitted when expecting a '{near_miss.severity.value}'",
            )
        else:
            at = None if loc is None else Location(loc.file, loc.line, loc.col)
            self._problem(at, f"unexpected {kind}: {diagnostic.message}")

    def finish(self) -> None:
        """Report every expectation that no diagnostic met."""
        for expected in [*self._expected, *self._unknown]:
            if not expected.matched:
                self._problem(
                    expected.at,
                    f'expected {expected.severity.value} "{expected.text}" was not produced',
                )
