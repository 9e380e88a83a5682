#!/usr/bin/env python3
"""Differential test: for many seeds, generate a random program
(gen_program.py), run it with tenferro-runner fused, unfused and with the
reference interpreter on the same seeded random inputs, and require
bit-identical outputs (the generated ops are exact, and exp/tanh call the
same libm functions in all three).

Usage: differential.py --runner PATH [--first N] [--seeds K] [--workdir DIR]

A failing seed prints its program and the command that replays it.
"""
import argparse
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("--runner", required=True)
ap.add_argument("--first", type=int, default=1)
ap.add_argument("--seeds", type=int, default=30)
ap.add_argument("--workdir", default=".")
args = ap.parse_args()
os.makedirs(args.workdir, exist_ok=True)

failures = 0
for seed in range(args.first, args.first + args.seeds):
    prog = os.path.join(args.workdir, f"program-{seed}.mlir")
    with open(prog, "w") as f:
        subprocess.run([sys.executable, os.path.join(here, "gen_program.py"),
                        str(seed)], stdout=f, check=True)
    outputs = {}
    for mode, flags in (("fused", []), ("unfused", ["--no-fusion"]),
                        ("reference", ["--reference"])):
        prefix = os.path.join(args.workdir, f"out-{seed}-{mode}-")
        r = subprocess.run([args.runner, prog, f"--random={seed}",
                            f"--output={prefix}"] + flags,
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(f"seed {seed}: {mode} run failed:\n{r.stderr}")
            outputs[mode] = None
            continue
        outputs[mode] = [open(prefix + f"{i}.npy", "rb").read()
                         for i in range(3)]
    if (outputs["fused"] is None or outputs["fused"] != outputs["unfused"]
            or outputs["fused"] != outputs["reference"]):
        failures += 1
        which = [m for m in ("unfused", "reference")
                 if outputs[m] != outputs["fused"]]
        print(f"seed {seed}: fused outputs differ from {', '.join(which)}")
        print(open(prog).read())
        print(f"replay: python3 {os.path.join(here, 'gen_program.py')} {seed}"
              f" > p.mlir && tenferro-runner p.mlir --random={seed}"
              f" [--no-fusion | --reference]")
print(f"{args.seeds - failures} of {args.seeds} programs: fused == unfused"
      " == reference (bit-identical)")
sys.exit(1 if failures else 0)
