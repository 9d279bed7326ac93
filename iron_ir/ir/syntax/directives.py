"""Custom directives: syntax that MLIR's format language cannot state, named in a format as
``custom<Name>(args)`` (mlir-tblgen calls the C++ ``parseName``/``printName`` functions).

A directive is a class with two static methods. ``parse(parser, *refs)`` receives the values of
the ``ref(...)`` arguments, in order, and returns the values of the other arguments (one value,
or a tuple when there are several); ``print(printer, op, *values)`` receives the values of all
arguments. A value is what the argument names:

* ``$attr``: the Attribute, or None when absent (return None from ``parse`` to leave it unset);
* ``$operand``: an ``UnresolvedOperand`` when parsing, the ``SSAValue`` when printing (a list for
  a variadic operand, None for an absent optional one);
* ``type($x)``: the type (a list for a variadic operand or result);
* ``$region``: the Region; ``$successor``: the Block.

An op lists the directives its format uses in ``custom_directives = (Name, ...)``; the format
refers to them by class name. The directives below are shared by every dialect.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DYNAMIC_INDEX, DenseArrayBase, i64
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer


class CustomDirective:
    """Base of the classes named by ``custom<...>`` in a format."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> object:
        raise NotImplementedError

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        raise NotImplementedError


class EntryArguments(CustomDirective):
    """``(%arg0: T, ...) { body }``: a region whose entry-block arguments are written before it,
    as function-like ops write them (``aie.runtime_sequence``, ``aie.bd_chain``)."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> Region:
        args = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=True)
        )
        region = parser.parse_region(args)
        if not region.blocks:
            region.add_block(Block(arg_types=[a.type for a in args]))
        return region

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        (region,) = values
        assert isinstance(region, Region)
        printer.print_string("(")
        block = region.blocks.first
        if block is not None:
            printer.print_list(block.args, printer.print_block_argument)
        printer.print_string(") ")
        printer.print_region(region, print_entry_block_args=False, print_empty_block=False)


class DynamicIndexList(CustomDirective):
    """MLIR's ``custom<DynamicIndexList>($values, $static_values)``: ``[0, %a, 4]``, the SSA
    entries in ``$values`` and a DYNAMIC_INDEX placeholder for each in the i64 dense array."""

    @staticmethod
    def parse(parser: Parser, *refs: object) -> tuple[list[UnresolvedOperand], Attribute]:
        dynamic: list[UnresolvedOperand] = []

        def entry() -> int:
            operand = parser.parse_optional_unresolved_operand()
            if operand is not None:
                dynamic.append(operand)
                return DYNAMIC_INDEX
            return parser.parse_integer(allow_boolean=False)

        static = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, entry)
        return dynamic, DenseArrayBase.from_list(i64, static)

    @staticmethod
    def print(printer: Printer, op: Operation, *values: object) -> None:
        dynamic, static = values
        assert isinstance(static, DenseArrayBase) and isinstance(dynamic, Sequence)
        print_index_list(printer, static.get_values(), dynamic)  # pyright: ignore


def print_index_list(
    printer: Printer, static: Sequence[int], dynamic: Sequence[SSAValue]
) -> None:
    values = iter(dynamic)
    printer.print_string("[")
    for index, value in enumerate(static):
        if index:
            printer.print_string(", ")
        dynamic_value = next(values, None) if value == DYNAMIC_INDEX else None
        if dynamic_value is not None:
            printer.print_ssa_value(dynamic_value)
        elif value == DYNAMIC_INDEX:
            # Invalid IR (the verifier reports it) is printed without crashing.
            printer.print_string("<<missing SSA value>>")
        else:
            printer.print_string(str(value))
    printer.print_string("]")


__all__ = ["CustomDirective", "DynamicIndexList", "EntryArguments", "print_index_list"]
