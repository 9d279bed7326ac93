"""The arrays a design runs on and how its outputs are compared with its reference: shared
by ``iron run`` and ``iron check``."""

from __future__ import annotations

import warnings

import numpy as np

from iron_ir.cli.load import Design, UserError


def _random_array(rng: np.random.Generator, shape, dtype: np.dtype) -> np.ndarray:
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)
    if dtype.kind == "b":
        return rng.integers(0, 2, size=shape).astype(dtype)
    return rng.uniform(-4.0, 4.0, size=shape).astype(dtype)


def design_inputs(inputs: str | None, seed: int, design: Design, signature, roles) -> list[np.ndarray | None]:
    """One array (or None: zero-filled) per runtime argument: from the ``.npz`` ``inputs``, else
    the design's ``INPUTS``, else random with ``seed`` for the filled arguments."""
    arrays: list[np.ndarray | None] = [None] * len(signature)
    if inputs:
        try:
            data = np.load(inputs)
        except (OSError, ValueError) as err:
            raise UserError(f"{inputs}: cannot read as .npz ({err})") from None
        unknown = sorted(set(data.files) - {f"arg{i}" for i in range(len(signature))})
        if unknown:
            raise UserError(
                f"{inputs}: keys {', '.join(unknown)} do not name runtime arguments "
                f"(arg0..arg{len(signature) - 1})"
            )
        for i in range(len(signature)):
            key = f"arg{i}"
            if key in data.files:
                arrays[i] = _npz_array(data[key], signature[i].dtype)
            elif "in" in roles[i]:
                warnings.warn(
                    f"{inputs} has no {key}: runtime argument {i} is zero-filled", stacklevel=2
                )
        return arrays
    filled = [i for i, r in enumerate(roles) if "in" in r]
    if design.namespace is None:
        for i in filled:
            warnings.warn(
                f"no --inputs: runtime argument {i} (arg{i}) is zero-filled", stacklevel=2
            )
        return arrays
    declared = design.namespace.get("INPUTS")
    if declared is not None:
        declared = list(declared)
        if len(declared) != len(filled):
            raise UserError(
                f"INPUTS has {len(declared)} arrays but the design fills {len(filled)} runtime "
                f"arguments ({', '.join(f'arg{i}' for i in filled)})"
            )
        for i, array in zip(filled, declared):
            arrays[i] = np.asarray(array)
        return arrays
    rng = np.random.default_rng(seed)
    for i in filled:
        arrays[i] = _random_array(rng, signature[i].shape, signature[i].dtype)
    return arrays


def _npz_array(array: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """numpy writes ml_dtypes arrays (bfloat16) to .npz as raw void items (``|V2``): read
    same-sized raw items as the argument's type (docs/simulator.md)."""
    if array.dtype.kind == "V" and array.dtype.itemsize == dtype.itemsize:
        return array.view(dtype)
    return array


def _tolerance(dtype: np.dtype) -> tuple[float, float] | None:
    if dtype.kind in "iub":
        return None
    if dtype.itemsize <= 2:
        return 1.6e-2, 1e-2
    return 1e-5, 1e-6


def compare(got: np.ndarray, expected: np.ndarray, name: str, limit: int = 5) -> list[str]:
    """Human-readable mismatches between an output and its reference (empty when equal)."""
    expected = np.asarray(expected)
    if expected.size != got.size:
        return [f"{name}: reference has {expected.size} elements, the output {got.size}"]
    g = got.reshape(-1)
    e = (
        expected.reshape(-1).astype(got.dtype)
        if expected.dtype != got.dtype
        else expected.reshape(-1)
    )
    tol = _tolerance(got.dtype)
    if tol is None:
        bad = np.flatnonzero(g != e)
    else:
        bad = np.flatnonzero(
            ~np.isclose(g.astype(np.float64), e.astype(np.float64), rtol=tol[0], atol=tol[1])
        )
    if not bad.size:
        return []
    lines = [
        f"{name}: {bad.size} of {g.size} elements differ"
        + (f" (tolerance rtol={tol[0]}, atol={tol[1]})" if tol else "")
    ]
    for k in bad[:limit]:
        index = np.unravel_index(int(k), got.shape)
        got_value, expected_value = g[k].item(), e[k].item()
        lines.append(f"  [{', '.join(map(str, index))}] got {got_value}, expected {expected_value}")
    return lines
