// A program that calls the extension family test.scale.v1
// (test/Integration/Inputs/extension_impl.c implements it): y = 3x.
func.func @scaled(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tenferro.extension "test.scale.v1"(%x) inputs 1 outputs 1 payload("3") : (tensor<2x3xf64>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}
