#!/usr/bin/env python3
"""Pipeline options against each other, in one run.

For each workload of workloads.py, dtype and size, times tenferro-runner
--repeat on the program compiled with each variant's pipeline options
(--variant NAME=OPTIONS, the first is the baseline; words of OPTIONS that
begin with "--" are tenferro-runner flags, e.g. --buffer-cache-limit=0,
except --runner=PATH, which runs another build's tenferro-runner),
under one or both
allocators: "kept", the suite's GLIBC_TUNABLES (freed memory is kept and
reused, bench/perf/run.py), and "glibc", glibc's defaults (a large freed
buffer goes back to the kernel, and the next allocation page-faults on
fresh memory). The variants alternate, `--rounds` times, and each cell is
the minimum over the rounds of the per-call minimum: compare within one
run (the machine is noisy).

Example (docs/performance.md, "Destination passing"):
  options_ab.py --variant fresh= --variant passed=destination-passing=true \\
      --allocators kept,glibc --workloads chain4,triad --sizes 20,24,26
With --dynamic, every extent of the program's tensor types is dynamic
(`?`) and the runner gets the extent with --dim (n for the 1-d workloads,
m for the m x m ones): what a user whose shapes are known only at run time
gets. Workloads that broadcast to a static shape have no such form and
are skipped, with a line on stderr.

Example (docs/performance.md, "Little work on one thread"):
  options_ab.py --dynamic --variant "one=" \
      --variant "old=parallel-loops=true --runner=OLD/bin/tenferro-runner" \
      --variant "new=parallel-loops=true" --workloads triad,sumall
Prints a Markdown table: each variant's time, and baseline / variant.
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


def dynamic_program(text):
    """`text` with every extent of its tensor types dynamic, or None where
    it names a static shape elsewhere (a broadcast's target)."""
    text = re.sub(r"tensor<([0-9x]+)([a-z][0-9a-z]*)>",
                  lambda m: "tensor<" + re.sub(r"[0-9]+", "?", m.group(1))
                  + m.group(2) + ">", text)
    return None if re.search(r"to \[[0-9]", text) else text


def measure(program, repeat, options, allocator, dim=None):
    env = {k: v for k, v in os.environ.items() if k != "GLIBC_TUNABLES"}
    if allocator == "kept":
        env["GLIBC_TUNABLES"] = TUNABLES
    words = options.split()
    # --runner=PATH picks another build's tenferro-runner (two commits
    # against each other in one run).
    runner = RUNNER
    for w in words:
        if w.startswith("--runner="):
            runner = w.split("=", 1)[1]
    words = [w for w in words if not w.startswith("--runner=")]
    cmd = [runner, program, "--random=1", "--print-elements=0",
           f"--repeat={repeat}"]
    if dim is not None:
        cmd.append(f"--dim={dim}")
    cmd += [w for w in words if w.startswith("--")]
    pipeline = " ".join(w for w in words if not w.startswith("--"))
    if pipeline:
        cmd.append(f"--pipeline-options={pipeline}")
    out = subprocess.run(cmd, env=env, check=True, capture_output=True,
                         text=True).stdout
    return float(TIME.search(out).group(1))


def fmt(seconds):
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    return f"{seconds * 1e3:.2f} ms"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", action="append", required=True,
                    help="NAME=OPTIONS (tenferro-runner --pipeline-options, "
                    "and flags that begin with --; empty for the "
                    "defaults); the first is the baseline")
    ap.add_argument("--allocators", default="kept",
                    help="kept, glibc or kept,glibc")
    ap.add_argument("--workloads", default="softmax,layernorm")
    ap.add_argument("--dtypes", default="f32")
    ap.add_argument("--sizes", default="20,26", help="log2 of the element counts")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dynamic", action="store_true",
                    help="every extent dynamic, given with --dim at run time")
    args = ap.parse_args()
    variants = [v.split("=", 1) for v in args.variant]
    allocators = args.allocators.split(",")
    by_name = {w.name: w for w in workloads.WORKLOADS}
    base = variants[0][0]
    head = ["workload", "dtype", "n"]
    for a in allocators:
        head += [f"{name} ({a})" for name, _ in variants]
        head += [f"{base} / {name} ({a})" for name, _ in variants[1:]]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    with tempfile.TemporaryDirectory() as tmp:
        for wname in args.workloads.split(","):
            w = by_name[wname]
            for dtype in args.dtypes.split(","):
                for log2 in map(int, args.sizes.split(",")):
                    n = 1 << log2
                    program = os.path.join(tmp, f"{wname}-{dtype}-{n}.mlir")
                    text, dim = w.mlir(dtype, n), None
                    if args.dynamic:
                        text, dim = dynamic_program(text), w.extents(n)[0]
                        if text is None:
                            print(f"options_ab: {wname} broadcasts to a "
                                  "static shape, skipped", file=sys.stderr)
                            break
                    with open(program, "w") as f:
                        f.write(text)
                    repeat = max(5, min(2000, (1 << 27) // n))
                    best = {}
                    for _ in range(args.rounds):
                        for a in allocators:
                            for name, options in variants:
                                t = measure(program, repeat, options, a,
                                            dim)
                                best[(a, name)] = min(best.get((a, name), t), t)
                    cells = [wname, dtype, f"2^{log2}"]
                    for a in allocators:
                        cells += [fmt(best[(a, name)]) for name, _ in variants]
                        cells += [f"{best[(a, base)] / best[(a, name)]:.2f}"
                                  for name, _ in variants[1:]]
                    print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
