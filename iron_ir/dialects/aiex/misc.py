"""The remaining AIEX ops (experimental routing/herd ops, tokens, multicast and broadcast,
device reconfiguration with ``aiex.configure``/``aiex.run``) and the ``!aiex.bfp`` type."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    FlatSymbolRefAttr,
    IndexType,
    MemRefType,
    ModuleOp,
    StringAttr,
)
from xdsl.ir import Operation, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import (
    irdl_attr_definition,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    prop_def,
    region_def,
    result_def,
    var_operand_def,
)
from xdsl.traits import HasParent, NoTerminator, SingleBlockImplicitTerminator, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from iron_ir.dialects.aie import LockActionAttr, WireBundleAttr
from iron_ir.dialects.aiex._support import symbol_text
from iron_ir.ir.constraints import I8Attr, I32Attr
from iron_ir.ir.syntax import FormattedOp
from iron_ir.dialects.aiex.runtime import in_runtime_sequence
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers

# --- the block-float element type -----------------------------------------------------------

_BLOCK_FORMATS = {
    # block type: (block size, mantissa bits, exponent bits, subtile shift bits)
    "v8bfp16ebs8": (8, 8, 8, 0),
    "v16bfp16ebs16": (16, 8, 8, 0),
}


@irdl_attr_definition
class BlockFloatType(ParametrizedAttribute, TypeAttribute):
    """``!aiex.bfp<"v8bfp16ebs8">``: one block of mantissas sharing an exponent."""

    name = "aiex.bfp"
    block_type: StringAttr

    def __init__(self, block_type: str | StringAttr):
        super().__init__(
            block_type if isinstance(block_type, StringAttr) else StringAttr(block_type)
        )

    def verify(self) -> None:
        if self.block_type.data not in _BLOCK_FORMATS:
            raise VerifyException(
                f"Invalid block type: {self.block_type.data}. Known types are: "
                + ", ".join(_BLOCK_FORMATS)
                + "."
            )

    def total_bits(self) -> int:
        size, mantissa, exponent, shift = _BLOCK_FORMATS[self.block_type.data]
        return size * mantissa + exponent + shift


# --- tiles, connections, herds -------------------------------------------------------------


@irdl_op_definition
class GetTileOp(FormattedOp):
    name = "aiex.getTile"
    col = operand_def(IndexType())
    row = operand_def(IndexType())
    result = result_def(IndexType())
    FORMAT: ClassVar[str] = "`(` $col `,` $row `)` attr-dict"


@irdl_op_definition
class ConnectionOp(FormattedOp):
    name = "aiex.connection"
    source = operand_def(IndexType())
    sourceBundle = prop_def(WireBundleAttr)
    sourceChannel = prop_def(I32Attr)
    dest = operand_def(IndexType())
    destBundle = prop_def(WireBundleAttr)
    destChannel = prop_def(I32Attr)
    FORMAT: ClassVar[str] = (
        "`(` $source `,` $sourceBundle `:` $sourceChannel `,` "
        "$dest `,` $destBundle `:` $destChannel `)` attr-dict"
    )


def _only_children(op: Operation, allowed: tuple[str, ...], container: str) -> None:
    for region in op.regions:
        for block in region.blocks:
            for child in block.ops:
                if child.name not in allowed:
                    raise VerifyException(f"cannot be contained in a {container} op")


def _end_op():
    from iron_ir.dialects.aie import EndOp

    return EndOp


@irdl_op_definition
class MulticastOp(FormattedOp):
    name = "aiex.multicast"
    tile = operand_def(IndexType())
    bundle = prop_def(WireBundleAttr)
    channel = prop_def(I32Attr)
    ports = region_def()
    traits = lazy_traits_def(lambda: (SingleBlockImplicitTerminator(_end_op()),))
    FORMAT: ClassVar[str] = "`(` $tile `,` $bundle `:` $channel `)` regions attr-dict"

    def verify_rules(self) -> None:
        _only_children(self, ("aiex.multi_dest", "aie.end"), "Multicast")


@irdl_op_definition
class MultiDestOp(FormattedOp):
    name = "aiex.multi_dest"
    tile = operand_def(IndexType())
    bundle = prop_def(WireBundleAttr)
    channel = prop_def(I32Attr)
    traits = lazy_traits_def(lambda: (HasParent(MulticastOp),))
    FORMAT: ClassVar[str] = "`<` $tile `,` $bundle `:` $channel `>` attr-dict"


@irdl_op_definition
class BroadcastPacketOp(FormattedOp):
    name = "aiex.broadcast_packet"
    tile = operand_def(IndexType())
    bundle = prop_def(WireBundleAttr)
    channel = prop_def(I32Attr)
    ports = region_def()
    traits = lazy_traits_def(lambda: (SingleBlockImplicitTerminator(_end_op()),))
    FORMAT: ClassVar[str] = "`(` $tile `,` $bundle `:` $channel `)` regions attr-dict"

    def verify_rules(self) -> None:
        _only_children(self, ("aiex.bp_id", "aie.end"), "BroadcastPacket")


@irdl_op_definition
class BPIDOp(FormattedOp):
    name = "aiex.bp_id"
    ID = prop_def(I8Attr)
    ports = region_def()
    traits = lazy_traits_def(lambda: (SingleBlockImplicitTerminator(_end_op()),))
    FORMAT: ClassVar[str] = "`(` $ID `)` regions attr-dict"


@irdl_op_definition
class BPDestOp(FormattedOp):
    name = "aiex.bp_dest"
    tile = operand_def(IndexType())
    bundle = prop_def(WireBundleAttr)
    channel = prop_def(I32Attr)
    traits = lazy_traits_def(lambda: (HasParent(BPIDOp),))
    FORMAT: ClassVar[str] = "`<` $tile `,` $bundle `:` $channel `>` attr-dict"


@irdl_op_definition
class TokenOp(FormattedOp):
    name = "aiex.token"
    value = prop_def(I32Attr)
    sym_name = prop_def(StringAttr)
    traits = lazy_traits_def(lambda: (SymbolOpInterface(),))
    FORMAT: ClassVar[str] = "`(` $value `)` attr-dict"


@irdl_op_definition
class UseTokenOp(FormattedOp):
    name = "aiex.useToken"
    tokenName = prop_def(FlatSymbolRefAttr)
    value = prop_def(I32Attr)
    action = prop_def(LockActionAttr)
    FORMAT: ClassVar[str] = "$tokenName `(` $action `,` $value `)` attr-dict"

    def verify_rules(self) -> None:
        parent = self.parent_op()
        allowed = ("func.func", "aie.core", "aie.mem", "aie.shim_dma")
        if parent is None or parent.name not in allowed:
            raise VerifyException(f"must be directly inside one of {', '.join(allowed)}")


@irdl_op_definition
class MemcpyOp(FormattedOp):
    name = "aiex.memcpy"
    tokenName = prop_def(FlatSymbolRefAttr)
    acqValue = prop_def(I32Attr)
    relValue = prop_def(I32Attr)
    srcTile = operand_def(IndexType())
    srcBuf = operand_def(MemRefType)
    srcOffset = prop_def(I32Attr)
    srcLen = prop_def(I32Attr)
    dstTile = operand_def(IndexType())
    dstBuf = operand_def(MemRefType)
    dstOffset = prop_def(I32Attr)
    dstLen = prop_def(I32Attr)
    FORMAT: ClassVar[str] = (
        "$tokenName `(` $acqValue `,` $relValue `)` `(` "
        "$srcTile `:` `<` $srcBuf `,` $srcOffset `,` $srcLen `>` `,` "
        "$dstTile `:` `<` $dstBuf `,` $dstOffset `,` $dstLen `>` `)` "
        "attr-dict `:` `(` type($srcBuf) `,` type($dstBuf) `)`"
    )


@irdl_op_definition
class HerdOp(FormattedOp):
    name = "aiex.herd"
    width = prop_def(I32Attr)
    height = prop_def(I32Attr)
    result = result_def(IndexType())
    FORMAT: ClassVar[str] = "`[` $width `]` `[` $height `]` attr-dict"


@irdl_op_definition
class PlaceOp(FormattedOp):
    name = "aiex.place"
    sourceHerd = operand_def(IndexType())
    destHerd = operand_def(IndexType())
    distX = prop_def(I32Attr)
    distY = prop_def(I32Attr)
    FORMAT: ClassVar[str] = "`(` $sourceHerd `,` $destHerd `,` $distX `,` $distY `)` attr-dict"


@irdl_op_definition
class RouteOp(FormattedOp):
    name = "aiex.route"
    sourceHerds = operand_def(IndexType())
    sourceBundle = prop_def(WireBundleAttr)
    sourceChannel = prop_def(I32Attr)
    destHerds = operand_def(IndexType())
    destBundle = prop_def(WireBundleAttr)
    destChannel = prop_def(I32Attr)
    FORMAT: ClassVar[str] = (
        "`(` `<` $sourceHerds `,` $sourceBundle `:` $sourceChannel `>` `,` "
        "`<` $destHerds `,` $destBundle `:` $destChannel `>` `)` attr-dict"
    )


@irdl_op_definition
class IterOp(FormattedOp):
    name = "aiex.iter"
    start = prop_def(I32Attr)
    end = prop_def(I32Attr)
    stride = prop_def(I32Attr)
    result = result_def(IndexType())
    FORMAT: ClassVar[str] = "`(` $start `,` $end `,` $stride `)` attr-dict"


@irdl_op_definition
class SelectOp(FormattedOp):
    name = "aiex.select"
    startHerd = operand_def(IndexType())
    iterX = operand_def(IndexType())
    iterY = operand_def(IndexType())
    result = result_def(IndexType())
    FORMAT: ClassVar[str] = "`(` $startHerd `,` $iterX `,` $iterY `)` attr-dict"


# --- reconfiguration from a runtime sequence -------------------------------------------------


@irdl_op_definition
class ConfigureOp(FormattedOp):
    """Load the configuration of device ``symbol`` (another ``aie.device`` of the module)."""

    name = "aiex.configure"
    symbol = prop_def(FlatSymbolRefAttr)
    body = region_def()
    traits = lazy_traits_def(lambda: (in_runtime_sequence(), NoTerminator()))
    FORMAT: ClassVar[str] = "$symbol regions attr-dict"

    def referenced_device(self) -> Operation:
        module = self.parent_op()
        while module is not None and not isinstance(module, ModuleOp):
            module = module.parent_op()
        if module is None:
            raise VerifyException("aiex.configure must be inside of a module")
        name = self.symbol.root_reference.data
        for op in module.body.block.ops:
            sym = op.properties.get("sym_name") or op.attributes.get("sym_name")
            if isinstance(sym, StringAttr) and sym.data == name:
                if op.name != "aie.device":
                    raise VerifyException(f"Not a device: '{symbol_text(self.symbol)}'")
                return op
            if op.name == "aie.device" and sym is None and name == "main":
                return op
        raise VerifyException(f"No such device: '{symbol_text(self.symbol)}'")

    def verify_rules(self) -> None:
        referenced = self.referenced_device()
        parent = self.parent_op()
        while parent is not None and parent.name != "aie.device":
            parent = parent.parent_op()
        if parent is None:
            return
        ours, theirs = parent.properties["device"], referenced.properties["device"]
        if ours != theirs:
            raise VerifyException(
                f"Device types do not match: '{parent.spec.name}' vs. "  # pyright: ignore
                f"'{referenced.spec.name}'",  # pyright: ignore
            )


@irdl_op_definition
class RunOp(FormattedOp):
    """Call runtime sequence ``runtime_sequence_symbol`` of the configured device."""

    name = "aiex.run"
    runtime_sequence_symbol = prop_def(FlatSymbolRefAttr)
    args = var_operand_def()
    traits = lazy_traits_def(lambda: (HasParent(ConfigureOp),))
    FORMAT: ClassVar[str] = (
        "$runtime_sequence_symbol `(` $args `)` `:` `(` type($args) `)` attr-dict"
    )

    def verify_rules(self) -> None:
        configure = self.parent_op()
        assert isinstance(configure, ConfigureOp)
        device = configure.referenced_device()
        name = self.runtime_sequence_symbol.root_reference.data
        sequence = None
        for op in device.regions[0].block.ops:
            if op.name != "aie.runtime_sequence":
                continue
            sym = op.properties.get("sym_name")
            op_name = sym.data if isinstance(sym, StringAttr) else "sequence"
            if op_name == name:
                sequence = op
        if sequence is None:
            raise VerifyException(
                f"No such runtime sequence for device '{symbol_text(configure.symbol)}': "
                f"'{symbol_text(self.runtime_sequence_symbol)}'",
            )
        params = sequence.regions[0].blocks.first.args if sequence.regions[0].blocks else ()
        if len(params) != len(self.args):
            raise VerifyException(
                f"argument count mismatch: expected {len(params)}, got {len(self.args)}"
            )
        for i, (param, arg) in enumerate(zip(params, self.args)):
            if param.type != arg.type:
                raise VerifyException(
                    f"argument {i} type mismatch: expected {param.type} but got {arg.type}",
                )

AIEX_ATTRIBUTES = (BlockFloatType,)
"""The AIEX dialect's attributes and types."""


install_fast_verifiers(defined_ops(globals()))
