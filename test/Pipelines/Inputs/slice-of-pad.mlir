// A slice of a pad, padded again (found by the differential tests, seed
// 128): with elementwise-fusion the second pad's slice of the first was
// computed at offset zero, every element one row off.
func.func @program(%m: tensor<31x2xf32>) -> tensor<31x2xf32> {
  %a = tenferro.slice %m, starts = [1, 0], limits = [31, 2], strides = [1, 1] : tensor<31x2xf32>
  %b = tenferro.pad %a, low = [1, 0], high = [0, 0], interior = [0, 0] : tensor<30x2xf32>
  %c = tenferro.slice %b, starts = [1, 0], limits = [31, 2], strides = [1, 1] : tensor<31x2xf32>
  %d = tenferro.pad %c, low = [1, 0], high = [0, 0], interior = [0, 0] : tensor<30x2xf32>
  %e = tenferro.exp %d : tensor<31x2xf32>
  return %e : tensor<31x2xf32>
}
