// The program compiled ahead of time by examples/aot: test case N1
// (docs/semantics.md §13) followed by a broadcast multiply, on column-major
// f64 data.
func.func @n1_scaled(%x: tensor<2x3xf64>, %s: tensor<3xf64>) -> (tensor<2x3xf64>, tensor<f64>) {
  %a = tenferro.add %x, %x : tensor<2x3xf64>
  %m = tenferro.multiply %a, %a : tensor<2x3xf64>
  %e = tenferro.exp %m : tensor<2x3xf64>
  %t = tenferro.tanh %e : tensor<2x3xf64>
  %b = tenferro.broadcast_in_dim %s, dims = [1] to [2, 3] : tensor<3xf64>
  %p = tenferro.multiply %t, %b : tensor<2x3xf64>
  %n = tenferro.shape_of %x, axis = 1 : tensor<2x3xf64>
  return %p, %n : tensor<2x3xf64>, tensor<f64>
}
