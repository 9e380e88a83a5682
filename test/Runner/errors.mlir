// Bad input gives a clear error and a non-zero exit, never a crash.
// RUN: not tenferro-runner %s --input=%t.missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: python3 %S/Inputs/npy.py write %t.f32.npy "<f4" F 3 1,2,3
// RUN: not tenferro-runner %s --input=%t.f32.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: python3 %S/Inputs/npy.py write %t.shape.npy "<f8" F 4 1,2,3,4
// RUN: not tenferro-runner %s --input=%t.shape.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: printf 'not a npy file' > %t.bad.npy
// RUN: not tenferro-runner %s --input=%t.bad.npy 2>&1 | FileCheck %s --check-prefix=BADNPY
// RUN: python3 %S/Inputs/npy.py write %t.ok.npy "<f8" F 3 1,2,3
// RUN: not tenferro-runner %s --input=%t.ok.npy --input=%t.ok.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not tenferro-runner %s --entry=nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not tenferro-runner %S/Inputs/invalid-program.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: tenferro-runner %s --input=%t.ok.npy | FileCheck %s --check-prefix=OK

// MISSING: tenferro-runner: error: cannot read '{{.*}}missing.npy'
// DTYPE: tenferro-runner: error: input #0 ('{{.*}}') has dtype f32, the program takes tensor<3xf64>
// SHAPE: tenferro-runner: error: input #0 ('{{.*}}') has the wrong shape for tensor<3xf64>
// BADNPY: tenferro-runner: error: '{{.*}}' is not a valid .npy file: missing the \x93NUMPY magic
// COUNT: tenferro-runner: error: program @p expects 1 inputs, got 2
// ENTRY: tenferro-runner: error: no program named 'nope'
// VERIFY: error: 'tenferro.add' op operand shapes [2] and [3] do not broadcast
// VERIFY: tenferro-runner: error: cannot parse or verify
// OK: output #0: f64 [3] [-1, -2, -3]

func.func @p(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.negate %x : tensor<3xf64>
  return %0 : tensor<3xf64>
}
