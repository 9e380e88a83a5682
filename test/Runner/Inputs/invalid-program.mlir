func.func @bad(%a: tensor<2xf64>, %b: tensor<3xf64>) -> tensor<2xf64> {
  %0 = tenferro.add %a, %b : tensor<2xf64>, tensor<3xf64>
  return %0 : tensor<2xf64>
}
