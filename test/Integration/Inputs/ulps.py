"""Errors in ulps of real results against long double references, shared
by the accuracy checks of compiled transcendentals (vector_math_accuracy.py,
inline_math.py)."""
import numpy as np

LD = np.longdouble


def ulp_errors(result, ref, dt, signed_zeros=False):
    """Error of each element of `result` (dtype `dt`) against `ref` (long
    double), in ulps of the exact value (below the normal range, ulps of
    the smallest normal binade). A NaN where the other has none, an
    infinity where the rounded reference is not that infinity, and, with
    `signed_zeros`, a zero of the wrong sign where the rounded reference is
    zero are infinitely wrong."""
    fi = np.finfo(dt)
    p = fi.nmant + 1
    emin = int(np.log2(float(fi.tiny)))
    err = np.zeros(result.shape, dtype=LD)
    rounded = ref.astype(dt)
    nan_r, nan_c = np.isnan(ref), np.isnan(result)
    bad = nan_r != nan_c
    inf = ~nan_r & ~nan_c & (np.isinf(rounded) | np.isinf(result))
    bad |= inf & (rounded != result)
    if signed_zeros:
        bad |= (~nan_r & ~nan_c & (rounded == 0) & (result == 0)
                & (np.signbit(rounded) != np.signbit(result)))
    finite = ~nan_r & ~nan_c & ~inf
    r = ref[finite]
    _, e = np.frexp(np.abs(r))
    e = np.maximum(e.astype(np.int64) - 1, emin)
    ulp = np.ldexp(LD(1), e - (p - 1))
    err[finite] = np.abs(result[finite].astype(LD) - r) / ulp
    err[bad] = np.inf
    return err
