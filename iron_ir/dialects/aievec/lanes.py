"""aievec ops that move lanes and change precision: broadcasts, upshift/shift-round-saturate
between vector and accumulator types, casts, the vector load-update ``upd``, concatenation and
extraction, pack/unpack, byte shifts and shuffles.

Their text is mlir-aie's hand-written syntax: operands, the attribute dictionary (inherent
attributes included, as written), then the types.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    AnyFloat,
    BoolAttr,
    I8,
    I32,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    VectorType,
)
from xdsl.ir import Operation
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from iron_ir.dialects.aievec.base import (
    PROPS_IN_ATTR_DICT,
    element_width,
    is_float,
    is_integer,
    lanes,
    require_vector,
    type_text,
)
from iron_ir.dialects.aievec.types import ShuffleModeAttr


def _check_int_range(op: Operation, name: str, low: int, high: int, width: int) -> None:
    attr = op.properties.get(name)
    if attr is None:
        return
    if not isinstance(attr, IntegerAttr) or not low <= attr.value.data <= high:
        raise VerifyException(
            f"attribute '{name}' failed to satisfy constraint: {width}-bit signless integer "
            f"attribute whose minimum value is {low} whose maximum value is {high}"
        )


class _UnaryWithTypes(IRDLOperation):
    """``$source attr-dict : type($source), type($result)``."""

    source = operand_def(VectorType)
    result = result_def(VectorType)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$source attr-dict `:` type($source) `,` type($result)"


@irdl_op_definition
class BroadcastOp(_UnaryWithTypes):
    """Lane ``idx`` of ``source`` in every lane."""

    name = "aievec.broadcast"
    idx = opt_prop_def(IntegerAttr[I8])

    def verify_(self) -> None:
        _check_int_range(self, "idx", 0, 127, 8)
        src, res = require_vector(self.source), require_vector(self.result)
        if src != res:
            raise VerifyException(
                "The vector type of source vector and result vector must match"
            )


@irdl_op_definition
class BroadcastScalarOp(IRDLOperation):
    """A scalar in every lane."""

    name = "aievec.broadcast_scalar"
    source = operand_def(IntegerType | AnyFloat)
    result = result_def(VectorType)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$source attr-dict `:` type($source) `,` type($result)"

    def verify_(self) -> None:
        if self.source.type != self.result.type.element_type:  # type: ignore[union-attr]
            raise VerifyException(
                "the element type of result vector must be the same as the source type"
            )


@irdl_op_definition
class UPSOp(_UnaryWithTypes):
    """Vector to accumulator (wider lanes), shifted up by ``shift``."""

    name = "aievec.ups"
    shift = opt_prop_def(IntegerAttr[I8])

    def verify_(self) -> None:
        _check_int_range(self, "shift", 0, 127, 8)
        src, res = require_vector(self.source), require_vector(self.result)
        if lanes(src) != lanes(res):
            raise VerifyException(
                "The number of lanes in source vector and result accumulator must match"
            )
        if element_width(src) >= element_width(res):
            raise VerifyException(
                "the element type of result accumulator must be wider than that of the "
                "source vector"
            )


@irdl_op_definition
class CastOp(_UnaryWithTypes):
    """Reinterpret between vector and accumulator registers (same element width)."""

    name = "aievec.cast"
    isResAcc = opt_prop_def(BoolAttr)

    def verify_(self) -> None:
        src, res = require_vector(self.source, "requires source vector type"), require_vector(
            self.result, "requires result vector type"
        )
        if element_width(src) != element_width(res):
            raise VerifyException("the bitwidth of resource and result should be equal")


@irdl_op_definition
class SRSOp(IRDLOperation):
    """Accumulator to vector: shift right by ``shift``, round, saturate (``sign``: signed 1,
    unsigned 0)."""

    name = "aievec.srs"
    source = operand_def(VectorType)
    shift = operand_def(IntegerType)
    sign = opt_prop_def(IntegerAttr[I32])
    result = result_def(VectorType)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = (
        "$source `,` $shift attr-dict `:` type($source) `,` type($shift) `,` type($result)"
    )

    def verify_(self) -> None:
        _check_int_range(self, "sign", 0, 1, 32)
        acc = require_vector(self.source, "requires accumulator type")
        res = require_vector(self.result)
        if lanes(acc) != lanes(res):
            raise VerifyException(
                "The number of lanes in result vector and source accumulator must match"
            )
        rwidth, awidth = element_width(res), element_width(acc)
        if is_integer(acc.element_type) and rwidth >= awidth:
            raise VerifyException(
                "the element type of source accumulator must be wider than that of the "
                "result vector"
            )
        if is_float(acc.element_type) and rwidth != 16 and rwidth != awidth:
            raise VerifyException(
                "the element type of source accumulator must be same as the result vector"
            )


@irdl_op_definition
class UPDOp(IRDLOperation):
    """Load ``source[indices]`` into lanes of the result; ``index`` 1 with ``vector`` fills the
    upper half of the vector an ``index`` 0 update produced."""

    name = "aievec.upd"

    T: ClassVar = VarConstraint("T", base(VectorType))
    source = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    vector = opt_operand_def(T)
    offset = opt_prop_def(IntegerAttr[I32])
    index = opt_prop_def(IntegerAttr[I8])
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())
    assembly_format = (
        "$source `[` $indices `]` (`,` $vector^)? attr-dict `:` type($source) `,` type($result)"
    )

    def verify_(self) -> None:
        _check_int_range(self, "index", 0, 1, 8)
        if not self.indices:
            raise VerifyException("upd source cannot come from scalar value")


@irdl_op_definition
class ConcatOp(IRDLOperation):
    """Two or more vectors of one type, end to end. Written with the sources' type once:
    ``aievec.concat %a, %b : vector<32xi8>, vector<64xi8>``."""

    name = "aievec.concat"
    sources = var_operand_def(VectorType)
    result = result_def(VectorType)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> ConcatOp:
        sources = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_punctuation(",")
        result_type = parser.parse_type()
        operands = [parser.resolve_operand(s, source_type) for s in sources]
        return cls.create(operands=operands, result_types=[result_type], attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.sources, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.sources[0].type)
        printer.print_string(", ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        if len(self.sources) < 2:
            raise VerifyException("Must concatenate at least two vectors")
        first = self.sources[0].type
        if any(s.type != first for s in self.sources):
            raise VerifyException("All sources must have same type")
        if sum(lanes(s.type) for s in self.sources) != lanes(self.result.type):  # type: ignore[arg-type]
            raise VerifyException("mismatch between vector lanes and sum of source lanes")


def verify_extract(op: IRDLOperation, source: VectorType, result: VectorType) -> None:
    """mlir-aie's ``ext`` rules (``aievec.ext`` and ``aievec_aie1.ext``)."""
    _check_int_range(op, "index", 0, 8, 8)
    index = op.properties["index"].value.data  # type: ignore[attr-defined]
    src, res = lanes(source), lanes(result)
    if src // res <= 1:
        raise VerifyException("lanes in source vector must be at least twice that of result vector")
    if src % res:
        raise VerifyException("lanes in result vector must be a multiple of source vector lanes")
    if index >= src // res:
        raise VerifyException("index out of bounds")
    if source.element_type != result.element_type:
        raise VerifyException("source and result element type must be same")


@irdl_op_definition
class ExtOp(_UnaryWithTypes):
    """Lanes ``[index * n, (index + 1) * n)`` of ``source``, n the result's lane count."""

    name = "aievec.ext"
    index = prop_def(IntegerAttr[I8])

    def verify_(self) -> None:
        verify_extract(self, self.source.type, self.result.type)  # type: ignore[arg-type]


@irdl_op_definition
class ExtElemOp(IRDLOperation):
    """One lane of ``source`` as a scalar; ``index`` is an i32 value."""

    name = "aievec.ext_elem"
    source = operand_def(VectorType)
    index = operand_def(IntegerType)
    result = result_def(IntegerType | AnyFloat)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = (
        "$source `,` $index attr-dict `:` type($source) `,` type($index) `,` type($result)"
    )

    def verify_(self) -> None:
        if self.source.type.element_type != self.result.type:  # type: ignore[union-attr]
            raise VerifyException(
                "failed to verify that all of {source, result} have same element type"
            )


def _verify_pack(op: IRDLOperation, source_width: int, result_width: int) -> None:
    src, res = require_vector(op.operands[0]), require_vector(op.results[0])
    if lanes(src) != lanes(res):
        raise VerifyException("The number of lanes in input and output vector must match")
    if element_width(src) != source_width:
        raise VerifyException(f"input must be an int{source_width} vector")
    if element_width(res) != result_width:
        raise VerifyException(f"output must be an int{result_width} vector")


@irdl_op_definition
class PackOp(_UnaryWithTypes):
    """16-bit lanes to 8-bit lanes."""

    name = "aievec.pack"

    def verify_(self) -> None:
        _verify_pack(self, 16, 8)


@irdl_op_definition
class UnpackOp(_UnaryWithTypes):
    """8-bit lanes to 16-bit lanes."""

    name = "aievec.unpack"

    def verify_(self) -> None:
        _verify_pack(self, 8, 16)


@irdl_op_definition
class ShiftOp(IRDLOperation):
    """Bytes ``[shift, shift + 64)`` of ``lhs ++ rhs``."""

    name = "aievec.shift"
    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    shift = operand_def(IntegerType)
    isAcc = opt_prop_def(BoolAttr)
    result = result_def(VectorType)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = (
        "$lhs `,` $rhs `,` $shift attr-dict `:` type($lhs) `,` type($rhs) `,` type($shift) `,` "
        "type($result)"
    )

    def verify_(self) -> None:
        result = self.result.type
        if self.lhs.type != result or self.rhs.type != result:
            raise VerifyException("All vectors must have same type")


@irdl_op_definition
class LegacyShuffleOp(_UnaryWithTypes):
    """AIE1-style shuffle by an integer ``mode``."""

    name = "aievec.legacyshuffle"
    mode = opt_prop_def(IntegerAttr[I32])

    def verify_(self) -> None:
        src, res = require_vector(self.source), require_vector(self.result)
        if lanes(src) != lanes(res):
            raise VerifyException("The number of lanes in input and output vector must match")
        if element_width(src) != element_width(res):
            raise VerifyException("The type width in input and output must match")


@irdl_op_definition
class ShuffleOp(IRDLOperation):
    """AIE2 shuffle of one or two 512-bit vectors by a named mode: ``[t32_4x8_lo]``."""

    name = "aievec.shuffle"

    T: ClassVar = VarConstraint("T", base(VectorType))
    lhs = operand_def(T)
    rhs = opt_operand_def(T)
    mode = prop_def(ShuffleModeAttr)
    result = result_def(T)
    traits = traits_def(Pure())
    irdl_options = PROPS_IN_ATTR_DICT
    assembly_format = "$lhs (`,` $rhs^)? $mode attr-dict `:` type($result)"

    def verify_(self) -> None:
        vector: VectorType = self.lhs.type  # type: ignore[assignment]
        if lanes(vector) * element_width(vector) != 512:
            raise VerifyException(
                f"operand #0 must be a 512-bit vector, but got '{type_text(vector)}'"
            )
        mode = self.mode.data
        if mode.element_width != element_width(vector):
            raise VerifyException(
                f"shuffle mode '{mode.value}' requires vectors of {mode.element_width}-bit "
                f"elements, but got '{type_text(vector)}'"
            )
        if mode.takes_two_vectors and self.rhs is None:
            raise VerifyException(f"shuffle mode '{mode.value}' requires a rhs operand")
        if not mode.takes_two_vectors and self.rhs is not None:
            raise VerifyException(f"shuffle mode '{mode.value}' does not admit a rhs operand")


__all__ = [
    "BroadcastOp",
    "BroadcastScalarOp",
    "CastOp",
    "ConcatOp",
    "ExtElemOp",
    "ExtOp",
    "LegacyShuffleOp",
    "PackOp",
    "SRSOp",
    "ShiftOp",
    "ShuffleOp",
    "UPDOp",
    "UPSOp",
    "UnpackOp",
]
