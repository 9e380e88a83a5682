// Differential test: random programs (gen_program.py: elementwise chains
// with broadcasts, triplets, pairs, scalar operands, remainder,
// compare/select, i1 data through compare/select/convert/broadcast/
// transpose/reverse/slice/pad/concatenate/scatter, conversions and mixed
// dtypes, reductions, indexing, host and FFI boundaries; f64, f32, i64, i32,
// complex<f64>, complex<f32>; contiguous extents 1..67 and 16k+r, static or
// dynamic) on .npy inputs holding integer and float edge values. Every mode
// (fused, unfused, vector widths 0, 4, 16, parallel loops, reference) must
// agree bit for bit and match the NumPy oracle (numpy_oracle.py). A failing
// seed prints the check, the first wrong element and a replay command.
// Longer runs (test/Differential/README.md):
//   python3 test/Differential/differential.py --runner build/bin/tenferro-runner --workdir /tmp/diff -j 2 random --seeds 500
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t random --seeds 12
