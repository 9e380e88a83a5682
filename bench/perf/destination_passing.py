#!/usr/bin/env python3
"""Fresh results against destination passing, in one run.

For each workload of workloads.py, dtype and size, times tenferro-runner
--repeat on the program compiled by default (the program mallocs its
results, the runner frees them after each call) and with the pipeline
option destination-passing=true (the runner allocates the result buffers
once and every call writes them), each under two allocators: the suite's
GLIBC_TUNABLES (freed memory is kept and reused, bench/perf/run.py) and
glibc's defaults (a large freed buffer goes back to the kernel, and the next
call page-faults on fresh memory). The two builds alternate, `--rounds`
times, and each cell is the minimum over the rounds of the per-call
minimum: ratios within one run are what to read (the machine is noisy).

Usage: destination_passing.py [--workloads a,b] [--dtypes f32,f64]
           [--sizes 20,24,26] [--rounds 3]
Prints a Markdown table (docs/performance.md, "Destination passing").
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import workloads  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
RUNNER = os.path.join(os.environ.get("BUILD_DIR", os.path.join(ROOT, "build")),
                      "bin", "tenferro-runner")
TUNABLES = "glibc.malloc.mmap_max=0:glibc.malloc.trim_threshold=68719476736"
TIME = re.compile(r"^time: min (\S+) s, median (\S+) s over", re.M)


def measure(program, repeat, passing, tunables):
    env = {k: v for k, v in os.environ.items() if k != "GLIBC_TUNABLES"}
    if tunables:
        env["GLIBC_TUNABLES"] = TUNABLES
    cmd = [RUNNER, program, "--random=1", "--print-elements=0",
           f"--repeat={repeat}"]
    if passing:
        cmd.append("--pipeline-options=destination-passing=true")
    out = subprocess.run(cmd, env=env, check=True, capture_output=True,
                         text=True).stdout
    return float(TIME.search(out).group(1))


def fmt(seconds):
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    return f"{seconds * 1e3:.2f} ms"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workloads", default="chain4,triad,softmax,layernorm")
    ap.add_argument("--dtypes", default="f32")
    ap.add_argument("--sizes", default="14,20,24",
                    help="log2 of the element counts")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    chosen = args.workloads.split(",")
    by_name = {w.name: w for w in workloads.WORKLOADS}
    print("| workload | dtype | n | fresh, kept memory | passed, kept memory "
          "| fresh/passed | fresh, glibc defaults | passed, glibc defaults "
          "| fresh/passed |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name in chosen:
            w = by_name[name]
            for dtype in args.dtypes.split(","):
                for log2 in map(int, args.sizes.split(",")):
                    n = 1 << log2
                    program = os.path.join(tmp, f"{name}-{dtype}-{n}.mlir")
                    with open(program, "w") as f:
                        f.write(w.mlir(dtype, n))
                    repeat = max(5, min(2000, (1 << 27) // n))
                    best = {}
                    for _ in range(args.rounds):
                        for tunables in (True, False):
                            for passing in (False, True):
                                t = measure(program, repeat, passing, tunables)
                                key = (tunables, passing)
                                best[key] = min(best.get(key, t), t)
                    cells = []
                    for tunables in (True, False):
                        fresh, passed = best[(tunables, False)], best[(tunables, True)]
                        cells += [fmt(fresh), fmt(passed), f"{fresh / passed:.2f}"]
                    print(f"| {name} | {dtype} | 2^{log2} | " + " | ".join(cells)
                          + " |", flush=True)


if __name__ == "__main__":
    main()
