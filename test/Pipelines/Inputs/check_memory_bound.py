#!/usr/bin/env python3
"""Checks tenferro-opt's documented memory bound on random programs.

Usage: check_memory_bound.py TENFERRO_OPT GEN_PROGRAM N [N ...]

For each N, writes the random program of N instructions that GEN_PROGRAM
(bench/gen_program.py) makes with seed 1, runs --tenferro-segment and
--tenferro-lower-to-llvm on it, compiles it to an object file with
tenferro-runner (next to TENFERRO_OPT), and compares each process's peak
resident memory with the bound docs/robustness.md states, `bound_mib`
below:

    segment:        160 MiB + 1 KiB per instruction
    lower-to-llvm:  160 MiB + 16 KiB per instruction
    object:         160 MiB + 20 KiB per instruction

Prints one line per run and exits 1 if any run exceeds its bound or fails.
bench/perf/run.py reports the same bound next to its measurements; the
constants and the text of docs/robustness.md change together.
"""
import os
import subprocess
import sys
import tempfile

BASE_MIB = 160
KIB_PER_INSTRUCTION = {"segment": 1, "lower-to-llvm": 16, "object": 20}


def commands(opt, path):
    """The measured process of each stage."""
    runner = os.path.join(os.path.dirname(opt), "tenferro-runner")
    return {"segment": [opt, path, "--tenferro-segment", "-o", "/dev/null"],
            "lower-to-llvm": [opt, path, "--tenferro-lower-to-llvm", "-o",
                              "/dev/null"],
            "object": [runner, path, "--compile-only",
                       "--emit-object=" + path + ".o"]}


def bound_mib(stage, instructions):
    """The documented peak-memory bound of one tenferro-opt process."""
    return BASE_MIB + KIB_PER_INSTRUCTION[stage] * instructions / 1024


def peak_mib(cmd):
    """Exit status, peak RSS (MiB) and stderr of one child, from its own
    rusage (os.wait4 reports the waited-for child alone)."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    err = p.stderr.read().decode()
    p.stderr.close()
    _, status, usage = os.wait4(p.pid, 0)
    return os.waitstatus_to_exitcode(status), usage.ru_maxrss / 1024, err


def main(opt, gen, sizes):
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = os.path.join(tmp, f"prog-{n}.mlir")
            with open(path, "w") as f:
                subprocess.run([sys.executable, gen, str(n), "1"], stdout=f,
                               check=True)
            for stage, cmd in commands(opt, path).items():
                rc, peak, err = peak_mib(cmd)
                bound = bound_mib(stage, n)
                ok = rc == 0 and peak <= bound
                failed |= not ok
                verdict = ("within bound" if ok else
                           f"FAILED (exit {rc})\n{err}" if rc else
                           "OVER BOUND")
                print(f"{stage} {n} instructions: peak {peak:.0f} MiB, "
                      f"bound {bound:.0f} MiB: {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], [int(a) for a in sys.argv[3:]]))
