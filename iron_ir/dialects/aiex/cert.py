"""``aiex.cert.*``: jobs for the NPU's command processor (CERT) — micro-controller DMA
chains, register writes, barriers and task-complete-token waits."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import BoolAttr, FlatSymbolRefAttr, SymbolNameConstraint
from xdsl.irdl import (
    irdl_op_definition,
    lazy_traits_def,
    opt_prop_def,
    prop_def,
    region_def,
)
from xdsl.traits import HasParent, SingleBlockImplicitTerminator, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from iron_ir.ir.constraints import I16Attr, I32Attr, UI32Attr
from iron_ir.ir.syntax import FormattedOp
from iron_ir.dialects.families import defined_ops
from iron_ir.ir.fast_verify import install as install_fast_verifiers


def _end_op():
    from iron_ir.dialects.aie import EndOp

    return EndOp


@irdl_op_definition
class CertUcDmaChainOp(FormattedOp):
    """A named chain of micro-controller DMA buffer descriptors."""

    name = "aiex.cert.uc_dma_chain"
    sym_name = opt_prop_def(SymbolNameConstraint())
    body = region_def()
    traits = lazy_traits_def(
        lambda: (SymbolOpInterface(), SingleBlockImplicitTerminator(_end_op()))
    )
    FORMAT: ClassVar[str] = "$sym_name $body attr-dict"


@irdl_op_definition
class CertUcDmaBdOp(FormattedOp):
    name = "aiex.cert.uc_dma_bd"
    remote_address = prop_def(FlatSymbolRefAttr)
    local_address = prop_def(I32Attr)
    length = prop_def(I32Attr)
    next_bd = prop_def(BoolAttr)
    traits = lazy_traits_def(lambda: (HasParent(CertUcDmaChainOp),))
    FORMAT: ClassVar[str] = "$remote_address `,` $local_address `,` $length `,` $next_bd  attr-dict"


@irdl_op_definition
class CertJobOp(FormattedOp):
    """One CERT job; its body runs on the command processor."""

    name = "aiex.cert.job"
    job_id = prop_def(I32Attr)
    body = region_def()
    traits = lazy_traits_def(lambda: (SingleBlockImplicitTerminator(_end_op()),))
    FORMAT: ClassVar[str] = "`(` $job_id `)` $body attr-dict"

    def verify_rules(self) -> None:
        parent = self.parent_op()
        allowed = ("aie.device", "aiex.cert.attach_to_group")
        if parent is None or parent.name not in allowed:
            raise VerifyException(f"expects parent op to be one of '{', '.join(allowed)}'")


def _in_job():
    return (HasParent(CertJobOp),)


@irdl_op_definition
class CertWrite32Op(FormattedOp):
    name = "aiex.cert.write32"
    address = prop_def(UI32Attr)
    value = prop_def(UI32Attr)
    traits = lazy_traits_def(_in_job)
    FORMAT: ClassVar[str] = "`(` $address `,` $value `)` attr-dict"


@irdl_op_definition
class CertMaskWrite32Op(FormattedOp):
    name = "aiex.cert.maskwrite32"
    address = prop_def(UI32Attr)
    mask = prop_def(UI32Attr)
    value = prop_def(UI32Attr)
    traits = lazy_traits_def(_in_job)
    FORMAT: ClassVar[str] = "`(` $address `,` $mask `,` $value `)` attr-dict"


@irdl_op_definition
class CertApplyOffset57Op(FormattedOp):
    name = "aiex.cert.apply_offset_57"
    symbol = prop_def(FlatSymbolRefAttr)
    num_entries = prop_def(I16Attr)
    offset = prop_def(I16Attr)
    traits = lazy_traits_def(_in_job)
    FORMAT: ClassVar[str] = "`(` $symbol `,` $num_entries `,` $offset `)` attr-dict"


@irdl_op_definition
class CertWaitTCTSOp(FormattedOp):
    name = "aiex.cert.wait_tcts"
    tile_id = prop_def(I32Attr)
    channel_id = prop_def(I32Attr)
    target_tcts = prop_def(I32Attr)
    traits = lazy_traits_def(_in_job)
    FORMAT: ClassVar[str] = "`(` $tile_id `,` $channel_id `,` $target_tcts `)` attr-dict"


@irdl_op_definition
class CertUcDmaWriteDesSyncOp(FormattedOp):
    name = "aiex.cert.uc_dma_write_des_sync"
    symbol = prop_def(FlatSymbolRefAttr)
    traits = lazy_traits_def(_in_job)
    FORMAT: ClassVar[str] = "`(` $symbol `)` attr-dict"


@irdl_op_definition
class CertLocalBarrierOp(FormattedOp):
    name = "aiex.cert.local_barrier"
    local_barrier_id = prop_def(I32Attr)
    num_participants = prop_def(I32Attr)
    traits = lazy_traits_def(_in_job)
    FORMAT: ClassVar[str] = "`(` $local_barrier_id `,` $num_participants `)` attr-dict"


@irdl_op_definition
class CertRemoteBarrierOp(FormattedOp):
    name = "aiex.cert.remote_barrier"
    remote_barrier_id = prop_def(I32Attr)
    party_mask = prop_def(I32Attr)
    traits = lazy_traits_def(_in_job)
    FORMAT: ClassVar[str] = "`(` $remote_barrier_id `,` $party_mask `)` attr-dict"


@irdl_op_definition
class CertNopOp(FormattedOp):
    name = "aiex.cert.nop"
    FORMAT: ClassVar[str] = "attr-dict"


@irdl_op_definition
class CertAttachToGroupOp(FormattedOp):
    name = "aiex.cert.attach_to_group"
    group_id = prop_def(I32Attr)
    body = region_def()
    traits = lazy_traits_def(lambda: (SingleBlockImplicitTerminator(_end_op()),))
    FORMAT: ClassVar[str] = "`(` $group_id `)` $body attr-dict"


install_fast_verifiers(defined_ops(globals()))
