// RUN: tenferro-opt %s --convert-tenferro-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// Ops of other dialects between tenferro instructions on tensors of rank 0
// and 1 (whose logical and column-major layouts coincide) stay as they are;
// the pipeline lowers elementwise ones with convert-elementwise-to-linalg.
// CHECK-LABEL: func.func @vector_foreign(
// CHECK: linalg.generic
// CHECK: %[[F:.*]] = arith.mulf %{{.*}}, %{{.*}} : tensor<3xf64>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[F]], %{{.*}} : tensor<3xf64>, tensor<3xf64>)
func.func @vector_foreign(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.negate %x : tensor<3xf64>
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %1 = arith.mulf %0, %c : tensor<3xf64>
  %2 = tenferro.add %1, %x : tensor<3xf64>
  return %2 : tensor<3xf64>
}

// -----

// On rank 2 the layouts differ: a clear error, not a miscompile.
func.func @matrix_foreign(%x: tensor<3x2xf64>, %y: tensor<3x2xf64>) -> tensor<3x2xf64> {
  %0 = tenferro.negate %x : tensor<3x2xf64>
  // expected-error @+1 {{'arith.subf' op on tensors of rank 2 or more in program @matrix_foreign is not supported: tenferro lowers tensors column-major (docs/abi.md) and this op expects the logical layout}}
  %1 = arith.subf %0, %y : tensor<3x2xf64>
  %2 = tenferro.exp %1 : tensor<3x2xf64>
  return %2 : tensor<3x2xf64>
}
