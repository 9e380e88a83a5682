// A small input broadcast to 2^40 doubles (8 TiB).
func.func @huge_broadcast(%x: tensor<4096xf64>) -> tensor<268435456x4096xf64> {
  %0 = tenferro.broadcast_in_dim %x, dims = [1] to [268435456, 4096] : tensor<4096xf64>
  return %0 : tensor<268435456x4096xf64>
}
