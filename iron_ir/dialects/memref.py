"""The ``memref`` dialect: xDSL's ops, with ``memref.global`` in MLIR's custom form (xDSL 0.74
has only its generic form)::

    memref.global "private" constant @lut : memref<4xi16> = dense<[1, 2, 3, 4]> {alignment = 64 : i64}
    memref.global @buf : memref<16xi32> = uninitialized
    memref.global "private" @ext : memref<8xf32>

The visibility and the initial value are optional, as in MLIR (no initial value: an external
declaration); the initial value is written without its type, which is the memref's shape as a
tensor.
"""

from __future__ import annotations

from xdsl.dialects import memref as xmemref
from xdsl.dialects.builtin import (
    I64,
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    MemRefType,
    StringAttr,
    SymbolNameConstraint,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Dialect
from xdsl.irdl import irdl_op_definition, opt_prop_def, prop_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class GlobalOp(xmemref.GlobalOp):
    name = "memref.global"

    # IRDL turns a defined op's fields into accessors, so a subclass states them again;
    # visibility and initial value are optional here, as in MLIR.
    sym_name = prop_def(SymbolNameConstraint())
    sym_visibility = opt_prop_def(StringAttr)
    type = prop_def(MemRefType)
    initial_value = opt_prop_def(UnitAttr | DenseIntOrFPElementsAttr)
    constant = opt_prop_def(UnitAttr)
    alignment = opt_prop_def(IntegerAttr[I64])

    @classmethod
    def parse(cls, parser: Parser) -> GlobalOp:
        properties = {}
        if (visibility := parser.parse_optional_str_literal()) is not None:
            properties["sym_visibility"] = StringAttr(visibility)
        if parser.parse_optional_keyword("constant") is not None:
            properties["constant"] = UnitAttr()
        properties["sym_name"] = parser.parse_symbol_name()
        parser.parse_punctuation(":")
        at = parser.pos
        memref = parser.parse_type()
        if not isinstance(memref, MemRefType):
            parser.raise_error("type should be static shaped memref", at)
        properties["type"] = memref
        if parser.parse_optional_punctuation("=") is not None:
            if parser.parse_optional_keyword("uninitialized") is not None:
                properties["initial_value"] = UnitAttr()
            else:
                tensor = TensorType(memref.element_type, memref.get_shape())
                parser.parse_keyword("dense", " (initial value: dense<...> or uninitialized)")
                properties["initial_value"] = parser.parse_dense_int_or_fp_elements_attr(tensor)
        attributes = parser.parse_optional_attr_dict()
        if "alignment" in attributes:
            properties["alignment"] = attributes.pop("alignment")
        return cls.create(properties=properties, attributes=attributes)

    def print(self, printer: Printer) -> None:
        if self.sym_visibility is not None:
            printer.print_string(f' "{self.sym_visibility.data}"')
        if self.constant is not None:
            printer.print_string(" constant")
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(" : ")
        printer.print_attribute(self.type)
        if isinstance(self.initial_value, UnitAttr):
            printer.print_string(" = uninitialized")
        elif self.initial_value is not None:
            printer.print_string(" = ")
            self.initial_value.print_without_type(printer)
        extra = dict(self.attributes)
        if self.alignment is not None:
            extra["alignment"] = self.alignment
        printer.print_op_attributes(extra)

    def verify_(self) -> None:
        # Not super().verify_(): that would check xDSL's definition (visibility required).
        if self.alignment is not None:
            alignment = self.alignment.value.data
            if alignment <= 0 or alignment & (alignment - 1):
                raise VerifyException(f"alignment attribute value {alignment} is not a power of 2")
        value = self.initial_value
        if isinstance(value, DenseIntOrFPElementsAttr):
            tensor = value.type
            if tensor.get_shape() != self.type.get_shape() or (
                tensor.get_element_type() != self.type.element_type
            ):
                raise VerifyException(
                    "initial value expected to be of type "
                    f"tensor<{'x'.join(map(str, self.type.get_shape()))}x"
                    f"{self.type.element_type}>"
                )


MemRef = Dialect(
    "memref",
    [GlobalOp if op is xmemref.GlobalOp else op for op in xmemref.MemRef.operations],
    list(xmemref.MemRef.attributes),
)
