#!/usr/bin/env python3
"""Differential tests of tenferro-runner: every program runs in every mode
on the same .npy inputs, and all must agree with each other and with the
NumPy oracle (numpy_oracle.py, which does not use the reference
interpreter).

Modes (--modes default): fused (--vector-width=8), unfused (--no-fusion),
vw0, vw4, vw16 (--vector-width=0/4/16, fused), parallel
(--parallel-loops --parallel-min-work=0: OpenMP however small the
program, where the default threshold would keep these programs on one
thread), elementwise-fusion, column-fusion (with tiles of 512
bytes, so that small programs are tiled) and destination-passing (those
pipeline options set to true), nontemporal (non-temporal stores into
buffers of every size from loops of any work, 16 lanes), beyond (every option beyond the runtime's
segmentation: column-fusion with 512-byte tiles, elementwise-fusion and
fold-shape-of) and reference (--reference), all with
--vector-math=libm; libmvec and libmvec-vw16 (the runner's default vector
math, glibc's libmvec, at widths 8 and 16). The fused modes fuse within
segments (the pipeline's default segment-fusion). --modes all adds
no-segment-fusion (sequence regions lowered op by op),
segment-column-fusion (column tiles within segments), unfused and
parallel runs at widths 0, 4 and 16, parallel-versioned (a threshold of
50000 units of work: where an extent is dynamic, the sequential copy of
a nest runs below it and the parallel nest above) and more libmvec runs.

Checks, per program:
- every mode runs (exit status 0, no signal);
- every mode's outputs match the NumPy oracle within its stated bounds
  (bit-identical for exact ops; see numpy_oracle.py);
- every other mode but the libmvec ones, the reference interpreter
  included, is bit-identical to fused (NaNs equal to any NaN; docs/semantics.md 1.1 and 7.15: compiled
  code and the interpreter perform the same operations, complex functions
  included).

Usage:
  differential.py --runner R random [--first N] [--seeds K] [--size I]
      [--min-extent R | --extents R,R,...]
  differential.py --runner R sweep --family F[,F...] [--dtypes T,T]
      [--extents default|full|N,N-M,...]
  differential.py --runner R file PROG.mlir --entry E[:SEED] [--entry ...]
      [--random SEED] [--dim N] [--max-ulps E.OUTPUT=N ...]
Common options: --workdir DIR, --modes default|all|m1,m2, -j JOBS,
--no-oracle, --per-program N (sweep: units per program).

A failing check prints the program, mode and output (the op, dtypes and
shape in sweeps), the first wrong element, and a replay command; the last
lines summarise the first failing program for each (mode, op) and say
"N of M programs pass".
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)

import numpy as np  # noqa: E402

import gen_program  # noqa: E402
import numpy_oracle  # noqa: E402
import sweep  # noqa: E402
import tfprog  # noqa: E402

# Every mode but the libmvec ones computes exp, log, sin, cos, tanh,
# expm1, log1p and pow through libm (--vector-math=libm): those modes and
# the reference interpreter must agree bit for bit. The libmvec modes
# (glibc's vector functions, the runner's default) are checked against the
# oracle only, whose bounds include the vector functions' error.
EXACT = ["--vector-math=libm"]
# OpenMP however small the program: the default parallel-min-work would
# run these programs on one thread.
PARALLEL = ["--parallel-loops", "--parallel-min-work=0"]
MODES = {
    "fused": ["--vector-width=8"] + EXACT,
    "unfused": ["--no-fusion"] + EXACT,
    "vw0": ["--vector-width=0"] + EXACT,
    "vw4": ["--vector-width=4"] + EXACT,
    "vw16": ["--vector-width=16"] + EXACT,
    "parallel": PARALLEL + EXACT,
    "elementwise-fusion": ["--vector-width=8",
                           "--pipeline-options=elementwise-fusion=true"]
    + EXACT,
    # Tiles of few columns, so that small programs are tiled too.
    "column-fusion": ["--vector-width=8",
                      "--pipeline-options=column-fusion=true "
                      "column-tile-bytes=512"] + EXACT,
    # The options beyond the runtime's segmentation together, as the
    # performance suite's "beyond" rows run them (there with full tiles).
    "beyond": ["--vector-width=8",
               "--pipeline-options=column-fusion=true column-tile-bytes=512 "
               "elementwise-fusion=true fold-shape-of=true"] + EXACT,
    "destination-passing": ["--vector-width=8",
                            "--pipeline-options=destination-passing=true"]
    + EXACT,
    # Non-temporal stores for buffers of every size (the runner's default
    # streams only buffers of 32 MiB or more, which no test program has)
    # and loops of any work (by default compute-bound loops keep ordinary
    # stores).
    "nontemporal": ["--vector-width=16",
                    "--pipeline-options=nontemporal-stores=true "
                    "nontemporal-min-bytes=0 "
                    "nontemporal-max-work-per-access=0"] + EXACT,
    "reference": ["--reference"],
    "libmvec": ["--vector-width=8", "--vector-math=auto"],
    "libmvec-vw16": ["--vector-width=16", "--vector-math=auto"],
    # --modes all adds:
    # Sequence regions lowered op by op, as before segment fusion.
    "no-segment-fusion": ["--vector-width=8",
                          "--pipeline-options=segment-fusion=false"] + EXACT,
    # Column tiles within segments, tiles of few columns.
    "segment-column-fusion": ["--vector-width=8",
                              "--pipeline-options=segment-column-fusion=true "
                              "column-tile-bytes=512"] + EXACT,
    "unfused-vw0": ["--no-fusion", "--vector-width=0"] + EXACT,
    "unfused-vw4": ["--no-fusion", "--vector-width=4"] + EXACT,
    "unfused-vw16": ["--no-fusion", "--vector-width=16"] + EXACT,
    "parallel-vw4": PARALLEL + ["--vector-width=4"] + EXACT,
    "parallel-vw16": PARALLEL + ["--vector-width=16"] + EXACT,
    "parallel-unfused": PARALLEL + ["--no-fusion"] + EXACT,
    # A threshold between the work of the parallel sweep's two extents
    # (4100: about 12300 to 37000 units in most of its nests, 40005: ten
    # times that), so that each branch of a dynamic nest's versioning
    # (tenferro-serialize-small-parallel-loops) runs.
    "parallel-versioned": ["--parallel-loops", "--parallel-min-work=50000"]
    + EXACT,
    "libmvec-vw4": ["--vector-width=4", "--vector-math=auto"],
    "libmvec-unfused": ["--no-fusion", "--vector-math=auto"],
    "libmvec-parallel": PARALLEL + ["--vector-math=auto"],
}
DEFAULT_MODES = ["fused", "unfused", "vw0", "vw4", "vw16", "parallel",
                 "elementwise-fusion", "column-fusion", "beyond",
                 "destination-passing", "nontemporal", "reference",
                 "libmvec", "libmvec-vw16"]


def oracle_only(mode):
    """Modes whose transcendentals may differ from libm's in the last bits:
    checked against the oracle, not bit for bit against the others."""
    return mode.startswith("libmvec")


def describe_rc(rc):
    if rc < 0:
        try:
            return f"killed by {signal.Signals(-rc).name}"
        except ValueError:
            return f"killed by signal {-rc}"
    return f"exit status {rc}"


def first_error(r):
    """The line of the runner's output that says what went wrong."""
    lines = (r.stderr or r.stdout or "").strip().splitlines()
    for line in lines:
        if "error" in line.lower() or "assert" in line.lower():
            return line.strip()[:300]
    return (lines[0].strip()[:300] if lines else "no output")


class Runner:
    def __init__(self, path, timeout):
        self.path = path
        self.timeout = timeout

    def cmd(self, mlir, inputs, prefix, flags, extra=()):
        c = [self.path, mlir] + [f"--input={p}" for p in inputs] + \
            list(extra) + list(flags)
        if prefix:
            c.append(f"--output={prefix}")
        return c

    def run(self, mlir, inputs, prefix, flags, n_out, extra=()):
        cmd = self.cmd(mlir, inputs, prefix, flags, extra)
        try:
            r = subprocess.run(cmd, capture_output=True, text=True,
                               timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return None, f"timed out after {self.timeout} s"
        if r.returncode < 0:  # a signal: LLVM's stack dump says no more
            return None, describe_rc(r.returncode)
        if r.returncode != 0:
            return None, f"{describe_rc(r.returncode)}: {first_error(r)}"
        try:
            return [np.load(f"{prefix}{i}.npy") for i in range(n_out)], None
        except (OSError, ValueError) as e:
            return None, f"output missing or unreadable: {e}"


def write_replay(runner, d, n_in):
    """DIR/replay.sh [FLAGS]: runs the program on its inputs."""
    path = os.path.join(d, "replay.sh")
    ins = " ".join(f"--input=in{i}.npy" for i in range(n_in))
    with open(path, "w") as f:
        f.write("#!/bin/sh\n# Replays this program: replay.sh [RUNNER FLAGS]"
                "\n# (runner: $TENFERRO_RUNNER or the one the test used)\n"
                f'cd "$(dirname "$0")" && exec '
                f'"${{TENFERRO_RUNNER:-{os.path.abspath(runner.path)}}}" '
                f'p.mlir {ins} --print-elements=1000 "$@"\n')
    return path


class Failure:
    def __init__(self, program, mode, kind, label, detail, replay):
        self.program, self.mode, self.kind = program, mode, kind
        self.label, self.detail, self.replay = label, detail, replay

    def line(self):
        return (f"FAIL {self.program} [{self.mode}] {self.kind}: "
                f"{self.label}: {self.detail}")


def op_of(label):
    """The op part of a label: 'remainder i32 [5]' -> 'remainder i32'."""
    return re.sub(r"\s*\[[^\]]*\].*$", "", label) or label


def check_program(runner, name, workdir, prog, inputs_seed, modes,
                  use_oracle, arrays=None):
    """Runs one program (a tfprog.Program) in all modes; returns
    (failures, crashed_modes)."""
    d = os.path.join(workdir, name)
    os.makedirs(d, exist_ok=True)
    mlir, js = os.path.join(d, "p.mlir"), os.path.join(d, "p.json")
    prog.write(mlir, js)
    desc = prog.to_json()
    in_paths = [os.path.join(d, f"in{i}.npy") for i in range(len(prog.inputs))]
    if arrays is None:
        arrays = tfprog.make_inputs(np, desc, inputs_seed, in_paths)
    n_out = len(desc["outputs"])
    labels = desc["labels"]
    replay_sh = write_replay(runner, d, len(in_paths))
    # A crash names the program's units (sweeps) or the program.
    crash_label = "program"
    if ": " in prog.comment:  # a sweep program of one unit
        units = prog.comment.splitlines()[0].split(": ", 1)[1]
        if "; " not in units:
            crash_label = units
    failures, crashed = [], []
    expected = None
    if use_oracle:
        try:
            expected = numpy_oracle.evaluate(desc, arrays)
        except Exception as e:  # an oracle bug: report, do not hide
            failures.append(Failure(name, "oracle", "oracle-error", "-",
                                    f"{type(e).__name__}: {e}", ""))
    outs, oracle_bad = {}, set()
    for mode in modes:
        flags = MODES[mode]
        prefix = os.path.join(d, f"{mode}-")
        replay = f"sh {replay_sh} {' '.join(flags)}"
        got, err = runner.run(mlir, in_paths, prefix, flags, n_out)
        if got is None:
            crashed.append(mode)
            failures.append(Failure(name, mode, "crash", crash_label, err,
                                    replay))
            continue
        outs[mode] = got
        if expected is not None:
            for i, (e, g) in enumerate(zip(expected, got)):
                r = numpy_oracle.check(e, g)
                if not r["ok"]:
                    oracle_bad.add((mode, i))
                    failures.append(Failure(
                        name, mode, "oracle", labels[i],
                        f"output #{i}: {r['bad']} of {e.arr.size} wrong, "
                        f"first {r['first']}", replay))
    # Modes that differ from fused (the first mode that ran) where the
    # oracle did not already report either of them.
    base_mode = "fused" if "fused" in outs else next(iter(outs), None)
    base = outs.get(base_mode)
    for mode, got in outs.items():
        if mode == base_mode or oracle_only(mode):
            continue
        for i, (a, b) in enumerate(zip(base, got)):
            if (mode, i) in oracle_bad or (base_mode, i) in oracle_bad:
                continue
            diff = numpy_oracle.same_bits(a, b)
            if diff is None or diff.any():
                if diff is None:
                    what = f"dtype/shape {b.dtype}{list(b.shape)} vs " \
                           f"{a.dtype}{list(a.shape)}"
                else:
                    k = tuple(int(v) for v in np.argwhere(diff)[0])
                    what = (f"{int(diff.sum())} of {a.size} differ, first at "
                            f"{list(k)}: {numpy_oracle.fmt(b[k])} vs "
                            f"{base_mode} {numpy_oracle.fmt(a[k])}")
                failures.append(Failure(name, mode, "differs-from-fused",
                                        labels[i], f"output #{i}: {what}",
                                        f"sh {replay_sh} "
                                        f"{' '.join(MODES[mode])}"))
    return failures, crashed


def _prefix_program(prog, k):
    """The first k instructions of prog, every result an output."""
    p = tfprog.Program(prog.name)
    p.inputs, p.gens, p.insts, p.count = prog.inputs, prog.gens, \
        prog.insts[:k], prog.count
    for j, inst in enumerate(p.insts):
        p.output(inst["res"][0], f"instruction {j}")
    return p


def _run_variant(runner, workdir, vname, p, seed, mode):
    d = os.path.join(workdir, vname)
    os.makedirs(d, exist_ok=True)
    mlir, js = os.path.join(d, "p.mlir"), os.path.join(d, "p.json")
    p.write(mlir, js)
    desc = p.to_json()
    in_paths = [os.path.join(d, f"in{i}.npy") for i in range(len(p.inputs))]
    arrays = tfprog.make_inputs(np, desc, seed, in_paths)
    write_replay(runner, d, len(in_paths))
    got, err = runner.run(mlir, in_paths, os.path.join(d, f"{mode}-"),
                          MODES[mode], len(p.outputs))
    return d, desc, arrays, got, err


def localize(runner, name, workdir, prog, seed, mode, crashed):
    """Names the instruction a failure of a random program starts at.

    A wrong result: reruns the program with every instruction result as an
    output and names the first wrong instruction whose operands are right
    (by the oracle). A crash: finds the shortest prefix of the program
    (every result an output) that still crashes, by bisection."""
    if crashed:
        lo, hi = 0, len(prog.insts)  # prefix lo runs, prefix hi crashes
        d_hi, err_hi = None, None
        while hi - lo > 1:
            mid = (lo + hi) // 2
            d, _, _, got, err = _run_variant(
                runner, workdir, f"{name}.prefix{mid}",
                _prefix_program(prog, mid), seed, mode)
            if got is None:
                hi, d_hi, err_hi = mid, d, err
            else:
                lo = mid
        if d_hi is None:
            d_hi, _, _, got, err_hi = _run_variant(
                runner, workdir, f"{name}.prefix{hi}",
                _prefix_program(prog, hi), seed, mode)
            if got is not None:
                return (f"{mode}: with every value an output the program "
                        f"does not crash ({d_hi})")
        inst = prog.insts[hi - 1]
        return (f"{mode}: the first {hi} instructions crash, the first "
                f"{lo} do not; instruction {hi - 1}: "
                f"{prog._render(inst)} ({err_hi}; {d_hi}/replay.sh)")
    p = _prefix_program(prog, len(prog.insts))
    d, desc, arrays, got, err = _run_variant(runner, workdir, name + ".all",
                                             p, seed, mode)
    if got is None:
        return f"with every value an output, {mode}: {err}"
    expected = numpy_oracle.evaluate(desc, arrays)
    bad = set()
    for k, (inst, e, g) in enumerate(zip(p.insts, expected, got)):
        r = numpy_oracle.check(e, g)
        if not r["ok"]:
            if not any(a.name in bad for a in inst["args"]):
                return (f"first wrong instruction ({mode}, every value an "
                        f"output: {d}): {p._render(inst)}: {r['first']}")
            bad.add(inst["res"][0].name)
    return (f"with every value an output, {mode} matches the oracle "
            f"({d}): the failure needs the original fusion")


def drill_down(runner, name, workdir, units, seed, crashed, use_oracle):
    """Reruns the units of a crashed sweep program one by one in the modes
    that crashed, to name the units that crash."""
    failures = []
    for k, u in enumerate(units):
        p = sweep.build_program(f"{name}.{k}", [u])
        f, _ = check_program(runner, f"{name}.{k}", workdir, p, seed,
                             crashed, use_oracle)
        failures += f
    return failures


def print_failures(name, prog_text, failures, shown):
    for f in failures:
        print(f.line())
        if f.replay and (f.program, f.mode) not in shown:
            shown.add((f.program, f.mode))
            print(f"  replay: {f.replay}")


def summarize(all_failures, total, passed, what, elapsed):
    if all_failures:
        print("\nFirst failing program per (mode, check, op):")
        firsts = {}
        counts = {}
        for f in all_failures:
            key = (f.mode, f.kind, op_of(f.label))
            counts[key] = counts.get(key, 0) + 1
            firsts.setdefault(key, f)
        for key, f in firsts.items():
            print(f"  {key[0]:<12} {key[1]:<18} {key[2]:<36} first: "
                  f"{f.program} ({f.label}); {counts[key]} failing checks")
    print(f"{what}: {passed} of {total} programs pass in every mode "
          f"({elapsed:.0f} s)")


def run_many(args, jobs):
    """jobs: list of (name, build(), seed, units or None). Runs them, prints
    failures in order, returns the exit status."""
    runner = Runner(args.runner, args.timeout)
    modes = resolve_modes(args.modes)
    t0 = time.time()
    # Crashed sweep programs rerun unit by unit, the first --drill-downs.
    drill_budget = threading.Semaphore(args.drill_downs)

    def work(job):
        name, build, seed, units = job
        prog = build()
        failures, crashed = check_program(runner, name, args.workdir, prog,
                                          seed, modes, not args.no_oracle)
        if crashed and units and len(units) > 1 and \
                drill_budget.acquire(blocking=False):
            failures += drill_down(runner, name, args.workdir, units, seed,
                                   crashed, not args.no_oracle)
        note = None
        wrong = [f for f in failures if f.kind == "oracle"] or \
            [f for f in failures if f.kind == "crash"]
        if units is None and wrong and not args.no_oracle:
            try:
                note = localize(runner, name, args.workdir, prog, seed,
                                wrong[0].mode, wrong[0].kind == "crash")
            except Exception as e:  # diagnosis only
                note = f"localization failed: {type(e).__name__}: {e}"
        return name, prog, failures, note

    all_failures, passed, shown = [], 0, set()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for name, prog, failures, note in ex.map(work, jobs):
            if failures:
                print(f"--- {name}: {prog.comment.splitlines()[0]}")
                print_failures(name, prog, failures, shown)
                if note:
                    print(f"  {note}")
                if args.show_programs:
                    print(prog.to_mlir())
            else:
                passed += 1
            all_failures += failures
    summarize(all_failures, len(jobs), passed, args.what, time.time() - t0)
    return 1 if all_failures else 0


def resolve_modes(spec):
    if spec == "default":
        return DEFAULT_MODES
    if spec == "all":
        return list(MODES)
    modes = spec.split(",")
    for m in modes:
        if m not in MODES:
            sys.exit(f"unknown mode {m}; known: {', '.join(MODES)}")
    return modes


def cmd_random(args):
    jobs = []
    args.drill_downs = 0
    for seed in range(args.first, args.first + args.seeds):
        jobs.append((f"seed-{seed}",
                     lambda seed=seed: gen_program.generate(
                         seed, args.size, args.min_extent, args.extents),
                     seed, None))
    args.what = f"random programs (seeds {args.first}..{args.first + args.seeds - 1})"
    return run_many(args, jobs)


def cmd_sweep(args):
    full = args.extents == "full"
    extents = None  # each family's default (sweep.default_extents)
    if args.extents not in ("default", "full"):
        extents = []
        for part in args.extents.split(","):
            lo, _, hi = part.partition("-")
            extents += list(range(int(lo), int(hi or lo) + 1))
        full = True
    dtypes = args.dtypes.split(",") if args.dtypes else None
    jobs = []
    for family in args.family.split(","):
        units = sweep.family_units(
            family, extents or sweep.default_extents(family, full), dtypes,
            full)
        for k, group in enumerate(sweep.pack(units, args.per_program)):
            name = f"{family}-{k}"
            jobs.append((name, lambda name=name, group=group:
                         sweep.build_program(name, group),
                         args.seed + k, group))
    args.what = (f"sweep {args.family}{' ' + args.dtypes if dtypes else ''}"
                 f" (extents {args.extents})")
    return run_many(args, jobs)


def cmd_file(args):
    """Hand-written programs with the runner's --random inputs: every mode
    agrees bit for bit with the reference (or within --max-ulps)."""
    runner = Runner(args.runner, args.timeout)
    # No oracle here: the libmvec modes have nothing to be checked against.
    modes = [m for m in resolve_modes(args.modes) if not oracle_only(m)]
    ulps = {}
    for spec in args.max_ulps:
        k, v = spec.split("=")
        ulps[k] = int(v)
    failures, t0 = [], time.time()
    for entry_spec in args.entry:
        entry, _, seed = entry_spec.partition(":")
        seed = seed or str(args.random)
        d = os.path.join(args.workdir, entry)
        os.makedirs(d, exist_ok=True)
        for old in os.listdir(d):
            os.remove(os.path.join(d, old))
        extra = [f"--entry={entry}", f"--random={seed}"] + \
            ([f"--dim={args.dim}"] if args.dim else [])
        outs = {}
        for mode in modes:
            prefix = os.path.join(d, f"{mode}-")
            cmd = runner.cmd(args.program, [], prefix, MODES[mode], extra)
            try:
                r = subprocess.run(cmd, capture_output=True, text=True,
                                   timeout=args.timeout)
                err = None if r.returncode == 0 else \
                    describe_rc(r.returncode) + ": " + first_error(r)
            except subprocess.TimeoutExpired:
                err = f"timed out after {args.timeout} s"
            if err:
                failures.append(f"{entry} [{mode}] crash: {err}\n  replay: "
                                + " ".join(shlex.quote(x) for x in cmd))
                continue
            got, n = [], 0
            while os.path.exists(f"{prefix}{n}.npy"):
                got.append(np.load(f"{prefix}{n}.npy"))
                n += 1
            outs[mode] = got
        ref = outs.get("reference")
        for mode, got in outs.items():
            if ref is None or mode == "reference":
                continue
            for i, (a, b) in enumerate(zip(ref, got)):
                bound = ulps.get(f"{entry}.{i}")
                if bound is not None:
                    worst = ulp_distance(a, b)
                    if worst is None or worst > bound:
                        failures.append(f"{entry} [{mode}] output #{i}: "
                                        f"{worst} ulps from reference "
                                        f"(bound {bound})")
                    continue
                diff = numpy_oracle.same_bits(a, b)
                if diff is None or diff.any():
                    failures.append(
                        f"{entry} [{mode}] output #{i} differs from reference"
                        + ("" if diff is None else
                           f" in {int(diff.sum())} of {a.size} elements"))
    for f in failures:
        print(f"FAIL {f}")
    print(f"{os.path.basename(args.program)} ({', '.join(args.entry)}): "
          f"{len(modes)} modes, "
          f"{'all agree' if not failures else f'{len(failures)} failures'}"
          f" ({time.time() - t0:.0f} s)")
    return 1 if failures else 0


def ulp_distance(a, b):
    if a.dtype != b.dtype or a.shape != b.shape:
        return None
    if a.dtype.kind == "c":
        x, y = ulp_distance(a.real, b.real), ulp_distance(a.imag, b.imag)
        return None if x is None or y is None else max(x, y)
    if a.dtype.kind != "f":
        return 0 if np.array_equal(a, b) else None
    it = np.int32 if a.dtype == np.float32 else np.int64
    ia, ib = a.view(it).astype(np.int64), b.view(it).astype(np.int64)
    sign = np.int64(1) << (8 * a.dtype.itemsize - 1)
    oa = np.where(ia < 0, -(ia & (sign - 1)), ia)
    ob = np.where(ib < 0, -(ib & (sign - 1)), ib)
    both_nan = np.isnan(a) & np.isnan(b)
    d = np.where(both_nan, 0, np.abs(oa - ob))
    return int(d.max()) if d.size else 0


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--runner", required=True)
    ap.add_argument("--workdir", default="diff-work")
    ap.add_argument("--modes", default="default")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--no-oracle", action="store_true")
    ap.add_argument("--show-programs", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("random")
    r.add_argument("--first", type=int, default=1)
    r.add_argument("--seeds", type=int, default=30)
    r.add_argument("--size", type=int, default=14,
                   help="instructions per program")
    r.add_argument("--min-extent", type=int, default=1,
                   help="smallest contiguous extent R")
    r.add_argument("--extents", type=gen_program.parse_extents,
                   help="draw the contiguous extent R from these (e.g. "
                   "4100,40005: the parallel lowering's halves and chunks)")
    s = sub.add_parser("sweep")
    s.add_argument("--family", required=True,
                   help=",".join(sweep.FAMILIES))
    s.add_argument("--extents", default="default")
    s.add_argument("--dtypes")
    s.add_argument("--per-program", type=int, default=24)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--drill-downs", type=int, default=10,
                   help="crashed programs rerun unit by unit (the first N)")
    f = sub.add_parser("file")
    f.add_argument("program")
    f.add_argument("--entry", action="append", required=True,
                   help="NAME[:SEED], repeatable")
    f.add_argument("--random", type=int, default=1,
                   help="seed of entries without one")
    f.add_argument("--max-ulps", action="append", default=[])
    f.add_argument("--dim", type=int)
    argv = sys.argv[1:]
    if not any(a in ("random", "sweep", "file") for a in argv):
        # The pre-subcommand form: differential.py --runner R --seeds K ...
        k = next((i for i, a in enumerate(argv) if a.split("=")[0] in
                  ("--first", "--seeds", "--size")), len(argv))
        argv = argv[:k] + ["random"] + argv[k:]
    args = ap.parse_args(argv)
    os.makedirs(args.workdir, exist_ok=True)
    sys.stdout.reconfigure(line_buffering=True)
    if args.cmd == "random":
        return cmd_random(args)
    if args.cmd == "sweep":
        return cmd_sweep(args)
    return cmd_file(args)


if __name__ == "__main__":
    sys.exit(main())
