// tenferro-runner compiles a program, runs it on .npy inputs (C-order inputs
// are transposed to column-major, Fortran-order ones taken as they are),
// prints a summary and writes Fortran-order .npy outputs. Test case S9
// (docs/semantics.md §13).
// RUN: python3 %S/Inputs/npy.py write %t.s0.npy "<f8" C 2 10,20
// RUN: python3 %S/Inputs/npy.py write %t.s1.npy "<f8" F 2,2 1,2,3,4
// RUN: python3 %S/Inputs/npy.py write %t.s2.npy "<f8" C 2 5,7
// RUN: python3 %S/Inputs/npy.py write %t.s3.npy "<f8" C 2,2 1,3,2,4
// RUN: tenferro-runner %s --entry=s9 --input=%t.s0.npy --input=%t.s1.npy \
// RUN:   --input=%t.s2.npy --input=%t.s3.npy --output=%t.out | FileCheck %s
// RUN: python3 %S/Inputs/npy.py read %t.out0.npy | FileCheck %s --check-prefix=OUT0
// RUN: python3 %S/Inputs/npy.py read %t.out1.npy | FileCheck %s --check-prefix=OUT1
// The unfused baseline and the reference interpreter give the same values.
// RUN: tenferro-runner %s --entry=s9 --input=%t.s0.npy --input=%t.s1.npy \
// RUN:   --input=%t.s2.npy --input=%t.s3.npy --reference | FileCheck %s --check-prefix=REFERENCE
// RUN: tenferro-runner %s --entry=s9 --input=%t.s0.npy --input=%t.s1.npy \
// RUN:   --input=%t.s2.npy --input=%t.s3.npy --no-fusion | FileCheck %s --check-prefix=UNFUSED

// CHECK: program @s9: 4 inputs, 2 outputs (fused)
// CHECK-NEXT: output #0: f64 [2, 2] [10, 40, 30, 80]
// CHECK-NEXT: output #1: f64 [2, 2] [5, 10, 21, 28]
// OUT0: descr=<f8 fortran_order=True shape=(2, 2)
// OUT0-NEXT: values=10,40,30,80
// OUT1: values=5,10,21,28
// REFERENCE: program @s9: 4 inputs, 2 outputs (reference)
// REFERENCE-NEXT: output #0: f64 [2, 2] [10, 40, 30, 80]
// REFERENCE-NEXT: output #1: f64 [2, 2] [5, 10, 21, 28]
// UNFUSED: program @s9: 4 inputs, 2 outputs (unfused)
// UNFUSED-NEXT: output #0: f64 [2, 2] [10, 40, 30, 80]
// UNFUSED-NEXT: output #1: f64 [2, 2] [5, 10, 21, 28]

func.func @s9(%s0: tensor<2xf64>, %s1: tensor<2x2xf64>, %s2: tensor<2xf64>, %s3: tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2x2xf64>) {
  %s4 = tenferro.broadcast_in_dim %s0, dims = [0] to [2, 2] : tensor<2xf64>
  %s5 = tenferro.multiply %s4, %s1 : tensor<2x2xf64>
  %s6 = tenferro.broadcast_in_dim %s2, dims = [1] to [2, 2] : tensor<2xf64>
  %s7 = tenferro.multiply %s3, %s6 : tensor<2x2xf64>
  return %s5, %s7 : tensor<2x2xf64>, tensor<2x2xf64>
}
