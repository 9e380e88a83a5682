func.func @dynamic(%x: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tenferro.exp %x : tensor<?xf64>
  return %0 : tensor<?xf64>
}
