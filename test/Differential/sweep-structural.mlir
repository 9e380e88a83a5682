// Structural ops on i1 (and i32, f64, complex<f32>): broadcast_in_dim,
// transpose, reshape, slice, pad, concatenate, reverse, tril/triu,
// extract/embed_diag, gather, scatter (logical OR on i1),
// dynamic_slice/dynamic_update_slice (clamped starts), i1 inside fused
// regions (compare -> select -> compare -> convert, broadcasts of i1), and
// independent elementwise ops next to each other on different dynamic
// extents or static shapes (one segment, several loop nests), at
// contiguous extents around and above each vector width, in every mode,
// against the NumPy oracle. Full run:
//   python3 test/Differential/differential.py --runner build/bin/tenferro-runner --workdir /tmp/sweep -j 2 sweep --family structural,bool,fusion --extents full
// UNSUPPORTED: asan
// (This generated test runs in the normal build only, not in the sanitizer one:
// under ASan the runner's JIT is several times slower and the sweeps alone
// would take most of CI's time. One open finding there: docs/robustness.md,
// "Open: an ASan-only crash of compiled code".)
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t sweep --family structural,bool,fusion
