#!/usr/bin/env python3
"""Checks tenferro's inline f32 functions (tenferro-expand-tanh with the
pipeline option inline-tanh=true, tenferro-expand-exp with inline-exp=true,
where vector math calls libmvec): the error against long double references
is within the bound of docs/semantics.md, and every way of compiling the
function computes the same bits (vector widths, scalar loops, unfused,
x86-64 levels), since the expansions use only IEEE-rounded operations.

Usage: inline_math.py {tanh,exp,exp-fma} RUNNER WORKDIR

exp-fma is the exp expansion with fused multiply-adds (inline-exp-fma=true),
compiled only for targets with FMA (this CPU, x86-64-v3, x86-64-v4; it needs
a CPU with FMA, and is not compared with the other expansion's bits).

tanh inputs: every f32 in [0.5, 1) (the binade of the switch between the
polynomial and the exp form at 0.7, and of both forms' largest errors), the
saturation thresholds around 9.01.
exp inputs: every fourth f32 in [1, 2) and (-2, -1] (n from -3 to 3, r
over the whole reduced interval), every fourth f32 in [-104, -87] (results
subnormal), every 401st f32 of magnitude in [1e-8, 88.8), the overflow threshold 88.72284 and the
underflow thresholds -87.34 and -103.97.
Both: 2^18 random bit patterns (every binade, subnormals, infinities, NaN)
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


def around(values, count=8):
    out = []
    for c in values:
        v = np.float32(c)
        for _ in range(count):
            out.append(v)
            v = np.nextafter(v, np.float32(np.inf))
        v = np.float32(c)
        for _ in range(count):
            v = np.nextafter(v, np.float32(-np.inf))
            out.append(v)
    return out


SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1.1754942e-38,
           -1.1754942e-38, 3.4028235e38, -3.4028235e38, 1.0, -1.0]


def tanh_inputs():
    binade = f32_range(0.5, 1.0)
    near = around([9.01, -9.01, 0.7, -0.7, 18.5 / 2, -18.5 / 2])
    return np.concatenate([binade, -binade[::4096],
                           np.array(SPECIAL + near, dtype=np.float32)])


def exp_inputs():
    normal = f32_range(1e-8, 88.8, 401)
    subnormal_results = -f32_range(87.0, 104.0, 4)
    near = around([88.72283935546875, 88.72284, 88.8, -87.33654, -103.97208,
                   -103.27893, -104.0, 0.34657359, -0.34657359], 16)
    return np.concatenate([f32_range(1.0, 2.0, 4), -f32_range(1.0, 2.0, 4),
                           normal, -normal, subnormal_results,
                           np.array(SPECIAL + near, dtype=np.float32)])


FUNCTIONS = {
    # name: (inputs, bound in ulps, reference, option)
    "tanh": (tanh_inputs, 1.07, np.tanh, "inline-tanh=true"),
    "exp": (exp_inputs, 1.0, np.exp, "inline-exp=true inline-exp-fma=false"),
    # 1.0095 ulps over every finite f32 (bench/vector-math/inline_exhaustive.py
    # exp-fma).
    "exp-fma": (exp_inputs, 1.01, np.exp,
                "inline-exp=true inline-exp-fma=true"),
}


def main():
    name, runner, work = sys.argv[1], sys.argv[2], sys.argv[3]
    make_inputs, bound, reference, option = FUNCTIONS[name]
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(20261204)
    raw = rng.integers(0, 2**32, size=1 << 18, dtype=np.uint64).astype(
        np.uint32).view(np.float32)
    x = np.concatenate([make_inputs(), raw])
    n = len(x)
    op = name.split("-")[0]
    program = os.path.join(work, f"{op}.mlir")
    with open(program, "w") as f:
        f.write(f"func.func @{op}(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n"
                f"  %t = tenferro.{op} %x : tensor<{n}xf32>\n"
                f"  return %t : tensor<{n}xf32>\n}}\n")
    np.save(os.path.join(work, "x.npy"), x)
    with open("/proc/cpuinfo") as f:
        flags = next((set(l.split(":", 1)[1].split()) for l in f
                      if l.startswith("flags")), set())
    fma = name.endswith("-fma")
    if fma and "fma" not in flags:
        print(f"{name}: this CPU has no FMA")
        sys.exit(0)
    modes = [["--vector-width=16"], ["--vector-width=0"], ["--no-fusion"]]
    if not fma:
        modes.append(["--vector-width=4", "--target-cpu=x86-64"])
    if "avx2" in flags and "fma" in flags:
        modes.append(["--vector-width=8", "--target-cpu=x86-64-v3"])
    if "avx512f" in flags:
        modes.append(["--vector-width=16", "--target-cpu=x86-64-v4"])
    results = []
    for i, mode in enumerate(modes):
        prefix = os.path.join(work, f"out{i}-")
        subprocess.run([runner, program, "--vector-math=libmvec-sse",
                        f"--pipeline-options={option}",
                        f"--input={os.path.join(work, 'x.npy')}",
                        f"--output={prefix}", "--print-elements=0"] + mode,
                       check=True, stdout=subprocess.DEVNULL)
        results.append(np.load(f"{prefix}0.npy"))
    err = ulp_errors(results[0], reference(x.astype(LD)), np.float32,
                     signed_zeros=True)
    worst = float(err.max())
    k = int(np.argmax(err))
    print(f"{name} f32 inline: {n} inputs, max {worst:.3f} ulps at "
          f"x={x[k]!r} (bound {bound})")
    failed = worst > bound
    for mode, r in zip(modes[1:], results[1:]):
        same = np.array_equal(r.view(np.uint32), results[0].view(np.uint32))
        differ = int(np.count_nonzero(r.view(np.uint32)
                                      != results[0].view(np.uint32)))
        print(f"{' '.join(mode)}: {'same bits' if same else f'{differ} differ'}")
        failed |= not same
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
