// A failed run-time check of the compiled program (here: dynamic extents
// that disagree) is reported by the runner as an error with exit status 1,
// fused and unfused, never as a crash. Extents that agree run normally.
// RUN: python3 %S/Inputs/npy.py write %t.a.npy "<f4" F 4 1,2,3,4
// RUN: python3 %S/Inputs/npy.py write %t.b.npy "<f4" F 3 1,2,3
// RUN: not tenferro-runner %s --input=%t.a.npy --input=%t.b.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUSED
// RUN: not tenferro-runner %s --input=%t.a.npy --input=%t.b.npy --no-fusion 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNFUSED
// RUN: tenferro-runner %s --input=%t.a.npy --input=%t.a.npy | FileCheck %s --check-prefix=OK

// FUSED: tenferro-runner: error: run-time check failed: tenferro.fused_region: operand #1 has a different extent along axis 0 than the result
// FUSED-NOT: Stack dump
// UNFUSED: tenferro-runner: error: run-time check failed: tenferro.multiply: operand #1 has a different extent along axis 0 than the result
// UNFUSED-NOT: Stack dump
// OK: output #0: f32 [4] [2, 6, 12, 20]

func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tenferro.multiply %a, %b : tensor<?xf32>
  %1 = tenferro.add %0, %b : tensor<?xf32>
  return %1 : tensor<?xf32>
}
