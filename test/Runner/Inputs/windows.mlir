// Every copy that bufferization makes of a strided view: a concatenation
// into strided parts of its result (dynamic extents), the window of a
// dynamic_slice, a strided slice. Used by Runner/aot-self-contained.mlir
// and Transforms/expand-strided-copies.mlir.
func.func @windows(%x: tensor<?x3xf64>, %y: tensor<2x3xf64>, %s: tensor<2xi64>)
    -> (tensor<?x3xf64>, tensor<1x2xf64>, tensor<2x2xf64>) {
  %0 = tenferro.concatenate(%x, %x) axis = 0 : tensor<?x3xf64>, tensor<?x3xf64>
  %1 = tenferro.dynamic_slice %y, %s, sizes = [1, 2] : tensor<2x3xf64>, tensor<2xi64>
  %2 = tenferro.slice %y, starts = [0, 0], limits = [2, 3], strides = [1, 2] : tensor<2x3xf64>
  return %0, %1, %2 : tensor<?x3xf64>, tensor<1x2xf64>, tensor<2x2xf64>
}
