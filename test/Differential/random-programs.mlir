// Differential test: random programs (gen_program.py: elementwise chains with
// broadcasts, triplets, pairs, reused broadcasts, scalar operands,
// reductions, transposes, host and FFI boundaries; f64, f32, i64, i32) give
// bit-identical outputs fused, unfused and in the reference interpreter on
// the same random inputs. A failing seed prints its program and how to
// replay it. For a longer run:
//   python3 test/Differential/differential.py --runner build/bin/tenferro-runner --seeds 500
// RUN: python3 %S/differential.py --runner tenferro-runner --seeds 24 --workdir %t | FileCheck %s
// CHECK: 24 of 24 programs: fused == unfused == reference (bit-identical)
