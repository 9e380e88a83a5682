// A program with ops of other dialects on vectors compiles and runs, fused
// and unfused: segmentation cuts regions at them (foreign-op-boundary) and
// the pipeline lowers them with the rest.
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.x.npy "<f8" F 3 1,2,3
// RUN: tenferro-runner %s --input=%t.x.npy | FileCheck %s
// RUN: tenferro-runner %s --input=%t.x.npy --no-fusion | FileCheck %s
// CHECK: output #0: f64 [3] [0, -2, -6]

func.func @vector_foreign(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.negate %x : tensor<3xf64>
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %1 = arith.mulf %0, %c : tensor<3xf64>
  %2 = tenferro.add %1, %x : tensor<3xf64>
  return %2 : tensor<3xf64>
}
