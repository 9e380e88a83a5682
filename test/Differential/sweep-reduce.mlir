// reduce_sum, reduce_prod, reduce_sum_squares (every numeric dtype) and
// reduce_max/reduce_min (f32, f64) over [n, 3] (axes [0], [1], [0, 1]) and
// [n], at contiguous extents around and above each vector width, and over
// [131139] (two whole parts of 65536, a group and a tail; static and
// dynamic), in every mode, against the NumPy oracle, which sums in the
// order docs/semantics.md 8.5 prescribes (bit-identical). Full run:
//   python3 test/Differential/differential.py --runner build/bin/tenferro-runner --workdir /tmp/sweep -j 2 sweep --family reduce --extents full
// UNSUPPORTED: asan
// (This generated test runs in the normal build only, not in the sanitizer one:
// under ASan the runner's JIT is several times slower and the sweeps alone
// would take most of CI's time. One open finding there: docs/robustness.md,
// "Open: an ASan-only crash of compiled code".)
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t sweep --family reduce
