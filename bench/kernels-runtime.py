#!/usr/bin/python3
"""Run time of outlined kernels against one function per program (not a test).

For every workload of the performance suite (bench/perf/workloads.py), f32
and f64, at 2^14 and 2^22 elements, runs the program with
`--outline-kernels` (the default) and `--outline-kernels=false` one after
the other and prints the ratio of their minimum times, then the geometric
mean of all ratios. Outlining adds one call per kernel and must not slow
programs down: docs/performance.md records a run.

Usage: bench/kernels-runtime.py [BUILD_DIR]   (needs NumPy: /usr/bin/python3)
"""
import math
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench", "perf"))
import workloads as W  # noqa: E402

RUNNER = os.path.join(sys.argv[1] if len(sys.argv) > 1 else
                      os.path.join(ROOT, "build"), "bin", "tenferro-runner")


def min_time(path, outline, repeat):
    r = subprocess.run([RUNNER, path, "--random=1", "--print-elements=0",
                        f"--repeat={repeat}", f"--outline-kernels={outline}"],
                       capture_output=True, text=True, check=True)
    return float(re.search(r"time: min (\S+) s", r.stdout).group(1))


ratios = []
with tempfile.TemporaryDirectory() as work:
    for w in W.WORKLOADS:
        if not w.tenferro:
            continue
        for dtype in ("f32", "f64"):
            for n in (1 << 14, 1 << 22):
                path = os.path.join(work, f"{w.name}_{dtype}_{n}.mlir")
                with open(path, "w") as f:
                    f.write(w.mlir(dtype, n))
                repeat = 200 if n < 1 << 20 else 15
                on = min_time(path, "true", repeat)
                off = min_time(path, "false", repeat)
                ratios.append(on / off)
                print(f"{w.name:10s} {dtype} 2^{n.bit_length() - 1}: "
                      f"outlined / one function = {on / off:.3f} "
                      f"({on:.3e} s, {off:.3e} s)", flush=True)
gm = math.exp(sum(map(math.log, ratios)) / len(ratios))
print(f"geometric mean {gm:.3f}, range {min(ratios):.3f} to {max(ratios):.3f}"
      f" over {len(ratios)} programs")
