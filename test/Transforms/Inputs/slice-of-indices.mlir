// A slice of a linalg op that reads its indices (an iota), for
// fuse-elementwise-ops.mlir.
#map = affine_map<(d0) -> (d0)>
func.func @slice_of_indices() -> tensor<5xf32> {
  %0 = tensor.empty() : tensor<10xf32>
  %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<10xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    linalg.yield %f : f32
  } -> tensor<10xf32>
  %s = tensor.extract_slice %1[3] [5] [1] : tensor<10xf32> to tensor<5xf32>
  return %s : tensor<5xf32>
}
