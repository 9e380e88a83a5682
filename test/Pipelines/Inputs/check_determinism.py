#!/usr/bin/env python3
"""Checks that tenferro-opt's output is deterministic.

Usage: check_determinism.py TENFERRO_OPT TEST_DIR

For every .mlir file under TEST_DIR (split at "// -----"), runs
--tenferro-segment and --tenferro-lower-to-llvm twice with threading and
once with --mlir-disable-threading, and compares stdout, stderr and the
exit status byte for byte (files with intentional errors are compared
too: diagnostics must be deterministic as well). Prints one line per
difference and "checked N files" at the end; exits 1 on any difference.
"""
import concurrent.futures
import os
import subprocess
import sys

opt, root = sys.argv[1], sys.argv[2]
STAGES = ["--tenferro-segment", "--tenferro-lower-to-llvm"]


def run(path, stage, threads):
    cmd = [opt, path, "--split-input-file", stage]
    if not threads:
        cmd.append("--mlir-disable-threading")
    r = subprocess.run(cmd, capture_output=True, timeout=600)
    # Diagnostics name the file; the path is the same in every run.
    return r.returncode, r.stdout, r.stderr


def check(path):
    problems = []
    for stage in STAGES:
        a = run(path, stage, True)
        b = run(path, stage, True)
        c = run(path, stage, False)
        if a != b:
            problems.append(f"{path}: {stage} differs between two runs")
        if a != c:
            problems.append(f"{path}: {stage} differs with threading off")
    return problems


files = sorted(
    os.path.join(d, f)
    for d, _, fs in os.walk(root)
    for f in fs
    if f.endswith(".mlir"))
with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count()) as ex:
    problems = [p for ps in ex.map(check, files) for p in ps]
for p in problems:
    print(p)
print(f"checked {len(files)} files")
sys.exit(1 if problems else 0)
