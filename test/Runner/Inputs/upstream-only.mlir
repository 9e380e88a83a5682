// Only elementwise ops of other dialects, on a matrix: a program
// (test/Runner/programs-without-instructions.mlir).
func.func @upstream_only(%x: tensor<3x4xf64>) -> tensor<3x4xf64> {
  %0 = math.exp %x : tensor<3x4xf64>
  %1 = arith.addf %0, %x : tensor<3x4xf64>
  return %1 : tensor<3x4xf64>
}
