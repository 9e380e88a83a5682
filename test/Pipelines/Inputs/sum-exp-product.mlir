// Input of elementwise-fusion.mlir: reduce_sum(exp(x) * y) over the
// contiguous axis.
func.func @sum_exp_product(%x: tensor<?x67xf32>, %y: tensor<?x67xf32>) -> tensor<67xf32> {
  %e = tenferro.exp %x : tensor<?x67xf32>
  %m = tenferro.multiply %e, %y : tensor<?x67xf32>
  %s = tenferro.reduce_sum %m, axes = [0] : tensor<?x67xf32>
  return %s : tensor<67xf32>
}
