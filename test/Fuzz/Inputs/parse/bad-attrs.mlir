func.func @f(%x: tensor<2x3xf64>) -> tensor<3x2xf64> {
  %0 = tenferro.transpose %x, perm = [1, 1, -5] : tensor<2x3xf64>
  %1 = tenferro.reduce_sum %x, axes = [7, 7] : tensor<2x3xf64>
  %2 = tenferro.extension "x"(%x) inputs 9 outputs 0 payload("\00") : (tensor<2x3xf64>) -> ()
  return %0 : tensor<3x2xf64>
}
