"""Affine maps, expressions and integer sets in MLIR's text (``AsmPrinter``): binary
operators parenthesised only where binding requires it, ``x * -1`` as ``-x``, additions of
negative terms as subtractions (xDSL 0.74 parenthesises every binary expression:
``affine_map<(d0) -> ((d0 * 4))>``)."""

from __future__ import annotations

from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
    AffineSymExpr,
)
from xdsl.ir.affine.affine_set import AffineConstraintKind, AffineSet

_SPELLING = {
    AffineBinaryOpKind.Add: " + ",
    AffineBinaryOpKind.Mul: " * ",
    AffineBinaryOpKind.FloorDiv: " floordiv ",
    AffineBinaryOpKind.CeilDiv: " ceildiv ",
    AffineBinaryOpKind.Mod: " mod ",
}


def _const(expr: AffineExpr) -> int | None:
    return expr.value if isinstance(expr, AffineConstantExpr) else None


def expr_text(expr: AffineExpr, strong: bool = False) -> str:
    """``expr``; ``strong``: it is an operand of a tightly binding operator."""
    if isinstance(expr, AffineDimExpr):
        return f"d{expr.position}"
    if isinstance(expr, AffineSymExpr):
        return f"s{expr.position}"
    if isinstance(expr, AffineConstantExpr):
        return str(expr.value)
    assert isinstance(expr, AffineBinaryOpExpr)
    lhs, rhs, kind = expr.lhs, expr.rhs, expr.kind
    if kind is not AffineBinaryOpKind.Add:
        if kind is AffineBinaryOpKind.Mul and _const(rhs) == -1:
            text = "-" + expr_text(lhs, True)
        else:
            text = expr_text(lhs, True) + _SPELLING[kind] + expr_text(rhs, True)
        return f"({text})" if strong else text
    text = None
    if isinstance(rhs, AffineBinaryOpExpr) and rhs.kind is AffineBinaryOpKind.Mul:
        factor = _const(rhs.rhs)
        if factor == -1:
            nested_add = isinstance(rhs.lhs, AffineBinaryOpExpr) and (
                rhs.lhs.kind is AffineBinaryOpKind.Add
            )
            text = expr_text(lhs) + " - " + expr_text(rhs.lhs, nested_add)
        elif factor is not None and factor < -1:
            text = f"{expr_text(lhs)} - {expr_text(rhs.lhs, True)} * {-factor}"
    if text is None and (value := _const(rhs)) is not None and value < 0:
        text = f"{expr_text(lhs)} - {-value}"
    if text is None:
        text = expr_text(lhs) + " + " + expr_text(rhs)
    return f"({text})" if strong else text


def _operands(num_dims: int, num_symbols: int) -> str:
    text = "(" + ", ".join(f"d{i}" for i in range(num_dims)) + ")"
    if num_symbols:
        text += "[" + ", ".join(f"s{i}" for i in range(num_symbols)) + "]"
    return text


def map_text(affine_map: AffineMap) -> str:
    """``(d0, d1)[s0] -> (d0 + s0, d1)``."""
    results = ", ".join(expr_text(r) for r in affine_map.results)
    return f"{_operands(affine_map.num_dims, affine_map.num_symbols)} -> ({results})"


def set_text(affine_set: AffineSet) -> str:
    """``(d0)[s0] : (d0 - s0 >= 0, d0 == 0)``; MLIR keeps ``>= 0`` and ``== 0`` forms only."""
    constraints = []
    for c in affine_set.constraints:
        lhs = c.lhs - c.rhs
        if c.kind is AffineConstraintKind.le:
            constraints.append(f"{expr_text(-lhs)} >= 0")
        else:
            op = ">=" if c.kind is AffineConstraintKind.ge else "=="
            constraints.append(f"{expr_text(lhs)} {op} 0")
    return f"{_operands(affine_set.num_dims, affine_set.num_symbols)} : ({', '.join(constraints)})"
