// Mixed-dtype operands that promote (docs/semantics.md 4.1): i32 with i64,
// integers with floats (f64), f32 with f64, reals with complex, i1 next to
// numbers in select, in every binary op, compare, select and clamp, at
// contiguous extents around and above each vector width, in every mode,
// against the NumPy oracle. Full run:
//   python3 test/Differential/differential.py --runner build/bin/tenferro-runner --workdir /tmp/sweep -j 2 sweep --family promote --extents full
// UNSUPPORTED: asan
// (This generated test runs in the normal build only, not in the sanitizer one:
// under ASan the runner's JIT is several times slower and the sweeps alone
// would take most of CI's time. One open finding there: docs/robustness.md,
// "Open: an ASan-only crash of compiled code".)
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t sweep --family promote
