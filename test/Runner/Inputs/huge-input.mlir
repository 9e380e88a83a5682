func.func @huge_input(%x: tensor<4611686018427387904xf64>) -> tensor<4611686018427387904xf64> {
  %0 = tenferro.exp %x : tensor<4611686018427387904xf64>
  return %0 : tensor<4611686018427387904xf64>
}
