"""A printer whose text is byte-identical to MLIR's AsmPrinter (as linked into aie-opt).

It is an xDSL ``Printer`` subclass, so every dialect's ``print`` method works unchanged; what it
changes is what MLIR does differently from xDSL 0.74:

* SSA names and block labels come from :mod:`iron_ir.ir.naming` (MLIR's naming pass), never from
  xDSL's lazy naming, which strips trailing ``_<digits>`` from hints;
* attribute dictionaries are sorted by name, in the custom and the generic form;
* ``i64`` integers and ``f64`` floats drop their type inside arrays and memref memory spaces;
* the default-dialect rule drops ``builtin.``/``func.`` where MLIR does (``module``, ``return``);
* block labels carry MLIR's predecessor comments;
* the generic form follows ``printGenericOp`` (successors glued to the operand list);
* ``builtin.module``, ``func.func`` and ``scf.for`` are printed by MLIR's rules here, because
  xDSL's printers for them differ (``-> ()`` on declarations, one space before ``: i32``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from io import StringIO

from xdsl.dialects.builtin import (
    AffineMapAttr,
    AffineSetAttr,
    ArrayAttr,
    DictionaryAttr,
    FloatAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    Signedness,
    UnregisteredOp,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.printer import Printer
from xdsl.traits import IsTerminator

from iron_ir.ir.affine_text import map_text, set_text
from iron_ir.ir.naming import SSANames, compute_names

# OpAsmOpInterface::getDefaultDialect of the ops that set one (BuiltinOps.td, FuncOps.td).
_DEFAULT_DIALECT = {"builtin.module": "builtin", "func.func": "func"}

# func.func attributes printed in the signature, never in the attribute dictionary.
_FUNC_ELIDED = frozenset(
    {"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"}
)


@dataclass(eq=False, repr=False)
class MLIRPrinter(Printer):
    """Prints one top-level op (normally the module) exactly as MLIR would."""

    _names: SSANames | None = field(default=None, init=False)
    _default_dialects: list[str] = field(default_factory=lambda: ["builtin"], init=False)
    aliases: Mapping[Attribute, str] = field(default_factory=dict)
    """``#map``-style names to print instead of these attributes (see :func:`print_module`)."""
    affine_attributes: list[Attribute] = field(default_factory=list, init=False)
    """The affine maps and sets printed, in order of first appearance (MLIR aliases them)."""
    _attribute_text: dict[Attribute, str] = field(default_factory=dict, init=False)
    """The text of each attribute printed so far: a design prints the same few types and
    integers over and over. Equal attributes print alike; what a first print records
    (affine attributes met, dialect resources) is recorded by that first, uncached print."""

    # ---- names -------------------------------------------------------------------------

    def print_ssa_value(self, value: SSAValue) -> str:
        if self._names is None:
            return super().print_ssa_value(value)
        text = self._names.uses.get(value, "<<UNKNOWN SSA VALUE>>")
        self.print_string(text)
        return text.removeprefix("%")

    def _print_results(self, op: Operation) -> None:
        if not op.results:
            return
        assert self._names is not None
        self.print_string(self._names.defs.get(op, "<<UNKNOWN SSA VALUE>>"))
        self.print_string(" = ")

    # ---- operations --------------------------------------------------------------------

    def print_op(self, op: Operation) -> None:
        if self._names is None:
            self._names = compute_names(op, self.print_generic_format)
            self._blocks.update(self._names.blocks)
        self._print_results(op)
        if (
            isinstance(op, UnregisteredOp)
            or self.print_generic_format
            or Operation.print is type(op).print
        ):
            self._print_generic_op(op)
            return
        self.print_string(self._custom_op_name(op.name))
        custom = _UPSTREAM_PRINTERS.get(op.name)
        if custom is not None:
            custom(self, op)
        else:
            op.print(self)
        if self.print_debuginfo:
            self.print_string(" ")
            self.print_attribute(op.location)

    def _custom_op_name(self, name: str) -> str:
        dialect = self._default_dialects[-1]
        if dialect and name.startswith(dialect + ".") and name.count(".") == 1:
            return name[len(dialect) + 1 :]
        return name

    def _print_generic_op(self, op: Operation) -> None:
        """MLIR's ``printGenericOp``."""
        attributes = dict(op.attributes)
        if isinstance(op, UnregisteredOp):
            name = op.op_name.data
            del attributes["op_name__"]
        else:
            name = op.name
        self.print_string(_quoted_name(name))
        with self.in_parens():
            self.print_list(op.operands, self.print_ssa_value)
        if op.successors:
            with self.in_square_brackets():
                self.print_list(op.successors, self.print_block_name)
        if self.print_properties_as_attributes:
            attributes |= op.properties
        elif op.properties:
            self.print_string(" <")
            self.print_attr_dict(op.properties)
            self.print_string(">")
        if op.regions:
            self.print_string(" (")
            self.print_list(op.regions, self.print_region)
            self.print_string(")")
        self.print_op_attributes(attributes)
        self.print_string(" : ")
        self.print_function_type(op.operand_types, op.result_types)
        if self.print_debuginfo:
            self.print_string(" ")
            self.print_attribute(op.location)

    # ---- regions and blocks ------------------------------------------------------------

    def print_region(
        self,
        region: Region,
        print_entry_block_args: bool = True,
        print_empty_block: bool = True,
        print_block_terminators: bool = True,
    ) -> None:
        parent = region.parent
        self._default_dialects.append(
            _DEFAULT_DIALECT.get(parent.name, "") if parent is not None else ""
        )
        try:
            super().print_region(
                region, print_entry_block_args, print_empty_block, print_block_terminators
            )
        finally:
            self._default_dialects.pop()

    def print_block(
        self,
        block: Block,
        print_block_args: bool = True,
        print_block_terminator: bool = True,
    ) -> None:
        if print_block_args:
            self._print_new_line()
            self.print_block_name(block)
            if block.args:
                with self.in_parens():
                    self.print_list(block.args, self.print_block_argument)
            self.print_string(":")
            self._print_predecessors(block)
        last = block.last_op
        with self.indented():
            for op in block.ops:
                if (
                    not print_block_terminator
                    and op is last
                    and op.has_trait(IsTerminator, value_if_unregistered=False)
                ):
                    continue
                self._print_new_line()
                self.print_op(op)

    def _print_predecessors(self, block: Block) -> None:
        preds = block.predecessors()
        if not preds:
            if block.parent is not None and block is not block.parent.first_block:
                self.print_string("  // no predecessors")
            return
        if len(preds) == 1:
            self.print_string("  // pred: ")
            self.print_block_name(preds[0])
            return
        order = self._names.block_order if self._names is not None else {}
        ordered = sorted(preds, key=lambda b: order.get(b, 0))
        self.print_string(f"  // {len(ordered)} preds: ")
        self.print_list(ordered, self.print_block_name)

    # ---- attributes --------------------------------------------------------------------

    def print_attr_dict(self, attr_dict: Mapping[str, Attribute]) -> None:
        with self.in_braces():
            self.print_list(sorted(attr_dict.items()), self._print_attr_string)

    def print_attribute(self, attribute: Attribute) -> None:
        try:
            text = self._attribute_text.get(attribute)
        except TypeError:  # an attribute holding unhashable data
            self._print_attribute(attribute)
            return
        if text is not None:
            self.print_string(text)
            return
        stream, column = self.stream, self._current_column
        self.stream = captured = StringIO()
        try:
            self._print_attribute(attribute)
        finally:
            self.stream = stream
        text = captured.getvalue()
        if "\n" in text:  # laid out with the indentation at hand: printed as it came
            print(text, end="", file=stream)
            return
        self._current_column = column
        self.print_string(text)
        self._attribute_text[attribute] = text

    def _print_attribute(self, attribute: Attribute) -> None:
        if isinstance(attribute, ArrayAttr):
            with self.in_square_brackets():
                self.print_list(attribute.data, self._print_elidable_attribute)
        elif isinstance(attribute, DictionaryAttr):
            self.print_attr_dict(attribute.data)
        elif isinstance(attribute, MemRefType) and not isinstance(
            attribute.memory_space, NoneAttr
        ):
            self._print_memref_type(attribute)
        elif isinstance(attribute, AffineMapAttr | AffineSetAttr):
            self.print_string(self._affine_text(attribute))
        else:
            super().print_attribute(attribute)

    def _affine_text(self, attribute: AffineMapAttr | AffineSetAttr) -> str:
        alias = self.aliases.get(attribute)
        if alias is not None:
            return alias
        if attribute not in self.affine_attributes:
            self.affine_attributes.append(attribute)
        return affine_attribute_text(attribute)

    def _print_elidable_attribute(self, attribute: Attribute) -> None:
        """MLIR's ``AttrTypeElision::May``: ``i64`` integers and ``f64`` floats lose the type."""
        if isinstance(attribute, IntegerAttr) and _is_signless(attribute.type, 64):
            self.print_int(attribute.value.data, attribute.type)
        elif isinstance(attribute, FloatAttr) and attribute.type.bitwidth == 64:
            self.print_float(attribute.value.data, attribute.type)
        else:
            self.print_attribute(attribute)

    def _print_memref_type(self, memref: MemRefType) -> None:
        self.print_string("memref<")
        if memref.shape.data:
            self.print_dimension_list(memref.get_shape())
            self.print_string("x")
        self.print_attribute(memref.element_type)
        if not isinstance(memref.layout, NoneAttr):
            self.print_string(", ")
            self.print_attribute(memref.layout)
        self.print_string(", ")
        self._print_elidable_attribute(memref.memory_space)
        self.print_string(">")


@lru_cache(maxsize=512)
def _quoted_name(name: str) -> str:
    """The op name as MLIR's ``printEscapedString`` writes it (cached: few names, many ops)."""
    out = StringIO()
    Printer(stream=out).print_string_literal(name)
    return out.getvalue()


def _is_signless(typ: Attribute, width: int) -> bool:
    return (
        isinstance(typ, IntegerType)
        and typ.width.data == width
        and typ.signedness.data == Signedness.SIGNLESS
    )


# ---- upstream ops whose xDSL printer differs from MLIR's ------------------------------------


def _print_module(printer: MLIRPrinter, op: Operation) -> None:
    """``($sym_name^)? attr-dict-with-keyword $bodyRegion`` (BuiltinOps.td)."""
    sym_name = op.properties.get("sym_name")
    if sym_name is not None:
        printer.print_string(" ")
        printer.print_symbol_name(sym_name.data)
    printer.print_op_attributes(
        {k: v for k, v in op.properties.items() if k != "sym_name"} | op.attributes,
        print_keyword=True,
    )
    printer.print_string(" ")
    printer.print_region(op.regions[0], print_empty_block=False)


def _print_func(printer: MLIRPrinter, op: Operation) -> None:
    """``function_interface_impl::printFunctionOp`` (FunctionImplementation.cpp)."""
    props = op.properties
    function_type = props["function_type"]
    assert isinstance(function_type, FunctionType)
    printer.print_string(" ")
    visibility = props.get("sym_visibility", op.attributes.get("sym_visibility"))
    if visibility is not None:
        printer.print_string(f"{visibility.data} ")
    printer.print_symbol_name(props["sym_name"].data)
    body = op.regions[0]
    arg_attrs = props.get("arg_attrs")
    res_attrs = props.get("res_attrs")
    printer.print_string("(")
    for index, arg_type in enumerate(function_type.inputs.data):
        if index:
            printer.print_string(", ")
        if body.blocks:
            printer.print_block_argument(body.blocks[0].args[index])
        else:
            printer.print_attribute(arg_type)
        if arg_attrs is not None:
            printer.print_op_attributes(arg_attrs.data[index].data)
    printer.print_string(")")
    outputs = function_type.outputs.data
    if outputs:
        printer.print_string(" -> ")
        first_attrs = res_attrs.data[0].data if res_attrs is not None else {}
        parens = len(outputs) > 1 or isinstance(outputs[0], FunctionType) or first_attrs
        if parens:
            printer.print_string("(")
        for index, out_type in enumerate(outputs):
            if index:
                printer.print_string(", ")
            printer.print_attribute(out_type)
            if res_attrs is not None:
                printer.print_op_attributes(res_attrs.data[index].data)
        if parens:
            printer.print_string(")")
    merged = {k: v for k, v in props.items() if k not in _FUNC_ELIDED}
    merged |= {k: v for k, v in op.attributes.items() if k not in _FUNC_ELIDED}
    printer.print_op_attributes(merged, print_keyword=True)
    if body.blocks:
        printer.print_string(" ")
        printer.print_region(body, print_entry_block_args=False, print_empty_block=False)


def _print_scf_for(printer: MLIRPrinter, op: Operation) -> None:
    """``scf::ForOp::print`` (SCF.cpp), including the double space before `: i32`."""
    lb, ub, step, *inits = op.operands
    body = op.regions[0]
    iv, *iter_args = body.blocks[0].args
    printer.print_string(" ")
    printer.print_ssa_value(iv)
    printer.print_string(" = ")
    printer.print_ssa_value(lb)
    printer.print_string(" to ")
    printer.print_ssa_value(ub)
    printer.print_string(" step ")
    printer.print_ssa_value(step)
    if inits:
        printer.print_string(" iter_args(")
        for index, (arg, init) in enumerate(zip(iter_args, inits)):
            if index:
                printer.print_string(", ")
            printer.print_ssa_value(arg)
            printer.print_string(" = ")
            printer.print_ssa_value(init)
        printer.print_string(") -> (")
        printer.print_list((v.type for v in inits), printer.print_attribute)
        printer.print_string(")")
    printer.print_string(" ")
    if not isinstance(iv.type, IndexType):
        printer.print_string(" : ")
        printer.print_attribute(iv.type)
        printer.print_string(" ")
    printer.print_region(
        body, print_entry_block_args=False, print_block_terminators=bool(inits)
    )
    printer.print_op_attributes(op.attributes | op.properties)


def _print_affine_apply(printer: MLIRPrinter, op: Operation) -> None:
    """``affine.apply #map(%d0, %d1)[%s0]``: the map's dims, then its symbols."""
    affine_map = op.properties["map"]
    assert isinstance(affine_map, AffineMapAttr)
    dims = affine_map.data.num_dims
    printer.print_string(" ")
    printer.print_attribute(affine_map)
    with printer.in_parens():
        printer.print_list(op.operands[:dims], printer.print_ssa_value)
    if op.operands[dims:]:
        with printer.in_square_brackets():
            printer.print_list(op.operands[dims:], printer.print_ssa_value)
    printer.print_op_attributes(op.attributes)


_UPSTREAM_PRINTERS: dict[str, Callable[[MLIRPrinter, Operation], None]] = {
    "affine.apply": _print_affine_apply,
    "builtin.module": _print_module,
    "func.func": _print_func,
    "scf.for": _print_scf_for,
}


def print_module(
    op: Operation,
    generic: bool = False,
    *,
    debuginfo: bool = False,
    properties_as_attributes: bool = False,
) -> str:
    """The text MLIR's ``str(module)`` gives: the op, then one newline.

    ``debuginfo`` adds ``loc(...)`` after each op (``--mlir-print-debuginfo``);
    ``properties_as_attributes`` merges properties into the generic form's attribute dict.
    Affine maps and integer sets are named as MLIR names them (``#map = affine_map<...>``
    lines first, ``#map`` at each use): the op is printed a second time with those names
    when the first print met any.
    """
    options = {
        "print_generic_format": generic,
        "print_debuginfo": debuginfo,
        "print_properties_as_attributes": properties_as_attributes,
    }
    out = StringIO()
    printer = MLIRPrinter(stream=out, **options)
    printer.print_op(op)
    if printer.affine_attributes:
        aliases = affine_aliases(printer.affine_attributes)
        out = StringIO()
        for attribute, alias in aliases.items():
            out.write(f"{alias} = {affine_attribute_text(attribute)}\n")
        MLIRPrinter(stream=out, aliases=aliases, **options).print_op(op)
    out.write("\n")
    return out.getvalue()


def affine_attribute_text(attribute: AffineMapAttr | AffineSetAttr) -> str:
    if isinstance(attribute, AffineMapAttr):
        return f"affine_map<{map_text(attribute.data)}>"
    return f"affine_set<{set_text(attribute.data)}>"


def affine_aliases(attributes: list[Attribute]) -> dict[Attribute, str]:
    """MLIR's alias names, in order of first appearance: ``#map``, ``#map1``, ...; ``#set``."""
    counts = {"map": 0, "set": 0}
    aliases: dict[Attribute, str] = {}
    for attribute in attributes:
        stem = "map" if isinstance(attribute, AffineMapAttr) else "set"
        index = counts[stem]
        counts[stem] += 1
        aliases[attribute] = f"#{stem}{index if index else ''}"
    return aliases


def op_text_in_scope(op: Operation) -> str:
    """``op`` alone in the generic form, its values named as in the whole IR around it: what
    MLIR's diagnostics show after ``see current operation:``."""
    top = op
    while top.parent_op() is not None:
        top = top.parent_op()  # type: ignore[assignment]
    out = StringIO()
    printer = MLIRPrinter(stream=out, print_generic_format=True)
    printer._names = compute_names(top, True)
    printer._blocks.update(printer._names.blocks)
    printer.print_op(op)
    return out.getvalue()
