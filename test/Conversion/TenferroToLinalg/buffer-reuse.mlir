// Last-use flags drive buffer reuse: a region writes an output into an
// input whose last use it is. Program inputs are the caller's buffers and
// are only reused when donated.
// RUN: tenferro-opt %s --tenferro-segment --convert-tenferro-to-linalg | FileCheck %s
// RUN: tenferro-opt %s --tenferro-segment --convert-tenferro-to-linalg="donate-inputs" \
// RUN:   | FileCheck %s --check-prefix=DONATE

// The second region is the last use of the first region's output: it
// writes in place (outs of that tensor, read through the output argument).
// CHECK-LABEL: func.func @two_regions(
// CHECK-SAME: %[[X:.*]]: tensor<4xf64> {bufferization.writable = false}
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf64>
// CHECK: %[[R1:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4xf64>) outs(%[[E]] : tensor<4xf64>)
// CHECK: linalg.generic {{.*}} outs(%[[R1]] : tensor<4xf64>) {
// CHECK-NEXT: ^bb0(%[[OUT:.*]]: f64):
// CHECK-NEXT: math.sin %[[OUT]] : f64
// With donation, the first region writes into the program input too.
// DONATE-LABEL: func.func @two_regions(
// DONATE-SAME: %[[X:.*]]: tensor<4xf64> {bufferization.writable = true}
// DONATE: %[[R1:.*]] = linalg.generic {{.*}} outs(%[[X]] : tensor<4xf64>)
// DONATE: linalg.generic {{.*}} outs(%[[R1]] : tensor<4xf64>)
func.func @two_regions(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = tenferro.negate %x : tensor<4xf64>
  %1 = tenferro.exp %0 : tensor<4xf64>
  %s = tenferro.shape_of %1, axis = 0 : tensor<4xf64>
  %2 = tenferro.sin %1 : tensor<4xf64>
  %3 = tenferro.multiply %2, %2 : tensor<4xf64>
  return %3 : tensor<4xf64>
}

// An input that is read later, or broadcast, is never written into.
// CHECK-LABEL: func.func @not_last_use(
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4xf64>)
// DONATE-LABEL: func.func @not_last_use(
// DONATE: %[[E:.*]] = tensor.empty() : tensor<4xf64>
// DONATE: linalg.generic {{.*}} outs(%[[E]] : tensor<4xf64>)
func.func @not_last_use(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %0 = tenferro.exp %x : tensor<4xf64>
  return %0, %x : tensor<4xf64>, tensor<4xf64>
}
