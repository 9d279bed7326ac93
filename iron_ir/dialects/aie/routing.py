"""Stream routing: flows, packet flows, switchboxes and their connections, shim muxes, cascade."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import BoolAttr, IndexType, IntegerAttr
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import HasParent, SingleBlockImplicitTerminator, ensure_terminator
from xdsl.utils.exceptions import VerifyException

from iron_ir.device import Arch, TileKind
from iron_ir.dialects.aie.enums import (
    CascadeDir,
    CascadeDirAttr,
    WireBundle,
    WireBundleAttr,
    enum_attr,
)
from iron_ir.device.stream_switch import is_legal_connection, switchbox_ports
from iron_ir.dialects.aie.device import (
    DeviceOp,
    VerifyAt,
    EndOp,
    require_parent,
    require_tile_kind,
    tile_element_name,
    tile_kind_of,
)
from iron_ir.ir.constraints import I8Attr, I32Attr, i8, int_attr
from iron_ir.ir.syntax import FormattedOp
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers


def _channel_props(**channels: tuple[WireBundle, int]) -> dict[str, Attribute]:
    """``source=(DMA, 0)`` -> {source_bundle, source_channel} properties."""
    props: dict[str, Attribute] = {}
    for prefix, (bundle, channel) in channels.items():
        props[f"{prefix}_bundle"] = enum_attr(bundle)
        props[f"{prefix}_channel"] = int_attr(channel)
    return props


def _check_channels(op: Operation, *names: str) -> None:
    for name in names:
        attr = op.properties[name]
        assert isinstance(attr, IntegerAttr)
        if attr.value.data < 0:
            raise VerifyException(f"{name} must be non-negative, got {attr.value.data}")


def _check_indices(op: Operation, *names: str) -> None:
    """mlir-aie's switchbox wording for a negative port index ("source"/"dest")."""
    for name in names:
        attr = op.properties[f"{name}_channel"]
        assert isinstance(attr, IntegerAttr)
        if attr.value.data < 0:
            raise VerifyException(f"{name} index cannot be less than zero")


def _port(op: Operation, prefix: str) -> tuple[str, int]:
    bundle = op.properties[f"{prefix}_bundle"]
    channel = op.properties[f"{prefix}_channel"]
    assert isinstance(bundle, IntegerAttr) and isinstance(channel, IntegerAttr)
    return WireBundle(bundle.value.data).name, channel.value.data


def _verify_switchbox_ports(box: Operation, tile: SSAValue) -> None:
    """mlir-aie's SwitchboxOp::verify: each port exists on the tile's switch (its target model's
    connection counts), no two masters drive one destination, and every connection (direct, or
    slave -> master through an amsel) is one the switch can make."""
    found = tile_kind_of(tile)
    if found is None:
        return
    tile_op, spec, _ = found
    col, row = tile_op.col_row
    dests: set[tuple[str, int]] = set()

    def check_bound(op: Operation, end: str, port: tuple[str, int], master: bool) -> None:
        bound = switchbox_ports(spec, col, row, port[0], master)
        if port[1] >= bound:
            if bound > 0:
                raise VerifyAt(
                    op, f"index {port[1]} for {end} bundle {port[0]} must be less than {bound}"
                )
            raise VerifyAt(
                op, f"{end} bundle {port[0]} not supported; index: {port[1]}, bound: {bound}"
            )

    for op in box.regions[0].block.ops if box.regions[0].blocks else ():
        if isinstance(op, ConnectOp):
            src, dst = _port(op, "source"), _port(op, "dest")
            if dst in dests:
                raise VerifyAt(
                    op,
                    f"; connecting {src[0]}:{src[1]} to {dst[0]}:{dst[1]} on ({col}, {row}) "
                    "targets same dst as another connect op",
                )
            dests.add(dst)
            if src[1] < 0:
                raise VerifyAt(op, "source index cannot be less than zero")
            check_bound(op, "source", src, False)
            if dst[1] < 0:
                raise VerifyAt(op, "dest index cannot be less than zero")
            check_bound(op, "dest", dst, True)
            if not is_legal_connection(spec, col, row, *src, *dst):
                raise VerifyAt(op, "illegal stream switch connection")
        elif isinstance(op, MasterSetOp):
            dst = _port(op, "dest")
            if dst in dests:
                raise VerifyAt(
                    op,
                    f"targets same destination {dst[0]}: {dst[1]} as another connect or "
                    "masterset operation",
                )
            dests.add(dst)
            if dst[1] < 0:
                raise VerifyAt(op, "dest index cannot be less than zero")
            check_bound(op, "dest", dst, True)
        elif isinstance(op, AMSelOp):
            masters = [u.operation for u in op.result.uses if isinstance(u.operation, MasterSetOp)]
            slaves = [
                u.operation.parent_op()
                for u in op.result.uses
                if isinstance(u.operation, PacketRuleOp)
            ]
            for master in masters:
                for slave in slaves:
                    if slave is None:
                        continue
                    src, dst = _port(slave, "source"), _port(master, "dest")
                    if not is_legal_connection(spec, col, row, *src, *dst):
                        raise VerifyAt(op, "illegal stream switch connection")


def _implicit_region(body: Region | None) -> Region:
    return body if body is not None else Region(Block())


# --- flows --------------------------------------------------------------------------------------


@irdl_op_definition
class FlowOp(FormattedOp):
    name = "aie.flow"
    source = operand_def(IndexType())
    source_bundle = prop_def(WireBundleAttr)
    source_channel = prop_def(I32Attr)
    dest = operand_def(IndexType())
    dest_bundle = prop_def(WireBundleAttr)
    dest_channel = prop_def(I32Attr)
    FORMAT: ClassVar[str] = (
        "`(` $source `,` $source_bundle `:` $source_channel `,` $dest `,` $dest_bundle `:` "
        "$dest_channel `)` attr-dict"
    )

    def __init__(
        self,
        source: SSAValue | Operation,
        source_bundle: WireBundle,
        source_channel: int,
        dest: SSAValue | Operation,
        dest_bundle: WireBundle,
        dest_channel: int,
    ):
        super().__init__(
            operands=[source, dest],
            properties=_channel_props(
                source=(source_bundle, source_channel), dest=(dest_bundle, dest_channel)
            ),
        )

    def verify_rules(self) -> None:
        _check_channels(self, "source_channel", "dest_channel")


@irdl_op_definition
class PacketFlowOp(FormattedOp):
    name = "aie.packet_flow"
    ID = prop_def(I8Attr)
    keep_pkt_header = opt_prop_def(BoolAttr)
    priority_route = opt_prop_def(BoolAttr)
    ports = region_def()
    traits = traits_def(SingleBlockImplicitTerminator(EndOp))
    FORMAT: ClassVar[str] = "`(` $ID `)` regions attr-dict"

    def __init__(self, packet_id: int, body: Region | None = None):
        super().__init__(
            properties={"ID": int_attr(packet_id, i8)}, regions=[_implicit_region(body)]
        )
        ensure_terminator(self, SingleBlockImplicitTerminator(EndOp))

    def verify_rules(self) -> None:
        if not 0 <= self.ID.value.data < 256:
            raise VerifyException(
                f"aie.packet_flow ID {self.ID.value.data} is out of range 0..255 (8-bit packet id)"
            )


class _PacketEndpointOp(FormattedOp):
    FORMAT: ClassVar[str] = "`<` $tile `,` $bundle `:` $channel `>` attr-dict"

    def verify_rules(self) -> None:
        _check_channels(self, "channel")


@irdl_op_definition
class PacketSourceOp(_PacketEndpointOp):
    name = "aie.packet_source"
    tile = operand_def(IndexType())
    bundle = prop_def(WireBundleAttr)
    channel = prop_def(I32Attr)
    traits = traits_def(HasParent(PacketFlowOp))

    def __init__(self, tile: SSAValue | Operation, bundle: WireBundle, channel: int):
        super().__init__(
            operands=[tile],
            properties={"bundle": enum_attr(bundle), "channel": int_attr(channel)},
        )


@irdl_op_definition
class PacketDestOp(_PacketEndpointOp):
    name = "aie.packet_dest"
    tile = operand_def(IndexType())
    bundle = prop_def(WireBundleAttr)
    channel = prop_def(I32Attr)
    traits = traits_def(HasParent(PacketFlowOp))

    def __init__(self, tile: SSAValue | Operation, bundle: WireBundle, channel: int):
        super().__init__(
            operands=[tile],
            properties={"bundle": enum_attr(bundle), "channel": int_attr(channel)},
        )


# --- switchboxes --------------------------------------------------------------------------------


@irdl_op_definition
class SwitchboxOp(FormattedOp):
    name = "aie.switchbox"
    tile = operand_def(IndexType())
    connections = region_def()
    result = result_def(IndexType())
    traits = traits_def(SingleBlockImplicitTerminator(EndOp))
    FORMAT: ClassVar[str] = "`(` $tile `)` regions attr-dict"

    def __init__(self, tile: SSAValue | Operation, body: Region | None = None):
        super().__init__(
            operands=[tile], regions=[_implicit_region(body)], result_types=[IndexType()]
        )
        ensure_terminator(self, SingleBlockImplicitTerminator(EndOp))

    def asm_result_names(self) -> list[str | None]:
        return [tile_element_name("switchbox", self.tile)]

    def verify_rules(self) -> None:
        _verify_switchbox_ports(self, self.tile)


@irdl_op_definition
class ShimSwitchboxOp(FormattedOp):
    name = "aie.shim_switchbox"
    col = prop_def(I32Attr)
    connections = region_def()
    result = result_def(IndexType())
    traits = traits_def(SingleBlockImplicitTerminator(EndOp))
    FORMAT: ClassVar[str] = "`(` $col `)` regions attr-dict"

    def __init__(self, col: int, body: Region | None = None):
        super().__init__(
            properties={"col": int_attr(col)},
            regions=[_implicit_region(body)],
            result_types=[IndexType()],
        )
        ensure_terminator(self, SingleBlockImplicitTerminator(EndOp))


@irdl_op_definition
class ShimMuxOp(FormattedOp):
    name = "aie.shim_mux"
    tile = operand_def(IndexType())
    connections = region_def()
    result = result_def(IndexType())
    traits = traits_def(SingleBlockImplicitTerminator(EndOp))
    FORMAT: ClassVar[str] = "`(` $tile `)` regions attr-dict"

    def __init__(self, tile: SSAValue | Operation, body: Region | None = None):
        super().__init__(
            operands=[tile], regions=[_implicit_region(body)], result_types=[IndexType()]
        )
        ensure_terminator(self, SingleBlockImplicitTerminator(EndOp))

    def asm_result_names(self) -> list[str | None]:
        return [tile_element_name("shim_mux", self.tile)]

    def verify_rules(self) -> None:
        require_tile_kind(
            self, self.tile, (TileKind.SHIM_NOC, TileKind.SHIM_PL), "the shim mux is in a shim"
        )


@irdl_op_definition
class ConnectOp(FormattedOp):
    name = "aie.connect"
    source_bundle = prop_def(WireBundleAttr)
    source_channel = prop_def(I32Attr)
    dest_bundle = prop_def(WireBundleAttr)
    dest_channel = prop_def(I32Attr)
    FORMAT: ClassVar[str] = (
        "`<` $source_bundle `:` $source_channel `,` $dest_bundle `:` $dest_channel `>` attr-dict"
    )

    def __init__(
        self,
        source_bundle: WireBundle,
        source_channel: int,
        dest_bundle: WireBundle,
        dest_channel: int,
    ):
        super().__init__(
            properties=_channel_props(
                source=(source_bundle, source_channel), dest=(dest_bundle, dest_channel)
            )
        )

    def verify_rules(self) -> None:
        require_parent(self, ("aie.switchbox", "aie.shim_mux"))
        _check_indices(self, "source", "dest")


@irdl_op_definition
class WireOp(FormattedOp):
    name = "aie.wire"
    source = operand_def(IndexType())
    source_bundle = prop_def(WireBundleAttr)
    dest = operand_def(IndexType())
    dest_bundle = prop_def(WireBundleAttr)
    FORMAT: ClassVar[str] = (
        "`(` $source `:` $source_bundle `,` $dest `:` $dest_bundle `)` attr-dict"
    )

    def __init__(
        self,
        source: SSAValue | Operation,
        source_bundle: WireBundle,
        dest: SSAValue | Operation,
        dest_bundle: WireBundle,
    ):
        super().__init__(
            operands=[source, dest],
            properties={
                "source_bundle": enum_attr(source_bundle),
                "dest_bundle": enum_attr(dest_bundle),
            },
        )


@irdl_op_definition
class AMSelOp(FormattedOp):
    name = "aie.amsel"
    arbiterID = prop_def(I8Attr)
    msel = prop_def(I8Attr)
    result = result_def(IndexType())
    traits = traits_def(HasParent(SwitchboxOp))
    FORMAT: ClassVar[str] = "`<` $arbiterID `>` `(` $msel `)` attr-dict"

    def __init__(self, arbiter: int, msel: int):
        super().__init__(
            properties={"arbiterID": int_attr(arbiter, i8), "msel": int_attr(msel, i8)},
            result_types=[IndexType()],
        )

    def verify_rules(self) -> None:
        if not 0 <= self.arbiterID.value.data <= 5:
            raise VerifyException(
                f"aie.amsel arbiter {self.arbiterID.value.data} is out of range 0..5"
            )
        if not 0 <= self.msel.value.data <= 3:
            raise VerifyException(f"aie.amsel msel {self.msel.value.data} is out of range 0..3")


@irdl_op_definition
class MasterSetOp(FormattedOp):
    name = "aie.masterset"
    dest_bundle = prop_def(WireBundleAttr)
    dest_channel = prop_def(I32Attr)
    amsels = var_operand_def(IndexType())
    keep_pkt_header = opt_prop_def(BoolAttr)
    result = result_def(IndexType())
    traits = traits_def(HasParent(SwitchboxOp))
    FORMAT: ClassVar[str] = "`(` $dest_bundle `:` $dest_channel `,` $amsels `)` attr-dict"

    def __init__(
        self, dest_bundle: WireBundle, dest_channel: int, amsels: Sequence[SSAValue | Operation]
    ):
        super().__init__(
            operands=[list(amsels)],
            properties={
                "dest_bundle": enum_attr(dest_bundle),
                "dest_channel": int_attr(dest_channel),
            },
            result_types=[IndexType()],
        )

    def verify_rules(self) -> None:
        _check_indices(self, "dest")


@irdl_op_definition
class PacketRulesOp(FormattedOp):
    name = "aie.packet_rules"
    source_bundle = prop_def(WireBundleAttr)
    source_channel = prop_def(I32Attr)
    rules = region_def()
    traits = traits_def(SingleBlockImplicitTerminator(EndOp))
    FORMAT: ClassVar[str] = "`(` $source_bundle `:` $source_channel `)` regions attr-dict"

    def __init__(self, source_bundle: WireBundle, source_channel: int, body: Region | None = None):
        super().__init__(
            properties=_channel_props(source=(source_bundle, source_channel)),
            regions=[_implicit_region(body)],
        )
        ensure_terminator(self, SingleBlockImplicitTerminator(EndOp))

    def verify_rules(self) -> None:
        _check_channels(self, "source_channel")


@irdl_op_definition
class PacketRuleOp(FormattedOp):
    name = "aie.rule"
    mask = prop_def(I8Attr)
    value = prop_def(I8Attr)
    amsel = operand_def(IndexType())
    traits = traits_def(HasParent(PacketRulesOp))
    FORMAT: ClassVar[str] = "`(` $mask `,` $value `,` $amsel `)` attr-dict"

    def __init__(self, mask: int, value: int, amsel: SSAValue | Operation):
        super().__init__(
            operands=[amsel],
            properties={"mask": int_attr(mask, i8), "value": int_attr(value, i8)},
        )


# --- cascade ------------------------------------------------------------------------------------


@irdl_op_definition
class CascadeFlowOp(FormattedOp):
    name = "aie.cascade_flow"
    source_tile = operand_def(IndexType())
    dest_tile = operand_def(IndexType())
    FORMAT: ClassVar[str] = "`(` $source_tile `,` $dest_tile `)` attr-dict"

    def __init__(self, source_tile: SSAValue | Operation, dest_tile: SSAValue | Operation):
        super().__init__(operands=[source_tile, dest_tile])

    def verify_rules(self) -> None:
        for tile in (self.source_tile, self.dest_tile):
            require_tile_kind(self, tile, (TileKind.COMPUTE,), "only compute tiles have cascade")
        src, dst = tile_kind_of(self.source_tile), tile_kind_of(self.dest_tile)
        if src is None or dst is None:
            return
        (sc, sr), (dc, dr) = src[0].col_row, dst[0].col_row
        if abs(sc - dc) + abs(sr - dr) != 1:
            raise VerifyException(
                f"aie.cascade_flow tiles ({sc}, {sr}) and ({dc}, {dr}) are not adjacent; cascade "
                "streams connect neighbouring compute tiles"
            )


@irdl_op_definition
class ConfigureCascadeOp(FormattedOp):
    name = "aie.configure_cascade"
    tile = operand_def(IndexType())
    inputDir = prop_def(CascadeDirAttr)
    outputDir = prop_def(CascadeDirAttr)
    traits = lazy_traits_def(lambda: (HasParent(DeviceOp),))
    FORMAT: ClassVar[str] = "`(` $tile `,` $inputDir `,` $outputDir `)` attr-dict"

    def __init__(self, tile: SSAValue | Operation, input_dir: CascadeDir, output_dir: CascadeDir):
        super().__init__(
            operands=[tile],
            properties={"inputDir": enum_attr(input_dir), "outputDir": enum_attr(output_dir)},
        )

    def verify_rules(self) -> None:
        found = tile_kind_of(self.tile)
        if found is None:
            return
        tile, spec, kind = found
        if kind is not TileKind.COMPUTE:
            raise VerifyException(
                f"aie.configure_cascade on tile {tile.col_row}, a {kind.human}: only compute "
                "tiles have a cascade stream interface"
            )
        if spec.arch is not Arch.AIE1:
            if self.inputDir.value.data not in (CascadeDir.North, CascadeDir.West):
                raise VerifyException("input direction of cascade must be North or West on AIE2")
            if self.outputDir.value.data not in (CascadeDir.South, CascadeDir.East):
                raise VerifyException("output direction of cascade must be South or East on AIE2")


@irdl_op_definition
class GetCascadeOp(FormattedOp):
    name = "aie.get_cascade"
    cascade_value = result_def()
    FORMAT: ClassVar[str] = "`(` `)` attr-dict `:` type($cascade_value)"

    def __init__(self, value_type: Attribute):
        super().__init__(result_types=[value_type])


@irdl_op_definition
class PutCascadeOp(FormattedOp):
    name = "aie.put_cascade"
    cascade_value = operand_def()
    FORMAT: ClassVar[str] = "`(` $cascade_value `:` type($cascade_value) `)` attr-dict"

    def __init__(self, value: SSAValue | Operation):
        super().__init__(operands=[value])


__all__ = [
    "AMSelOp",
    "CascadeFlowOp",
    "ConfigureCascadeOp",
    "ConnectOp",
    "FlowOp",
    "GetCascadeOp",
    "MasterSetOp",
    "PacketDestOp",
    "PacketFlowOp",
    "PacketRuleOp",
    "PacketRulesOp",
    "PacketSourceOp",
    "PutCascadeOp",
    "ShimMuxOp",
    "ShimSwitchboxOp",
    "SwitchboxOp",
    "WireOp",
]


install_fast_verifiers(defined_ops(globals()))
