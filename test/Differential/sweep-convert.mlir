// convert between every pair of the seven dtypes (saturating float to
// integer with NaN to 0, wrapping integer narrowing, != 0 to i1, 0/1 from
// i1, real part of complex) at contiguous extents around and above each
// vector width, on values around the integer ranges and rounding
// boundaries, in every mode, against the NumPy oracle. Full run:
//   python3 test/Differential/differential.py --runner build/bin/tenferro-runner --workdir /tmp/sweep -j 2 sweep --family convert --extents full
// UNSUPPORTED: asan
// (This generated test runs in the normal build only, not in the sanitizer one:
// under ASan the runner's JIT is several times slower and the sweeps alone
// would take most of CI's time. One open finding there: docs/robustness.md,
// "Open: an ASan-only crash of compiled code".)
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t sweep --family convert
