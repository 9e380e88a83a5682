// A value returned twice shares one buffer: both outputs are read before it
// is freed, once (a use-after-free found by the differential test).
// RUN: tenferro-runner %s --random=3 | FileCheck %s
// CHECK: output #0: f64 [4] [[[VALUES:.*]]]
// CHECK-NEXT: output #1: f64 [4] [[[VALUES]]]
func.func @twice(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %0 = tenferro.negate %x : tensor<4xf64>
  return %0, %0 : tensor<4xf64>, tensor<4xf64>
}
