#!/usr/bin/env python3
"""The largest error of tenferro's inline f32 functions over every f32, in
ulps of the exact value: the bounds docs/semantics.md states and
test/Integration/{tanh,exp}-inline.mlir check on a sample.

Usage: inline_exhaustive.py {tanh,tanh-expm1,tanh-expm1-fma,exp,exp-fma}
                             RUNNER WORKDIR [--chunk-log2 N]
                             [--patterns FIRST:END]

Compiles one program (the function over 2^N f32 elements, vector math
through libmvec with the pipeline option inline-tanh=true or
inline-exp=true; tanh-expm1 with inline-tanh-expm1=true, the *-fma ones
with inline-tanh-fma=true or inline-exp-fma=true as well, on a CPU with
FMA) and runs it on every f32 bit pattern, 2^N at a time:
for tanh the non-negative ones below +inf (the expansion computes tanh(|x|)
and copies the sign of x, so negative inputs have the same errors), for exp
every finite one (--patterns: the bit patterns from FIRST to END, hex or
decimal, for a part). The reference is NumPy's f64 function (glibc's,
within 1 ulp of f64: 2^-29 ulps of f32); errors are measured by the
accuracy tests' ulp_errors (test/Integration/Inputs/ulps.py). Prints the
largest error, where, and how many results are not correctly rounded.
Takes a few minutes.
"""
import argparse
import os
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "test", "Integration", "Inputs"))
from ulps import ulp_errors  # noqa: E402

np.seterr(all="ignore")

FUNCTIONS = {
    # name: (first bit pattern, end of the bit patterns, reference, option)
    "tanh": (0, 0x7F800000, np.tanh, "inline-tanh=true"),
    "tanh-expm1": (0, 0x7F800000, np.tanh,
                   "inline-tanh=true inline-tanh-expm1=true "
                   "inline-tanh-fma=false"),
    "tanh-expm1-fma": (0, 0x7F800000, np.tanh,
                       "inline-tanh=true inline-tanh-expm1=true "
                       "inline-tanh-fma=true"),
    "exp": (0, 1 << 32, np.exp, "inline-exp=true inline-exp-fma=false"),
    "exp-fma": (0, 1 << 32, np.exp, "inline-exp=true inline-exp-fma=true"),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("function", choices=sorted(FUNCTIONS))
    ap.add_argument("runner")
    ap.add_argument("workdir")
    ap.add_argument("--chunk-log2", type=int, default=24)
    ap.add_argument("--patterns")
    args = ap.parse_args()
    start, end, reference, option = FUNCTIONS[args.function]
    if args.patterns:
        first, last = (int(v, 0) for v in args.patterns.split(":"))
        start, end = max(start, first), min(end, last)
    os.makedirs(args.workdir, exist_ok=True)
    n = 1 << args.chunk_log2
    name = args.function
    op = name.split("-")[0]
    program = os.path.join(args.workdir, f"{op}.mlir")
    with open(program, "w") as f:
        f.write(f"func.func @{op}(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n"
                f"  %t = tenferro.{op} %x : tensor<{n}xf32>\n"
                f"  return %t : tensor<{n}xf32>\n}}\n")
    obj = os.path.join(args.workdir, "x.npy")
    worst, worst_x, inexact, count = 0.0, 0.0, 0, 0
    for base in range(start, end, n):
        bits = np.arange(base, base + n, dtype=np.uint64)
        bits = np.minimum(bits, end - 1).astype(np.uint32)
        x = bits.view(np.float32)
        np.save(obj, x)
        prefix = os.path.join(args.workdir, "out-")
        subprocess.run([args.runner, program, "--vector-math=libmvec-sse",
                        f"--pipeline-options={option}",
                        f"--input={obj}", f"--output={prefix}",
                        "--print-elements=0"], check=True,
                       stdout=subprocess.DEVNULL)
        finite = np.isfinite(x)
        got = np.load(prefix + "0.npy")[finite]
        want = reference(x[finite].astype(np.float64))
        count += int(np.count_nonzero(finite))
        # An infinity only where the rounded value is one (overflow).
        err = ulp_errors(got, want, np.float32)
        inexact += int(np.count_nonzero(got != want.astype(np.float32)))
        k = int(np.argmax(err))
        if err[k] > worst:
            worst, worst_x = float(err[k]), float(x[finite][k])
    print(f"{name} f32 inline: every f32 in its domain ({count} finite "
          f"inputs): max {worst:.4f} ulps at x={worst_x!r}; {inexact} not "
          f"correctly rounded")


if __name__ == "__main__":
    main()
