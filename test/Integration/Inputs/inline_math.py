#!/usr/bin/env python3
"""Checks tenferro's inline functions (tenferro-expand-tanh with the
pipeline option inline-tanh=true, tenferro-expand-exp with inline-exp=true,
where vector math calls libmvec): the error against long double references
is within the bound of docs/semantics.md, and every way of compiling the
function computes the same bits (vector widths, scalar loops, unfused,
parallel loops, x86-64 levels), since the expansions use only IEEE-rounded
operations.

Usage: inline_math.py {tanh,tanh-expm1,tanh-expm1-fma,exp,exp-fma,exp-f64,
                       exp-f64-fma} RUNNER WORKDIR

tanh-expm1 is the tanh expansion's one-expression form
(inline-tanh-expm1=true), tanh-expm1-fma the same with fused multiply-adds
(inline-tanh-fma=true, compiled only for targets with FMA as exp-fma).
exp-fma is the exp expansion with fused multiply-adds (inline-exp-fma=true),
compiled only for targets with FMA (this CPU, x86-64-v3, x86-64-v4; it needs
a CPU with FMA, and is not compared with the other expansion's bits).
exp-f64 and exp-f64-fma are the f64 expansion (inline-exp-f64=true), without
and with fused multiply-adds.

tanh inputs: every f32 in [0.5, 1) (the binade of the switch between the
polynomial and the exp form at 0.7, and of both forms' largest errors), the
saturation thresholds around 9.01.
tanh-expm1 inputs: every third f32 in [2^-8, 2^-4) (where its largest
errors are: expm1's sum and the quotient round near zero), every 64th in
[0.5, 1), the saturation thresholds around 9.01 and the clamp 9.25.
exp inputs: every fourth f32 in [1, 2) and (-2, -1] (n from -3 to 3, r
over the whole reduced interval), every fourth f32 in [-104, -87] (results
subnormal), every 401st f32 of magnitude in [1e-8, 88.8), the overflow threshold 88.72284 and the
underflow thresholds -87.34 and -103.97.
exp-f64 inputs (too many f64 to sweep): 2^20 uniform in [-0.35, 0.35] (the
reduced interval with n = 0), 2^20 uniform in [1, 2) and 2^20 in (-2, -1],
2^20 log-uniform magnitudes in [1e-300, 709.8) of either sign, 2^19 uniform
in [-746, -708] (results subnormal), and the 64 f64 around each threshold:
overflow 709.782712893384, the smallest normal result -708.396418532264,
the smallest subnormal -744.44007192138, zero -745.133219101941, and the
clamps.
All: 2^18 random bit patterns (every binade, subnormals, infinities, NaN)
and signed zeros, infinities and NaN.
"""
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ulps import ulp_errors  # noqa: E402

np.seterr(all="ignore")
LD = np.longdouble


def f32_range(lo, hi, step=1):
    """Every `step`-th f32 of [lo, hi) for 0 <= lo < hi (bit patterns)."""
    a = np.float32(lo).view(np.uint32)
    b = np.float32(hi).view(np.uint32)
    return np.arange(a, b, step, dtype=np.uint32).view(np.float32)


def around(values, count=8, dt=np.float32):
    out = []
    for c in values:
        v = dt(c)
        for _ in range(count):
            out.append(v)
            v = np.nextafter(v, dt(np.inf))
        v = dt(c)
        for _ in range(count):
            v = np.nextafter(v, dt(-np.inf))
            out.append(v)
    return out


SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1.1754942e-38,
           -1.1754942e-38, 3.4028235e38, -3.4028235e38, 1.0, -1.0]


def tanh_inputs(rng):
    binade = f32_range(0.5, 1.0)
    near = around([9.01, -9.01, 0.7, -0.7, 18.5 / 2, -18.5 / 2])
    return np.concatenate([binade, -binade[::4096],
                           np.array(SPECIAL + near, dtype=np.float32)])


def tanh_expm1_inputs(rng):
    small = f32_range(2.0**-8, 2.0**-4, 3)
    near = around([9.01, -9.01, 18.5 / 2, -18.5 / 2, 18.0 / 2, 0.1733])
    return np.concatenate([small, -small[::4096], f32_range(0.5, 1.0, 64),
                           np.array(SPECIAL + near, dtype=np.float32)])


def exp_inputs(rng):
    normal = f32_range(1e-8, 88.8, 401)
    subnormal_results = -f32_range(87.0, 104.0, 4)
    near = around([88.72283935546875, 88.72284, 88.8, -87.33654, -103.97208,
                   -103.27893, -104.0, 0.34657359, -0.34657359], 16)
    return np.concatenate([f32_range(1.0, 2.0, 4), -f32_range(1.0, 2.0, 4),
                           normal, -normal, subnormal_results,
                           np.array(SPECIAL + near, dtype=np.float32)])


def exp_f64_inputs(rng):
    m = 1 << 20
    magnitudes = np.exp(rng.uniform(np.log(1e-300), np.log(709.8), size=m))
    signs = rng.choice([-1.0, 1.0], size=m)
    near = around([709.782712893384, -708.396418532264, -744.44007192138,
                   -745.133219101941, 709.8, -746.0, 0.34657359027997264,
                   -0.34657359027997264], 32, np.float64)
    return np.concatenate([
        rng.uniform(-0.35, 0.35, size=m), rng.uniform(1, 2, size=m),
        -rng.uniform(1, 2, size=m), signs * magnitudes,
        rng.uniform(-746, -708, size=m // 2),
        np.array(SPECIAL + [5e-324, -5e-324, 2.2250738585072014e-308,
                            1.7976931348623157e308, -1.7976931348623157e308]
                 + near, dtype=np.float64)])


TANH_EXPM1_BOUND = 2.6

FUNCTIONS = {
    # name: (inputs, dtype, bound in ulps, reference, option)
    "tanh": (tanh_inputs, np.float32, 1.07, np.tanh,
             "inline-tanh=true inline-tanh-expm1=false inline-tanh-fma=false"),
    # Bounds: the largest error over every f32
    # (bench/vector-math/inline_exhaustive.py tanh-expm1, tanh-expm1-fma).
    "tanh-expm1": (tanh_expm1_inputs, np.float32, TANH_EXPM1_BOUND, np.tanh,
                   "inline-tanh=true inline-tanh-expm1=true "
                   "inline-tanh-fma=false"),
    "tanh-expm1-fma": (tanh_expm1_inputs, np.float32, TANH_EXPM1_BOUND,
                       np.tanh, "inline-tanh=true inline-tanh-expm1=true "
                       "inline-tanh-fma=true"),
    "exp": (exp_inputs, np.float32, 1.0, np.exp,
            "inline-exp=true inline-exp-fma=false"),
    # 1.0095 ulps over every finite f32 (bench/vector-math/inline_exhaustive.py
    # exp-fma).
    "exp-fma": (exp_inputs, np.float32, 1.01, np.exp,
                "inline-exp=true inline-exp-fma=true"),
    "exp-f64": (exp_f64_inputs, np.float64, 1.0, np.exp,
                "inline-exp=true inline-exp-f64=true inline-exp-fma=false"),
    "exp-f64-fma": (exp_f64_inputs, np.float64, 1.0, np.exp,
                    "inline-exp=true inline-exp-f64=true "
                    "inline-exp-fma=true"),
}


def main():
    name, runner, work = sys.argv[1], sys.argv[2], sys.argv[3]
    make_inputs, dt, bound, reference, option = FUNCTIONS[name]
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(20261204)
    if dt == np.float32:
        raw = rng.integers(0, 2**32, size=1 << 18, dtype=np.uint64).astype(
            np.uint32).view(np.float32)
    else:
        raw = rng.integers(0, 2**64, size=1 << 18, dtype=np.uint64).view(
            np.float64)
    x = np.concatenate([make_inputs(rng).astype(dt), raw])
    n = len(x)
    op = name.split("-")[0]
    ty = f"tensor<{n}x{'f32' if dt == np.float32 else 'f64'}>"
    program = os.path.join(work, f"{op}.mlir")
    with open(program, "w") as f:
        f.write(f"func.func @{op}(%x: {ty}) -> {ty} {{\n"
                f"  %t = tenferro.{op} %x : {ty}\n"
                f"  return %t : {ty}\n}}\n")
    np.save(os.path.join(work, "x.npy"), x)
    with open("/proc/cpuinfo") as f:
        flags = next((set(l.split(":", 1)[1].split()) for l in f
                      if l.startswith("flags")), set())
    fma = name.endswith("-fma")
    if fma and "fma" not in flags:
        print(f"{name}: this CPU has no FMA")
        sys.exit(0)
    # The first mode scales exp's result by two products, whatever the
    # runner would choose for this CPU; inline-exp-avx512 (vscalef) is a
    # mode of its own.
    modes = [["--vector-width=16", "inline-exp-avx512=false"],
             ["--vector-width=0"], ["--no-fusion"], ["--parallel-loops"]]
    if not fma:
        modes.append(["--vector-width=4", "--target-cpu=x86-64"])
    if "avx2" in flags and "fma" in flags:
        modes.append(["--vector-width=8", "--target-cpu=x86-64-v3"])
    if "avx512f" in flags:
        modes.append(["--vector-width=16", "--target-cpu=x86-64-v4"])
        if op == "exp":
            modes.append(["--vector-width=16", "inline-exp-avx512=true"])
    results = []
    for i, mode in enumerate(modes):
        prefix = os.path.join(work, f"out{i}-")
        flags_ = [m for m in mode if m.startswith("--")]
        extra = " ".join(m for m in mode if not m.startswith("--"))
        subprocess.run([runner, program, "--vector-math=libmvec-sse",
                        f"--pipeline-options={option} {extra}".strip(),
                        f"--input={os.path.join(work, 'x.npy')}",
                        f"--output={prefix}", "--print-elements=0"] + flags_,
                       check=True, stdout=subprocess.DEVNULL)
        results.append(np.load(f"{prefix}0.npy"))
    err = ulp_errors(results[0], reference(x.astype(LD)), dt,
                     signed_zeros=True)
    worst = float(err.max())
    k = int(np.argmax(err))
    dtname = "f32" if dt == np.float32 else "f64"
    print(f"{name} {dtname} inline: {n} inputs, max {worst:.3f} ulps at "
          f"x={x[k]!r} (bound {bound})")
    failed = worst > bound
    uint = np.uint32 if dt == np.float32 else np.uint64
    for mode, r in zip(modes[1:], results[1:]):
        same = np.array_equal(r.view(uint), results[0].view(uint))
        differ = int(np.count_nonzero(r.view(uint) != results[0].view(uint)))
        print(f"{' '.join(mode)}: {'same bits' if same else f'{differ} differ'}")
        failed |= not same
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
