#!/usr/bin/env python3
"""The largest error of tenferro's inline f32 tanh (tenferro-expand-tanh)
over every f32, in ulps of the exact value: the bound docs/semantics.md
states and test/Integration/tanh-inline.mlir checks on a sample.

Usage: tanh_exhaustive.py RUNNER WORKDIR [--chunk-log2 N]

Compiles one program (f32 tanh over 2^N elements, vector math through
libmvec with the pipeline option inline-tanh=true) and runs it on every
non-negative f32 bit pattern below +inf, 2^N at a time; the expansion
computes tanh(|x|) and copies the sign of x, so negative inputs have the
same errors. The reference is NumPy's f64 tanh (glibc's tanh, within 1 ulp
of f64: 2^-29 ulps of f32). Prints the largest error, where, and how many
results are not correctly rounded. Takes a few minutes.
"""
import argparse
import os
import subprocess

import numpy as np

np.seterr(all="ignore")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("runner")
    ap.add_argument("workdir")
    ap.add_argument("--chunk-log2", type=int, default=24)
    args = ap.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    n = 1 << args.chunk_log2
    program = os.path.join(args.workdir, "tanh.mlir")
    with open(program, "w") as f:
        f.write(f"func.func @tanh(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n"
                f"  %t = tenferro.tanh %x : tensor<{n}xf32>\n"
                f"  return %t : tensor<{n}xf32>\n}}\n")
    obj = os.path.join(args.workdir, "x.npy")
    worst, worst_x, inexact = 0.0, 0.0, 0
    end = 0x7F800000
    for base in range(0, end, n):
        bits = np.arange(base, base + n, dtype=np.uint64)
        bits = np.minimum(bits, end - 1).astype(np.uint32)
        x = bits.view(np.float32)
        np.save(obj, x)
        prefix = os.path.join(args.workdir, "out-")
        subprocess.run([args.runner, program, "--vector-math=libmvec-sse",
                        "--pipeline-options=inline-tanh=true",
                        f"--input={obj}", f"--output={prefix}",
                        "--print-elements=0"], check=True,
                       stdout=subprocess.DEVNULL)
        got = np.load(prefix + "0.npy").astype(np.float64)
        want = np.tanh(x.astype(np.float64))
        _, e = np.frexp(np.abs(want))
        ulp = np.ldexp(1.0, np.maximum(e - 1, -126) - 23)
        err = np.abs(got - want) / ulp
        inexact += int(np.count_nonzero(got != want.astype(np.float32)))
        k = int(np.argmax(err))
        if err[k] > worst:
            worst, worst_x = float(err[k]), float(x[k])
    print(f"tanh f32 inline: every f32 in [0, inf): max {worst:.4f} ulps at "
          f"x={worst_x!r}; {inexact} of {end} not correctly rounded")


if __name__ == "__main__":
    main()
