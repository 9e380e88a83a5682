// Input of fuse-elementwise-ops.mlir: an elementwise chain whose
// producers each have one use (tanh(exp(x) * y) + x).
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @chain(%x: tensor<64x100xf32>, %y: tensor<64x100xf32>) -> tensor<64x100xf32> {
  %0 = tensor.empty() : tensor<64x100xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x100xf32>) outs(%0 : tensor<64x100xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<64x100xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %y : tensor<64x100xf32>, tensor<64x100xf32>) outs(%0 : tensor<64x100xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<64x100xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<64x100xf32>) outs(%0 : tensor<64x100xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<64x100xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %x : tensor<64x100xf32>, tensor<64x100xf32>) outs(%0 : tensor<64x100xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %a = arith.addf %in, %in_1 : f32
    linalg.yield %a : f32
  } -> tensor<64x100xf32>
  return %4 : tensor<64x100xf32>
}
