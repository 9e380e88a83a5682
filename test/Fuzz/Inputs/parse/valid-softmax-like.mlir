// A softmax-like program: an elementwise chain, a host boundary (shape_of),
// a reduction, a broadcast-multiply pair and a terminal outer product.
func.func @softmax_like(%x: tensor<1024x64xf64>, %scale: tensor<64xf64>,
                        %u: tensor<1024xf64>, %v: tensor<64xf64>)
    -> (tensor<1024x64xf64>, tensor<f64>, tensor<1024x64xf64>) {
  %0 = tenferro.negate %x : tensor<1024x64xf64>
  %1 = tenferro.exp %0 : tensor<1024x64xf64>
  %2 = tenferro.add %1, %x : tensor<1024x64xf64>
  %n = tenferro.shape_of %2, axis = 0 : tensor<1024x64xf64>
  %3 = tenferro.reduce_sum %2, axes = [0] : tensor<1024x64xf64>
  %4 = tenferro.divide %scale, %3 : tensor<64xf64>
  %5 = tenferro.broadcast_in_dim %4, dims = [1] to [1024, 64] : tensor<64xf64>
  %6 = tenferro.multiply %2, %5 : tensor<1024x64xf64>
  %7 = tenferro.broadcast_in_dim %u, dims = [0] to [1024, 64] : tensor<1024xf64>
  %8 = tenferro.broadcast_in_dim %v, dims = [1] to [1024, 64] : tensor<64xf64>
  %9 = tenferro.multiply %7, %8 : tensor<1024x64xf64>
  return %6, %n, %9 : tensor<1024x64xf64>, tensor<f64>, tensor<1024x64xf64>
}
