// Every elementwise op on f32 and f64 (binary ops, maximum/minimum/clamp,
// pow, remainder, sign, the transcendental functions, compare in every
// direction, select, broadcasting variants) at contiguous extents around
// and above each vector width (sweep.py), on inputs holding NaN, +-inf,
// +-0, subnormals and large values, in every mode, against the NumPy oracle
// (bit-identical, libm functions within 4 ulps). Full run:
//   python3 test/Differential/differential.py --runner build/bin/tenferro-runner --workdir /tmp/sweep -j 2 sweep --family elementwise --dtypes f32,f64 --extents full
// UNSUPPORTED: asan
// (This generated test runs in the normal build only, not in the sanitizer one:
// under ASan the runner's JIT is several times slower and the sweeps alone
// would take most of CI's time. One open finding there: docs/robustness.md,
// "Open: an ASan-only crash of compiled code".)
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t sweep --family elementwise --dtypes f32,f64
