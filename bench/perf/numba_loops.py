"""The Numba peer: the hand-written loops of bench/perf/native.cpp, written
again as @njit Python loops (imported by python_peers.py only when Numba
imports).

Each loop is a line-by-line transcription of its C++ version: the same loop
order over the same column-major memory (2-D inputs and the output are
passed as flat views, element (i, j) at i + j*m, i fastest), outputs
preallocated by the caller, the same scalar operations in the element type
T (constants and accumulators are T, so f32 loops compute in f32), and
maximum/minimum that propagate NaN like tenferro's (the C++ loop's maxNaN /
minNaN). With threads > 1 the outer loop is a `prange` (the C++ loop's
`omp parallel for`), compiled with parallel=True; with one thread the same
source is compiled with parallel=False, where `prange` is a plain `range`
(the C++ pragma's `if (threads > 1)`).

Compile options, for every loop: fastmath=False (tenferro rounds every
operation, docs/semantics.md 3.4: no contraction, no reassociation; the
C++ peers are built with -ffp-contract=off), error_model="numpy" (a
division is the IEEE division, as in C++, with no zero-divisor check and
no exception path in the loop).
"""
import math

import numpy as np
from numba import njit, prange

import workloads as W

OPTIONS = dict(fastmath=False, error_model="numpy")


# tenferro's maximum and minimum propagate NaN (docs/semantics.md 7.10),
# as native.cpp's maxNaN / minNaN: a NaN in y fails the comparison and is
# selected.
@njit(**OPTIONS)
def maxnan(x, y):
    return x if (x > y or x != x) else y


@njit(**OPTIONS)
def minnan(x, y):
    return x if (x < y or x != x) else y


_CHAIN_EXPR = {"multiply": "t * {r}", "add": "t + {r}",
               "maximum": "maxnan(t, {r})", "minimum": "minnan(t, {r})"}


def chain_source(length):
    """The chain loop with its L steps written out (the C++ loop unrolls
    them: L is a template constant), step k as in workloads.CHAIN_OPS."""
    lines = ["def chain(a, b, o):",
             "    for i in prange(o.shape[0]):",
             "        x = a[i]",
             "        y = b[i]",
             "        t = x"]
    for k in range(length):
        op, rhs = W.CHAIN_OPS[k % len(W.CHAIN_OPS)]
        lines.append("        t = " + _CHAIN_EXPR[op].format(
            r="x" if rhs == "a" else "y"))
    lines.append("        o[i] = t")
    return "\n".join(lines) + "\n"


def loops(T):
    """The loops for element type T (np.float32 or np.float64) as plain
    Python functions, by workload name. Arguments: the inputs in
    workloads.py's order (2-D ones flat, column-major; a scalar input as a
    T scalar), then the flat output; 2-D loops take the side m first."""
    zero, one, half = T(0), T(1), T(0.5)
    k, c = T(0.7978845608028654), T(0.044715)
    eps = T(1e-5)

    def chain(length):
        namespace = {"prange": prange, "maxnan": maxnan, "minnan": minnan}
        exec(chain_source(length), namespace)  # noqa: S102 (generated above)
        return namespace["chain"]

    def tchain4(a, b, o):
        for i in prange(o.shape[0]):
            o[i] = math.tanh(math.exp(a[i] * b[i]) + a[i])

    def gelu(x, o):
        for i in prange(o.shape[0]):
            o[i] = half * x[i] * (one + math.tanh(
                k * (x[i] + c * x[i] * x[i] * x[i])))

    def triad(a, b, s, o):
        for i in prange(o.shape[0]):
            o[i] = a[i] + s * b[i]

    def copy(a, o):
        for i in prange(o.shape[0]):
            o[i] = a[i]

    def axpb(m, a, b, c, o):
        for j in prange(m):
            for i in range(m):
                o[i + j * m] = a[i + j * m] * b[j] + c[i + j * m]

    def rowscale(m, a, s, o):
        for j in prange(m):
            for i in range(m):
                o[i + j * m] = a[i + j * m] * s[i]

    def outer(m, x, y, o):
        for j in prange(m):
            for i in range(m):
                o[i + j * m] = x[i] * y[j]

    def xbxb(m, x, o):
        for j in prange(m):
            for i in range(m):
                o[i + j * m] = x[i] * x[i]

    def softmax(m, x, o):
        for j in prange(m):
            s = zero
            for i in range(m):
                e = math.exp(x[i + j * m])
                o[i + j * m] = e
                s += e
            for i in range(m):
                o[i + j * m] /= s

    # One column at a time, in cache, three passes (as the C++ loop).
    def layernorm(m, x, o):
        for j in prange(m):
            s = zero
            for i in range(m):
                s += x[i + j * m]
            mean = s / T(m)
            ss = zero
            for i in range(m):
                ss += (x[i + j * m] - mean) * (x[i + j * m] - mean)
            scale = one / math.sqrt(ss / T(m) + eps)
            for i in range(m):
                o[i + j * m] = (x[i + j * m] - mean) * scale

    # One column at a time, one pass: sum of exp(x) * y.
    def sumexp(m, x, y, o):
        for j in prange(m):
            s = zero
            for i in range(m):
                s += math.exp(x[i + j * m]) * y[i + j * m]
            o[j] = s

    # Reductions of the matrix, as the C++ loops: a column's sum in one
    # accumulator; row sums accumulate whole columns into the output
    # (blocks of rows per thread); the whole matrix in one accumulator
    # (prange makes it a parallel reduction).
    def colsum(m, x, o):
        for j in prange(m):
            s = zero
            for i in range(m):
                s += x[i + j * m]
            o[j] = s

    def rowsum(m, x, o):
        nb = (m + 255) // 256
        for b in prange(nb):
            lo, hi = b * 256, min(m, b * 256 + 256)
            for i in range(lo, hi):
                o[i] = zero
            for j in range(m):
                for i in range(lo, hi):
                    o[i] += x[i + j * m]

    def sumall(m, x, o):
        s = zero
        for k in prange(m * m):
            s += x[k]
        o[0] = s

    def sumsq(m, x, o):
        s = zero
        for k in prange(m * m):
            s += x[k] * x[k]
        o[0] = s

    return {"chain2": chain(2), "chain4": chain(4), "chain8": chain(8),
            "chain16": chain(16), "tchain4": tchain4, "gelu": gelu,
            "triad": triad, "copy": copy, "axpb": axpb,
            "rowscale": rowscale, "outer": outer, "xbxb": xbxb,
            "softmax": softmax, "layernorm": layernorm, "sumexp": sumexp,
            "colsum": colsum, "rowsum": rowsum, "sumall": sumall,
            "sumsq": sumsq}


_COMPILED = {}


def loop(name, T, parallel):
    """The dispatcher of one loop (compiled on its first call)."""
    key = (name, T, parallel)
    if key not in _COMPILED:
        fn = loops(T)[name]
        _COMPILED[key] = njit(parallel=parallel, **OPTIONS)(fn)
    return _COMPILED[key]


def names():
    return set(loops(np.float64))
