"""The arrays ``iron run`` gives the runtime sequence, and how outputs are compared.

Where each filled argument comes from, in order: ``--inputs in.npz`` (key ``argN``); the
design's ``INPUTS``; otherwise random values drawn with ``--seed`` (a ``.py`` design without
``INPUTS`` and an ``--mlir`` file alike). ``iron run`` prints the source next to each array,
so a run never uses inputs the user did not see.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from iron_ir.cli.errors import UserError


@dataclass
class Inputs:
    arrays: list[np.ndarray | None]
    """One per runtime argument; None: the backend zero-fills it (an output)."""
    sources: list[str]
    """Where each array came from, as printed after it ("from INPUTS", "random (--seed 0)")."""


def _random_array(rng: np.random.Generator, shape, dtype: np.dtype) -> np.ndarray:
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)
    if dtype.kind == "b":
        return rng.integers(0, 2, size=shape).astype(dtype)
    return rng.uniform(-4.0, 4.0, size=shape).astype(dtype)


def _npz_array(array: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """numpy writes ml_dtypes arrays (bfloat16) to .npz as raw void items (``|V2``): read
    same-sized raw items as the argument's type (docs/simulator.md)."""
    if array.dtype.kind == "V" and array.dtype.itemsize == dtype.itemsize:
        return array.view(dtype)
    return array


def _from_npz(path: str, signature, roles) -> Inputs:
    count = len(signature)
    try:
        data = np.load(path, allow_pickle=False)
        arrays_in_file = {key: data[key] for key in data.files}
    except (OSError, ValueError, EOFError) as err:
        reason = str(err)
        if "pickle" in reason:
            reason = "it holds Python objects (pickled), not plain arrays"
        raise UserError(f"{path}: cannot read as .npz: {reason}") from None
    unknown = sorted(set(arrays_in_file) - {f"arg{i}" for i in range(count)})
    if unknown:
        raise UserError(
            f"{path}: keys {', '.join(unknown)} do not name runtime arguments "
            f"(arg0..arg{count - 1})"
        )
    arrays: list[np.ndarray | None] = [None] * count
    sources = [""] * count
    for i in range(count):
        key = f"arg{i}"
        if key in arrays_in_file:
            arrays[i] = _npz_array(arrays_in_file[key], signature[i].dtype)
            sources[i] = f"from {path}"
        elif "in" in roles[i]:
            warnings.warn(f"{path} has no {key}: runtime argument {i} is zero-filled", stacklevel=2)
            arrays[i] = np.zeros(signature[i].shape, signature[i].dtype)
            sources[i] = f"zeros ({path} has no {key})"
    return Inputs(arrays, sources)


def _npz_array(array: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """numpy writes ml_dtypes arrays (bfloat16) to .npz as raw void items (``|V2``): read
    same-sized raw items as the argument's type (docs/simulator.md)."""
    if array.dtype.kind == "V" and array.dtype.itemsize == dtype.itemsize:
        return array.view(dtype)
    return array


def choose_inputs(inputs_path: str | None, seed: int, namespace: dict | None, signature, roles):
    """The :class:`Inputs` of one run (see the module docstring for the order)."""
    if inputs_path:
        return _from_npz(inputs_path, signature, roles)
    count = len(signature)
    arrays: list[np.ndarray | None] = [None] * count
    sources = [""] * count
    filled = [i for i, r in enumerate(roles) if "in" in r]
    declared = namespace.get("INPUTS") if namespace else None
    if declared is not None:
        declared = list(declared)
        if len(declared) != len(filled):
            raise UserError(
                f"INPUTS has {len(declared)} arrays but the design fills {len(filled)} runtime "
                f"arguments ({', '.join(f'arg{i}' for i in filled)})"
            )
        for i, array in zip(filled, declared):
            arrays[i], sources[i] = np.asarray(array), "from INPUTS"
        return Inputs(arrays, sources)
    rng = np.random.default_rng(seed)
    for i in filled:
        arrays[i] = _random_array(rng, signature[i].shape, signature[i].dtype)
        sources[i] = f"random (--seed {seed})"
    return Inputs(arrays, sources)


def describe(array: np.ndarray) -> str:
    return f"{'x'.join(map(str, array.shape))} {array.dtype}"


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
