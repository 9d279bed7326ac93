"""Attribute constraints shared by every dialect of iron-ir (MLIR's ``I32Attr``, ``I32EnumAttr``, ...).

A constraint says what a property may hold; :mod:`iron_ir.ir.syntax` derives from it how the
property reads and writes inside an op's custom format, so no op states a field's type twice.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Annotated

from xdsl.dialects.builtin import (
    I32,
    I64,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    Signedness,
    StringAttr,
    SymbolRefAttr,
    i32,
)
from xdsl.ir import Attribute
from xdsl.irdl import AttrConstraint, VerificationContext
from xdsl.utils.exceptions import VerifyException

ui8 = IntegerType(8, Signedness.UNSIGNED)
ui16 = IntegerType(16, Signedness.UNSIGNED)
ui32 = IntegerType(32, Signedness.UNSIGNED)
ui64 = IntegerType(64, Signedness.UNSIGNED)
i8 = IntegerType(8)
i16 = IntegerType(16)

# MLIR's integer attribute constraints: an IntegerAttr of exactly this type. In a custom format
# the value is written bare (`2`), its type being implied by the constraint.
I8Attr = IntegerAttr[Annotated[IntegerType, i8]]
I16Attr = IntegerAttr[Annotated[IntegerType, i16]]
I32Attr = IntegerAttr[I32]
I64Attr = IntegerAttr[I64]
UI8Attr = IntegerAttr[Annotated[IntegerType, ui8]]
UI16Attr = IntegerAttr[Annotated[IntegerType, ui16]]
UI32Attr = IntegerAttr[Annotated[IntegerType, ui32]]
UI64Attr = IntegerAttr[Annotated[IntegerType, ui64]]
IndexAttr = IntegerAttr[IndexType]


@dataclass(frozen=True)
class I32EnumAttr(AttrConstraint[IntegerAttr]):
    """MLIR's ``I32EnumAttr``: stored as an i32 ``IntegerAttr`` (so the generic form reads
    ``port = 1 : i32``), written as the case's keyword inside a custom format.

    ``spellings`` gives keywords that differ from the Python member name; ``legacy`` maps older
    keywords, accepted on input, to their value. Whether the value is a case of the enum is
    checked by the op's verifier (:class:`~iron_ir.ir.syntax.FormattedOp`), which can name the
    field; this constraint only checks the storage type.
    """

    enum: type[IntEnum]
    spellings: tuple[tuple[int, str], ...] = ()
    legacy: tuple[tuple[str, int], ...] = ()
    _by_word: Mapping[str, int] = field(init=False, compare=False, hash=False, repr=False)
    _by_value: Mapping[int, str] = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        spelled = dict(self.spellings)
        by_value = {m.value: spelled.get(m.value, m.name) for m in self.enum}
        object.__setattr__(self, "_by_value", by_value)
        object.__setattr__(
            self, "_by_word", {**dict(self.legacy), **{w: v for v, w in by_value.items()}}
        )

    def keyword(self, value: int) -> str | None:
        """The keyword of ``value``; None for a value that is no case of the enum."""
        return self._by_value.get(value)

    def keywords(self) -> list[str]:
        return list(self._by_value.values())

    def value_of(self, word: str) -> int | None:
        return self._by_word.get(word)

    def check_value(self, attr: Attribute, field_name: str) -> None:
        """Raise VerifyException when ``attr`` holds no case of the enum."""
        assert isinstance(attr, IntegerAttr)
        value = attr.value.data
        if value not in self._by_value:
            raise VerifyException(
                f"{field_name} = {value} is not a valid {self.enum.__name__}; valid values are "
                + ", ".join(f"{v} ({w})" for v, w in self._by_value.items())
            )

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if not isinstance(attr, IntegerAttr) or attr.type != i32:
            raise VerifyException(
                f"expected an i32 integer holding a {self.enum.__name__}, got {attr}"
            )

    def get_bases(self) -> set[type[Attribute]] | None:
        return {IntegerAttr}

    def mapping_type_vars(self, type_var_mapping: Mapping) -> I32EnumAttr:  # pyright: ignore
        return self


@dataclass(frozen=True)
class KeywordStrAttr(AttrConstraint[StringAttr]):
    """A ``StringAttr`` that a custom format writes as a bare keyword (``device(npu1_1col)``).

    ``check`` may reject a word with a ValueError whose message is reported at the word when
    parsing; ``choices`` lists the accepted words (checked when parsing and verifying).
    """

    choices: Sequence[str] | None = None
    check: Callable[[str], object] | None = field(default=None, compare=False, hash=False)

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if not isinstance(attr, StringAttr):
            raise VerifyException(f"expected a string, got {attr}")
        if self.choices is not None and attr.data not in self.choices:
            raise VerifyException(
                f"'{attr.data}' is not one of " + ", ".join(self.choices)
            )

    def get_bases(self) -> set[type[Attribute]] | None:
        return {StringAttr}

    def mapping_type_vars(self, type_var_mapping: Mapping) -> KeywordStrAttr:  # pyright: ignore
        return self


# Parsing and building make the same few small integers and symbol names over and over, and
# xDSL attributes are immutable values: these share one attribute per value.
_shared = functools.lru_cache(maxsize=1 << 16)


@_shared
def int_attr(value: int, type_: IntegerType | IndexType = i32) -> IntegerAttr:
    """``IntegerAttr(value, type_)``, shared."""
    return IntegerAttr(value, type_)


@_shared
def int_data(value: int) -> IntAttr:
    """``IntAttr(value)``, shared."""
    return IntAttr(value)


@_shared
def symbol_ref(name: str) -> SymbolRefAttr:
    """``SymbolRefAttr(name)`` (a flat reference), shared: a design names the same few fifos
    and kernels in every acquire, release and call."""
    return SymbolRefAttr(name)

__all__ = [
    "I8Attr",
    "I16Attr",
    "I32Attr",
    "I32EnumAttr",
    "I64Attr",
    "IndexAttr",
    "KeywordStrAttr",
    "UI8Attr",
    "UI16Attr",
    "UI32Attr",
    "UI64Attr",
    "i8",
    "i16",
    "int_attr",
    "int_data",
    "symbol_ref",
    "ui8",
    "ui16",
    "ui32",
    "ui64",
]
