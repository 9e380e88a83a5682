// Every elementwise op on complex<f32> and complex<f64> (add, subtract,
// multiply, divide, pow, negate, conj, abs, the transcendental functions,
// compare eq, select, broadcasting variants) at contiguous extents around
// and above each vector width, on data with moderate and extreme
// magnitudes, in every mode, against the NumPy oracle (complex functions,
// divide and abs within the ulp bounds of docs/semantics.md 7.15). Full run:
//   python3 test/Differential/differential.py --runner build/bin/tenferro-runner --workdir /tmp/sweep -j 2 sweep --family elementwise --dtypes c64,c128 --extents full
// UNSUPPORTED: asan
// (This generated test runs in the normal build only, not in the sanitizer one:
// under ASan the runner's JIT is several times slower and the sweeps alone
// would take most of CI's time. One open finding there: docs/robustness.md,
// "Open: an ASan-only crash of compiled code".)
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t sweep --family elementwise --dtypes c64,c128
