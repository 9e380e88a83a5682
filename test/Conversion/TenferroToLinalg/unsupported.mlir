// Instructions the lowering does not handle yet (extension calls) are
// reported, never silently dropped.
// RUN: tenferro-opt %s --convert-tenferro-to-linalg -split-input-file -verify-diagnostics

func.func @extension(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @below {{failed to legalize operation 'tenferro.extension' that was explicitly marked illegal}}
  %0 = tenferro.extension "la.op.v1"(%x) inputs 1 outputs 1 : (tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
