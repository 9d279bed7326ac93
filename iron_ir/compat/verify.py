"""``aie.utils.verify``: the tolerance checks mlir-aie's 2026 designs end their ``main()`` with.

``nearly_equal`` is the C++ testbenches' rule, ``|a - b| < max(atol, rtol * (|a| + |b|))``
(rtol 0.128 by default, the bf16 / lookup-table tolerance); ``assert_pass`` prints ``PASS!`` or
exits with ``FAIL!`` (exact comparison unless a tolerance is given); ``Tolerance`` and
``compare`` are the kernel library's contract objects (exact, bf16 ulps, relative, LSB)."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np
from ml_dtypes import bfloat16

DEFAULT_RTOL = 0.128


def nearly_equal(a, b, *, rtol: float = DEFAULT_RTOL, atol: float | None = None) -> np.ndarray:
    """Element-wise ``|a - b| < max(atol, rtol * (|a| + |b|))`` in fp32 (equal values pass,
    NaN never does); ``atol`` defaults to the smallest normal fp32."""
    a32, b32 = np.asarray(a, dtype=np.float32), np.asarray(b, dtype=np.float32)
    floor = float(np.finfo(np.float32).tiny) if atol is None else atol
    with np.errstate(over="ignore", invalid="ignore"):
        scale = np.minimum(np.abs(a32) + np.abs(b32), np.finfo(np.float32).max)
        return (a32 == b32) | (np.abs(a32 - b32) < np.maximum(floor, rtol * scale))


def count_mismatches(actual, ref, *, rtol: float = DEFAULT_RTOL, atol: float | None = None,
                     stop_at_nonfinite: bool = True) -> tuple[int, int]:
    """``(errors, checked)``; with ``stop_at_nonfinite`` the check ends at the first inf/NaN
    on either side, as the C++ testbenches' loops do."""
    a32 = np.asarray(actual, dtype=np.float32).ravel()
    r32 = np.asarray(ref, dtype=np.float32).ravel()
    if a32.shape != r32.shape:
        raise ValueError(f"actual and ref must have the same shape, got {a32.shape} vs {r32.shape}")
    stop = a32.size
    if stop_at_nonfinite:
        bad = ~(np.isfinite(a32) & np.isfinite(r32))
        if bad.any():
            stop = int(np.argmax(bad))
    ok = nearly_equal(a32[:stop], r32[:stop], rtol=rtol, atol=atol)
    return int(ok.size - np.count_nonzero(ok)), stop


def assert_pass(actual, expected, *, rtol: float | None = None, atol: float | None = None,
                fail_msg: str | None = None, print_pass: bool = True) -> None:
    """Print ``PASS!`` when ``actual`` matches ``expected`` (exactly, or within ``rtol``/
    ``atol`` when given); otherwise exit with ``FAIL!`` and ``fail_msg``."""
    if rtol is None and atol is None:
        ok = bool(np.array_equal(np.asarray(actual), np.asarray(expected)))
    else:
        errors, _ = count_mismatches(actual, expected, rtol=DEFAULT_RTOL if rtol is None else rtol, atol=atol)
        ok = errors == 0
    if not ok:
        sys.exit("FAIL!" if fail_msg is None else f"FAIL! {fail_msg}")
    if print_pass:
        print("PASS!")


def bf16_ulp_distance(a, b) -> np.ndarray:
    """Units in the last bf16 place between ``a`` and ``b`` (both zeros are one point)."""

    def ordinal(x):
        bits = np.asarray(x).astype(bfloat16).view(np.uint16).astype(np.int32)
        return np.where(bits & 0x8000, 0x8000 - bits, bits)

    return np.abs(ordinal(a) - ordinal(b))


@dataclass(frozen=True)
class Tolerance:
    """How close an output must be: exact (no field), ``ulps`` (bf16 units in the last place,
    ``atol`` an optional floor), or relative (``rtol``/``atol``, the ``nearly_equal`` rule;
    integers compared exactly by the same rule). ``range_frac`` also admits an error up to that
    fraction of the reference's largest magnitude; ``max_mismatch_frac`` lets that fraction of
    elements miss."""

    rtol: float | None = None
    atol: float | None = None
    ulps: int | None = None
    range_frac: float | None = None
    max_mismatch_frac: float = 0.0
    note: str = ""

    def __post_init__(self):
        if self.range_frac is not None and (self.range_frac <= 0 or self.kind == "exact"):
            raise ValueError("range_frac must be positive and added to an rtol, atol or ulps tolerance")

    @property
    def kind(self) -> str:
        if self.ulps is not None:
            return "ulps"
        if self.rtol is not None or self.atol is not None:
            return "relative"
        return "exact"

    @classmethod
    def exact(cls, *, note: str = "") -> Tolerance:
        return cls(note=note)

    @classmethod
    def bf16_ulps(cls, n: int = 1, *, atol: float | None = None, max_mismatch_frac: float = 0.0,
                  note: str = "") -> Tolerance:
        return cls(ulps=n, atol=atol, max_mismatch_frac=max_mismatch_frac, note=note)

    @classmethod
    def relative(cls, rtol: float = DEFAULT_RTOL, atol: float | None = None, *,
                 range_frac: float | None = None, max_mismatch_frac: float = 0.0,
                 note: str = "") -> Tolerance:
        return cls(rtol=rtol, atol=atol, range_frac=range_frac, max_mismatch_frac=max_mismatch_frac, note=note)

    @classmethod
    def lsb(cls, n: int = 1, *, max_mismatch_frac: float = 0.0, note: str = "") -> Tolerance:
        return cls(rtol=0.0, atol=n + 0.5, max_mismatch_frac=max_mismatch_frac, note=note)

    @classmethod
    def default_for(cls, dtype) -> Tolerance:
        dt = np.dtype(dtype)
        if np.issubdtype(dt, np.integer) or dt == np.bool_:
            return cls.exact(note="default: integer output")
        if dt in (np.dtype(np.float32), np.dtype(np.float64)):
            return cls.relative(1e-4, note="default: float32 output")
        if dt == np.dtype(np.float16):
            return cls.relative(1e-2, note="default: float16 output")
        return cls.relative(DEFAULT_RTOL, note="default: bf16 / lookup-table rtol")


@dataclass
class Verdict:
    """What ``compare`` found; truthy when the output passed."""

    ok: bool
    n_checked: int
    n_mismatch: int
    max_abs_err: float
    max_ulp_err: int | None
    first_bad_index: int | None
    detail: str

    def __bool__(self) -> bool:
        return self.ok


def compare(actual, expected, tolerance: Tolerance | None = None) -> Verdict:
    """Judge ``actual`` against ``expected`` (cast to the output's dtype) by ``tolerance``
    (default: ``Tolerance.default_for`` the output dtype). Non-finite values must match."""
    got = np.asarray(actual).ravel()
    want = np.asarray(expected).astype(got.dtype).ravel()
    if got.shape != want.shape:
        raise ValueError(f"actual and expected differ in size: {got.size} vs {want.size}")
    tol = tolerance or Tolerance.default_for(got.dtype)
    g64, w64 = got.astype(np.float64), want.astype(np.float64)
    finite = np.isfinite(g64) & np.isfinite(w64)
    same_special = ~finite & ((g64 == w64) | (np.isnan(g64) & np.isnan(w64)))
    with np.errstate(invalid="ignore"):
        err = np.where(finite, np.abs(g64 - w64), np.inf)
    ulp = None
    if tol.kind == "exact" or (tol.kind == "ulps" and got.dtype != np.dtype(bfloat16)):
        ok = finite & (got == want)
    elif tol.kind == "ulps":
        ulp = bf16_ulp_distance(got, want)
        ok = finite & ((ulp <= tol.ulps) | (err < (tol.atol if tol.atol is not None else -1)))
    else:
        floor = tol.atol if tol.atol is not None else 0.0
        ok = finite & ((g64 == w64) | (err < np.maximum(floor, (tol.rtol or 0.0) * (np.abs(g64) + np.abs(w64)))))
    if tol.range_frac is not None and w64[finite].size:
        ok |= finite & (err <= tol.range_frac * np.abs(w64[finite]).max())
    ok |= same_special
    bad = np.flatnonzero(~ok)
    allowed = int(np.floor(tol.max_mismatch_frac * got.size))
    passed = bad.size <= allowed
    max_err = float(err[finite].max()) if finite.any() else 0.0
    detail = "" if passed else (
        f"{bad.size} of {got.size} elements outside the {tol.kind} tolerance "
        f"(first at {bad[0]}: got {got[bad[0]]}, expected {want[bad[0]]})"
    )
    return Verdict(passed, int(got.size), int(bad.size), max_err,
                   int(ulp.max()) if ulp is not None and ulp.size else None,
                   int(bad[0]) if bad.size else None, detail)


__all__ = [
    "DEFAULT_RTOL", "Tolerance", "Verdict", "assert_pass", "bf16_ulp_distance", "compare",
    "count_mismatches", "nearly_equal",
]
