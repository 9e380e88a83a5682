#!/usr/bin/env python3
"""Why tenferro's inline f32 tanh is not a rational function of Eigen's
length: fits x P(x^2) / Q(x^2) to tanh (P(0) = Q(0) = 1, relative error,
|x| <= 9.1, where tanh rounds to 1 in f32 from 9.01 on), then evaluates
each fit the way vector code would (|x| clamped, s = x * x, Horner's rule
with fused multiply-adds on f32 coefficients, one division) over random
f32 inputs in [2^-15, 10), and prints the largest error in ulps next to
the fit's own error. Eigen 3.4's `ptanh_float` coefficients are evaluated
the same way for reference (its own clamp, 7.99881172).

The result (docs/performance.md, "Vector transcendentals"): the fits are
accurate to a fraction of an ulp, but the f32 roundings of Horner's rule
add up near tanh = 1, where each rounding of P or Q can cost an ulp of the
result: every degree measured ends between 4.6 and 6 ulps, above the
4-ulp bound that tenferro's transcendentals keep.

Arithmetic is emulated with NumPy: a product of two f32 is exact in f64,
so fma(a, b, c) is the f64 sum rounded to f32 (a double rounding, wrong
only when the f64 sum rounds onto an f32 midpoint: about one input in
2^29). Usage: rational_tanh.py [--samples N]; takes about a minute.
"""
import argparse

import numpy as np
from numpy.polynomial import chebyshev as C
from numpy.polynomial import polynomial as Pn

F32 = np.float32
LIMIT = 9.1
# Eigen 3.4 (Eigen/src/Core/MathFunctionsImpl.h, generic_fast_tanh_float),
# lowest degree first in s = x^2: the numerator's x^1..x^13 and the
# denominator's x^0..x^6.
EIGEN_P = [4.89352455891786e-03, 6.37261928875436e-04, 1.48572235717979e-05,
           5.12229709037114e-08, -8.60467152213735e-11, 2.00018790482477e-13,
           -2.76076847742355e-16]
EIGEN_Q = [4.89352518554385e-03, 2.26843463243900e-03, 1.18534705686654e-04,
           1.19825839466702e-06]
EIGEN_CLAMP = 7.99881172180175781


def fit(m, k):
    """P of degree m and Q of degree k in s (P(0) = Q(0) = 1) minimizing
    the largest relative error of x P / Q against tanh on (0, LIMIT]:
    Lawson's iteratively reweighted least squares on the linearized error,
    P and Q - 1 in a Chebyshev basis of s. Returns (error, P, Q), the
    polynomials' coefficients in s, lowest degree first."""
    x = np.sort(np.concatenate([np.linspace(1e-4, LIMIT, 20000),
                                np.geomspace(1e-4, 1, 2000)]))
    s = x * x
    f = np.tanh(x) / x
    u = 2 * s / (LIMIT * LIMIT) - 1

    def basis(degree):
        return np.stack([s * C.chebval(u, np.eye(degree)[j])
                         for j in range(degree)], 1)

    bp, bq = basis(m), basis(k)
    q_prev, w = np.ones_like(s), np.ones_like(s)
    best = None
    for _ in range(400):
        a = np.concatenate([bp / (f * q_prev)[:, None], -bq / q_prev[:, None]], 1)
        b = (f - 1) / (f * q_prev)
        c = np.linalg.lstsq(a * np.sqrt(w)[:, None], b * np.sqrt(w),
                            rcond=None)[0]
        p, q = 1 + bp @ c[:m], 1 + bq @ c[m:]
        err = (p / q - f) / f
        e = float(np.max(np.abs(err)))
        if best is None or e < best[0]:
            best = (e, c[:m].copy(), c[m:].copy())
        w = w * np.abs(err)
        w /= w.sum()
        q_prev = 0.5 * q_prev + 0.5 * q

    def monomial(cheb):
        in_u = C.cheb2poly(cheb)
        out = np.zeros(len(in_u))
        for j, a in enumerate(in_u):
            term = Pn.polypow([-1, 2 / (LIMIT * LIMIT)], j)
            out += np.pad(term, (0, len(in_u) - j - 1)) * a
        return np.concatenate([[1.0], out])

    return best[0], monomial(best[1]), monomial(best[2])


def fma(a, b, c):
    return (a.astype(np.float64) * b.astype(np.float64)
            + c.astype(np.float64)).astype(F32)


def horner(coefficients, s):
    p = np.full_like(s, F32(coefficients[-1]))
    for c in reversed(coefficients[:-1]):
        p = fma(p, s, np.full_like(s, F32(c)))
    return p


def evaluate(x, p, q, clamp):
    """x P(s) / Q(s) in f32, as vector code computes it."""
    x = np.minimum(np.maximum(x, F32(-clamp)), F32(clamp))
    s = (x * x).astype(F32)
    numerator = (x * horner(p, s)).astype(F32)
    return (numerator / horner(q, s)).astype(F32)


def ulps(y, x):
    exact = np.tanh(x.astype(np.float64))
    unit = np.spacing(np.abs(exact).astype(F32)).astype(np.float64)
    return np.abs(y.astype(np.float64) - exact) / unit


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=int, default=20_000_000)
    args = ap.parse_args()
    rng = np.random.default_rng(1)
    bits = rng.integers(0x38000000, 0x41200000, args.samples, dtype=np.uint32)
    x = bits.view(F32)
    print("| P, Q degrees in x^2 | vector instructions | fit error (ulps) "
          "| f32 evaluation: max ulps | at x |")
    print("|---|---|---|---|---|")
    for m, k in [(4, 4), (6, 3), (5, 4), (6, 4)]:
        error, p, q = fit(m, k)
        err = ulps(evaluate(x, p, q, LIMIT), x)
        i = int(np.argmax(err))
        # Clamp (2), s, P's Horner steps, x P, Q's, the division.
        print(f"| {m}, {k} | {5 + m + k} | {error / 2**-24:.2f} "
              f"| {err[i]:.2f} | {x[i]:.7g} |")
    err = ulps(evaluate(x, EIGEN_P, EIGEN_Q, EIGEN_CLAMP), x)
    i = int(np.argmax(err))
    print(f"| Eigen 3.4 (6, 3) | 17 | - | {err[i]:.2f} | {x[i]:.7g} |")


if __name__ == "__main__":
    main()
