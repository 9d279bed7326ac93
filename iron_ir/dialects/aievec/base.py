"""What every aievec op shares: lane counts and element widths of vector types, the MLIR text
of a type for messages, and the ``AllTypesMatch`` check ODS generates.

aievec's ops keep their inherent attributes as properties, which MLIR's printers show in the
attribute dictionary (``{shift = 0 : i8}``); ``ParsePropInAttrDict`` gives the same text here.
"""

from __future__ import annotations

from collections.abc import Sequence
from io import StringIO
from math import prod

from xdsl.dialects.builtin import AnyFloat, IntegerType, VectorType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import ParsePropInAttrDict
from xdsl.utils.exceptions import VerifyException

PROPS_IN_ATTR_DICT = (ParsePropInAttrDict(),)


def type_text(attr: Attribute) -> str:
    """``attr`` as MLIR prints it, for messages (``vector<16xi32>``)."""
    from iron_ir.ir.printer import MLIRPrinter

    out = StringIO()
    MLIRPrinter(stream=out).print_attribute(attr)
    return out.getvalue()


def lanes(vector: VectorType) -> int:
    """The number of elements (mlir-aie's ``getVectorLaneSize``)."""
    return prod(vector.get_shape())


def element_width(vector: VectorType | Attribute) -> int:
    """The bit width of a vector's (or a scalar type's) element type."""
    element = vector.element_type if isinstance(vector, VectorType) else vector
    if isinstance(element, IntegerType):
        return element.width.data
    if isinstance(element, AnyFloat):
        return element.bitwidth
    raise VerifyException(f"expected an integer or float element type, got {type_text(element)}")


def is_integer(t: Attribute) -> bool:
    return isinstance(t, IntegerType)


def is_float(t: Attribute) -> bool:
    return isinstance(t, AnyFloat)


def require_vector(value: SSAValue, message: str = "requires vector type") -> VectorType:
    if not isinstance(value.type, VectorType):
        raise VerifyException(message)
    return value.type


def all_types_match(names: Sequence[str], values: Sequence[SSAValue]) -> None:
    """ODS's ``AllTypesMatch<[...]>``."""
    if any(v.type != values[0].type for v in values[1:]):
        raise VerifyException(
            f"failed to verify that all of {{{', '.join(names)}}} have same type"
        )
