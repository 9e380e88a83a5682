#!/usr/bin/env python3
"""Accuracy of tenferro's complex functions against correctly rounded values.

  complex_accuracy.py gen DIR     inputs and reference values (needs mpmath)
  complex_accuracy.py check DIR DTYPE PREFIX [--verbose]
                                  compares the outputs PREFIX<i>.npy of
                                  complex-accuracy.mlir with the references
  complex_accuracy.py same PREFIX_A PREFIX_B
                                  whether the outputs PREFIX_A<i>.npy and
                                  PREFIX_B<i>.npy are byte for byte the same

DTYPE is c8 (complex<f32>) or c16 (complex<f64>). `gen` writes, per dtype,
the inputs z-DTYPE.npy (unary functions), a-DTYPE.npy and b-DTYPE.npy (pow
and divide take a, b) and one ref-DTYPE-FN.npy per function: the exact
result rounded to nearest in the dtype (subnormals and overflow included),
computed by mpmath with precision raised until two precisions 64 bits apart
round alike. The inputs cover the regions where naive formulas fail (tiny
imaginary or real parts, |z| near 1, z near 0, |1 + z| near 1, the curve
exp(x) cos(y) = 1 of expm1, large arguments, results that under- or
overflow) plus seeded random points. The checked-in files are the output of
`gen`; `check` needs nothing but Python.

Errors are counted in units in the last place, as the number of
representable values between the result and the correctly rounded one.
Two measures (docs/semantics.md, "Accuracy of complex functions"):

  component: each component in the ulps of its own correctly rounded value
  max:       each component in the ulps of the larger component (|re| or |im|
             of the correctly rounded value), i.e. normwise

Where a correctly rounded component is infinite, zero or NaN, the result's
component must be the same (an infinity of the same sign; a zero of either
sign; a NaN) under both measures.
"""
import argparse
import math
import os
import random
import struct
import sys

FUNCS = ["exp", "log", "sin", "cos", "tanh", "sqrt", "rsqrt", "expm1",
         "log1p", "abs", "pow", "divide"]
# The inputs of each binary function: pow(a, b), divide(c, d).
BINARY = {"pow": ("a", "b"), "divide": ("c", "d")}

# Bounds: function -> dtype -> (measure, ulps) (docs/semantics.md,
# "Accuracy of complex functions", says where each comes from).
BOUNDS = {
    "c8": {f: ("component", 1) for f in FUNCS},
    "c16": {
        "exp": ("component", 2), "log": ("component", 3),
        "sin": ("component", 3), "cos": ("component", 3),
        "tanh": ("component", 7), "sqrt": ("component", 2),
        "rsqrt": ("component", 4), "expm1": ("max", 3),
        "log1p": ("component", 2), "abs": ("component", 1),
        "pow": ("max", None), "divide": ("max", 2),
    },
}
BOUNDS["c8"]["expm1"] = ("max", 1)
BOUNDS["c8"]["pow"] = ("max", None)
# pow's bound grows with |w| = |b log a|, the error of cexp(b clog(a)):
# POW[dtype] = (c0, c1) allows c0 + c1 |w| ulps of the larger part.
POW = {"c8": (1, 2.0 ** -28), "c16": (2, 2)}
# expm1 is also held to a componentwise bound where its real part
# expm1(x) cos(y) - 2 sin(y/2)^2 does not cancel by more than CURVE (the
# terms over the result; near the curve exp(x) cos(y) = 1 it does).
EXPM1_COMPONENT = {"c8": 1, "c16": 3}
CURVE = {"c8": 2.0 ** 20, "c16": 2.0}

FMT = {"c8": ("<c8", "f", "I", 32, 24, -149),
       "c16": ("<c16", "d", "Q", 64, 53, -1074)}


def real_descr(dtype):
    return "<f4" if dtype == "c8" else "<f8"


# --- .npy files (1-D, no NumPy) -------------------------------------------

def write_npy(path, descr, values):
    """values: list of floats (real descr) or (re, im) pairs."""
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (
        descr, len(values))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    code = {"<f4": "f", "<f8": "d", "<c8": "ff", "<c16": "dd"}[descr]
    data = b"".join(struct.pack("<" + code, *(v if isinstance(v, tuple)
                                              else (v,))) for v in values)
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1") + data)


def read_npy(path):
    import ast
    raw = open(path, "rb").read()
    n = struct.unpack("<H", raw[8:10])[0]
    header = ast.literal_eval(raw[10:10 + n].decode("latin1"))
    code = {"<f4": "f", "<f8": "d", "<c8": "ff", "<c16": "dd"}[
        header["descr"]]
    size = struct.calcsize("<" + code)
    data = raw[10 + n:]
    out = []
    for i in range(len(data) // size):
        v = struct.unpack("<" + code, data[i * size:(i + 1) * size])
        out.append(v if len(v) == 2 else v[0])
    return header["descr"], out


# --- ulps ---------------------------------------------------------------------

def ordered(x, dtype):
    """Integer with the order of the floats (both zeros map to one value)."""
    _, f, i, width, _, _ = FMT[dtype]
    bits = struct.unpack("<" + i, struct.pack("<" + f, x))[0]
    sign = 1 << (width - 1)
    return sign - (bits & (sign - 1)) if bits & sign else sign + bits


def ulp(x, dtype):
    """Spacing of the floats at |x| (x finite)."""
    _, _, _, _, prec, qmin = FMT[dtype]
    x = abs(x)
    if x == 0:
        return math.ldexp(1.0, qmin)
    e = math.frexp(x)[1]  # x = m 2^e, 0.5 <= m < 1
    return math.ldexp(1.0, max(e - prec, qmin))


def special(c, r):
    """None where both are ordinary finite non-zero-reference numbers;
    otherwise whether the result component c matches the reference r."""
    if math.isnan(r):
        return math.isnan(c)
    if math.isinf(r):
        return c == r
    if math.isnan(c) or math.isinf(c):
        return False
    if r == 0:
        return c == 0
    return None


def errors(c, r, dtype, measure):
    """Error of result c against reference r (pairs or reals), in ulps, or
    math.inf where a special value does not match."""
    cs = c if isinstance(c, tuple) else (c,)
    rs = r if isinstance(r, tuple) else (r,)
    big = max(abs(x) for x in rs if not math.isnan(x))
    worst = 0.0
    for cc, rr in zip(cs, rs):
        s = special(cc, rr)
        if s is False:
            return math.inf
        if s is True:
            continue
        if measure == "component":
            worst = max(worst, abs(ordered(cc, dtype) - ordered(rr, dtype)))
        else:
            if math.isinf(big):
                # The other component is infinite and matched: any finite
                # value of this one is within the (infinite) norm.
                continue
            worst = max(worst, abs(cc - rr) / ulp(big, dtype))
    return worst


# --- reference values (mpmath) -----------------------------------------------

def round_to(x, dtype):
    """mpmath real -> nearest float of the dtype (ties to even), as a
    Python float."""
    import mpmath
    _, f, _, _, prec, qmin = FMT[dtype]
    if mpmath.isnan(x):
        return math.nan
    if mpmath.isinf(x):
        return math.inf if x > 0 else -math.inf
    if x == 0:
        return 0.0
    m, e = mpmath.frexp(x)  # x = m 2^e, 0.5 <= |m| < 1
    q = max(int(e) - prec, qmin)
    scaled = mpmath.ldexp(x, -q)
    n = mpmath.floor(scaled)
    rest = scaled - n
    n = int(n)
    if rest > 0.5 or (rest == 0.5 and n % 2):
        n += 1
    emax = 128 if dtype == "c8" else 1024
    if abs(n).bit_length() - 1 + q >= emax:  # |n| 2^q >= 2^emax
        return math.inf if n > 0 else -math.inf
    return math.ldexp(float(n), q)  # exact: |n| <= 2^prec


def mp_eval(fn, args):
    import mpmath as mp
    if fn == "exp":
        return mp.exp(args[0])
    if fn == "log":
        return mp.log(args[0])
    if fn == "sin":
        return mp.sin(args[0])
    if fn == "cos":
        return mp.cos(args[0])
    if fn == "tanh":
        return mp.tanh(args[0])
    if fn == "sqrt":
        return mp.sqrt(args[0])
    if fn == "rsqrt":
        return 1 / mp.sqrt(args[0])
    if fn == "expm1":
        return mp.exp(args[0]) - 1
    if fn == "log1p":
        return mp.log(1 + args[0])
    if fn == "abs":
        return mp.mpf(abs(args[0]))
    if fn == "pow":
        return mp.power(args[0], args[1])
    if fn == "divide":
        return args[0] / args[1]
    raise ValueError(fn)


def reference(fn, args, dtype):
    """Correctly rounded fn(args): precision doubled until two evaluations
    64 bits apart round alike (an exact zero component stays zero at every
    precision; noise around an exact zero that never settles is taken as
    zero at 4096 bits)."""
    import mpmath as mp
    # Enough bits that no input is absorbed by another or by 1 (as in
    # exp(z) - 1), and that huge arguments reduce exactly.
    mags = [int(mp.mag(v)) for a in args for v in (a.real, a.imag) if v]
    prec = 128 + max(mags + [0]) - min(mags + [0])

    def at(p):
        with mp.workprec(p):
            z = [mp.mpc(mp.mpf(a.real), mp.mpf(a.imag)) for a in args]
            v = mp_eval(fn, z)
            if fn == "abs":
                return (round_to(v, dtype),), v
            v = mp.mpc(v)
            return (round_to(v.real, dtype), round_to(v.imag, dtype)), v

    while True:
        lo, vlo = at(prec)
        hi, vhi = at(prec + 64)
        if lo == hi:
            return lo if fn != "abs" else lo[0]
        if prec > 4096:
            # Components that keep moving are noise around an exact zero.
            with mp.workprec(prec):
                parts = [vhi] if fn == "abs" else [vhi.real, vhi.imag]
                scale = max(abs(p) for p in parts)
                fixed = tuple(0.0 if abs(p) < scale * mp.mpf(2) ** (-prec // 2)
                              else h for p, h in zip(parts, hi))
            return fixed if fn != "abs" else fixed[0]
        prec *= 2


# --- inputs --------------------------------------------------------------------

def to_dtype(z, dtype):
    if dtype == "c16":
        return complex(z)
    f = lambda v: struct.unpack("<f", struct.pack("<f", v))[0]
    return complex(f(z.real), f(z.imag))


def unary_inputs(dtype, rng, extra):
    f64 = dtype == "c16"
    tinies = [1e-8, 1e-15, 1e-25, 1e-35] + ([1e-100, 1e-250, 4e-320]
                                            if f64 else [1e-40])
    reals = [1e-8, 0.3, 1.0, 2.5, math.pi, 10.0, 40.0]
    zs = [complex(1e-8, 1e-8), complex(1e-8, -1e-8)]
    # Tiny imaginary parts, and tiny real parts.
    for x in reals:
        for y in tinies:
            s1, s2 = rng.choice((1, -1)), rng.choice((1, -1))
            zs.append(complex(s1 * x, s2 * y))
            zs.append(complex(s2 * y, s1 * x))
    lowest = -300 if f64 else -40
    for _ in range(extra):
        x = rng.uniform(-20, 20)
        y = rng.choice((1, -1)) * 10 ** rng.uniform(lowest, -5)
        zs += [complex(x, y), complex(y, x)]
    # |z| near 1 (and on the unit circle as rounded).
    deltas = [0.0, 1e-3, -1e-3, 1e-6, -1e-6, 2.0 ** -20, -(2.0 ** -20)]
    deltas += [1e-12, -1e-12, 2.0 ** -40, -(2.0 ** -40)] if f64 else []
    for _ in range(20 + extra // 10):
        t = rng.uniform(-math.pi, math.pi)
        for d in deltas:
            zs.append(complex((1 + d) * math.cos(t), (1 + d) * math.sin(t)))
    for d in deltas[1:]:
        zs += [complex(1 + d, 1e-8), complex(1 + d, 0.0), complex(-1 - d, 1e-9)]
    zs += [complex(0.6, 0.8), complex(-0.8, 0.6)]
    # z near 0.
    for r in [1e-3, 1e-6, 1e-10, 1e-20, 1e-35] + ([1e-100, 1e-300]
                                                  if f64 else []):
        for _ in range(6 + extra // 10):
            t = rng.uniform(-math.pi, math.pi)
            zs.append(complex(r * math.cos(t), r * math.sin(t)))
    # |1 + z| near 1 (log1p's real part vanishes there).
    for _ in range(30 + extra):
        t = rng.uniform(-math.pi, math.pi)
        d = rng.choice([0.0, 1e-5, -1e-7, 2.0 ** -30])
        zs.append(complex((1 + d) * math.cos(t) - 1, (1 + d) * math.sin(t)))
    # z near -1 (log1p's pole).
    for r in [1e-3, 1e-8, 1e-20]:
        zs += [complex(-1 + r, r), complex(-1 - r, -r), complex(-1.0, r)]
    # The curve exp(x) cos(y) = 1 (expm1's real part vanishes there).
    for _ in range(20 + extra):
        y = math.exp(rng.uniform(math.log(1e-4), math.log(1.4)))
        x = -math.log(math.cos(y)) * (1 + rng.choice([0.0, 1e-9, -1e-6]))
        zs.append(complex(x, rng.choice((1, -1)) * y))
    # Large arguments, including results near and past overflow.
    top = 1e300 if f64 else 1e38
    for r in [1e5, 1e10, 1e20] + ([1e100, 1e300] if f64 else [3e38]):
        for _ in range(6 + extra // 10):
            t = rng.uniform(-math.pi, math.pi)
            zs.append(complex(r * math.cos(t), r * math.sin(t)))
    edge = 709.5 if f64 else 88.5
    zs += [complex(edge, 1.5), complex(edge, 1e-3), complex(edge, -3.0),
           complex(-edge, 0.5), complex(0.5, edge), complex(1.0, -edge - 1),
           complex(edge + 1, 1.5707963), complex(20.0, 1e5),
           complex(-3.0, 1e10), complex(1e-5, top), complex(top, 1e-5)]
    # Random points.
    for _ in range(60 + extra):
        zs.append(complex(rng.uniform(-5, 5), rng.uniform(-5, 5)))
    for _ in range(60 + extra):
        r = math.exp(rng.uniform(math.log(1e-10), math.log(1e10)))
        t = rng.uniform(-math.pi, math.pi)
        zs.append(complex(r * math.cos(t), r * math.sin(t)))
    return [to_dtype(z, dtype) for z in zs]


def pow_inputs(dtype, rng, extra):
    f64 = dtype == "c16"
    # Results that under- or overflow (0, inf + 0i, and both components
    # infinite), and that come close.
    if f64:
        pairs = [(1e-200, 2), (1e200, 2), (2, 2000), (2, -2000), (0.5, 1070),
                 (0.5, 1100), (10, 400), (0.1, 400), (1e-200 + 1e-200j, 3),
                 (1e200 + 1e200j, 3), (1e-300, 1.5), (1e300, 1.5 + 1e-3j),
                 (3, 640 + 0.5j), (3, -640 + 0.5j), (1e-200j, 2.5)]
    else:
        pairs = [(1e-30, 2), (1e30, 2), (2, 200), (2, -200), (0.5, 140),
                 (0.5, 160), (10, 50), (0.1, 50), (1e-20 + 1e-20j, 3),
                 (1e20 + 1e20j, 3), (1e-30, 1.5), (1e30, 1.5 + 1e-3j),
                 (3, 80 + 0.5j), (3, -80 + 0.5j), (1e-20j, 2.5)]
    # Moderate bases and exponents.
    for _ in range(80 + extra):
        r = math.exp(rng.uniform(math.log(1e-3), math.log(1e3)))
        t = rng.uniform(-math.pi, math.pi)
        pairs.append((complex(r * math.cos(t), r * math.sin(t)),
                      complex(rng.uniform(-5, 5), rng.uniform(-5, 5))))
    # Real bases and exponents; bases near 1 with large exponents.
    for _ in range(20 + extra // 4):
        pairs.append((rng.uniform(0.1, 10), rng.uniform(-20, 20)))
    for e in [1e3, 1e5, 1e7]:
        pairs.append((complex(1 + 1 / e, 1 / e), complex(e, 0)))
    return ([to_dtype(complex(a), dtype) for a, _ in pairs],
            [to_dtype(complex(b), dtype) for _, b in pairs])


def divide_inputs(dtype, rng, extra):
    f64 = dtype == "c16"
    pairs = []
    # b c - a d nearly cancels: the divisor close to a real multiple of the
    # dividend.
    for _ in range(40 + extra // 2):
        a = complex(rng.uniform(-5, 5), rng.uniform(-5, 5))
        k = rng.uniform(-5, 5)
        pairs.append((a, a * k * (1 + rng.choice([1e-3, 1e-7, 1e-12]) * 1j)))
    # Wide ranges, huge and tiny divisors.
    big = 1e300 if f64 else 1e37
    tiny = 1e-300 if f64 else 1e-37
    pairs += [(complex(1, 1), complex(big, big)),
              (complex(big, 1), complex(tiny, tiny)),
              (complex(tiny, tiny), complex(big, tiny)),
              (complex(1, 2), complex(3e-5, big)),
              (complex(big, big), complex(big, -big / 2)),
              (complex(1, 0), complex(3, 0)), (complex(0, 1), complex(0, 7))]
    lo, hi = (1e-150, 1e150) if f64 else (1e-18, 1e18)
    for _ in range(60 + extra):
        ra = math.exp(rng.uniform(math.log(lo), math.log(hi)))
        rb = math.exp(rng.uniform(math.log(lo), math.log(hi)))
        ta, tb = rng.uniform(-math.pi, math.pi), rng.uniform(-math.pi, math.pi)
        pairs.append((complex(ra * math.cos(ta), ra * math.sin(ta)),
                      complex(rb * math.cos(tb), rb * math.sin(tb))))
    return ([to_dtype(complex(a), dtype) for a, _ in pairs],
            [to_dtype(complex(b), dtype) for _, b in pairs])


def gen(out, extra, seed):
    for dtype in ("c8", "c16"):
        rng = random.Random(seed + len(dtype))
        inputs = {"z": unary_inputs(dtype, rng, extra)}
        inputs["a"], inputs["b"] = pow_inputs(dtype, rng, extra)
        inputs["c"], inputs["d"] = divide_inputs(dtype, rng, extra)
        descr = FMT[dtype][0]
        for name, zs in inputs.items():
            write_npy(os.path.join(out, f"{name}-{dtype}.npy"), descr,
                      [(z.real, z.imag) for z in zs])
        for fn in FUNCS:
            args = (list(zip(*(inputs[n] for n in BINARY[fn])))
                    if fn in BINARY else [(z,) for z in inputs["z"]])
            refs = [reference(fn, x, dtype) for x in args]
            write_npy(os.path.join(out, f"ref-{dtype}-{fn}.npy"),
                      real_descr(dtype) if fn == "abs" else descr, refs)
        print(f"{dtype}: {len(inputs['z'])} unary inputs, "
              f"{len(inputs['a'])} pow and {len(inputs['c'])} divide pairs")


# --- checking ----------------------------------------------------------------

def on_expm1_curve(z, dtype):
    """Whether expm1's real part expm1(x) cos(y) - 2 sin^2(y/2) cancels at
    z by more than CURVE[dtype] (near the curve exp(x) cos(y) = 1)."""
    x, y = z.real, z.imag
    if x > 709 or x < -1:  # computed as cexp(z) - 1, exp(x) cos(y) - 1
        return False
    a = math.expm1(x) * math.cos(y)
    b = 2 * math.sin(y / 2) ** 2
    return CURVE[dtype] * abs(a - b) < abs(a) + abs(b)


def check(directory, dtype, prefix, verbose):
    _, zs = read_npy(os.path.join(directory, f"z-{dtype}.npy"))
    zs = [complex(*z) for z in zs]
    pairs = {}
    for fn, names in BINARY.items():
        ins = [[complex(*v) for v in read_npy(
            os.path.join(directory, f"{n}-{dtype}.npy"))[1]] for n in names]
        pairs[fn] = list(zip(*ins))
    failed = False
    for i, fn in enumerate(FUNCS):
        _, refs = read_npy(os.path.join(directory, f"ref-{dtype}-{fn}.npy"))
        _, outs = read_npy(f"{prefix}{i}.npy")
        if len(outs) != len(refs):
            print(f"{fn}: {len(outs)} results, {len(refs)} references")
            failed = True
            continue
        measure, bound = BOUNDS[dtype][fn]
        args = pairs[fn] if fn in BINARY else [(z,) for z in zs]
        worst, worst_at, worst_comp, worst_pow = -1.0, None, 0.0, 0.0
        bad = []
        for x, c, r in zip(args, outs, refs):
            e = errors(c, r, dtype, measure)
            allowed = bound
            if fn == "pow":
                w = abs(x[1] * (math.log(abs(x[0])) + 1j * math.atan2(
                    x[0].imag, x[0].real))) if x[0] != 0 else 0.0
                allowed = POW[dtype][0] + POW[dtype][1] * w
                if w > 0 and math.isfinite(e):
                    worst_pow = max(worst_pow, (e - POW[dtype][0]) / w)
            if fn == "expm1" and not on_expm1_curve(x[0], dtype):
                ec = errors(c, r, dtype, "component")
                worst_comp = max(worst_comp, ec)
                if ec > EXPM1_COMPONENT[dtype]:
                    bad.append((x, c, r, ec, "componentwise"))
            if e > worst:
                worst, worst_at = e, (x, c, r)
            if e > allowed:
                bad.append((x, c, r, e, measure))
        note = ""
        if fn == "pow":
            note = f", {worst_pow:g} ulps per unit of |w| beyond {POW[dtype][0]}"
        if fn == "expm1":
            note = f", {worst_comp:g} componentwise off the curve"
        print(f"{dtype} {fn}: {len(refs)} values, at most {worst:g} ulps "
              f"({measure}){note}"
              + (f" at {worst_at[0]}: {worst_at[1]} vs {worst_at[2]}"
                 if verbose and worst_at else ""))
        for x, c, r, e, m in bad[:5]:
            print(f"  FAIL {fn}{x}: got {c}, expected {r} ({e:g} ulps, {m})")
        failed |= bool(bad)
    return failed


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("dir")
    g.add_argument("--extra", type=int, default=0,
                   help="more random points per class (for measuring)")
    g.add_argument("--seed", type=int, default=20240)
    c = sub.add_parser("check")
    c.add_argument("dir")
    c.add_argument("dtype", choices=("c8", "c16"))
    c.add_argument("prefix")
    c.add_argument("--verbose", action="store_true")
    m = sub.add_parser("same")
    m.add_argument("a")
    m.add_argument("b")
    args = ap.parse_args()
    if args.cmd == "same":
        differ = [i for i in range(len(FUNCS))
                  if open(f"{args.a}{i}.npy", "rb").read()
                  != open(f"{args.b}{i}.npy", "rb").read()]
        for i in differ:
            print(f"{FUNCS[i]}: {args.a}{i}.npy and {args.b}{i}.npy differ")
        print(f"{len(FUNCS) - len(differ)} of {len(FUNCS)} outputs identical")
        return 1 if differ else 0
    if args.cmd == "gen":
        gen(args.dir, args.extra, args.seed)
        return 0
    return 1 if check(args.dir, args.dtype, args.prefix, args.verbose) else 0


if __name__ == "__main__":
    sys.exit(main())
