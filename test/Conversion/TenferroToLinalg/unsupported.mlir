// Instructions the lowering does not handle yet are reported, never
// silently dropped.
// RUN: tenferro-opt %s --convert-tenferro-to-linalg -split-input-file -verify-diagnostics

func.func @gather(%x: tensor<4x3xf64>, %i: tensor<2x1xi64>) -> tensor<2x3xf64> {
  // expected-error @below {{failed to legalize operation 'tenferro.gather' that was explicitly marked illegal}}
  %0 = tenferro.gather %x, %i, dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, 3] : tensor<4x3xf64>, tensor<2x1xi64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @extension(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @below {{failed to legalize operation 'tenferro.extension' that was explicitly marked illegal}}
  %0 = tenferro.extension "la.op.v1"(%x) inputs 1 outputs 1 : (tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
