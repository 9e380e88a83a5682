#!/usr/bin/env python3
"""A NumPy oracle for tenferro programs, independent of the reference
interpreter (lib/Interpreter is not consulted: the semantics below are the
project's decisions, implemented from scratch with NumPy).

Usage:
  numpy_oracle.py PROGRAM.json --input IN0.npy [--input IN1.npy ...] \
      --check OUTPREFIX [--check OUTPREFIX2 ...] [--verbose]

PROGRAM.json is the description tfprog.Program.to_json() writes next to
the MLIR (gen_program.py --json, sweep.py). The oracle evaluates it on the
inputs and compares each OUTPREFIX<i>.npy (tenferro-runner --output) with
the expected output; it exits 1 on a mismatch and prints the first bad
element of each bad output. differential.py imports it.

Semantics: docs/semantics.md, the project's decisions (sections cited;
logical shapes: the runner's .npy files are Fortran order, so np.load
gives the logical array):
- integer add/subtract/multiply/negate wrap; abs(INT_MIN) = INT_MIN (7.2,
  7.3, 7.7);
- remainder is truncated (sign of the dividend, np.fmod); integer x % 0 = 0
  and INT_MIN % -1 = 0; float remainder is fmod (7.5);
- divide and pow use promote_div_like: integer operands become f64 first
  (4.2, 7.4, 7.6);
- conversions (4.4): float -> int truncates toward zero and saturates, NaN
  -> 0; int -> narrower int wraps; int -> float rounds to nearest even;
  number -> i1 is != 0 (complex: the real part != 0); i1 -> number is 0/1;
  complex -> real takes the real part; real -> complex has imaginary part 0;
- maximum/minimum/clamp propagate NaN and order -0 < +0; clamp(x, lo, hi) =
  minimum(maximum(x, lo), hi) (7.10, 7.11); sign keeps +-0 and NaN (7.8);
- compare promotes its operands; floats ordered (NaN: false), integers
  signed, i1 false < true, complex eq compares both parts (7.13);
- select(pred, a, b) with a and b promoted (7.14); add/subtract/multiply
  broadcast right-aligned like NumPy (5.2); promotion is the table of 4.1
  (tfprog.promote);
- complex multiply is (ac - bd) + (ad + bc)i, each product and sum rounded
  (7.2), computed here with real NumPy operations;
- reductions start from the identity and combine the elements one at a time
  in column-major order of their positions (8.5); dot_general adds one
  product at a time, the last contracting pair fastest (10.1); scatter
  applies updates in column-major order, logical OR on i1 (8.17): the
  oracle follows these orders, so float results are exact;
- structural ops (8.1-8.16): transpose, reshape (column-major),
  broadcast_in_dim, slice, pad (zeros, negative edges crop), concatenate,
  reverse, tril/triu (axes 0 and 1), extract_diag/embed_diag, gather and
  dynamic_slice/dynamic_update_slice (starts clamped), constant, shape_of
  (f64).

Covered ops: add subtract multiply divide remainder maximum minimum pow
negate conj abs sign exp log sin cos tanh sqrt rsqrt expm1 log1p compare
select clamp transpose reshape broadcast_in_dim convert reduce_sum
reduce_prod reduce_max reduce_min reduce_sum_squares extract_diag
embed_diag tril triu slice dynamic_slice dynamic_update_slice pad
concatenate reverse gather scatter constant shape_of dot_general
dot_general_with_conj: every op the generators (gen_program.py, sweep.py)
emit. Not covered: extension (no semantics outside its implementation),
gather_dynamic_slice_sizes, dynamic_truncate and pad_to_match (the
generators do not emit them: their results have run-time extents that the
program description does not model), fused_region/yield (made by
segmentation, never in an input program). Complex infinities and NaNs
(C99 Annex G special cases) are not modelled: results of complex ops with
non-finite operands are "not determined" (below), and the generators give
complex ops finite data.

Tolerances. Every value carries, per element, a bound on how far a correct
result may be from the oracle's value: 0 (exact), finite, or inf (not
determined: skipped, counted as unchecked).
- Exact (bit-identical; a NaN matches any NaN, the sign of zero is
  checked): integer and i1 ops, conversions, and every float op that
  docs/semantics.md rounds exactly (7.15: "every other op"): add,
  subtract, multiply (complex too), divide (real), remainder, sqrt, rsqrt,
  negate, abs (real), sign, maximum, minimum, clamp, compare, select,
  reductions, dot_general, scatter and the structural ops.
- Real libm functions (exp log sin cos tanh expm1 log1p pow): 4.5 ulps of
  the result dtype: the largest bound of docs/semantics.md ("Accuracy of
  vector transcendentals": 4 ulps of the exact value, libmvec's log on
  f32; libm is within 3) plus half an ulp, since the oracle computes them in
  long double (f64) or f64 (f32) and rounds. Special values (inf, NaN,
  signed zeros) match exactly.
- Complex functions, complex divide and complex abs: the bounds of
  docs/semantics.md 7.15 ("Accuracy of complex functions", table
  COMPLEX_BOUNDS here), in ulps of the correctly rounded value, per part
  (a part that rounds to zero must be zero) or of the larger part
  (normwise: expm1, complex<f64> divide, pow with 1 + 2^-28|w| or
  2 + 4|w| ulps, w = y log x). The oracle computes these in complex long
  double with glibc's functions (clogl, csinl, ...), exactly with rationals
  (divide, and log1p's 2x + x^2 + y^2), or with its own formulas where
  NumPy's are inaccurate (log1p, expm1); a result it cannot round with
  certainty is rare (ties within 2^-11 ulp). The bounds apply where the
  operands are exact and the result finite; elsewhere a normwise bound of
  1.5 (b + 1) ulps of the larger part.
- Inexact values propagate through later ops with first-order bounds (add:
  sum of the bounds, multiply: |a|eb + |b|ea + eaeb, exp: |r|(e^e - 1),
  ...), and an op on inexact operands adds 2u|r| for its own rounding;
  comparisons, conversions to integers or i1, float remainder and sign
  become "not determined" where the bound straddles a discontinuity.
"""
import argparse
import json
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tfprog  # noqa: E402

NP = {"i1": np.bool_, "i32": np.int32, "i64": np.int64, "f32": np.float32,
      "f64": np.float64, "c64": np.complex64, "c128": np.complex128}
# Higher precision used to compute inexact functions before rounding.
HI = {"f32": np.float64, "f64": np.longdouble, "c64": np.complex128,
      "c128": np.clongdouble}
U = {"f32": 2.0 ** -24, "f64": 2.0 ** -53, "c64": 2.0 ** -24,
     "c128": 2.0 ** -53}
COMP = {"f32": np.float32, "f64": np.float64, "c64": np.float32,
        "c128": np.float64}
REAL_ULPS = 4.5
INF = np.inf


class Val:
    """An array of the program's dtype and a per-element error bound.

    Results of complex functions also carry `ulps` (per element, the bound
    of docs/semantics.md 7.15 in ulps; NaN where it does not apply because
    an operand was inexact or a result not finite) and `ulp_mode` ("part":
    each part in ulps of itself; "larger": both parts in ulps of the larger
    part); check() then counts ulps from `arr`, the correctly rounded value
    (computed in long double or exactly)."""

    def __init__(self, arr, dtype, err=None, ulps=None, ulp_mode=None):
        self.arr = np.asarray(arr)
        self.dtype = dtype
        if err is None:
            err = np.zeros(self.arr.shape)
        self.err = np.broadcast_to(np.asarray(err, dtype=np.float64),
                                   self.arr.shape).copy()
        self.ulps = None if ulps is None else np.broadcast_to(
            np.asarray(ulps, dtype=np.float64), self.arr.shape)
        self.ulp_mode = ulp_mode


# docs/semantics.md 7.15, "Accuracy of complex functions": the bound in
# ulps of the correctly rounded value, and its measure, per dtype.
COMPLEX_BOUNDS = {
    "exp": {"c64": (1, "part"), "c128": (2, "part")},
    "log": {"c64": (1, "part"), "c128": (3, "part")},
    "sin": {"c64": (1, "part"), "c128": (3, "part")},
    "cos": {"c64": (1, "part"), "c128": (3, "part")},
    "tanh": {"c64": (1, "part"), "c128": (7, "part")},
    "sqrt": {"c64": (1, "part"), "c128": (2, "part")},
    "rsqrt": {"c64": (1, "part"), "c128": (4, "part")},
    "expm1": {"c64": (1, "larger"), "c128": (3, "larger")},
    "log1p": {"c64": (1, "part"), "c128": (2, "part")},
    "abs": {"c64": (1, "part"), "c128": (1, "part")},
    # complex<f64>: 2, 4 with subnormal operands or results; the oracle
    # holds every quotient to the looser bound.
    "divide": {"c64": (1, "part"), "c128": (4, "larger")},
    # pow: 1 + 2^-28 |w| (c64), 2 + 4 |w| (c128), w = y log x.
    "pow": {"c64": (None, "larger"), "c128": (None, "larger")},
}


def mag(x):
    return np.abs(x).astype(np.float64)


def tiny(dt):
    return float(np.finfo(COMP[dt]).smallest_subnormal)


def spacing(r, dt):
    a = np.abs(np.asarray(r)).astype(COMP[dt])
    return np.spacing(a).astype(np.float64)


# -- conversions ------------------------------------------------------------
def float_to_int(x, to):
    bits = 32 if to == "i32" else 64
    hi = float(2 ** (bits - 1))
    x = np.asarray(x, dtype=np.float64)
    t = np.trunc(np.where(np.isnan(x), 0.0, x))
    inner = np.clip(t, -hi, np.nextafter(hi, 0)).astype(np.int64)
    info = np.iinfo(NP[to])
    out = np.where(t >= hi, info.max, np.where(t < -hi, info.min, inner))
    return out.astype(NP[to])


def convert_arr(x, frm, to):
    with np.errstate(all="ignore"):
        if frm == to:
            return x.copy()
        if to == "i1":
            return (x.real if tfprog.is_complex(frm) else x) != 0
        if frm == "i1":
            return x.astype(NP[to])
        if tfprog.is_complex(frm) and not tfprog.is_complex(to):
            x, frm = x.real, tfprog.real_part(frm)
            if frm == to:
                return x.copy()
        if tfprog.is_int(to):
            if tfprog.is_int(frm):
                return x.astype(NP[to])
            return float_to_int(x, to)
        if tfprog.is_int(frm):
            # int64 -> f32 in one rounding (as sitofp does), not via f64.
            if to in ("f32", "c64") and frm == "i64":
                return _i64_to_f32(x).astype(NP[to])
            return x.astype(NP[to])
        return x.astype(NP[to])


def _i64_to_f32(x):
    # Exact round-to-nearest-even of int64 to float32: split into a high
    # part exactly representable in f64 and the rest.
    x = x.astype(np.int64)
    out = np.empty(x.shape, dtype=np.float32)
    flat, o = x.reshape(-1), out.reshape(-1)
    for i, v in enumerate(flat.tolist()):
        o[i] = _round_int_to_f32(v)
    return out


def _round_int_to_f32(v):
    if v == 0:
        return np.float32(0)
    s = -1 if v < 0 else 1
    a = abs(v)
    e = a.bit_length()
    if e <= 24:
        return np.float32(s * a)
    shift = e - 24
    q, r = divmod(a, 1 << shift)
    half = 1 << (shift - 1)
    if r > half or (r == half and q & 1):
        q += 1
    return np.float32(s * float(q << shift))


def convert(v, to):
    frm = v.dtype
    arr = convert_arr(v.arr, frm, to)
    err = v.err
    if to == frm:
        return Val(arr, to, err)
    inexact = err > 0
    if to == "i1":
        xr = v.arr.real if tfprog.is_complex(frm) else v.arr
        err = np.where(inexact & ~(mag(xr) > err), INF,
                       np.where(np.isinf(err), INF, 0.0))
    elif tfprog.is_int(to):
        if tfprog.is_int(frm) or frm == "i1":
            err = np.where(inexact, INF, 0.0)
        else:
            x = v.arr.real if tfprog.is_complex(frm) else v.arr
            with np.errstate(all="ignore"):
                lo = float_to_int(x.astype(np.float64) - err, to)
                hi = float_to_int(x.astype(np.float64) + err, to)
            err = np.where(inexact & ((lo != hi) | np.isnan(x)), INF, 0.0)
    else:  # to a float or complex
        if frm in ("i1",) or tfprog.is_int(frm):
            err = np.where(inexact, INF, 0.0)
        else:
            with np.errstate(all="ignore"):
                err = np.where(inexact, err + 2 * U[to] * mag(arr), 0.0)
    return Val(arr, to, err)


# -- elementwise ------------------------------------------------------------
def fmax(a, b):
    r = np.maximum(a, b)
    both0 = (a == 0) & (b == 0)
    z = np.where(np.signbit(a) & np.signbit(b), -0.0, 0.0).astype(a.dtype)
    return np.where(both0, z, r)


def fmin(a, b):
    r = np.minimum(a, b)
    both0 = (a == 0) & (b == 0)
    z = np.where(np.signbit(a) | np.signbit(b), -0.0, 0.0).astype(a.dtype)
    return np.where(both0, z, r)


def int_remainder(a, b):
    bb = np.where((b == 0) | (b == -1), 1, b).astype(a.dtype)
    r = np.fmod(a, bb)
    return np.where(b == 0, 0, r).astype(a.dtype)


def rounding(r, t, *errs):
    """2u|r| where any operand was inexact (identical inputs give identical
    IEEE results)."""
    inexact = np.zeros(np.shape(r), dtype=bool)
    for e in errs:
        inexact = inexact | (e > 0)
    with np.errstate(all="ignore"):
        return np.where(inexact, 2 * U[t] * mag(r), 0.0)


def cmul(x, y):
    """(ac - bd) + (ad + bc)i, each product and sum rounded on its own
    (docs/semantics.md 7.2; NumPy's own complex loops may use FMA)."""
    a, b, c, d = x.real, x.imag, y.real, y.imag
    r = np.empty(np.broadcast(x, y).shape, dtype=np.result_type(x, y))
    r.real = a * c - b * d
    r.imag = a * d + b * c
    return r


def cdiv_exact(x, y, t):
    """The correctly rounded complex quotient, from exact rationals."""
    from fractions import Fraction
    r = np.empty(np.broadcast(x, y).shape, dtype=NP[t])
    fx, fy, fr = x.reshape(-1), y.reshape(-1), r.reshape(-1)
    comp = COMP[t]
    for i in range(fr.size):
        a, b = float(fx[i].real), float(fx[i].imag)
        c, d = float(fy[i].real), float(fy[i].imag)
        if not all(math.isfinite(v) for v in (a, b, c, d)) or c == d == 0:
            with np.errstate(all="ignore"):
                fr[i] = (fx[i].astype(np.clongdouble) /
                         fy[i].astype(np.clongdouble)).astype(NP[t])
            continue
        a, b, c, d = (Fraction(v) for v in (a, b, c, d))
        den = c * c + d * d
        re, im = (a * c + b * d) / den, (b * c - a * d) / den
        fr[i] = complex(comp(_round_fraction(re)), comp(_round_fraction(im)))
    return r


def _round_fraction(q):
    try:
        return float(q)  # correctly rounded to f64
    except OverflowError:
        return math.inf if q > 0 else -math.inf


def binary(op, a, b, t):
    """a and b are already of dtype t and broadcast to one shape."""
    x, y, ex, ey = a.arr, b.arr, a.err, b.err
    anyerr = (ex > 0) | (ey > 0)
    ulps, mode = None, None
    with np.errstate(all="ignore"):
        if t == "i1":
            raise ValueError(f"{op} on i1")
        if tfprog.is_int(t):
            if op == "add":
                r = x + y
            elif op == "subtract":
                r = x - y
            elif op == "multiply":
                r = x * y
            elif op == "remainder":
                r = int_remainder(x, y)
            else:
                raise ValueError(f"{op} on {t}")
            return Val(r, t, np.where(anyerr, INF, 0.0))
        cplx = tfprog.is_complex(t)
        if op in ("add", "subtract"):
            r = x + y if op == "add" else x - y
            err = ex + ey + rounding(r, t, ex, ey)
        elif op == "multiply":
            r = cmul(x, y) if cplx else x * y
            err = mag(x) * ey + mag(y) * ex + ex * ey + rounding(r, t, ex, ey)
        elif op == "divide":
            if cplx:
                r = cdiv_exact(x, y, t)
            else:
                r = x / y
            prop = np.where(mag(y) > ey, (ex + mag(r) * ey) / (mag(y) - ey),
                            INF)
            err = np.where(anyerr, prop, 0.0) + rounding(r, t, ex, ey)
            if cplx:
                b, mode = COMPLEX_BOUNDS["divide"][t]
                larger = np.maximum(np.abs(r.real), np.abs(r.imag))
                err = err + 1.5 * (b + 1) * spacing(larger, t)
                ulps = np.where(anyerr, np.nan, b)
        elif op == "remainder":
            r = np.fmod(x, y)
            err = np.where(anyerr, INF, 0.0)
        elif op == "maximum":
            r = fmax(x, y)
            err = np.maximum(ex, ey)
        elif op == "minimum":
            r = fmin(x, y)
            err = np.maximum(ex, ey)
        elif op == "pow":
            xh, yh = x.astype(HI[t]), y.astype(HI[t])
            if cplx:
                xh, yh = x.astype(np.clongdouble), y.astype(np.clongdouble)
            r = np.power(xh, yh).astype(NP[t])
            if cplx:
                w = mag(yh * np.log(xh))
                b = 1 + 2.0 ** -28 * w if t == "c64" else 2 + 4 * w
                mode = "larger"
                ulps = np.where(anyerr, np.nan, b)
                larger = np.maximum(np.abs(r.real), np.abs(r.imag))
                err = 1.5 * (b + 1) * spacing(larger, t) + tiny(t)
                err = np.where(np.isfinite(r), err, INF)
            else:
                err = np.where(np.isfinite(r), REAL_ULPS * spacing(r, t), 0.0)
            err = np.where(anyerr, INF, err)
        else:
            raise ValueError(op)
        if cplx and op in ("divide", "pow"):
            # Not exactly rounded: a zero part may have either sign.
            err = err + tiny(t)
        if cplx:
            # Complex infinities and NaNs (C99 Annex G) are not part of the
            # decisions.
            bad = ~(np.isfinite(r.real) & np.isfinite(r.imag) &
                    np.isfinite(x.real) & np.isfinite(x.imag) &
                    np.isfinite(y.real) & np.isfinite(y.imag))
            err = np.where(bad, INF, err)
            if ulps is not None:
                ulps = np.where(bad, np.nan, ulps)
    return Val(r, t, err, ulps, mode)


def unary(op, a):
    t = a.dtype
    x, ex = a.arr, a.err
    anyerr = ex > 0
    with np.errstate(all="ignore"):
        if op == "negate":
            return Val(np.negative(x), t, ex)
        if op == "conj":
            return Val(np.conj(x) if tfprog.is_complex(t) else x.copy(), t, ex)
        if op == "abs":
            if tfprog.is_complex(t):
                rt = tfprog.real_part(t)
                r = np.abs(x.astype(np.clongdouble)).astype(NP[rt])
                ulps = np.where(anyerr | ~np.isfinite(r), np.nan,
                                COMPLEX_BOUNDS["abs"][t][0])
                return Val(r, rt, ex + 2 * spacing(r, rt) + tiny(rt)
                           + rounding(r, rt, ex), ulps, "part")
            return Val(np.abs(x), t, ex)
        if op == "sign":
            one = np.ones((), x.dtype)
            r = np.where(x > 0, one, np.where(x < 0, -one, x)).astype(x.dtype)
            err = np.where(anyerr & ~(mag(x) > ex), INF, 0.0)
            return Val(r, t, err)
        if tfprog.is_complex(t):
            return complex_fn(op, x, ex, t)
        xh = x.astype(HI[t])
        if op in ("sqrt", "rsqrt"):
            # Correctly rounded square root; rsqrt = 1 / sqrt(x) with both
            # steps rounded (docs/semantics.md 7.12): exact.
            r = np.sqrt(x)
            if op == "rsqrt":
                r = (np.ones((), x.dtype) / r).astype(x.dtype)
        else:
            r = getattr(np, op)(xh).astype(NP[t])
        if op in ("sqrt", "rsqrt"):
            own = np.zeros(r.shape)
        else:
            own = np.where(np.isfinite(r), REAL_ULPS * spacing(r, t), 0.0)
        ax = mag(x)
        if op in ("sin", "cos", "tanh"):
            prop = ex
        elif op == "exp":
            prop = mag(r) * np.expm1(ex)
        elif op == "expm1":
            prop = (mag(r) + 1) * np.expm1(ex)
        elif op == "log":
            prop = np.where(ax > ex, ex / (ax - ex), INF)
        elif op == "log1p":
            d = np.abs(1 + x.astype(np.float64))
            prop = np.where(d > ex, ex / (d - ex), INF)
        elif op == "sqrt":
            prop = np.where(x - ex > 0, ex / np.sqrt(np.maximum(x - ex, 0)), INF)
        elif op == "rsqrt":
            prop = np.where(x - ex > 0,
                            ex * 0.5 * np.maximum(x - ex, 1e-300) ** -1.5, INF)
        else:
            raise ValueError(op)
        prop = np.where(anyerr, prop, 0.0)
        err = own + prop + rounding(r, t, ex)
        err = np.where(anyerr & ~np.isfinite(r), INF, err)
        return Val(r, t, err)


def clog1p(z):
    """log(1 + z) accurate near 0 (NumPy's complex log1p computes
    log(|1 + z|), which loses everything when |z| is tiny)."""
    x, y = z.real, z.imag
    small = np.abs(z) < 0.5
    with np.errstate(all="ignore"):
        re_small = 0.5 * np.log1p(x * (2 + x) + y * y)
        re_big = np.log(np.hypot(1 + x, y))
    r = np.empty(z.shape, dtype=z.dtype)
    r.real = np.where(small, re_small, re_big)
    r.imag = np.arctan2(y, 1 + x)
    return r


def cexpm1(z):
    """(expm1(x) cos(y) - 2 sin(y/2)^2) + i exp(x) sin(y) (NumPy has no
    accurate complex expm1); only normwise accuracy is claimed for it."""
    x, y = z.real, z.imag
    r = np.empty(z.shape, dtype=z.dtype)
    with np.errstate(all="ignore"):
        s = np.sin(y / 2)
        r.real = np.expm1(x) * np.cos(y) - 2 * s * s
        r.imag = np.exp(x) * np.sin(y)
    return r


def _exact_log1p_s(x, y):
    """s = 2x + x^2 + y^2 summed exactly, rounded once to long double."""
    from fractions import Fraction
    out = np.empty(x.shape, dtype=np.longdouble)
    for i, (a, b) in enumerate(zip(x.reshape(-1).tolist(),
                                   y.reshape(-1).tolist())):
        if not (math.isfinite(a) and math.isfinite(b)):
            out.reshape(-1)[i] = np.nan
            continue
        fa, fb = Fraction(a), Fraction(b)
        q = 2 * fa + fa * fa + fb * fb
        out.reshape(-1)[i] = _fraction_to_longdouble(q)
    return out


def _fraction_to_longdouble(q):
    if q == 0:
        return np.longdouble(0)
    sign = -1 if q < 0 else 1
    q = abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    # 2^70 <= q * 2^(70 - e) < 2^72: an integer with 70+ bits, then one
    # rounding to the 64-bit significand (strtold rounds correctly).
    m = (q.numerator << max(0, 70 - e)) // (q.denominator << max(0, e - 70))
    return sign * np.ldexp(np.longdouble(str(m)), e - 70)


def clog1p_accurate(z):
    """log1p with s = 2x + x^2 + y^2 exact (docs/semantics.md 7.15 sums it
    in triple precision, so that the real part is accurate where |1 + z|
    is near 1); log(hypot(1 + x, y)) where |1 + z| < 1/2 (s < -3/4), as
    there: near z = -1, log1p(s) would magnify the rounding of s by
    1 / (1 + s) (log1p(-1.00125 + 0i) was 12 ulps off)."""
    x = z.real.astype(np.float64)
    y = z.imag.astype(np.float64)
    s = _exact_log1p_s(x, y)
    r = np.empty(z.shape, dtype=np.clongdouble)
    with np.errstate(all="ignore"):
        xl, yl = x.astype(np.longdouble), y.astype(np.longdouble)
        r.real = np.where(np.isfinite(s) & (s >= -0.75), 0.5 * np.log1p(s),
                          np.log(np.hypot(1 + xl, yl)))
        r.imag = np.arctan2(yl, 1 + xl)
    return r


def complex_fn(op, x, ex, t):
    xh = x.astype(np.clongdouble)
    with np.errstate(all="ignore"):
        if op == "rsqrt":
            hi = 1 / np.sqrt(xh)
        elif op == "log1p":
            hi = clog1p_accurate(x)
        elif op == "expm1":
            hi = cexpm1(xh)
        else:
            hi = getattr(np, op)(xh)
    r = hi.astype(NP[t])
    ar, ax = mag(r), mag(x)
    b, mode = COMPLEX_BOUNDS[op][t]
    ulps = np.where((ex > 0) | ~(np.isfinite(r.real) & np.isfinite(r.imag)),
                    np.nan, b)
    larger = np.maximum(np.abs(r.real), np.abs(r.imag))
    own = 1.5 * (b + 1) * spacing(larger, t) + tiny(t)
    if op == "exp":
        prop = ar * np.expm1(ex)
    elif op == "expm1":
        prop = (ar + 1) * np.expm1(ex)
    elif op == "log":
        prop = np.where(ax > ex, ex / (ax - ex), INF)
    elif op == "log1p":
        d = mag(1 + xh)
        prop = np.where(d > ex, ex / (d - ex), INF)
    elif op in ("sin", "cos"):
        prop = ex * np.cosh(np.abs(x.imag).astype(np.float64) + ex)
    elif op == "sqrt":
        prop = np.where(ax > ex, ex / np.sqrt(np.maximum(ax - ex, 0)), INF)
    elif op == "rsqrt":
        prop = np.where(ax > ex, ex * 0.5 * np.maximum(ax - ex, 1e-300) ** -1.5,
                        INF)
    else:  # tanh: poles; not bounded here
        prop = np.full(r.shape, INF)
    prop = np.where(ex > 0, prop, 0.0)
    err = own + prop + rounding(r, t, ex)
    err = np.where(np.isfinite(r.real) & np.isfinite(r.imag), err, INF)
    return Val(r, t, err, ulps, mode)


def compare(direction, a, b):
    t = tfprog.promote(a.dtype, b.dtype)
    a, b = convert(a, t), convert(b, t)
    x, y = np.broadcast_arrays(a.arr, b.arr)
    fn = {"eq": np.equal, "lt": np.less, "le": np.less_equal,
          "gt": np.greater, "ge": np.greater_equal}[direction]
    with np.errstate(all="ignore"):
        r = fn(x, y)
        e = a.err + b.err
        if t == "i1" or tfprog.is_int(t):
            err = np.where(e > 0, INF, 0.0)
        else:
            err = np.where((e > 0) & ~(mag(x - y) > e), INF, 0.0)
    return Val(r, "i1", err)


# -- reductions and contractions --------------------------------------------
def _reduced_first(x, axes):
    """x with the reduced axes flattened into axis 0 in column-major order
    (the first reduced axis fastest), the other axes after it."""
    axes = list(axes)
    rest = [i for i in range(x.ndim) if i not in axes]
    y = np.transpose(x, list(reversed(axes)) + rest)
    n = 1
    for ax in axes:
        n *= x.shape[ax]
    return y.reshape((n,) + tuple(x.shape[i] for i in rest))


# The lane order's constants, as include/tenferro/Dialect/Tenferro/IR/
# ReductionOrder.h states them for the lowering and the interpreter; the
# differential tests compare this oracle with both bit for bit, so a change
# there that is not made here fails them.
LANES = 64
GROUPS = 16
PART = 65536


def reduce(op, a, axes):
    """Sequential reduction from the identity in column-major order of the
    reduced positions; over the leading axes 0..k-1 (axis 0 alone, or a
    whole tensor), in LANES lanes over their column-major block (each
    whole part of PART positions in its own lanes, lane l taking the
    part's positions i = l mod LANES in increasing order from the
    identity; lane l combines the parts' lanes l in order from the
    identity, then takes the positions after the last whole part; group g the
    lanes g, g + GROUPS, ... in order from lane g, then the groups
    pairwise, j with j + w for w = 8, 4, 2, 1; docs/semantics.md 8.5):
    bit-exact."""
    t, x, ex = a.dtype, a.arr, a.err
    axes = sorted(axes)
    xs, es = _reduced_first(x, axes), _reduced_first(ex, axes)
    if axes and axes[-1] == len(axes) - 1:
        # Partial sums of squares add as they are.
        plain = "reduce_sum" if op == "reduce_sum_squares" else op
        # Whole parts of PART positions, each in its own lanes from the
        # identity; lane l combines the parts' lanes l in order from the
        # identity, then the positions after the last whole part.
        parts = xs.shape[0] // PART
        start = parts * PART
        lanes = []
        for l in range(LANES):
            own = [_fold(op, t, xs[p * PART + l:(p + 1) * PART:LANES],
                         es[p * PART + l:(p + 1) * PART:LANES])
                   for p in range(parts)]
            shape = xs.shape[1:]
            combined = _fold(plain, t,
                             np.stack([v.arr for v in own])
                             if own else np.zeros((0,) + shape, NP[t]),
                             np.stack([v.err for v in own])
                             if own else np.zeros((0,) + shape))
            lanes.append(_fold(op, t, xs[start + l::LANES],
                               es[start + l::LANES], start=combined))
        groups = [_fold(plain, t,
                        np.stack([v.arr for v in lanes[g::GROUPS]]),
                        np.stack([v.err for v in lanes[g::GROUPS]]),
                        from_first=True)
                  for g in range(GROUPS)]
        # The groups pairwise: group j with group j + w, w = 8, 4, 2, 1.
        w = GROUPS // 2
        while w >= 1:
            groups = [_fold(plain, t,
                            np.stack([groups[j].arr, groups[j + w].arr]),
                            np.stack([groups[j].err, groups[j + w].err]),
                            from_first=True)
                      for j in range(w)]
            w //= 2
        return groups[0]
    return _fold(op, t, xs, es)


def _fold(op, t, xs, es, from_first=False, start=None):
    """xs[0], xs[1], ... combined one at a time from the identity, from
    xs[0] with from_first, or from the Val start (errors es beside
    them)."""
    shape = xs.shape[1:]
    cplx = tfprog.is_complex(t)
    ident = {"reduce_sum": 0, "reduce_sum_squares": 0, "reduce_prod": 1,
             "reduce_max": -np.inf, "reduce_min": np.inf}[op]
    if op in ("reduce_max", "reduce_min") and t not in tfprog.FLOATS:
        raise ValueError(f"{op} on {t}")
    acc = np.full(shape, ident, dtype=NP[t])
    err = np.zeros(shape)
    if from_first:
        acc, err = xs[0].astype(NP[t]), np.asarray(es[0], dtype=float)
    elif start is not None:
        acc, err = start.arr.astype(NP[t]), np.asarray(start.err, dtype=float)
    with np.errstate(all="ignore"):
        for i in range(1 if from_first else 0, xs.shape[0]):
            v, e = xs[i], es[i]
            if op == "reduce_sum":
                new = acc + v
                err = err + e
            elif op == "reduce_prod":
                new = cmul(acc, v) if cplx else acc * v
                err = mag(acc) * e + mag(v) * err + err * e
            elif op == "reduce_sum_squares":
                sq = cmul(v, np.conj(v)) if cplx else v * v
                new = acc + sq
                err = err + 2 * mag(v) * e + e * e
            elif op == "reduce_max":
                new = fmax(acc, v)
                err = np.maximum(err, e)
            else:
                new = fmin(acc, v)
                err = np.maximum(err, e)
            if tfprog.is_int(t):
                err = np.where(err > 0, INF, 0.0)
            elif op not in ("reduce_max", "reduce_min"):
                err = err + rounding(new, t, err)
            acc = new.astype(NP[t])
    return Val(acc, t, err)


def dot_general(a, b, at, conj_lhs=False, conj_rhs=False):
    """acc = acc + x * y from zero over the contracting index tuples, the
    last contracting pair fastest (docs/semantics.md 10.1): bit-exact."""
    t = tfprog.promote(a.dtype, b.dtype)
    a, b = convert(a, t), convert(b, t)
    x, y, ex, ey = a.arr, b.arr, a.err, b.err
    if conj_lhs:
        x = np.conj(x)
    if conj_rhs:
        y = np.conj(y)
    lc, rc = at["lhs_contracting"], at["rhs_contracting"]
    lb, rb = at.get("lhs_batch", []), at.get("rhs_batch", [])
    lf = [i for i in range(x.ndim) if i not in lc + lb]
    rf = [j for j in range(y.ndim) if j not in rc + rb]
    xt = np.transpose(x, lc + lf + lb)
    yt = np.transpose(y, rc + rf + rb)
    ext, eyt = np.transpose(ex, lc + lf + lb), np.transpose(ey, rc + rf + rb)
    cshape = [x.shape[i] for i in lc]
    fl, fr = [x.shape[i] for i in lf], [y.shape[j] for j in rf]
    bs = [x.shape[i] for i in lb]
    lshape = fl + [1] * len(fr) + bs
    rshape = [1] * len(fl) + fr + bs
    cplx = tfprog.is_complex(t)
    acc = np.zeros(fl + fr + bs, dtype=NP[t])
    err = np.zeros(acc.shape)
    with np.errstate(all="ignore"):
        for c in np.ndindex(*cshape):
            u, v = xt[c].reshape(lshape), yt[c].reshape(rshape)
            eu, ev = ext[c].reshape(lshape), eyt[c].reshape(rshape)
            p = cmul(u, v) if cplx else u * v
            pe = mag(u) * ev + mag(v) * eu + eu * ev
            pe = pe + rounding(p, t, pe)
            acc = (acc + p).astype(NP[t])
            err = err + pe
            err = err + rounding(acc, t, err)
    return Val(acc, t, err)


# -- structural -------------------------------------------------------------
def eval_dimexpr(e, args):
    if isinstance(e, int):
        return e
    i, a = e["input_dim"]
    return args[i].arr.shape[a]


def pad_arr(x, low, high, interior, fill):
    for ax, (lo, hi, it) in enumerate(zip(low, high, interior)):
        n = x.shape[ax]
        if it and n:
            shape = list(x.shape)
            shape[ax] = (n - 1) * (it + 1) + 1
            y = np.full(shape, fill, dtype=x.dtype)
            idx = [slice(None)] * x.ndim
            idx[ax] = slice(None, None, it + 1)
            y[tuple(idx)] = x
            x = y
        widths = [(0, 0)] * x.ndim
        widths[ax] = (max(lo, 0), max(hi, 0))
        x = np.pad(x, widths, constant_values=fill)
        idx = [slice(None)] * x.ndim
        idx[ax] = slice(max(-lo, 0), x.shape[ax] - max(-hi, 0))
        x = x[tuple(idx)]
    return x


def structural(op, args, at):
    a = args[0]
    t = a.dtype

    def both(fn):
        return Val(fn(a.arr), t, fn(a.err))
    if op == "transpose":
        return both(lambda x: np.transpose(x, at["perm"]))
    if op == "reshape":
        shape = [eval_dimexpr(e, args) for e in at["shape"]]
        return both(lambda x: np.reshape(x, shape, order="F"))
    if op == "broadcast_in_dim":
        shape = [eval_dimexpr(e, args) for e in at["shape"]]
        dims = at["dims"]
        order = sorted(range(len(dims)), key=lambda i: dims[i])

        def bc(x):
            x = np.transpose(x, order)
            s = [1] * len(shape)
            for i in order:
                s[dims[i]] = a.arr.shape[i]
            return np.broadcast_to(np.reshape(x, s), shape).copy()
        return both(bc)
    if op == "reverse":
        return both(lambda x: np.flip(x, axis=tuple(at["axes"])).copy())
    if op == "slice":
        idx = tuple(slice(s, l, st) for s, l, st in
                    zip(at["starts"], at["limits"], at["strides"]))
        return both(lambda x: x[idx].copy())
    if op == "pad":
        return Val(pad_arr(a.arr, at["low"], at["high"], at["interior"],
                           np.zeros((), a.arr.dtype)), t,
                   pad_arr(a.err, at["low"], at["high"], at["interior"], 0.0))
    if op in ("tril", "triu"):
        k = at["k"]
        i = np.arange(a.arr.shape[0]).reshape([-1, 1] + [1] * (a.arr.ndim - 2))
        j = np.arange(a.arr.shape[1]).reshape([1, -1] + [1] * (a.arr.ndim - 2))
        keep = (j - i <= k) if op == "tril" else (j - i >= k)
        return Val(np.where(keep, a.arr, np.zeros((), a.arr.dtype)), t,
                   np.where(keep, a.err, 0.0))
    if op == "extract_diag":
        i, j = at["axis_a"], at["axis_b"]
        dest = i if i < j else i - 1

        def ed(x):
            return np.moveaxis(np.diagonal(x, axis1=i, axis2=j), -1, dest).copy()
        return both(ed)
    if op == "embed_diag":
        i, j = at["axis_a"], at["axis_b"]
        n = a.arr.shape[i]
        ip = i if i < j else i + 1
        shape = [1] * (a.arr.ndim + 1)
        shape[ip] = shape[j] = n
        eye = np.eye(n, dtype=bool).reshape(shape)

        def emb(x, zero):
            return np.where(eye, np.expand_dims(x, j), zero)
        return Val(emb(a.arr, np.zeros((), a.arr.dtype)), t, emb(a.err, 0.0))
    if op == "concatenate":
        rt = tfprog.promote_all([v.dtype for v in args])
        cs = [convert(v, rt) for v in args]
        return Val(np.concatenate([c.arr for c in cs], axis=at["axis"]), rt,
                   np.concatenate([c.err for c in cs], axis=at["axis"]))
    if op == "dynamic_slice":
        starts, sizes = args[1].arr, at["sizes"]
        s = [int(min(max(int(starts[k]), 0), a.arr.shape[k] - sizes[k]))
             for k in range(a.arr.ndim)]
        idx = tuple(slice(p, p + n) for p, n in zip(s, sizes))
        v = both(lambda x: x[idx].copy())
        if np.any(args[1].err > 0):
            v.err[...] = INF
        return v
    if op == "dynamic_update_slice":
        u, starts = args[1], args[2].arr
        rt = tfprog.promote(t, u.dtype)
        base, upd = convert(a, rt), convert(u, rt)
        s = [int(min(max(int(starts[k]), 0), a.arr.shape[k] - u.arr.shape[k]))
             for k in range(a.arr.ndim)]
        idx = tuple(slice(p, p + n) for p, n in zip(s, u.arr.shape))
        base.arr[idx] = upd.arr
        base.err[idx] = upd.err
        if np.any(args[2].err > 0):
            base.err[...] = INF
        return base
    if op == "gather":
        return gather(a, args[1], at)
    if op == "scatter":
        return scatter(a, args[1], args[2], at)
    raise ValueError(f"unknown op {op}")


def _index_vectors(idx, ivd):
    """The index vectors of `idx` by batch position."""
    arr = idx.arr
    if ivd == arr.ndim:
        arr = arr[..., None]
    arr = np.moveaxis(arr, ivd, -1)
    return arr


def gather(a, idx, at):
    vecs = _index_vectors(idx, at["index_vector_dim"])
    batch_shape = vecs.shape[:-1]
    sizes = at["slice_sizes"]
    x = a.arr
    offs_shape = [s for k, s in enumerate(sizes)
                  if k not in at["collapsed_slice_dims"]]
    full = np.zeros(tuple(batch_shape) + tuple(offs_shape), dtype=x.dtype)
    ferr = np.zeros(full.shape)
    for b in np.ndindex(*batch_shape):
        start = [0] * x.ndim
        for k, d in enumerate(at["start_index_map"]):
            start[d] = int(vecs[b][k])
        start = [min(max(s, 0), x.shape[d] - sizes[d])
                 for d, s in enumerate(start)]
        sl = tuple(slice(s, s + n) for s, n in zip(start, sizes))
        w = x[sl].reshape(offs_shape)
        full[b] = w
        ferr[b] = a.err[sl].reshape(offs_shape)
    rank = len(batch_shape) + len(offs_shape)
    perm, bi, oi = [], 0, 0
    for k in range(rank):
        if k in at["offset_dims"]:
            perm.append(len(batch_shape) + oi)
            oi += 1
        else:
            perm.append(bi)
            bi += 1
    err = np.transpose(ferr, perm)
    if np.any(idx.err > 0):
        err = np.full(err.shape, INF)
    return Val(np.transpose(full, perm), a.dtype, err)


def scatter(a, idx, upd, at):
    rt = tfprog.promote(a.dtype, upd.dtype)
    base, u = convert(a, rt), convert(upd, rt)
    out, err = base.arr.copy(), base.err.copy()
    count = np.zeros(out.shape, dtype=np.int64)
    absum = mag(out) if rt != "i1" else np.zeros(out.shape)
    vecs = _index_vectors(idx, at["index_vector_dim"])
    uwd = at["update_window_dims"]
    scatter_dims = [d for d in range(u.arr.ndim) if d not in uwd]
    window_operand_dims = [d for d in range(out.ndim)
                           if d not in at["inserted_window_dims"]]
    with np.errstate(all="ignore"):
        # Column-major order of the update positions (semantics 8.17).
        for rev in np.ndindex(*reversed(u.arr.shape)):
            ui = tuple(reversed(rev))
            vec = vecs[tuple(ui[d] for d in scatter_dims)]
            pos = [0] * out.ndim
            for k, d in enumerate(at["scatter_dims_to_operand_dims"]):
                pos[d] += int(vec[k])
            for k, d in enumerate(uwd):
                pos[window_operand_dims[k]] += ui[d]
            if any(p < 0 or p >= s for p, s in zip(pos, out.shape)):
                continue  # out of bounds: skipped (the generators avoid it)
            pos = tuple(pos)
            if rt == "i1":
                out[pos] = out[pos] | u.arr[ui]
            else:
                out[pos] = out[pos] + u.arr[ui]
                absum[pos] += abs(u.arr[ui])
            err[pos] += u.err[ui]
            count[pos] += 1
    if tfprog.is_float(rt) or tfprog.is_complex(rt):
        err = err + np.where(err > 0, (count + 1) * U[rt] * absum, 0.0)
    elif np.any(u.err > 0):
        err = np.where(count > 0, INF, err)
    if np.any(idx.err > 0):
        err[...] = INF
    return Val(out, rt, err)


# -- the interpreter --------------------------------------------------------
def constant(at):
    dt, v = at["dtype"], at["value"]
    if tfprog.is_complex(dt):
        v = complex(v[0], v[1])
    return Val(np.array(v, dtype=NP[dt]), dt)


def elementwise(op, args, at):
    if op == "compare":
        return compare(at["dir"], args[0], args[1])
    if op == "select":
        p, a, b = args
        t = tfprog.promote(a.dtype, b.dtype)
        a, b = convert(a, t), convert(b, t)
        r = np.where(p.arr, a.arr, b.arr)
        err = np.where(p.err > 0, INF, np.where(p.arr, a.err, b.err))
        return Val(r, t, err)
    if op == "clamp":
        t = tfprog.promote_all([v.dtype for v in args])
        x, lo, hi = [convert(v, t) for v in args]
        r = fmin(fmax(x.arr, lo.arr), hi.arr)
        return Val(r, t, np.maximum(np.maximum(x.err, lo.err), hi.err))
    if op in tfprog.UNARY:
        return unary(op, args[0])
    a, b = args
    if op in ("divide", "pow"):
        t = tfprog.promote_div_like(a.dtype, b.dtype)
    else:
        t = tfprog.promote(a.dtype, b.dtype)
    a, b = convert(a, t), convert(b, t)
    x, y = np.broadcast_arrays(a.arr, b.arr)
    ex, ey = np.broadcast_arrays(a.err, b.err)
    return binary(op, Val(x, t, ex), Val(y, t, ey), t)


def run_inst(inst, env):
    op, at = inst["op"], inst["attrs"]
    args = [env[n] for n in inst["args"]]
    if op in tfprog.BINARY or op in tfprog.UNARY or \
            op in ("compare", "select", "clamp"):
        return elementwise(op, args, at)
    if op == "convert":
        return convert(args[0], at["to"])
    if op in tfprog.REDUCE:
        return reduce(op, args[0], at["axes"])
    if op == "constant":
        return constant(at)
    if op == "shape_of":
        return Val(np.array(float(args[0].arr.shape[at["axis"]])), "f64")
    if op == "dot_general":
        return dot_general(args[0], args[1], at)
    if op == "dot_general_with_conj":
        return dot_general(args[0], args[1], at, at.get("conj_lhs", False),
                           at.get("conj_rhs", False))
    return structural(op, args, at)


def evaluate(prog, arrays):
    """Expected outputs (Vals) of the program description on `arrays`."""
    env = {}
    for inp, arr in zip(prog["inputs"], arrays):
        if arr.dtype != NP[inp["dtype"]]:
            raise ValueError(f"input {inp['name']}: dtype {arr.dtype}")
        env[inp["name"]] = Val(np.asarray(arr), inp["dtype"])
    for inst in prog["insts"]:
        v = run_inst(inst, env)
        res = inst["res"][0]
        if v.dtype != res["dtype"]:
            raise AssertionError(f"{inst['op']}: oracle dtype {v.dtype}, "
                                 f"program {res['dtype']}")
        if list(v.arr.shape) != res["shape"]:
            raise AssertionError(f"{inst['op']}: oracle shape "
                                 f"{list(v.arr.shape)}, program {res['shape']}")
        env[res["name"]] = v
    return [env[n] for n in prog["outputs"]]


# -- comparison -------------------------------------------------------------
def _bits_equal(x, y):
    """Bitwise equal, any NaN equal to any NaN (per component)."""
    if x.dtype.kind == "c":
        return _bits_equal(x.real, y.real) & _bits_equal(x.imag, y.imag)
    if x.dtype.kind == "f":
        ix = x.view(np.int32 if x.dtype == np.float32 else np.int64)
        iy = y.view(np.int32 if y.dtype == np.float32 else np.int64)
        return (ix == iy) | (np.isnan(x) & np.isnan(y))
    return x == y


def same_bits(x, y):
    """Equal outputs of two runs: bitwise, NaNs equal. Returns the mask of
    differing elements, or None if the dtypes or shapes differ."""
    if x.dtype != y.dtype or x.shape != y.shape:
        return None
    return ~_bits_equal(x, y)


def float_distance(a, b):
    """The number of floats between a and b (same float dtype), per
    element (-0 and +0 are one apart)."""
    it = np.int32 if a.dtype == np.float32 else np.int64
    ia = a.view(it).astype(np.int64)
    ib = b.view(it).astype(np.int64)
    sign = np.int64(1) << np.int64(8 * a.dtype.itemsize - 1)
    oa = np.where(ia < 0, -(ia & (sign - 1)), ia)
    ob = np.where(ib < 0, -(ib & (sign - 1)), ib)
    return np.abs(oa - ob).astype(np.float64)


def _ulp_bad(e, g, ulps, mode):
    """Elements of g farther than `ulps` from the correctly rounded e, in
    the measure of docs/semantics.md 7.15."""
    parts = [(e.real, g.real), (e.imag, g.imag)] if e.dtype.kind == "c" \
        else [(e, g)]
    bad = np.zeros(e.shape, dtype=bool)
    if mode == "larger":
        larger = np.maximum(np.abs(e.real), np.abs(e.imag))
        unit = np.spacing(larger.astype(parts[0][0].dtype)).astype(np.float64)
    for cr, gp in parts:
        with np.errstate(all="ignore"):
            if mode == "part":
                # A part that rounds to zero must be zero (either sign).
                far = np.where(cr == 0, gp != 0,
                               float_distance(cr, gp) > ulps)
            else:
                far = ~(np.abs(gp.astype(np.float64) - cr.astype(np.float64))
                        <= ulps * unit)
        bad |= far | np.isnan(gp)
    return bad


def check(exp, got):
    """Compares a runner output with the expected Val. Returns a dict:
    ok, checked, unchecked, bad (count), first (a description) and mask."""
    res = {"ok": True, "checked": 0, "unchecked": 0, "bad": 0, "first": None}
    want = NP[exp.dtype]
    if got.dtype != want or list(got.shape) != list(exp.arr.shape):
        res.update(ok=False, bad=-1,
                   first=f"dtype/shape {got.dtype}{list(got.shape)}, expected "
                         f"{np.dtype(want)}{list(exp.arr.shape)}")
        return res
    e, g, err = exp.arr, got, exp.err
    known = np.isfinite(err)
    with np.errstate(all="ignore"):
        if e.dtype.kind in "biu":
            bad = known & (e != g)
        else:
            exact = known & (err == 0)
            approx = known & (err > 0)
            bad = exact & ~_bits_equal(e, g)
            if e.dtype.kind == "c":
                enan = np.isnan(e.real) | np.isnan(e.imag)
                gnan = np.isnan(g.real) | np.isnan(g.imag)
                finite = np.isfinite(e.real) & np.isfinite(e.imag)
                diff = np.abs(g.astype(np.complex128) - e.astype(np.complex128))
                bad_a = np.where(finite, ~(diff <= err), enan != gnan)
            else:
                enan, gnan = np.isnan(e), np.isnan(g)
                diff = np.abs(g.astype(np.float64) - e.astype(np.float64))
                bad_a = np.where(np.isfinite(e), ~(diff <= err),
                                 np.where(enan, ~gnan, g != e))
            if exp.ulps is not None:
                # Complex functions: the bound of docs/semantics.md 7.15,
                # in ulps, where the operands were exact.
                by_ulps = known & ~np.isnan(exp.ulps)
                ub = _ulp_bad(e, g, np.nan_to_num(exp.ulps), exp.ulp_mode)
                bad_a = np.where(by_ulps, ub, bad_a)
                bad = (bad & ~by_ulps) | (by_ulps & ub)
                approx = approx & ~by_ulps
            bad = bad | (approx & bad_a)
    res["checked"] = int(known.sum())
    res["unchecked"] = int((~known).sum())
    res["bad"] = int(bad.sum())
    res["mask"] = bad
    if res["bad"]:
        res["ok"] = False
        i = tuple(int(v) for v in np.argwhere(bad)[0])
        if exp.ulps is not None and not np.isnan(exp.ulps[i]):
            bound = f"{exp.ulps[i]:.3g} ulps " + \
                ("per part" if exp.ulp_mode == "part" else "of the larger part")
        else:
            bound = f"{err[i]:.3g}"
        res["first"] = (f"at {list(i)}: got {fmt(g[i])}, expected "
                        f"{fmt(e[i])} (bound {bound})")
    return res


def fmt(v):
    if isinstance(v, (np.floating, float)):
        return repr(float(v)) if not np.isnan(v) else "nan"
    if isinstance(v, (np.complexfloating, complex)):
        return f"({fmt(v.real)}, {fmt(v.imag)})"
    if isinstance(v, (np.bool_, bool)):
        return "true" if v else "false"
    return str(v)


# -- self-test --------------------------------------------------------------
I32_MIN, I32_MAX = -2**31, 2**31 - 1
I64_MIN, I64_MAX = -2**63, 2**63 - 1
NAN, PINF = float("nan"), float("inf")


def _case(build, inputs, expected):
    """build(p, *input values) -> output value; inputs: (dtype, data)."""
    p = tfprog.Program()
    vals, arrays = [], []
    for dt, data in inputs:
        a = np.array(data, dtype=NP[dt], order="F")
        vals.append(p.input(dt, a.shape))
        arrays.append(a)
    out = build(p, *vals)
    p.output(out)
    exp = evaluate(p.to_json(), arrays)[0]
    want = np.array(expected, dtype=NP[exp.dtype])
    ok = want.shape == exp.arr.shape and bool(_bits_equal(want, exp.arr).all())
    return ok, p, exp, want


def selftest():
    """The oracle against values written down from docs/semantics.md."""
    cases = [
        ("7.5 remainder i32: x % 0 = 0, INT_MIN % -1 = 0, sign of dividend",
         lambda p, a, b: p.op("remainder", a, b),
         [("i32", [7, -7, 7, -7, I32_MIN, 5, 0, I32_MIN]),
          ("i32", [3, 3, -3, -3, -1, 0, 5, I32_MAX])],
         [1, -1, 1, -1, 0, 0, 0, -1]),
        ("7.5 remainder i64 INT_MIN % -1, x % 0",
         lambda p, a, b: p.op("remainder", a, b),
         [("i64", [I64_MIN, I64_MAX, -9]), ("i64", [-1, 0, 4])], [0, 0, -1]),
        ("7.5 remainder f64 is fmod",
         lambda p, a, b: p.op("remainder", a, b),
         [("f64", [5.5, -5.5, 1.0, PINF, 3.0, -0.0]),
          ("f64", [2.0, 2.0, 0.0, 2.0, PINF, 1.0])],
         [1.5, -1.5, NAN, NAN, 3.0, -0.0]),
        ("7.5 remainder i32 with f32 computes in f64",
         lambda p, a, b: p.op("remainder", a, b),
         [("i32", [7]), ("f32", [2.5])], [2.0]),
        ("7.2 integer add/multiply wrap",
         lambda p, a, b: p.op("add", p.op("multiply", a, b), a),
         [("i32", [I32_MAX, I32_MIN, 65536]), ("i32", [1, -1, 65536])],
         [-2, 0, 65536]),
        ("7.3/7.7 negate and abs of INT_MIN wrap",
         lambda p, a: p.op("abs", p.op("negate", a)),
         [("i64", [I64_MIN, -5, 5])], [I64_MIN, 5, 5]),
        ("4.4 f64 -> i32 saturates, NaN -> 0, truncates toward zero",
         lambda p, a: p.op("convert", a, to="i32"),
         [("f64", [2.7, -2.7, 3e9, -3e9, NAN, PINF, -PINF, -2147483648.0,
                   2147483647.5, -2147483648.9])],
         [2, -2, I32_MAX, I32_MIN, 0, I32_MAX, I32_MIN, I32_MIN, I32_MAX,
          I32_MIN]),
        ("4.4 f32 -> i64 saturates",
         lambda p, a: p.op("convert", a, to="i64"),
         [("f32", [9.3e18, -9.3e18, -9.2233720e18, 1.5])],
         [I64_MAX, I64_MIN, I64_MIN, 1]),
        ("4.4 i64 -> i32 truncates (wraps)",
         lambda p, a: p.op("convert", a, to="i32"),
         [("i64", [2**32 + 5, 2**31, -2**31 - 1])], [5, I32_MIN, I32_MAX]),
        ("4.4 i64 -> f32 rounds to nearest even",
         lambda p, a: p.op("convert", a, to="f32"),
         [("i64", [2**24 + 1, 2**24 + 3, 2**25 + 3, I64_MAX, -2**24 - 1])],
         [16777216.0, 16777220.0, 33554436.0, 9.223372036854775808e18,
          -16777216.0]),
        ("4.4 -> i1 is != 0 (-0 false, NaN true)",
         lambda p, a: p.op("convert", a, to="i1"),
         [("f64", [-0.0, NAN, 0.5, 0.0, -PINF])],
         [False, True, True, False, True]),
        ("4.4 complex -> i1 reads the real part only",
         lambda p, a: p.op("convert", a, to="i1"),
         [("c64", [0 + 1j, 1 + 0j, 0j])], [False, True, False]),
        ("4.4 complex -> f32 takes the real part",
         lambda p, a: p.op("convert", a, to="f32"),
         [("c128", [1.25 + 7j, -3e40 + 1j])], [1.25, -PINF]),
        ("4.4 complex -> i32 real part saturating",
         lambda p, a: p.op("convert", a, to="i32"),
         [("c128", [-2.5 + 7j, 1e10 + 0j])], [-2, I32_MAX]),
        ("4.4 i1 -> c64 is (0|1, 0)",
         lambda p, a: p.op("convert", a, to="c64"),
         [("i1", [True, False])], [1 + 0j, 0j]),
        ("7.10 maximum/minimum: NaN propagates, -0 < +0",
         lambda p, a, b: p.op("add", p.op("maximum", a, b),
                              p.op("minimum", a, b)),
         [("f64", [-0.0, 0.0, NAN, 1.0, -0.0]),
          ("f64", [0.0, -0.0, 1.0, NAN, -0.0])], [0.0, 0.0, NAN, NAN, -0.0]),
        ("7.10 minimum(-0, +0) = -0",
         lambda p, a, b: p.op("minimum", a, b),
         [("f32", [-0.0, 0.0]), ("f32", [0.0, -0.0])], [-0.0, -0.0]),
        ("7.11 clamp with lower > upper gives upper",
         lambda p, a, b, c: p.op("clamp", a, b, c),
         [("f64", [5.0, 0.0, NAN]), ("f64", [3.0, 1.0, 0.0]),
          ("f64", [1.0, 2.0, 1.0])], [1.0, 1.0, NAN]),
        ("7.8 sign keeps zeros and NaN",
         lambda p, a: p.op("sign", a),
         [("f64", [-0.0, 0.0, NAN, -PINF, 3.0])], [-0.0, 0.0, NAN, -1.0, 1.0]),
        ("7.13 compare: NaN false, -0 eq +0, i1 false < true",
         lambda p, a, b: p.op("compare", a, b, dir="eq"),
         [("f64", [NAN, -0.0, 1.0]), ("f64", [NAN, 0.0, 2.0])],
         [False, True, False]),
        ("7.13 compare lt on i1",
         lambda p, a, b: p.op("compare", a, b, dir="lt"),
         [("i1", [False, True, False, True]), ("i1", [True, False, False, True])],
         [True, False, False, False]),
        ("7.13 compare i64 with f32 promotes to f64",
         lambda p, a, b: p.op("compare", a, b, dir="eq"),
         [("i64", [2**53 + 1, 3]), ("f32", [9007199254740992.0, 3.0])],
         [True, True]),
        ("7.4 divide i32/i32 gives f64",
         lambda p, a, b: p.op("divide", a, b),
         [("i32", [7, 1, -1, 0]), ("i32", [2, 0, 0, 0])],
         [3.5, PINF, -PINF, NAN]),
        ("7.6 pow i32 ^ i32 in f64",
         lambda p, a, b: p.op("pow", a, b),
         [("i32", [2, 3]), ("i32", [-1, 2])], [0.5, 9.0]),
        ("7.14 select promotes i1 to the other branch",
         lambda p, c, a, b: p.op("select", c, a, b),
         [("i1", [True, False]), ("i1", [True, True]), ("f32", [2.5, 2.5])],
         [1.0, 2.5]),
        ("7.2 complex multiply (ac - bd) + (ad + bc)i",
         lambda p, a, b: p.op("multiply", a, b),
         [("c128", [1 + 2j]), ("c128", [3 - 1j])], [5 + 5j]),
        ("8.2 reshape is column-major",
         lambda p, a: p.op("reshape", a, shape=[3, 2]),
         [("i32", [[1, 2, 3], [4, 5, 6]])], [[1, 5], [4, 3], [2, 6]]),
        ("8.3 broadcast_in_dim dims=[1]",
         lambda p, a: p.op("broadcast_in_dim", a, dims=[1], shape=[2, 3]),
         [("i1", [True, False, True])],
         [[True, False, True], [True, False, True]]),
        ("8.5 reduce_sum from +0 in column-major order",
         lambda p, a: p.op("reduce_sum", a, axes=[0]),
         [("f64", [[1.0, -0.0], [1e16, -0.0], [-1e16, -0.0]])], [0.0, 0.0]),
        ("8.5 reduce_sum over axis 0 in 64 lanes, lane 0 (x0 + x64) in "
         "group 0 before x16 and x32: (2 + 1e8) - 1e8 in f32",
         lambda p, a: p.op("reduce_sum", a, axes=[0]),
         [("f32", [1.0] + [0.0] * 15 + [1e8] + [0.0] * 15 + [-1e8]
           + [0.0] * 31 + [1.0])], 0.0),
        ("8.5 reduce_sum in whole parts of 65536: part 0's lane 0 "
         "(1e8 + 1) and part 1's (-1e8 + 1) combine to 0 in f32, where "
         "lanes over the block give ((1e8 + 1) - 1e8) + 1 = 1",
         lambda p, a: p.op("reduce_sum", a, axes=[0]),
         [("f32", [1e8] + [0.0] * 63 + [1.0] + [0.0] * 65471 + [-1e8]
           + [0.0] * 63 + [1.0] + [0.0] * 65471)], 0.0),
        ("8.5 reduce_sum over the leading axes [1, 0] in lanes of the "
         "column-major block: (2 + 1e8) - 1e8 in f32",
         lambda p, a: p.op("reduce_sum", a, axes=[1, 0]),
         [("f32", [[1.0, -1e8] + [0.0] * 6 + [1.0], [1e8] + [0.0] * 8])],
         0.0),
        ("8.5 reduce_sum over [0, 2], not leading: sequential, 1 in f32",
         lambda p, a: p.op("reduce_sum", a, axes=[0, 2]),
         [("f32", [[[1.0] + [0.0] * 8],
                   [[1e8] + [0.0] * 4 + [1.0] + [0.0] * 3],
                   [[-1e8] + [0.0] * 8]])],
         [1.0]),
        ("8.5 reduce_sum over [0, 1]: first axis fastest, groups "
         "pairwise: (1e16 + -1e16) + (1 + 1) (rows first: 0)",
         lambda p, a: p.op("reduce_sum", a, axes=[0, 1]),
         [("f64", [[1e16, -1e16], [1.0, 1.0]])], 2.0),
        ("8.5 reduce_sum over [0]: groups pairwise, group 0 with group 8 "
         "first: (1e8 + 1) + -1e8 in f32 (in order: 1)",
         lambda p, a: p.op("reduce_sum", a, axes=[0]),
         [("f32", [1e8, -1e8] + [0.0] * 6 + [1.0])], 0.0),
        ("8.5 reduce_max of NaN and zeros",
         lambda p, a: p.op("reduce_max", a, axes=[1]),
         [("f32", [[-0.0, 0.0], [-0.0, -0.0], [1.0, NAN]])], [0.0, -0.0, NAN]),
        ("8.5 reduce_prod wraps on i32",
         lambda p, a: p.op("reduce_prod", a, axes=[0]),
         [("i32", [65536, 65536, 3])], 0),
        ("8.13 pad: interior, negative low",
         lambda p, a: p.op("pad", a, low=[-1], high=[2], interior=[1]),
         [("i64", [1, 2, 3])], [0, 2, 0, 3, 0, 0]),
        ("8.8 tril k=0 on [2, 3]",
         lambda p, a: p.op("tril", a, k=0),
         [("i32", [[1, 2, 3], [4, 5, 6]])], [[1, 0, 0], [4, 5, 0]]),
        ("8.7 embed_diag",
         lambda p, a: p.op("embed_diag", a, axis_a=0, axis_b=1),
         [("f64", [1.0, 2.0])], [[1.0, 0.0], [0.0, 2.0]]),
        ("8.6 extract_diag of [2, 3]",
         lambda p, a: p.op("extract_diag", a, axis_a=0, axis_b=1),
         [("i32", [[1, 2, 3], [4, 5, 6]])], [1, 5]),
        ("8.11 dynamic_slice clamps the start",
         lambda p, a, s: p.op("dynamic_slice", a, s, sizes=[2]),
         [("i32", [1, 2, 3, 4]), ("i64", [7])], [3, 4]),
        ("8.12 dynamic_update_slice clamps the start, promotes",
         lambda p, a, u, s: p.op("dynamic_update_slice", a, u, s),
         [("i32", [1, 2, 3, 4]), ("i1", [True, True]), ("i64", [-3])],
         [1, 1, 3, 4]),
        ("8.16 gather clamps the start",
         lambda p, a, i: p.op("gather", a, i, offset_dims=[1],
                              collapsed_slice_dims=[0], start_index_map=[0],
                              index_vector_dim=1, slice_sizes=[1, 2]),
         [("i32", [[1, 2], [3, 4]]), ("i64", [[5], [-1]])], [[3, 4], [1, 2]]),
        ("8.17 scatter on i1 is OR",
         lambda p, a, i, u: p.op("scatter", a, i, u, update_window_dims=[1],
                                 inserted_window_dims=[0],
                                 scatter_dims_to_operand_dims=[0],
                                 index_vector_dim=1),
         [("i1", [[False, True], [False, False]]), ("i64", [[0], [0], [1]]),
          ("i1", [[True, False], [True, False], [False, False]])],
         [[True, True], [False, False]]),
        ("8.17 scatter adds in column-major order of the updates",
         lambda p, a, i, u: p.op("scatter", a, i, u, update_window_dims=[1],
                                 inserted_window_dims=[0],
                                 scatter_dims_to_operand_dims=[0],
                                 index_vector_dim=1),
         [("f64", [[1.0], [0.0]]), ("i64", [[0], [0]]),
          ("f64", [[1e16], [-1e16]])], [[0.0], [0.0]]),
        ("10.1 dot_general: lhs free, rhs free, batch",
         lambda p, a, b: p.op("dot_general", a, b, lhs_contracting=[1],
                              rhs_contracting=[0]),
         [("f64", [[1.0, 2.0], [3.0, 4.0]]), ("f64", [[1.0, 0.0, 1.0],
                                                     [1.0, 1.0, 0.0]])],
         [[3.0, 2.0, 1.0], [7.0, 4.0, 3.0]]),
    ]
    failed = 0
    for name, build, inputs, expected in cases:
        ok, p, exp, want = _case(build, inputs, expected)
        if not ok:
            failed += 1
            print(f"self-test FAILED: {name}: oracle gives {exp.arr!r}, "
                  f"semantics say {want!r}")
    # The comparison: a wrong element is reported, NaNs match any NaN, the
    # sign of an exact zero is checked, approximate results have bounds.
    exp = Val(np.array([1.0, NAN, -0.0]), "f64")
    checks = [
        (check(exp, np.array([1.0, -NAN, -0.0]))["ok"], True),
        (check(exp, np.array([1.0, NAN, 0.0]))["ok"], False),
        (check(exp, np.array([1.0000000000000002, NAN, -0.0]))["ok"], False),
        (check(Val(np.array([1.0]), "f64", [4e-16]),
               np.array([1.0000000000000002]))["ok"], True),
        (check(Val(np.array([1.0]), "f64", [INF]), np.array([5.0]))["ok"],
         True),
        (check(Val(np.array([True]), "i1"), np.array([False]))["ok"], False),
        (check(exp, np.array([1.0, NAN], dtype=np.float64))["ok"], False),
    ]
    for k, (got, want) in enumerate(checks):
        if got != want:
            failed += 1
            print(f"self-test FAILED: comparison case {k}")
    total = len(cases) + len(checks)
    print(f"oracle self-test: {total - failed} of {total} cases pass")
    return 1 if failed else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(selftest())
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("program")
    ap.add_argument("--input", action="append", default=[])
    ap.add_argument("--check", action="append", default=[],
                    help="prefix of runner outputs <prefix><i>.npy")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    with open(args.program) as f:
        prog = json.load(f)
    arrays = [np.load(p) for p in args.input]
    expected = evaluate(prog, arrays)
    failures = 0
    for prefix in args.check:
        for i, exp in enumerate(expected):
            got = np.load(f"{prefix}{i}.npy")
            r = check(exp, got)
            label = prog["labels"][i]
            if not r["ok"]:
                failures += 1
                print(f"{prefix}{i}.npy ({label}): {r['bad']} of "
                      f"{exp.arr.size} elements wrong, first {r['first']}")
            elif args.verbose:
                print(f"{prefix}{i}.npy ({label}): ok, {r['checked']} checked,"
                      f" {r['unchecked']} not determined")
    total = len(args.check) * len(expected)
    print(f"{total - failures} of {total} outputs match the NumPy oracle")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
