"""xDSL's MLIR lexer, hardened: string literals in linear time, numbers of bounded length.

xDSL 0.74's ``MLIRLexer`` matches a string literal with

    "(?:[^"\\\n\v\f]+|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"

A run of ordinary characters can be split between the inner ``+`` and the outer ``*`` in
exponentially many ways, and when no closing quote follows (an unterminated string, or a Python
file given by mistake: its docstring opens one) the regex engine tries every split before it
fails: each character after the quote doubles the time, and a 40-character line never returns.

:data:`STRING_LITERAL` accepts exactly the same strings, written as the "unrolled loop" of
ordinary characters between escapes: every character can be matched in only one way, so a
match or a failure costs time linear in the line. It is a drop-in replacement for
``MLIRLexer._unescaped_characters_regex`` (the change we would offer upstream).

When a literal does not close, :func:`explain_unclosed_string` says why, pointing at the cause:
the end of the line or the file before the closing quote, or an escape MLIR does not have.

An integer literal longer than :data:`MAX_INTEGER_DIGITS` digits is refused where it is
written: Python converts at most 4300 decimal digits to an ``int`` (a ``ValueError`` deep in the
parser, or later when a message prints the value), and no AIE value comes near that size.

The common tokens also lex faster: xDSL's ``MLIRLexer.lex`` skips whitespace with one regex,
reads the first character, dispatches on it through a chain of tests and reads the rest with
another regex, about a third of a parse. :data:`FAST_TOKEN` does whitespace and token in one
match for bare, ``%``/``#``/``!``/``^``/``@`` identifiers, punctuation and short decimal
integers, each alternative written to take exactly the characters xDSL's lexer takes; anything
else (strings, floats, hex, ``...``, metadata braces, non-ASCII letters, the end of the input,
every error) goes to xDSL's lexer, so tokens, spans and errors are xDSL's.
``test/unit/ir/test_lexer.py`` compares the two token by token.

:func:`install` puts these into xDSL's ``MLIRLexer`` class, so every parser in the process
(ours, and xDSL's own parsing of attributes and types) lexes safely; :mod:`iron_ir.ir.parse`
calls it on import.
"""

from __future__ import annotations

import re

from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Input, Span, Token
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRToken, MLIRTokenKind

_ORDINARY = r'[^"\\\n\v\f]'
_ESCAPE = r'\\(?:["nt\\]|[0-9A-Fa-f]{2})'

STRING_LITERAL = re.compile(f'"{_ORDINARY}*(?:{_ESCAPE}{_ORDINARY}*)*"')
"""A double-quoted MLIR string literal (the same language as xDSL's regex, linear time)."""

_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_ORDINARY_RUN = re.compile(f"(?:{_ORDINARY}|{_ESCAPE})*")


def explain_unclosed_string(input: Input, start: int) -> tuple[Span, str]:
    """Where and why the string literal opened at ``start`` (its ``"``) does not close."""
    content = input.content
    stop = _ORDINARY_RUN.match(content, start + 1).end()
    if stop >= len(content):
        return (
            Span(start, start + 1, input),
            "string literal is not closed: the file ends before its closing '\"'",
        )
    char = content[stop]
    if char == "\\":
        # A hex escape needs two digits: show the one that is there.
        width = 3 if content[stop + 1 : stop + 2] in _HEX_DIGITS else 2
        escape = content[stop : stop + width].rstrip("\n")
        return (
            Span(stop, stop + len(escape), input),
            f"invalid escape '{escape}' in string literal: MLIR strings allow \\n, \\t, "
            f'\\\\, \\" and two hex digits (\\0A)',
        )
    return (
        Span(start, start + 1, input),
        "string literal is not closed: the line ends before its closing '\"' (a string "
        "cannot span lines; write \\n for a newline)",
    )


MAX_INTEGER_DIGITS = 1000
"""Digits an integer literal may have (decimal or hex: 3300 bits or more, printable in decimal)."""

_original_lex_string_literal = MLIRLexer._lex_string_literal
_original_lex_number = MLIRLexer._lex_number


def _lex_string_literal(self: MLIRLexer, start_pos: int) -> MLIRToken:
    try:
        return _original_lex_string_literal(self, start_pos)
    except ParseError:
        if STRING_LITERAL.match(self.input.content, start_pos) is not None:
            raise
        span, message = explain_unclosed_string(self.input, start_pos)
        raise ParseError(span, message) from None


def _lex_number(self: MLIRLexer, start_pos: int) -> MLIRToken:
    token = _original_lex_number(self, start_pos)
    if token.kind is MLIRTokenKind.INTEGER_LIT:
        digits = len(token.span.text) - (2 if token.span.text.startswith("0x") else 0)
        if digits > MAX_INTEGER_DIGITS:
            raise ParseError(
                token.span,
                f"integer literal of {digits} digits is too long: at most "
                f"{MAX_INTEGER_DIGITS} digits are read (no AIE type holds such a value)",
            )
    return token


_SUFFIX_ID = r"(?:[0-9]+|[a-zA-Z$._-][a-zA-Z0-9$._-]*)"  # xDSL's MLIRLexer._suffix_id
_BARE_ID = r"[A-Za-z_][A-Za-z0-9_$.]*"  # an ASCII start; xDSL's suffix regex after it

FAST_TOKEN = re.compile(
    # Whitespace and comments, as MLIRLexer._whitespace_regex; atomic, so a token alternative
    # never matches inside a comment by backtracking into it (`//` as two SLASH tokens).
    r"(?>(?://[^\n]*\n?|\s+)*)"
    r"(?:"
    f"(?P<BARE_IDENT>{_BARE_ID})"
    f"|(?P<PERCENT_IDENT>%{_SUFFIX_ID})"
    f"|(?P<HASH_IDENT>\\#(?!-}})(?:{_SUFFIX_ID}))"  # `#-}` ends file metadata
    f"|(?P<EXCLAMATION_IDENT>!{_SUFFIX_ID})"
    f"|(?P<CARET_IDENT>\\^{_SUFFIX_ID})"
    f"|(?P<AT_IDENT>@{_BARE_ID})"
    r"|(?P<ARROW>->)"
    r"|(?P<MINUS>-)"
    r"|(?P<L_BRACE>\{(?!-\#))"  # `{-#` opens file metadata
    r"|(?P<PUNCTUATION>[:,()}\[\]<>=+/*?|])"
    f"|(?P<INTEGER_LIT>[0-9]{{1,{MAX_INTEGER_DIGITS}}}(?![0-9.xX]))"  # no float, hex or long
    r")",
    re.ASCII,
)
"""Whitespace, then one common token, each alternative taking what xDSL's lexer takes."""

_KIND = {name: MLIRTokenKind[name] for name in FAST_TOKEN.groupindex if name != "PUNCTUATION"}
_PUNCTUATION = {
    ":": MLIRTokenKind.COLON, ",": MLIRTokenKind.COMMA, "(": MLIRTokenKind.L_PAREN,
    ")": MLIRTokenKind.R_PAREN, "}": MLIRTokenKind.R_BRACE, "[": MLIRTokenKind.L_SQUARE,
    "]": MLIRTokenKind.R_SQUARE, "<": MLIRTokenKind.LESS, ">": MLIRTokenKind.GREATER,
    "=": MLIRTokenKind.EQUAL, "+": MLIRTokenKind.PLUS, "/": MLIRTokenKind.SLASH,
    "*": MLIRTokenKind.STAR, "?": MLIRTokenKind.QUESTION, "|": MLIRTokenKind.VERTICAL_BAR,
}

_original_lex = MLIRLexer.lex


def _lex(self: MLIRLexer) -> MLIRToken:
    # Only xDSL's own MLIRLexer: a subclass may lex differently (the declarative assembly
    # format's lexer takes `attr-dict` as one identifier).
    match = FAST_TOKEN.match(self.input.content, self.pos) if type(self) is MLIRLexer else None
    if match is None:
        return _original_lex(self)
    name = match.lastgroup
    start = match.start(name)
    end = match.end()
    self.pos = end
    kind = _PUNCTUATION[match.group(name)] if name == "PUNCTUATION" else _KIND[name]
    return Token(kind, Span(start, end, self.input))


def install() -> None:
    """Put the linear string-literal regex, the checks above and the fast path for common
    tokens into xDSL's ``MLIRLexer``."""
    MLIRLexer._unescaped_characters_regex = STRING_LITERAL
    MLIRLexer._lex_string_literal = _lex_string_literal
    MLIRLexer._lex_number = _lex_number
    MLIRLexer.lex = _lex
