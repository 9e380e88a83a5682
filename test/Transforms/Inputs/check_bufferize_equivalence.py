#!/usr/bin/env python3
"""Checks that tenferro-bufferize gives what upstream one-shot-bufferize gives.

Usage: check_bufferize_equivalence.py TENFERRO_OPT PATH [PATH ...]

For every .mlir file PATH is or holds (split at "// -----"), takes the IR the
lowering pipeline hands to bufferization (segmentation, tenferro to linalg,
elementwise to linalg, canonicalization) and bufferizes it three ways:
tenferro-bufferize, tenferro-bufferize{always-analyze} and upstream
one-shot-bufferize with the pipeline's options, each followed by
tenferro-order-constant-globals (upstream names constant globals in pointer
order). The printed modules and exit statuses must be identical. Prints one line per difference, then how many
cases each path of tenferro-bufferize took ("unanalyzed", "analyzed"); exits
1 on any difference.
"""
import concurrent.futures
import os
import subprocess
import sys

opt, roots = sys.argv[1], sys.argv[2:]
PREFIX = ("func.func(tenferro-segment),convert-tenferro-to-linalg,"
          "func.func(convert-elementwise-to-linalg),canonicalize")
UPSTREAM = ("one-shot-bufferize{bufferize-function-boundaries "
            "function-boundary-type-conversion=identity-layout-map}")
VARIANTS = {
    "fast": "tenferro-bufferize{explain}",
    "analyzed": "tenferro-bufferize{always-analyze}",
    "upstream": UPSTREAM,
}


def run(path, bufferize):
    cmd = [opt, path, "--split-input-file",
           f"--pass-pipeline=builtin.module({PREFIX},{bufferize},"
           "tenferro-order-constant-globals)"]
    r = subprocess.run(cmd, capture_output=True, timeout=600)
    return r.returncode, r.stdout, r.stderr


def check(path):
    runs = {name: run(path, p) for name, p in VARIANTS.items()}
    remarks = runs["fast"][2].decode(errors="replace")
    counts = (remarks.count("bufferized without One-Shot Analysis"),
              remarks.count("needs One-Shot Analysis"))
    diffs = []
    ref = runs["upstream"][:2]
    for name in ("fast", "analyzed"):
        if runs[name][:2] != ref:
            diffs.append(f"{path}: {name} differs from one-shot-bufferize")
    return diffs, counts


paths = sorted(
    [r for r in roots if os.path.isfile(r)] +
    [os.path.join(d, f) for r in roots if os.path.isdir(r)
     for d, _, files in os.walk(r) for f in files
     if f.endswith(".mlir") and "Inputs" not in d.split(os.sep)])
failed = False
unanalyzed = analyzed = 0
with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
    for diffs, (fast, slow) in pool.map(check, paths):
        for d in diffs:
            print(d)
            failed = True
        unanalyzed += fast
        analyzed += slow
print(f"checked {len(paths)} files: unanalyzed {unanalyzed}, "
      f"analyzed {analyzed}")
sys.exit(1 if failed else 0)
