// RUN: tenferro-opt %s --convert-tenferro-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// A program calling another passes column-major tensors on both sides: the
// call takes the callee's lowered signature and passes the lowered values
// without transposes.
// CHECK-LABEL: func.func @helper(
// CHECK-SAME: tensor<3x2xf64>
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[X:.*]]: tensor<3x2xf64>
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<3x2xf64>)
// CHECK-NOT: linalg.transpose
// CHECK: %[[C:.*]] = call @helper(%[[N]]) : (tensor<3x2xf64>) -> tensor<3x2xf64>
// CHECK: linalg.generic {{.*}} ins(%[[C]], %[[X]] : tensor<3x2xf64>, tensor<3x2xf64>)
func.func @helper(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tenferro.multiply %x, %x : tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}
func.func @caller(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tenferro.negate %x : tensor<2x3xf64>
  %1 = func.call @helper(%0) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  %2 = tenferro.add %1, %x : tensor<2x3xf64>
  return %2 : tensor<2x3xf64>
}

// -----

// A function without tenferro instructions that driver code calls is
// driver code, not a program (docs/abi.md, "Programs"): it takes tensors
// in their logical layout, which a program does not have.
func.func @logical(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  return %x : tensor<2x3xf64>
}
func.func @driver() {
  %c = arith.constant dense<1.0> : tensor<2x3xf64>
  %0 = func.call @logical(%c) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  return
}
func.func @calls_logical(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tenferro.negate %x : tensor<2x3xf64>
  // expected-error @+1 {{'func.call' op on tensors of rank 2 or more in program @calls_logical is not supported}}
  %1 = func.call @logical(%0) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  return %1 : tensor<2x3xf64>
}

// -----

// A program that reaches itself again never returns.
func.func @ping(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.negate %x : tensor<3xf64>
  %1 = func.call @pong(%0) : (tensor<3xf64>) -> tensor<3xf64>
  return %1 : tensor<3xf64>
}
func.func @pong(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.exp %x : tensor<3xf64>
  // expected-error @+1 {{'func.call' op makes program @pong recursive (it reaches @ping again): a program has no control flow to end a recursion}}
  %1 = func.call @ping(%0) : (tensor<3xf64>) -> tensor<3xf64>
  return %1 : tensor<3xf64>
}
