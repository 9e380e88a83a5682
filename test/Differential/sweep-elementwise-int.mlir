// Every elementwise op on i1, i32 and i64 (compare in every direction,
// select, and for integers add/subtract/multiply/divide/remainder/pow/
// negate/abs, with broadcasting variants) at contiguous extents around and
// above each vector width (sweep.py), on inputs holding INT_MIN, INT_MAX,
// -1 and 0 (remainder: many x % 0 and INT_MIN % -1), in every mode, against
// the NumPy oracle. The default run gives each op and dtype a few extents
// (different ones per op); --extents full, or a list such as 1-67, runs
// every extent for every op (test/Differential/README.md):
//   python3 test/Differential/differential.py --runner build/bin/tenferro-runner --workdir /tmp/sweep -j 2 sweep --family elementwise --dtypes i1,i32,i64 --extents 1-67
// UNSUPPORTED: asan
// (This generated test runs in the normal build only, not in the sanitizer one:
// under ASan the runner's JIT is several times slower and the sweeps alone
// would take most of CI's time. One open finding there: docs/robustness.md,
// "Open: an ASan-only crash of compiled code".)
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t sweep --family elementwise --dtypes i1,i32,i64
