#!/usr/bin/env python3
"""Checks the inline f32 tanh (tenferro-expand-tanh, pipeline option
inline-tanh=true where vector math calls libmvec): its error against long double references is
within the bound of docs/semantics.md, and every way of compiling it
computes the same bits (vector widths, scalar loops, unfused, x86-64
levels), since the expansion uses only IEEE-rounded operations.

Usage: tanh_inline.py RUNNER WORKDIR

Inputs: every f32 in [0.5, 1) (the binade of the switch between the
polynomial and the exp form at 0.7, and of both forms' largest errors),
2^18 random bit patterns (every binade, subnormals, infinities, NaN), the
saturation thresholds around 9.01, and signed zeros, infinities and NaN.
"""
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ulps import ulp_errors  # noqa: E402

np.seterr(all="ignore")
BOUND = 1.07
LD = np.longdouble


def inputs():
    binade = np.arange(0x3F000000, 0x3F800000, dtype=np.uint32).view(np.float32)
    rng = np.random.default_rng(20261204)
    raw = rng.integers(0, 2**32, size=1 << 18, dtype=np.uint64).astype(
        np.uint32).view(np.float32)
    special = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1.1754942e-38,
               3.4028235e38, -3.4028235e38, 0.7, -0.7, 1.0, -1.0]
    near = []
    for c in (9.01, 0.7, 18.5 / 2):
        v = np.float32(c)
        for _ in range(8):
            near += [v, -v]
            v = np.nextafter(v, np.float32(np.inf))
    return np.concatenate([binade, -binade[::4096], raw,
                           np.array(special + near, dtype=np.float32)])


def main():
    runner, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    x = inputs()
    n = len(x)
    program = os.path.join(work, "tanh.mlir")
    with open(program, "w") as f:
        f.write(f"func.func @tanh(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n"
                f"  %t = tenferro.tanh %x : tensor<{n}xf32>\n"
                f"  return %t : tensor<{n}xf32>\n}}\n")
    np.save(os.path.join(work, "x.npy"), x)
    with open("/proc/cpuinfo") as f:
        flags = next((set(l.split(":", 1)[1].split()) for l in f
                      if l.startswith("flags")), set())
    modes = [["--vector-width=16"], ["--vector-width=0"], ["--no-fusion"],
             ["--vector-width=4", "--target-cpu=x86-64"]]
    if "avx2" in flags and "fma" in flags:
        modes.append(["--vector-width=8", "--target-cpu=x86-64-v3"])
    if "avx512f" in flags:
        modes.append(["--vector-width=16", "--target-cpu=x86-64-v4"])
    results = []
    for i, mode in enumerate(modes):
        prefix = os.path.join(work, f"out{i}-")
        subprocess.run([runner, program, "--vector-math=libmvec-sse",
                        "--pipeline-options=inline-tanh=true",
                        f"--input={os.path.join(work, 'x.npy')}",
                        f"--output={prefix}", "--print-elements=0"] + mode,
                       check=True, stdout=subprocess.DEVNULL)
        results.append(np.load(f"{prefix}0.npy"))
    err = ulp_errors(results[0], np.tanh(x.astype(LD)), np.float32,
                     signed_zeros=True)
    worst = float(err.max())
    k = int(np.argmax(err))
    print(f"tanh f32 inline: {n} inputs, max {worst:.3f} ulps at "
          f"x={x[k]!r} (bound {BOUND})")
    failed = worst > BOUND
    for mode, r in zip(modes[1:], results[1:]):
        same = np.array_equal(r.view(np.uint32), results[0].view(np.uint32))
        differ = int(np.count_nonzero(r.view(np.uint32)
                                      != results[0].view(np.uint32)))
        print(f"{' '.join(mode)}: {'same bits' if same else f'{differ} differ'}")
        failed |= not same
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
