#!/usr/bin/env python3
"""tenferro-mlir performance suite: fused kernels beside unfused execution,
fused with the options that go beyond the runtime's segmentation
("beyond": column-fusion, elementwise-fusion and fold-shape-of), a
hand-written C++ loop, Eigen, NumPy, PyTorch, a Numba loop and the
machine's memory bandwidth.

Usage: bench/run.sh [--quick] [--sizes LO:HI:STEP] [--dtypes f32,f64]
                    [--workloads a,b] [--threads 1,2] [--verify-only]
                    [--no-compile-cost] [--no-docs]

One run does, in order:
  1. builds tenferro-runner / tenferro-opt (build/) and the C++ peers
     (bench/perf/native.cpp, g++ -O3 -march=native -ffp-contract=off
     -fopenmp, Eigen), and loads the Python peers that import
     (bench/perf/python_peers.py: PyTorch, Numba; a missing one is
     skipped with a log line);
  2. verifies every implementation against NumPy on a small size (a wrong
     kernel is never timed);
  3. times every workload, dtype, size and implementation: min and median
     of repeated calls in one process each;
  4. measures compile cost (segmentation and full lowering of random
     programs of 10^3 and more instructions, bench/gen_program.py);
  5. writes bench/results/perf.csv, bench/results/compile.csv, PNG plots
     in docs/images/ and the tables of docs/performance.md (between the
     perf-suite markers).

Every process runs with GLIBC_TUNABLES set so that freed buffers are
reused instead of returned to the kernel: tenferro programs and NumPy
allocate their outputs on every call, and with glibc's defaults each call
of a large program pays page faults for fresh mmap'd memory, which
measures the kernel's page zeroing, not the code (docs/performance.md).
"""
import argparse
import csv
import datetime
import importlib.util
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import python_peers  # noqa: E402
import workloads as W  # noqa: E402

TUNABLES = "glibc.malloc.mmap_max=0:glibc.malloc.trim_threshold=68719476736"
BUILD = os.environ.get("BUILD_DIR", os.path.join(ROOT, "build"))
RUNNER = os.path.join(BUILD, "bin", "tenferro-runner")
# --pipeline-options, one entry each: passed to every tenferro-runner run
# (fused, beyond and unfused rows, verification), e.g. elementwise-fusion=true,
# after destination-passing=true unless --fresh-outputs: like the C++
# peers, which write preallocated outputs, the runner then passes buffers
# allocated once to every timed call (docs/abi.md, "Destination passing").
PIPELINE_OPTIONS = []
OPT = os.path.join(BUILD, "bin", "tenferro-opt")
NATIVE = os.path.join(BUILD, "bench", "native")
RESULTS = os.path.join(ROOT, "bench", "results")
IMAGES = os.path.join(ROOT, "docs", "images")
DOC = os.path.join(ROOT, "docs", "performance.md")
ESIZE = {"f32": 4, "f64": 8}
NPTYPE = {"f32": np.float32, "f64": np.float64}
# Implementations, in report order. "threads" says which thread counts
# each one runs with (Eigen and NumPy run coefficient-wise code on one).
# torch and numba are the Python peers (python_peers.py), run when they
# import.
# "beyond" is tenferro fused with BEYOND_OPTIONS on top: the named
# options that fuse past the runtime's segmentation (docs/design.md), so
# that every run shows what they gain beside the default ("fused").
IMPLS = ["fused", "beyond", "unfused", "loop", "eigen", "numpy", "torch",
         "numba"]
MULTI_THREADED = {"fused", "beyond", "unfused", "loop", "torch", "numba"}
TENFERRO_IMPLS = {"fused", "beyond", "unfused"}
BEYOND_OPTIONS = ("column-fusion=true elementwise-fusion=true "
                  "fold-shape-of=true")
PYTHON_PEERS = {"torch", "numba"}
# The peers the fused time is compared with (targets, ratio columns).
PEER_LABELS = [("loop", "the loop"), ("eigen", "Eigen"), ("numpy", "NumPy"),
               ("torch", "PyTorch"), ("numba", "Numba")]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def die(msg):
    log(f"bench: error: {msg}")
    sys.exit(1)


def sh(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        die(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stdout}{r.stderr}")
    return r.stdout


# --- 1. build ----------------------------------------------------------------

def build():
    if not os.path.exists(os.path.join(BUILD, "build.ninja")):
        log("bench: configuring build/")
        sh(["cmake", "-G", "Ninja", "-S", ROOT, "-B", BUILD,
            "-DCMAKE_BUILD_TYPE=Release"])
    log("bench: building tenferro-runner and tenferro-opt")
    sh(["ninja", "-C", BUILD, "tenferro-runner", "tenferro-opt"])
    src = os.path.join(HERE, "native.cpp")
    # Rebuilt when the peers or these flags change (this file).
    if (not os.path.exists(NATIVE)
            or os.path.getmtime(NATIVE) < max(os.path.getmtime(src),
                                              os.path.getmtime(__file__))):
        log("bench: building the C++ peers (g++ -O3 -march=native "
            "-ffp-contract=off, Eigen)")
        os.makedirs(os.path.dirname(NATIVE), exist_ok=True)
        # No fused multiply-add contraction: tenferro rounds every
        # operation (docs/semantics.md 3.4), so like for like the peers do
        # too (g++ contracts by default in GNU mode).
        sh(["g++", "-O3", "-march=native", "-ffp-contract=off", "-fopenmp",
            "-std=c++17", "-I/usr/include/eigen3", src, "-o", NATIVE])


# --- inputs ------------------------------------------------------------------

def make_inputs(w, dtype, n, seed=1):
    rng = np.random.default_rng(seed)
    out = []
    for _, shape in w.inputs(n):
        a = rng.uniform(-1.0, 1.0, size=shape).astype(NPTYPE[dtype])
        out.append(np.asfortranarray(a) if a.ndim > 1 else a)
    return out


def program(w, dtype, n, workdir):
    path = os.path.join(workdir, f"{w.name}-{dtype}-{n}.mlir")
    if not os.path.exists(path):
        with open(path, "w") as f:
            f.write(w.mlir(dtype, n))
    return path


# --- 2. verification -----------------------------------------------------------

def close(got, want, dtype):
    # Elementwise ops are exact; exp, tanh and sums differ in the last bits
    # between libm, Eigen's vector code and summation orders.
    rtol = 1e-5 if dtype == "f32" else 1e-12
    return np.allclose(got, want, rtol=rtol, atol=rtol)


def verify(ws, dtypes, thread_counts, peers, workdir):
    n = 1 << 10
    for dtype in dtypes:
        for w in ws:
            ins = make_inputs(w, dtype, n)
            want = w.numpy(*ins)[0]
            vdir = tempfile.mkdtemp(dir=workdir)
            for k, a in enumerate(ins):
                np.save(os.path.join(vdir, f"in{k}.npy"), a)
                a.ravel(order="F").tofile(os.path.join(vdir, f"in{k}.bin"))
            checks = []
            if w.tenferro:
                prog = program(w, dtype, n, workdir)
                for mode in ("fused", "beyond", "unfused"):
                    cmd = [RUNNER, prog, "--print-elements=0",
                           f"--output={vdir}/{mode}"]
                    cmd += [f"--input={vdir}/in{k}.npy" for k in range(len(ins))]
                    sh(cmd + runner_flags(mode))
                    checks.append((mode, np.load(f"{vdir}/{mode}0.npy")))
            sh([NATIVE, "verify", w.name, dtype, str(n), vdir])
            for impl in ("loop", "eigen"):
                raw = np.fromfile(f"{vdir}/{impl}.bin", dtype=NPTYPE[dtype])
                checks.append((impl, raw.reshape(want.shape, order="F")))
            # The Python peers at every thread count of the run (Numba's
            # parallel loops are other code than its serial ones).
            for impl, peer in peers.items():
                for threads in thread_counts:
                    run = peer.prepare(w, n, ins, threads)
                    name = impl + (f" ({threads} threads)" if threads > 1
                                   else "")
                    checks.append((name, np.asarray(peer.result(run()))))
            for impl, got in checks:
                if got.shape != want.shape or not close(got, want, dtype):
                    err = np.max(np.abs(got.astype(np.float64) - want))
                    die(f"{w.name} {dtype}: {impl} differs from NumPy "
                        f"(max abs error {err:.3g})")
            shutil.rmtree(vdir)
        log(f"bench: verified {len(ws)} workloads ({dtype}) against NumPy"
            + (f" (with {', '.join(peers)})" if peers else ""))


# --- 3. timing -----------------------------------------------------------------

def repeats_for(n):
    # About 2^27 elements of work per measurement, at least 5 calls.
    return max(5, min(2000, (1 << 27) // n))


TIME_RE = re.compile(r"time: min (\S+) s, median (\S+) s")


def runner_flags(impl):
    """tenferro-runner's flags for one of TENFERRO_IMPLS."""
    options = PIPELINE_OPTIONS + ([BEYOND_OPTIONS] if impl == "beyond" else [])
    flags = [f"--pipeline-options={' '.join(options)}"] if options else []
    return flags + (["--no-fusion"] if impl == "unfused" else [])


def time_tenferro(w, dtype, n, threads, impl, workdir):
    cmd = [RUNNER, program(w, dtype, n, workdir), "--random=1",
           "--print-elements=0", f"--repeat={repeats_for(n) + 1}"]
    cmd += runner_flags(impl)
    if threads > 1:
        cmd.append("--parallel-loops")
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    m = TIME_RE.search(sh(cmd, env=env))
    if not m:
        die(f"no timing in the output of {' '.join(cmd)}")
    return float(m.group(1)), float(m.group(2))


def time_native(w, dtype, n, threads, impl):
    out = sh([NATIVE, "time", w.name, dtype, str(n), str(repeats_for(n)),
              str(threads), impl],
             env=dict(os.environ, OMP_NUM_THREADS=str(threads)))
    lo, med = out.split()
    return float(lo), float(med)


def time_calls(call, n):
    """Min and median of repeated calls in this process, after one
    untimed warm-up call."""
    call()  # warm-up (and Numba's compilation)
    seconds = []
    for _ in range(repeats_for(n)):
        start = time.perf_counter()
        call()
        seconds.append(time.perf_counter() - start)
    return min(seconds), statistics.median(seconds)


def time_numpy(w, dtype, n):
    ins = make_inputs(w, dtype, n)
    return time_calls(lambda: w.numpy(*ins), n)


def time_peer(peer, w, dtype, n, threads):
    """A Python peer: its inputs made like NumPy's, its set-up (tensors,
    output buffer, thread count) outside the timed calls."""
    ins = make_inputs(w, dtype, n)
    return time_calls(peer.prepare(w, n, ins, threads), n)


def measure(ws, dtypes, sizes, thread_counts, peers, workdir):
    rows = []
    total = len(dtypes) * len(sizes) * len(ws)
    done = 0
    for dtype in dtypes:
        for n in sizes:
            for w in ws:
                done += 1
                log(f"bench: [{done}/{total}] {w.name} {dtype} n=2^{int(math.log2(n))}")
                for threads in thread_counts:
                    for impl in IMPLS:
                        if threads > 1 and impl not in MULTI_THREADED:
                            continue
                        if impl in TENFERRO_IMPLS:
                            if not w.tenferro:
                                continue
                            t = time_tenferro(w, dtype, n, threads, impl,
                                              workdir)
                        elif impl in ("loop", "eigen"):
                            t = time_native(w, dtype, n, threads, impl)
                        elif impl in PYTHON_PEERS:
                            if impl not in peers:
                                continue  # said once, at load
                            t = time_peer(peers[impl], w, dtype, n, threads)
                        else:
                            t = time_numpy(w, dtype, n)
                        b = w.bytes(n, ESIZE[dtype])
                        rows.append(dict(
                            workload=w.name, dtype=dtype, n=n,
                            threads=threads, impl=impl,
                            min_s=t[0], median_s=t[1], bytes=b,
                            gbps=b / t[0] / 1e9))
    return rows


# --- 4. compile cost -----------------------------------------------------------

def peak_rss_kib(pid):
    """VmHWM of a running process: its peak resident memory since exec.
    (getrusage's ru_maxrss of a child counts the forking parent's peak,
    which here holds the large benchmark arrays.)"""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def run_measured(cmd, limit, want_stderr=False):
    """Wall time and peak RSS (MiB) of one process (and its stderr with
    `want_stderr`), or None past `limit` s. The process gets glibc's
    default malloc settings: the suite's GLIBC_TUNABLES (never return
    memory) would inflate a compiler's peak."""
    env = {k: v for k, v in os.environ.items() if k != "GLIBC_TUNABLES"}
    start = time.perf_counter()
    err_file = tempfile.TemporaryFile()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err_file,
                         env=env)
    deadline = start + limit
    peak = 0
    while True:
        # Read before reaping: /proc/<pid> goes with the process.
        peak = max(peak, peak_rss_kib(p.pid))
        pid, status, _ = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            p.kill()
            os.wait4(p.pid, 0)
            return None
        time.sleep(0.01)
    err_file.seek(0)
    err = err_file.read().decode()
    if os.waitstatus_to_exitcode(status) != 0:
        die(f"{' '.join(cmd)} failed: {err}")
    result = (time.perf_counter() - start, peak / 1024)
    return result + (err,) if want_stderr else result


def memory_bound():
    """The documented memory bound, from the test that checks it."""
    path = os.path.join(ROOT, "test", "Pipelines", "Inputs",
                        "check_memory_bound.py")
    spec = importlib.util.spec_from_file_location("check_memory_bound", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.bound_mib


KERNELS_RE = re.compile(r"kernels: (\d+) outlined, (\d+) after")
PARTITIONS_RE = re.compile(r"code generation: (\d+) partitions on (\d+) threads")
# The report is printed before the program runs: its total is the
# compile time alone (parsing, the MLIR pipeline, the JIT).
TOTAL_RE = re.compile(r"Total Execution Time: (\S+) seconds")


def compile_cost(sizes, limit, workdir):
    """Segmentation and lowering to the LLVM dialect (`tenferro-opt`;
    default options, the verifier once at the end, not after every pass,
    which would cost 60% more time), against the documented bound; then
    text to object file and text to JIT code (`tenferro-runner`, whose
    --timing gives the kernel counts and the JIT's share of a run), for
    the generator's mix and for its --distinct mode, where no two regions
    are alike and deduplication has nothing to merge."""
    bound_mib = memory_bound()
    rows = []
    for n in sizes:
        for mix in ("mix", "distinct"):
            path = os.path.join(workdir, f"prog-{n}-{mix}.mlir")
            gen = [sys.executable, os.path.join(ROOT, "bench",
                                                "gen_program.py"), str(n), "1"]
            with open(path, "w") as f:
                f.write(sh(gen + (["--distinct"] if mix == "distinct" else [])))
            stages = [("object", [RUNNER, path, "--compile-only", "--timing",
                                  "--emit-object=" + path + ".o"]),
                      ("jit", [RUNNER, path, "--random=1", "--timing",
                               "--print-elements=0"])]
            if mix == "mix":
                stages = [("segment", [OPT, path, "--tenferro-segment",
                                       "--verify-each=false", "-o",
                                       "/dev/null"]),
                          ("lower-to-llvm", [OPT, path,
                                             "--tenferro-lower-to-llvm",
                                             "--verify-each=false", "-o",
                                             "/dev/null"])] + stages
            for stage, cmd in stages:
                r = run_measured(cmd, limit, want_stderr=True)
                kernels = KERNELS_RE.search(r[2]) if r else None
                partitions = PARTITIONS_RE.search(r[2]) if r else None
                jit = TOTAL_RE.search(r[2]) if r and stage == "jit" else None
                seconds = r[0] if r else ""
                if jit:  # compile time, not the program's run
                    seconds = float(jit.group(1))
                # The documented bounds (not for the JIT, whose process
                # also runs the program).
                bound = bound_mib(stage, n) if stage != "jit" else None
                log(f"bench: compile {mix} {stage} {n}: "
                    + (f"{seconds:.2f} s, {r[1]:.0f} MiB"
                       + (f" (bound {bound:.0f} MiB)" if bound else "")
                       if r else f"over {limit} s"))
                rows.append(dict(
                    instructions=n, program=mix, stage=stage,
                    seconds=seconds,
                    peak_rss_mib=round(r[1]) if r else "",
                    bound_mib=round(bound) if bound else "",
                    kernels=kernels.group(1) if kernels else "",
                    distinct_kernels=kernels.group(2) if kernels else "",
                    partitions=partitions.group(1) if partitions else "",
                    threads=partitions.group(2) if partitions else "",
                    note="" if r else f"stopped after {limit} s"))
    return rows


# --- 5. reports ----------------------------------------------------------------

def write_csv(path, rows):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        wr = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        wr.writeheader()
        wr.writerows(rows)


def read_compile_csv(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        if r["seconds"] != "":
            r["seconds"] = float(r["seconds"])
    return rows


def read_perf_csv(path):
    rows = []
    with open(path) as f:
        for r in csv.DictReader(f):
            for k in ("n", "threads", "bytes"):
                r[k] = int(r[k])
            for k in ("min_s", "median_s", "gbps"):
                r[k] = float(r[k])
            rows.append(r)
    return rows


def index(rows):
    return {(r["workload"], r["dtype"], r["n"], r["threads"], r["impl"]): r
            for r in rows}


def triad_gbps(ix, dtype, n, threads):
    """The bandwidth ceiling: the hand-written triad at this size."""
    r = ix.get(("triad", dtype, n, threads, "loop"))
    return r["gbps"] if r else None


def plots(rows, ws, dtypes, sizes, thread_counts):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ix = index(rows)
    os.makedirs(IMAGES, exist_ok=True)
    names = []
    style = {"fused": "C0-o", "unfused": "C1-s", "loop": "C2-^",
             "eigen": "C3-v", "numpy": "C4-d", "torch": "C5-P",
             "numba": "C6-X", "beyond": "C7-*"}
    for dtype in dtypes:
        for threads in thread_counts:
            shown = [w for w in ws if w.name != "copy"]
            cols = 4
            rws = math.ceil(len(shown) / cols)
            fig, axes = plt.subplots(rws, cols, figsize=(4 * cols, 3.2 * rws),
                                     squeeze=False)
            for ax, w in zip(axes.flat, shown):
                for impl in IMPLS:
                    pts = [(n, ix[(w.name, dtype, n, threads, impl)]["gbps"])
                           for n in sizes
                           if (w.name, dtype, n, threads, impl) in ix]
                    if pts:
                        ax.plot([math.log2(p[0]) for p in pts],
                                [p[1] for p in pts], style[impl], ms=3,
                                label=impl)
                ceil = [(n, triad_gbps(ix, dtype, n, threads)) for n in sizes]
                ceil = [c for c in ceil if c[1]]
                if ceil:
                    ax.plot([math.log2(c[0]) for c in ceil],
                            [c[1] for c in ceil], "k--", lw=1,
                            label="triad (ceiling)")
                ax.set_title(f"{w.name}")
                ax.set_xlabel("log2(elements)")
                ax.set_ylabel("effective GB/s")
                ax.set_yscale("log")
                ax.grid(True, alpha=0.3)
            for ax in list(axes.flat)[len(shown):]:
                ax.axis("off")
            axes.flat[0].legend(fontsize=7)
            fig.suptitle(f"{dtype}, {threads} thread(s): effective bandwidth "
                         "(bytes that must move / min time)")
            fig.tight_layout()
            name = f"perf-{dtype}-{threads}t.png"
            fig.savefig(os.path.join(IMAGES, name), dpi=80)
            plt.close(fig)
            names.append(name)
    return names


def fmt_t(s):
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} µs"


def table(rows, ws, dtype, n, threads):
    ix = index(rows)
    ceiling = triad_gbps(ix, dtype, n, threads)
    out = [f"**{dtype}, n = 2^{int(math.log2(n))}, {threads} thread(s)**; "
           f"triad ceiling {ceiling:.1f} GB/s" if ceiling else "",
           "",
           "| workload | fused min / median | GB/s | % triad | "
           "beyond (fused/beyond) | unfused | "
           "loop | Eigen | NumPy | PyTorch | Numba | "
           "unfused/fused (bytes ratio) | Eigen/fused | NumPy/fused | "
           "loop/fused | PyTorch/fused | Numba/fused |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for w in ws:
        def get(impl):
            return ix.get((w.name, dtype, n, threads, impl))
        f = get("fused")
        cells = [w.name]
        if f:
            cells += [f"{fmt_t(f['min_s'])} / {fmt_t(f['median_s'])}",
                      f"{f['gbps']:.1f}",
                      f"{100 * f['gbps'] / ceiling:.0f}%" if ceiling else "-"]
        else:
            best = get("loop")
            cells += ["-", f"({best['gbps']:.1f} loop)" if best else "-", "-"]
        b = get("beyond")
        cells.append(f"{fmt_t(b['min_s'])} ({f['min_s'] / b['min_s']:.2f}x)"
                     if (b and f) else "-")
        for impl in ("unfused", "loop", "eigen", "numpy", "torch", "numba"):
            r = get(impl)
            cells.append(fmt_t(r["min_s"]) if r else "-")

        def ratio(impl):
            r = get(impl)
            return f"{r['min_s'] / f['min_s']:.2f}" if (r and f) else "-"
        u = ratio("unfused")
        if f and u != "-":
            e = ESIZE[dtype]
            u += (f" ({w.unfused_bytes(n, e) / w.fused_bytes(n, e):.1f})")
        cells += [u, ratio("eigen"), ratio("numpy"), ratio("loop"),
                  ratio("torch"), ratio("numba")]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def targets(rows, ws, dtype, n):
    """The issue's targets at the largest size, single-threaded: a line per
    workload saying met or missed, by default and, where the run has them,
    with BEYOND_OPTIONS."""
    ix = index(rows)
    lines = []
    for w in ws:
        f = ix.get((w.name, dtype, n, 1, "fused"))
        if not f:
            continue
        line = f"- `{w.name}`: " + verdict(ix, w, dtype, n, f)
        b = ix.get((w.name, dtype, n, 1, "beyond"))
        if b:
            line += (f"; beyond ({BEYOND_OPTIONS.replace('=true', '')}): "
                     + verdict(ix, w, dtype, n, b))
        lines.append(line)
    return "\n".join(lines)


def verdict(ix, w, dtype, n, f):
    """Met, or missed with each reason, for the tenferro row f."""
    ceiling = triad_gbps(ix, dtype, n, 1)
    missed = []
    # The bandwidth target is for memory-bound workloads: those that some
    # implementation of the run moves at 90% of the triad's speed or more.
    # Where none does, the workload is compute-bound on this machine and
    # only the peers' times count.
    best = max((r["gbps"] for k, r in ix.items()
                if k[:4] == (w.name, dtype, n, 1)), default=0)
    memory_bound = ceiling and best >= 0.9 * ceiling
    if memory_bound and f["gbps"] < 0.9 * ceiling:
        missed.append(f"{100 * f['gbps'] / ceiling:.0f}% of triad (< 90%)")
    for impl, name in PEER_LABELS:
        r = ix.get((w.name, dtype, n, 1, impl))
        # 5% allowance for run-to-run noise on a shared machine.
        if r and f["min_s"] > 1.05 * r["min_s"]:
            missed.append(f"{f['min_s'] / r['min_s']:.2f}x the time of {name}")
    # Both cores: 1.8x the single-threaded speed, or the triad's own
    # two-thread speed-up where that is less (the memory's limit), with the
    # same 5% allowance.
    f2 = ix.get((w.name, dtype, n, 2, f["impl"]))
    t1 = ix.get(("triad", dtype, n, 1, "loop"))
    t2 = ix.get(("triad", dtype, n, 2, "loop"))
    if f2 and t1 and t2:
        want = min(1.8, t1["min_s"] / t2["min_s"])
        got = f["min_s"] / f2["min_s"]
        if got < 0.95 * want:
            missed.append(f"2 threads {got:.2f}x (< {want:.2f}x)")
    u = ix.get((w.name, dtype, n, 1, "unfused"))
    e = ESIZE[dtype]
    expect = w.unfused_bytes(n, e) / w.fused_bytes(n, e)
    # Fusion's gain on memory-bound workloads: the bytes it saves.
    if memory_bound and u and u["min_s"] / f["min_s"] < 0.85 * expect:
        missed.append(f"unfused/{f['impl']} {u['min_s'] / f['min_s']:.2f} "
                      f"< bytes ratio {expect:.1f}")
    return "met" if not missed else "missed: " + ", ".join(missed)


def machine(peers):
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
            mem = f", {kb / 2**20:.0f} GiB"
    except (OSError, ValueError):
        pass
    versions = "".join(f", {p.label} {p.version}" for p in peers.values())
    return (f"{cpu}, {os.cpu_count()} cores{mem}, {platform.platform()}, "
            f"NumPy {np.__version__}{versions}")


def update_doc(rows, crows, ws, dtypes, sizes, thread_counts, pngs, argv):
    big = max(sizes)
    mid = [n for n in sizes if n <= (1 << 14)]
    with open(os.path.join(RESULTS, "perf.meta")) as f:
        measured = f.read().strip()
    parts = [f"Timings: {measured}. Raw numbers: `bench/results/perf.csv`.",
             ""]
    for dtype in dtypes:
        parts += ["### Targets, " + dtype, "", targets(rows, ws, dtype, big), ""]
    for dtype in dtypes:
        for threads in thread_counts:
            parts += [table(rows, ws, dtype, big, threads), ""]
        if mid:
            parts += [table(rows, ws, dtype, max(mid), 1), ""]
    for p in pngs:
        parts += [f"![{p}](images/{p})", ""]
    if crows:
        with open(os.path.join(RESULTS, "compile.meta")) as f:
            cmeta = f.read().strip()
        parts += ["### Compile cost", "",
                  f"{cmeta[0].upper()}{cmeta[1:]}. "
                  "Random programs from `bench/gen_program.py` (seed 1; "
                  "`distinct`: its `--distinct` mode, where no two elementwise "
                  "regions are alike). Wall time and peak resident memory of the "
                  "whole process: `segment` and `lower-to-llvm` are "
                  "`tenferro-opt` to the LLVM dialect (parsing and printing "
                  "included; `--verify-each=false`), `object` is "
                  "`tenferro-runner --compile-only --emit-object` (text to "
                  "object file), `jit` text to JIT code, the total of `tenferro-runner "
                  "--timing` (parsing, the pipeline, translation, "
                  "optimization, code generation and linking, reported "
                  "before the program runs; peak memory of the whole "
                  "run). Kernel counts, partitions and the threads that "
                  "compiled them from `--timing` (docs/design.md, "
                  "\"Parallel code generation\"); the MLIR pass manager on "
                  "all cores. The memory bound is the one "
                  "docs/robustness.md documents.", "",
                  "| instructions | program | stage | seconds | "
                  "peak RSS (MiB) | bound (MiB) | kernels outlined | "
                  "after deduplication | partitions | threads |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for r in crows:
            sec = f"{r['seconds']:.2f}" if r["seconds"] != "" else r["note"]
            parts.append(f"| {r['instructions']} | {r['program']} | "
                         f"{r['stage']} | {sec} | {r['peak_rss_mib']} | "
                         f"{r['bound_mib']} | {r['kernels']} | "
                         f"{r['distinct_kernels']} | {r.get('partitions', '')} | "
                         f"{r.get('threads', '')} |")
        parts.append("")
    text = "\n".join(parts)
    begin, end = "<!-- perf-suite:begin -->", "<!-- perf-suite:end -->"
    with open(DOC) as f:
        doc = f.read()
    if begin not in doc or end not in doc:
        die(f"{DOC} lacks the {begin} / {end} markers")
    head, rest = doc.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(DOC, "w") as f:
        f.write(head + begin + "\n" + text + "\n" + end + tail)
    log(f"bench: updated {DOC}")


def parse_sizes(s):
    lo, hi, step = (int(x) for x in s.split(":"))
    return [1 << e for e in range(lo, hi + 1, step)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="sizes 2^12:2^24:6, f32 only, compile cost to 10^4")
    ap.add_argument("--sizes", default="10:26:2",
                    help="log2 sizes LO:HI:STEP (even exponents: 2-D "
                         "workloads are square)")
    ap.add_argument("--dtypes", default="f32,f64")
    ap.add_argument("--workloads", default=",".join(w.name for w in W.WORKLOADS))
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--verify-only", action="store_true",
                    help="build and check every implementation, time nothing")
    ap.add_argument("--no-compile-cost", action="store_true")
    ap.add_argument("--compile-sizes", default="1000,10000,100000,1000000")
    ap.add_argument("--compile-limit", type=float, default=300,
                    help="seconds before a compile measurement is stopped")
    ap.add_argument("--reuse-perf", action="store_true",
                    help="take the timings from bench/results/perf.csv "
                         "instead of measuring (re-render the report, "
                         "or measure compile cost alone)")
    ap.add_argument("--no-docs", action="store_true",
                    help="write CSV and plots only, leave docs/ alone")
    ap.add_argument("--pipeline-options", default="",
                    help="options of tenferro-lower-to-llvm for every "
                    "tenferro run (tenferro-runner --pipeline-options)")
    ap.add_argument("--fresh-outputs", action="store_true",
                    help="time tenferro with the outputs it allocates on "
                    "every call, not with destination passing")
    args = ap.parse_args()
    options = [] if args.fresh_outputs else ["destination-passing=true"]
    options += [args.pipeline_options] if args.pipeline_options else []
    PIPELINE_OPTIONS.extend(options)

    if os.environ.get("GLIBC_TUNABLES") != TUNABLES:
        # Before anything allocates: glibc reads the tunables at start-up.
        os.environ["GLIBC_TUNABLES"] = TUNABLES
        os.execv(sys.executable, [sys.executable] + sys.argv)

    if args.quick:
        args.sizes, args.dtypes, args.compile_sizes = "12:24:6", "f32", "1000,10000"
    sizes = parse_sizes(args.sizes)
    if any(int(math.log2(n)) % 2 for n in sizes):
        die("sizes must be even powers of two (2-D workloads are square)")
    dtypes = args.dtypes.split(",")
    for d in dtypes:
        if d not in ESIZE:
            die(f"unknown dtype '{d}' (f32 or f64)")
    try:
        ws = [W.BY_NAME[x] for x in args.workloads.split(",")]
    except KeyError as e:
        die(f"unknown workload {e}; known: {', '.join(W.BY_NAME)}")
    if W.BY_NAME["triad"] not in ws:
        ws.append(W.BY_NAME["triad"])  # the ceiling
    thread_counts = [int(t) for t in args.threads.split(",")]

    build()
    peers = python_peers.load(max(thread_counts), log)
    workdir = tempfile.mkdtemp(prefix="tenferro-bench-")
    try:
        verify(ws, dtypes, thread_counts, peers, workdir)
        if args.verify_only:
            print("bench: every implementation agrees with NumPy")
            return
        if args.reuse_perf:
            rows = read_perf_csv(os.path.join(RESULTS, "perf.csv"))
        else:
            rows = measure(ws, dtypes, sizes, thread_counts, peers, workdir)
            write_csv(os.path.join(RESULTS, "perf.csv"), rows)
            with open(os.path.join(RESULTS, "perf.meta"), "w") as f:
                f.write(f"measured {datetime.date.today().isoformat()} on "
                        f"{machine(peers)} with `bench/run.sh "
                        f"{' '.join(sys.argv[1:])}`\n")
        crows = []
        compile_csv = os.path.join(RESULTS, "compile.csv")
        compile_meta = os.path.join(RESULTS, "compile.meta")
        if not args.no_compile_cost:
            crows = compile_cost([int(x) for x in args.compile_sizes.split(",")],
                                 args.compile_limit, workdir)
            write_csv(compile_csv, crows)
            with open(compile_meta, "w") as f:
                f.write(f"measured {datetime.date.today().isoformat()} with "
                        f"`bench/run.sh {' '.join(sys.argv[1:])}`\n")
        elif os.path.exists(compile_csv) and os.path.exists(compile_meta):
            # The report keeps the last compile measurement, with its date
            # and command.
            crows = read_compile_csv(compile_csv)
        pngs = plots(rows, ws, dtypes, sizes, thread_counts)
        if not args.no_docs:
            update_doc(rows, crows, ws, dtypes, sizes, thread_counts, pngs,
                       sys.argv[1:])
        for dtype in dtypes:
            print(targets(rows, ws, dtype, max(sizes)))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
