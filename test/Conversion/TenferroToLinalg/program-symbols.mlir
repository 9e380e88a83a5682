// RUN: tenferro-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(convert-tenferro-to-linalg{program-symbols})" | FileCheck %s

// What a program is (docs/abi.md, "Programs") does not depend on holding a
// tenferro instruction: an identity that no driver code calls is a
// program, and its signature is lowered column-major like any other's. With program-symbols every
// program gets its ABI symbol (docs/abi.md, "Symbol names") and calls
// follow; driver code keeps its name and logical tensors. (Without the
// option, names stay: the other tests of this directory.)
// CHECK-LABEL: func.func @tenferro_ident(
// CHECK-SAME: %[[X:.*]]: tensor<4x3xf64> {bufferization.writable = false}) -> tensor<4x3xf64>
// CHECK-NEXT: return %[[X]] : tensor<4x3xf64>
// CHECK-LABEL: func.func @tenferro_exp(
// CHECK: math.exp
// CHECK-LABEL: func.func @tenferro_0net_2elayer1(
// CHECK-LABEL: func.func @tenferro_0ext__layer(
// CHECK-LABEL: func.func @tenferro_calls(
// CHECK: call @tenferro_0net_2elayer1(%{{.*}}) : (tensor<4x3xf64>) -> tensor<4x3xf64>
// CHECK: call @tenferro_0ext__layer(%{{.*}}) : (tensor<4x3xf64>) -> tensor<4x3xf64>
// CHECK-LABEL: func.func @print(
// CHECK-SAME: tensor<3x4xf64>
// CHECK-LABEL: func.func @main(
// CHECK: %[[T:.*]] = linalg.transpose
// CHECK: %[[R:.*]] = call @tenferro_0net_2elayer1(%[[T]]) : (tensor<4x3xf64>) -> tensor<4x3xf64>
// CHECK: %[[B:.*]] = linalg.transpose ins(%[[R]]
// CHECK: call @print(%[[B]]) : (tensor<3x4xf64>) -> ()
func.func @ident(%x: tensor<3x4xf64>) -> tensor<3x4xf64> {
  return %x : tensor<3x4xf64>
}
func.func @exp(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.exp %x : tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func @"net.layer1"(%x: tensor<3x4xf64>) -> tensor<3x4xf64> {
  %0 = tenferro.negate %x : tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}
// `tenferro_ext_layer` would be an extension's symbol.
func.func @ext_layer(%x: tensor<3x4xf64>) -> tensor<3x4xf64> {
  return %x : tensor<3x4xf64>
}
func.func @calls(%x: tensor<3x4xf64>) -> tensor<3x4xf64> {
  %0 = func.call @"net.layer1"(%x) : (tensor<3x4xf64>) -> tensor<3x4xf64>
  %1 = func.call @ext_layer(%0) : (tensor<3x4xf64>) -> tensor<3x4xf64>
  return %1 : tensor<3x4xf64>
}
// Called from driver code, without instructions: driver code.
func.func @print(%x: tensor<3x4xf64>) {
  return
}
func.func @main() {
  %c = arith.constant dense<1.0> : tensor<3x4xf64>
  %0 = func.call @"net.layer1"(%c) : (tensor<3x4xf64>) -> tensor<3x4xf64>
  func.call @print(%0) : (tensor<3x4xf64>) -> ()
  return
}

// -----

// Only elementwise ops of other dialects on matrices: a program, so the
// documented error instead of running in the wrong layout.
func.func @upstream_only(%x: tensor<3x4xf64>) -> tensor<3x4xf64> {
  // expected-error @+1 {{'math.exp' op on tensors of rank 2 or more in program @upstream_only is not supported}}
  %0 = math.exp %x : tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}

// -----

// A program's symbol must not be taken by something else in the module.
// expected-error @+1 {{'func.func' op program @negate compiles to symbol @tenferro_negate, which the module already defines for something else}}
func.func @negate(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.negate %x : tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func private @tenferro_negate(i32)
