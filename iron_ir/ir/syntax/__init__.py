"""The one declarative syntax layer of iron-ir's dialects: an op's IRDL fields and its
mlir-tblgen ``FORMAT`` string are the whole description of its text (see docs/aie-dialect.md,
"Adding an op"). This package only hands names on."""

from iron_ir.ir.syntax.codecs import Codec, attribute_codec, next_char, type_codec
from iron_ir.ir.syntax.directives import (
    CustomDirective,
    DynamicIndexList,
    EntryArguments,
    print_index_list,
)
from iron_ir.ir.syntax.format import FormatError
from iron_ir.ir.syntax.op import FormattedOp, ParseState, compile_format

__all__ = [
    "Codec",
    "CustomDirective",
    "DynamicIndexList",
    "EntryArguments",
    "FormatError",
    "FormattedOp",
    "ParseState",
    "attribute_codec",
    "compile_format",
    "next_char",
    "print_index_list",
    "type_codec",
]
