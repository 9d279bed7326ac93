"""The ``vector`` dialect: xDSL's ops, and the ones AIE kernel files use that xDSL 0.74 lacks
(``contract``, ``extract_strided_slice``, ``insert_strided_slice``, ``shape_cast``,
``transpose``, ``splat``, ``multi_reduction``, ``extractelement``, ``insertelement``,
``from_elements``, ``step``), in MLIR's syntax.

Inherent attributes are properties, written in the attribute dictionary where MLIR's format
has ``attr-dict``; ``contract`` writes its ``indexing_maps``/``iterator_types``/``kind`` first
and the iterator types as strings, as MLIR's printer does.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import vector as xvector
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    IntegerType,
    StringAttr,
    VectorType,
    i64,
)
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, Dialect
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

_PROPS = (ParsePropInAttrDict(),)


class IteratorType(StrEnum):
    PARALLEL = "parallel"
    REDUCTION = "reduction"


@irdl_attr_definition
class IteratorTypeAttr(EnumAttribute[IteratorType]):
    """``#vector.iterator_type<parallel>``."""

    name = "vector.iterator_type"

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data.value)

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> IteratorType:
        with parser.in_angle_brackets():
            return parser.parse_str_enum(IteratorType)


def _i64_array(values) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, list(values))


def _parse_int_list(parser: Parser) -> list[int]:
    return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)


def _print_int_list(printer: Printer, values) -> None:
    printer.print_string("[" + ", ".join(str(v) for v in values) + "]")


def _split_props(cls: type[IRDLOperation], attrs: dict[str, Attribute]):
    names = cls.get_irdl_definition().properties.keys()
    return (
        {k: v for k, v in attrs.items() if k in names},
        {k: v for k, v in attrs.items() if k not in names},
    )


@irdl_op_definition
class ContractionOp(IRDLOperation):
    """``vector.contract {indexing_maps = [...], iterator_types = ["parallel", ...],
    kind = #vector.kind<add>} %lhs, %rhs, %acc : tl, tr into tacc``."""

    name = "vector.contract"

    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    acc = operand_def(AnyAttr())
    indexing_maps = prop_def(ArrayAttr[AffineMapAttr])
    iterator_types = prop_def(ArrayAttr[IteratorTypeAttr])
    kind = prop_def(xvector.CombiningKindAttr)
    result = result_def(AnyAttr())
    traits = traits_def(Pure())

    _TRAIT_ATTRS: ClassVar[tuple[str, ...]] = ("indexing_maps", "iterator_types", "kind")

    @classmethod
    def parse(cls, parser: Parser) -> ContractionOp:
        at = parser.pos
        attrs = parser.parse_optional_attr_dict()
        iterators = attrs.get("iterator_types")
        if isinstance(iterators, ArrayAttr):
            converted = []
            for it in iterators.data:
                if isinstance(it, StringAttr):
                    try:
                        it = IteratorTypeAttr(IteratorType(it.data))
                    except ValueError:
                        parser.raise_error(f"unknown iterator type '{it.data}'", at)
                converted.append(it)
            attrs["iterator_types"] = ArrayAttr(converted)
        attrs.setdefault("kind", xvector.CombiningKindAttr(xvector.CombiningKindFlag.ADD))
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        acc = parser.parse_unresolved_operand()
        attrs |= parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        lhs_t = parser.parse_type()
        parser.parse_punctuation(",")
        rhs_t = parser.parse_type()
        parser.parse_keyword("into")
        acc_t = parser.parse_type()
        properties, attributes = _split_props(cls, attrs)
        return cls.create(
            operands=[
                parser.resolve_operand(lhs, lhs_t),
                parser.resolve_operand(rhs, rhs_t),
                parser.resolve_operand(acc, acc_t),
            ],
            result_types=[acc_t],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" {")
        printer.print_string("indexing_maps = ")
        printer.print_attribute(self.indexing_maps)
        printer.print_string(", iterator_types = [")
        printer.print_string(", ".join(f'"{it.data.value}"' for it in self.iterator_types.data))
        printer.print_string("], kind = ")
        printer.print_attribute(self.kind)
        printer.print_string("} ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)
        printer.print_string(", ")
        printer.print_attribute(self.rhs.type)
        printer.print_string(" into ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        if len(self.indexing_maps.data) != 3:
            raise VerifyException("expected an indexing map for each vector operand")
        if self.acc.type != self.result.type:
            raise VerifyException("failed to verify that result type matches type of acc")


class _StridedSlice(IRDLOperation):
    irdl_options = _PROPS
    traits = traits_def(Pure())


@irdl_op_definition
class ExtractStridedSliceOp(_StridedSlice):
    name = "vector.extract_strided_slice"
    source = operand_def(VectorType)
    offsets = prop_def(ArrayAttr[IntegerAttr])
    sizes = prop_def(ArrayAttr[IntegerAttr])
    strides = prop_def(ArrayAttr[IntegerAttr])
    result = result_def(VectorType)
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"


@irdl_op_definition
class InsertStridedSliceOp(_StridedSlice):
    name = "vector.insert_strided_slice"
    T: ClassVar = VarConstraint("T", base(VectorType))
    source = operand_def(VectorType)
    dest = operand_def(T)
    offsets = prop_def(ArrayAttr[IntegerAttr])
    strides = prop_def(ArrayAttr[IntegerAttr])
    result = result_def(T)
    assembly_format = "$source `,` $dest attr-dict `:` type($source) `into` type($dest)"


@irdl_op_definition
class ShapeCastOp(IRDLOperation):
    name = "vector.shape_cast"
    source = operand_def(VectorType)
    result = result_def(VectorType)
    traits = traits_def(Pure())
    irdl_options = _PROPS
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"

    def verify_(self) -> None:
        from math import prod

        if prod(self.source.type.get_shape()) != prod(self.result.type.get_shape()):  # type: ignore[union-attr]
            raise VerifyException(
                "op source/result number of elements must match"
            )


@irdl_op_definition
class TransposeOp(IRDLOperation):
    """``vector.transpose %v, [1, 0] : vector<4x8xbf16> to vector<8x4xbf16>``."""

    name = "vector.transpose"
    vector = operand_def(VectorType)
    permutation = prop_def(DenseArrayBase)
    result = result_def(VectorType)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> TransposeOp:
        source = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        permutation = _parse_int_list(parser)
        properties, attributes = _split_props(cls, parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        source_t = parser.parse_type()
        parser.parse_keyword("to")
        result_t = parser.parse_type()
        properties["permutation"] = _i64_array(permutation)
        return cls.create(
            operands=[parser.resolve_operand(source, source_t)],
            result_types=[result_t],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.vector)
        printer.print_string(", ")
        _print_int_list(printer, self.permutation.get_values())
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.vector.type)
        printer.print_string(" to ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        perm = list(self.permutation.get_values())
        shape = self.vector.type.get_shape()  # type: ignore[union-attr]
        if sorted(perm) != list(range(len(shape))):
            raise VerifyException("transposition length mismatch")
        if tuple(shape[p] for p in perm) != tuple(self.result.type.get_shape()):  # type: ignore[union-attr]
            raise VerifyException("dimension size mismatch")


@irdl_op_definition
class SplatOp(IRDLOperation):
    """``vector.splat %s : vector<32xi16>``."""

    name = "vector.splat"
    input = operand_def(AnyAttr())
    aggregate = result_def(VectorType)
    traits = traits_def(Pure())
    irdl_options = _PROPS

    @classmethod
    def parse(cls, parser: Parser) -> SplatOp:
        value = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        result_t = parser.parse_type()
        if not isinstance(result_t, VectorType):
            parser.raise_error("expected a vector type")
        operand = parser.resolve_operand(value, result_t.element_type)
        return cls.create(operands=[operand], result_types=[result_t], attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.aggregate.type)


@irdl_op_definition
class MultiReductionOp(IRDLOperation):
    """``vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<4xf32>``."""

    name = "vector.multi_reduction"
    source = operand_def(VectorType)
    acc = operand_def(AnyAttr())
    kind = prop_def(xvector.CombiningKindAttr)
    reduction_dims = prop_def(DenseArrayBase)
    dest = result_def(AnyAttr())
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> MultiReductionOp:
        kind = xvector.CombiningKindAttr(xvector.CombiningKindAttr.parse_parameter(parser))
        parser.parse_punctuation(",")
        source = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        acc = parser.parse_unresolved_operand()
        properties, attributes = _split_props(cls, parser.parse_optional_attr_dict())
        dims = _parse_int_list(parser)
        parser.parse_punctuation(":")
        source_t = parser.parse_type()
        parser.parse_keyword("to")
        dest_t = parser.parse_type()
        properties |= {"kind": kind, "reduction_dims": _i64_array(dims)}
        return cls.create(
            operands=[parser.resolve_operand(source, source_t), parser.resolve_operand(acc, dest_t)],
            result_types=[dest_t],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        self.kind.print_parameter(printer)
        printer.print_string(", ")
        printer.print_operand(self.source)
        printer.print_string(", ")
        printer.print_operand(self.acc)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" ")
        _print_int_list(printer, self.reduction_dims.get_values())
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" to ")
        printer.print_attribute(self.dest.type)


class _ElementOp(IRDLOperation):
    """``[%i : index]`` (or ``[]`` for a 0-d vector) after the vector."""

    traits = traits_def(Pure())

    @staticmethod
    def _parse_position(parser: Parser):
        parser.parse_punctuation("[")
        position = None
        if parser.parse_optional_punctuation("]") is None:
            pos = parser.parse_unresolved_operand()
            parser.parse_punctuation(":")
            position = parser.resolve_operand(pos, parser.parse_type())
            parser.parse_punctuation("]")
        return position

    def _print_position(self, printer: Printer) -> None:
        printer.print_string("[")
        if self.position is not None:  # type: ignore[attr-defined]
            printer.print_operand(self.position)  # type: ignore[attr-defined]
            printer.print_string(" : ")
            printer.print_attribute(self.position.type)  # type: ignore[attr-defined]
        printer.print_string("]")


@irdl_op_definition
class ExtractElementOp(_ElementOp):
    """``vector.extractelement %v[%i : index] : vector<16xf32>``."""

    name = "vector.extractelement"
    vector = operand_def(VectorType)
    position = opt_operand_def(IndexType | IntegerType)
    result = result_def(AnyAttr())

    @classmethod
    def parse(cls, parser: Parser) -> ExtractElementOp:
        vector = parser.parse_unresolved_operand()
        position = cls._parse_position(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        vector_t = parser.parse_type()
        if not isinstance(vector_t, VectorType):
            parser.raise_error("expected a vector type")
        operands = [parser.resolve_operand(vector, vector_t)]
        if position is not None:
            operands.append(position)
        return cls.create(
            operands=operands, result_types=[vector_t.element_type], attributes=attributes
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.vector)
        self._print_position(printer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.vector.type)


@irdl_op_definition
class InsertElementOp(_ElementOp):
    """``vector.insertelement %s, %v[%i : index] : vector<16xf32>``."""

    name = "vector.insertelement"
    T: ClassVar = VarConstraint("T", base(VectorType))
    source = operand_def(AnyAttr())
    dest = operand_def(T)
    position = opt_operand_def(IndexType | IntegerType)
    result = result_def(T)

    @classmethod
    def parse(cls, parser: Parser) -> InsertElementOp:
        source = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        dest = parser.parse_unresolved_operand()
        position = cls._parse_position(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        dest_t = parser.parse_type()
        if not isinstance(dest_t, VectorType):
            parser.raise_error("expected a vector type")
        operands = [
            parser.resolve_operand(source, dest_t.element_type),
            parser.resolve_operand(dest, dest_t),
        ]
        if position is not None:
            operands.append(position)
        return cls.create(operands=operands, result_types=[dest_t], attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string(", ")
        printer.print_operand(self.dest)
        self._print_position(printer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)


@irdl_op_definition
class FromElementsOp(IRDLOperation):
    """``vector.from_elements %a, %b : vector<2xf32>``."""

    name = "vector.from_elements"
    elements = var_operand_def(AnyAttr())
    result = result_def(VectorType)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> FromElementsOp:
        elements = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        result_t = parser.parse_type()
        if not isinstance(result_t, VectorType):
            parser.raise_error("expected a vector type")
        operands = [parser.resolve_operand(e, result_t.element_type) for e in elements]
        return cls.create(operands=operands, result_types=[result_t], attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.elements, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)


@irdl_op_definition
class StepOp(IRDLOperation):
    """``vector.step : vector<16xindex>``: 0, 1, 2, ..."""

    name = "vector.step"
    result = result_def(VectorType)
    traits = traits_def(Pure())
    irdl_options = _PROPS
    assembly_format = "attr-dict `:` type($result)"


_EXTRA_OPS = (
    ContractionOp,
    ExtractStridedSliceOp,
    InsertStridedSliceOp,
    ShapeCastOp,
    TransposeOp,
    SplatOp,
    MultiReductionOp,
    ExtractElementOp,
    InsertElementOp,
    FromElementsOp,
    StepOp,
)

Vector = Dialect(
    "vector",
    [*xvector.Vector.operations, *_EXTRA_OPS],
    [*xvector.Vector.attributes, IteratorTypeAttr],
)

__all__ = ["IteratorTypeAttr", "Vector", *(op.__name__ for op in _EXTRA_OPS)]
