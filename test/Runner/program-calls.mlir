// A program that calls another on a matrix runs compiled, fused and
// unfused, and in the reference interpreter, with the same numbers:
// (-x) * (-x) + x = x^2 + x for x = 1..6.
// RUN: python3 %S/Inputs/npy.py write %t.x.npy "<f8" F 2,3 1,2,3,4,5,6
// RUN: tenferro-runner %s --entry=main --input=%t.x.npy | FileCheck %s
// RUN: tenferro-runner %s --entry=main --input=%t.x.npy --no-fusion | FileCheck %s
// RUN: tenferro-runner %s --entry=main --input=%t.x.npy --reference | FileCheck %s
// CHECK: output #0: f64 [2, 3] [2, 6, 12, 20, 30, 42]

func.func @helper(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tenferro.multiply %x, %x : tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}
func.func @main(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tenferro.negate %x : tensor<2x3xf64>
  %1 = func.call @helper(%0) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  %2 = tenferro.add %1, %x : tensor<2x3xf64>
  return %2 : tensor<2x3xf64>
}
