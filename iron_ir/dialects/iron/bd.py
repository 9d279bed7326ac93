"""``#iron.bd``: one buffer descriptor chosen by ``iron-tile-to-dma-bd`` for a runtime transfer.

``#iron.bd<offset = 0, len = 32768, dims = [<size = 8, stride = 32768>, ...]>`` — offset, length
and dims in elements, dims outermost first exactly as the ``aie.dma_bd`` it lowers to prints them
(for a shim task the first dim is the hardware iteration dimension). A fill or drain carries its
chain as ``bds = [#iron.bd<...>, ...]`` and the task's ``repeat_count``.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from iron_ir.dialects.iron.attrs import DimsAttr


@irdl_attr_definition
class BdAttr(ParametrizedAttribute):
    name = "iron.bd"
    offset: IntAttr
    length: IntAttr
    dims: DimsAttr

    @staticmethod
    def make(offset: int, length: int, dims: Sequence[tuple[int, int]]) -> BdAttr:
        return BdAttr(IntAttr(offset), IntAttr(length), DimsAttr(dims))

    def verify(self) -> None:
        if self.offset.data < 0 or self.length.data < 0:
            raise VerifyException(
                f"#iron.bd: offset {self.offset.data} and len {self.length.data} must be >= 0"
            )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        def field(name: str) -> None:
            parser.parse_keyword(name)
            parser.parse_punctuation("=")

        with parser.in_angle_brackets():
            field("offset")
            offset = parser.parse_integer(allow_boolean=False)
            parser.parse_punctuation(",")
            field("len")
            length = parser.parse_integer(allow_boolean=False)
            parser.parse_punctuation(",")
            field("dims")
            dims = DimsAttr.parse_list(parser)
        return (IntAttr(offset), IntAttr(length), dims)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<offset = {self.offset.data}, len = {self.length.data}, dims = ")
        self.dims.print_list(printer)
        printer.print_string(">")
