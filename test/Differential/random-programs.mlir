// Differential test: random programs (gen_program.py: elementwise chains with
// broadcasts, triplets, pairs, reused broadcasts, scalar operands,
// compare/select, reductions, transposes, slices, pads, reverses, host and
// FFI boundaries; f64, f32, i64, i32, complex<f64>, complex<f32>, i1
// predicates; static shapes or a dynamic leading extent) give
// bit-identical outputs fused, unfused and in the reference interpreter on
// the same random inputs. A failing seed prints its program and how to
// replay it. For a longer run:
//   python3 test/Differential/differential.py --runner build/bin/tenferro-runner --seeds 500
// RUN: python3 %S/differential.py --runner tenferro-runner --seeds 30 --workdir %t | FileCheck %s
// CHECK: 30 of 30 programs: fused == unfused == reference (bit-identical)
