// The NumPy oracle (numpy_oracle.py): first its own self-test against
// values written down from docs/semantics.md (remainder by 0 and -1,
// saturating conversions, NaN and signed zeros in maximum/minimum/sign,
// column-major reshape and reduction order, i1 scatter, clamping of
// indices, ...); then generated programs whose contiguous extent fills
// vectors of every width (R >= 16), 24 instructions each, in every mode,
// against the oracle, which evaluates the programs' descriptions with
// NumPy and never consults the reference interpreter.
// UNSUPPORTED: asan
// (This generated test runs in the normal build only, not in the sanitizer one:
// under ASan the runner's JIT is several times slower and the sweeps alone
// would take most of CI's time. One open finding there: docs/robustness.md,
// "Open: an ASan-only crash of compiled code".)
// RUN: %python %S/numpy_oracle.py --self-test
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t random --first 1001 --seeds 8 --size 24 --min-extent 16
// Real shapes: the contiguous extent 4100, 16400 or 40005 (the parallel
// lowering's halves and chunks of 16384, static and dynamic), every mode
// (--modes all: parallel-versioned and the libmvec runs too). Seed 30013
// multiplies complex infinities, where the interpreter once recovered
// them (C99 Annex G) and compiled code did not.
// RUN: rm -rf %t.real
// RUN: env OMP_NUM_THREADS=2 %python %S/differential.py --runner tenferro-runner --workdir %t.real --modes all random --first 30009 --seeds 6 --size 24 --extents 4100,16400,40005
