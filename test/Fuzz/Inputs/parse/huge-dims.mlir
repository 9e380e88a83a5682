func.func @f(%x: tensor<9223372036854775807x9223372036854775807xf64>) -> tensor<f64> {
  %0 = tenferro.reduce_sum %x, axes = [0, 1] : tensor<9223372036854775807x9223372036854775807xf64>
  %1 = tenferro.broadcast_in_dim %0, dims = [] to [99999999999999999999] : tensor<f64>
  return %0 : tensor<f64>
}
