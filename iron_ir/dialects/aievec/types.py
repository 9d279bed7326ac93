"""aievec's type and attribute: the legacy accumulator type ``!aievec.acc<8xi80>`` (still in
mlir-aie's dialect, met in older files) and the shuffle mode ``[t32_4x8_lo]``."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntAttr
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition, param_def
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum


@irdl_attr_definition
class AccType(ParametrizedAttribute, TypeAttribute):
    """``!aievec.acc<lanes x type>``: a 48/80-bit accumulator (AIE1-era IR)."""

    name = "aievec.acc"

    lanes: IntAttr = param_def()
    value_type: Attribute = param_def()

    def __init__(self, lanes: int, value_type: Attribute):
        super().__init__(IntAttr(lanes), value_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            at = parser.pos
            shape, element = parser.parse_ranked_shape()
            if len(shape) != 1:
                parser.raise_error("expected <lanes x type>, e.g. !aievec.acc<8xi80>", at)
        return (IntAttr(shape[0]), element)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(f"{self.lanes.data}x")
            printer.print_attribute(self.value_type)

    def verify(self) -> None:
        if self.lanes.data <= 0:
            raise VerifyException(f"!aievec.acc needs a positive lane count, got {self.lanes.data}")


class ShuffleMode(StrEnum):
    """mlir-aie's ``ShuffleMode`` cases (``t<width>_<r>x<c>[_lo|_hi|_flip]``)."""

    T8_64X2_LO = "t8_64x2_lo"
    T8_64X2_HI = "t8_64x2_hi"
    T16_32X2_LO = "t16_32x2_lo"
    T16_32X2_HI = "t16_32x2_hi"
    T32_16X2_LO = "t32_16x2_lo"
    T32_16X2_HI = "t32_16x2_hi"
    T64_8X2_LO = "t64_8x2_lo"
    T64_8X2_HI = "t64_8x2_hi"
    T128_4X2_LO = "t128_4x2_lo"
    T128_4X2_HI = "t128_4x2_hi"
    T256_2X2_LO = "t256_2x2_lo"
    T256_2X2_HI = "t256_2x2_hi"
    T128_2X4_LO = "t128_2x4_lo"
    T128_2X4_HI = "t128_2x4_hi"
    T64_2X8_LO = "t64_2x8_lo"
    T64_2X8_HI = "t64_2x8_hi"
    T32_2X16_LO = "t32_2x16_lo"
    T32_2X16_HI = "t32_2x16_hi"
    T16_2X32_LO = "t16_2x32_lo"
    T16_2X32_HI = "t16_2x32_hi"
    T8_2X64_LO = "t8_2x64_lo"
    T8_2X64_HI = "t8_2x64_hi"
    T512_1X2_LO = "t512_1x2_lo"
    T512_1X2_HI = "t512_1x2_hi"
    T16_16X4_LO = "t16_16x4_lo"
    T16_16X4_HI = "t16_16x4_hi"
    T16_4X16_LO = "t16_4x16_lo"
    T16_4X16_HI = "t16_4x16_hi"
    T16_8X4 = "t16_8x4"
    T16_4X8 = "t16_4x8"
    T32_8X4_LO = "t32_8x4_lo"
    T32_8X4_HI = "t32_8x4_hi"
    T32_4X8_LO = "t32_4x8_lo"
    T32_4X8_HI = "t32_4x8_hi"
    T32_4X4 = "t32_4x4"
    T8_8X8 = "t8_8x8"
    T8_16X4 = "t8_16x4"
    T8_4X16 = "t8_4x16"
    T16_1X2_FLIP = "t16_1x2_flip"
    T16_4X4 = "t16_4x4"
    T16_4X2 = "t16_4x2"
    T16_2X4 = "t16_2x4"
    T16_8X2 = "t16_8x2"
    T16_2X8 = "t16_2x8"
    T16_16X2 = "t16_16x2"
    T16_2X16 = "t16_2x16"
    T8_8X4 = "t8_8x4"
    T8_4X8 = "t8_4x8"

    @property
    def element_width(self) -> int:
        return int(self.value[1:].split("_")[0])

    @property
    def takes_two_vectors(self) -> bool:
        """Modes that assemble half of a 1024-bit concatenation need ``lhs`` and ``rhs``."""
        return self.value.endswith(("_lo", "_hi"))


@irdl_attr_definition
class ShuffleModeAttr(EnumAttribute[ShuffleMode]):
    """Written ``[t32_4x8_lo]`` in the op (mlir-aie's ``"`[` $value `]`"``)."""

    name = "aievec.mode"

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_square_brackets():
            printer.print_string(self.data.value)

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> ShuffleMode:
        with parser.in_square_brackets():
            return parser.parse_str_enum(ShuffleMode)
