// The parallel-loops lowering at the extents where it cuts loops
// (sweep.py, family `parallel`): lone elementwise loops in chunks of 16384
// and in halves of whole vectors (integer remainder and divide in the
// masked tail of the last chunk, NaN and signed zeros in maximum/minimum,
// i1 data through fused chains), and reductions over each axis of [n, 3]
// and [n, 2, 3] on every numeric dtype: the kept axis of a row reduction in
// chunks or halves, the 64 lanes of a whole sum in halves of 32. Extents
// 4100 (one chunk, in halves) and 40005 (two full chunks, a last one with a
// partial vector at every width), static and dynamic; two threads, vector
// widths 4, 8 (the fused baseline and the host's width) and 16, fused and
// unfused, against the NumPy oracle (bit-identical: reductions in the
// order of docs/semantics.md 8.5) and bit-identical to the serial fused
// program. parallel-versioned runs the default versioning of dynamic
// nests with a threshold between the extents' work: counted with gdb on
// __kmpc_fork_call, the dynamic 4100 program forks 103 times with
// parallel-min-work=0 and 6 times in this mode, the dynamic 40005 one 96
// and 26 times; the other nests run their sequential copies.
// UNSUPPORTED: asan
// (This generated test runs in the normal build only, not in the sanitizer one:
// under ASan the runner's JIT is several times slower and the sweeps alone
// would take most of CI's time. One open finding there: docs/robustness.md,
// "Open: an ASan-only crash of compiled code".)
// RUN: rm -rf %t
// RUN: env OMP_NUM_THREADS=2 %python %S/differential.py --runner tenferro-runner --workdir %t --modes fused,parallel,parallel-vw4,parallel-vw16,parallel-unfused,parallel-versioned sweep --family parallel
