// tenferro.extension becomes a call to the external function named after
// its family (non-identifier characters become '_'), declared once with the
// C interface; the payload is passed first as bytes.
// RUN: tenferro-opt %s --convert-tenferro-to-linalg -split-input-file -verify-diagnostics | FileCheck %s

// CHECK: func.func private @tenferro_ext_linalg_svd_v1(tensor<15xi8>, tensor<3x4xf64>) -> (tensor<4x3xf64>, tensor<3xf64>, tensor<3x3xf64>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @svd(
// CHECK: %[[P:.*]] = arith.constant dense<[102, 117, 108, 108{{.*}}]> : tensor<15xi8>
// CHECK: %[[R:.*]]:3 = call @tenferro_ext_linalg_svd_v1(%[[P]], %{{.*}}) : (tensor<15xi8>, tensor<3x4xf64>) -> (tensor<4x3xf64>, tensor<3xf64>, tensor<3x3xf64>)
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
func.func @svd(%a: tensor<4x3xf64>) -> (tensor<3x4xf64>, tensor<3xf64>, tensor<3x3xf64>) {
  %u:3 = tenferro.extension "linalg.svd.v1"(%a) inputs 1 outputs 3 payload("full_matrices=0") : (tensor<4x3xf64>) -> (tensor<3x4xf64>, tensor<3xf64>, tensor<3x3xf64>)
  return %u#0, %u#1, %u#2 : tensor<3x4xf64>, tensor<3xf64>, tensor<3x3xf64>
}

// -----

// Without a payload the byte tensor is empty.
// CHECK-LABEL: func.func @no_payload(
// CHECK: arith.constant dense<> : tensor<0xi8>
func.func @no_payload(%a: tensor<4xf64>) -> tensor<4xf64> {
  %0 = tenferro.extension "x.id.v1"(%a) inputs 1 outputs 1 : (tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// One external function per family: two signatures cannot share it.
func.func @two_signatures(%a: tensor<4xf64>, %b: tensor<2xf64>) -> (tensor<4xf64>, tensor<2xf64>) {
  %0 = tenferro.extension "x.id.v1"(%a) inputs 1 outputs 1 : (tensor<4xf64>) -> tensor<4xf64>
  // expected-error @below {{'tenferro.extension' op extension family 'x.id.v1' is used with two signatures}}
  // expected-error @below {{failed to legalize operation 'tenferro.extension'}}
  %1 = tenferro.extension "x.id.v1"(%b) inputs 1 outputs 1 : (tensor<2xf64>) -> tensor<2xf64>
  return %0, %1 : tensor<4xf64>, tensor<2xf64>
}
