// gather: one linalg.generic over the output reading the index tensor and
// the operand with tensor.extract (starts clamped); scatter-add: an scf.for
// nest over the updates, accumulating in bounds only.
// RUN: tenferro-opt %s --convert-tenferro-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @gather(
// CHECK: linalg.generic
// CHECK: linalg.index
// CHECK: tensor.extract %{{.*}} : tensor<1x2xi64>
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: tensor.extract %{{.*}} : tensor<3x4xf64>
// CHECK: } -> tensor<3x2xf64>
func.func @gather(%x: tensor<4x3xf64>, %i: tensor<2x1xi64>) -> tensor<2x3xf64> {
  %0 = tenferro.gather %x, %i, dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, 3] : tensor<4x3xf64>, tensor<2x1xi64>
  return %0 : tensor<2x3xf64>
}

// CHECK-LABEL: func.func @scatter(
// CHECK: %[[INIT:.*]] = linalg.generic
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]])
// CHECK: scf.for
// CHECK: scf.if
// CHECK: arith.addf
// CHECK: tensor.insert
// CHECK: } else {
func.func @scatter(%x: tensor<4x3xf64>, %i: tensor<2x1xi64>, %u: tensor<2x3xf64>) -> tensor<4x3xf64> {
  %0 = tenferro.scatter %x, %i, %u, dims = <update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : tensor<4x3xf64>, tensor<2x1xi64>, tensor<2x3xf64>
  return %0 : tensor<4x3xf64>
}
