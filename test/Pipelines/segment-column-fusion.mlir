// The pipeline's segment-column-fusion option (off by default): column
// tiles (tenferro-fuse-column-tiles) within each segment only. The linalg
// ops are numbered by segment as the regions are inlined
// (tenferro-unwrap-segments number-ops), and a loop over column tiles
// holds the ops of one segment. Layer norm: the sequence region (sums,
// centring, sums of squares, the scale factors) is one loop over tiles of
// 2 columns (1037 f32 of x and of the centred values and the partial sums
// a column: 8.4 kB, 2 within 20000 bytes); the final scaling, a
// broadcast-multiply region of its own, is not in it. Softmax: the sums
// and the divide of the sequence region are one loop over single columns
// (f64); exp, the region before the shape_of, is not.
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{segment-column-fusion column-tile-bytes=20000 vector-width=16})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=tenferro-fuse-column-tiles -o /dev/null 2>&1 | FileCheck %s
// The same bits as the reference interpreter, with tiles of one column,
// at the default tile size, at 4 and 16 lanes, on parallel loops, with
// destination passing, without segment fusion and with elementwise-fusion:
// RUN: rm -rf %t && mkdir -p %t
// RUN: for entry in layernorm softmax; do \
// RUN:   tenferro-runner %s --entry=$entry --random=3 --reference --output=%t/$entry-ref > /dev/null || exit 1; \
// RUN:   for options in "segment-column-fusion=true column-tile-bytes=1" "segment-column-fusion=true" \
// RUN:       "segment-column-fusion=true column-tile-bytes=20000 vector-width=4" \
// RUN:       "segment-column-fusion=true column-tile-bytes=20000 vector-width=16" \
// RUN:       "segment-column-fusion=true column-tile-bytes=20000 parallel-loops=true parallel-min-work=0" \
// RUN:       "segment-column-fusion=true column-tile-bytes=20000 destination-passing=true" \
// RUN:       "segment-column-fusion=true column-tile-bytes=20000 segment-fusion=false" \
// RUN:       "segment-column-fusion=true column-tile-bytes=20000 elementwise-fusion=true"; do \
// RUN:     tenferro-runner %s --entry=$entry --random=3 --vector-math=libm --pipeline-options="$options" --output=%t/$entry-got > /dev/null || exit 1; \
// RUN:     %python %S/../Differential/npy_compare.py %t/$entry-got0.npy %t/$entry-ref0.npy || exit 1; \
// RUN:   done; \
// RUN: done

// CHECK-LABEL: IR Dump After TenferroFuseColumnTilesPass
// CHECK: func.func @tenferro_layernorm
// CHECK: affine.for %{{.*}} = 0 to 24 step 2 {
// CHECK: arith.subf
// CHECK: math.rsqrt
// CHECK: linalg.yield
// CHECK: }
// CHECK-NEXT: }
// CHECK-NOT: affine.for
// CHECK: linalg.generic
// CHECK: arith.mulf %out, %in
// CHECK: return
// CHECK-LABEL: IR Dump After TenferroFuseColumnTilesPass
// CHECK: func.func @tenferro_softmax
// CHECK: math.exp
// CHECK: affine.for %{{.*}} = 0 to 24 {
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: linalg.yield
// CHECK: }
// CHECK-NEXT: }
// CHECK-NOT: affine.for
// CHECK: return

func.func @layernorm(%x: tensor<1037x24xf32>) -> tensor<1037x24xf32> {
  %inv = tenferro.constant 9.64320154291224689e-04 : f32
  %eps = tenferro.constant 1.000000e-05 : f32
  %s = tenferro.reduce_sum %x, axes = [0] : tensor<1037x24xf32>
  %mean = tenferro.multiply %s, %inv : tensor<24xf32>, tensor<f32>
  %mb = tenferro.broadcast_in_dim %mean, dims = [1] to [1037, 24] : tensor<24xf32>
  %d = tenferro.subtract %x, %mb : tensor<1037x24xf32>
  %ss = tenferro.reduce_sum_squares %d, axes = [0] : tensor<1037x24xf32>
  %var = tenferro.multiply %ss, %inv : tensor<24xf32>, tensor<f32>
  %ve = tenferro.add %var, %eps : tensor<24xf32>, tensor<f32>
  %rs = tenferro.rsqrt %ve : tensor<24xf32>
  %rb = tenferro.broadcast_in_dim %rs, dims = [1] to [1037, 24] : tensor<24xf32>
  %y = tenferro.multiply %d, %rb : tensor<1037x24xf32>
  return %y : tensor<1037x24xf32>
}

func.func @softmax(%x: tensor<1037x24xf64>) -> tensor<1037x24xf64> {
  %e = tenferro.exp %x : tensor<1037x24xf64>
  %n = tenferro.shape_of %e, axis = 0 : tensor<1037x24xf64>
  %s = tenferro.reduce_sum %e, axes = [0] : tensor<1037x24xf64>
  %b = tenferro.broadcast_in_dim %s, dims = [1] to [1037, 24] : tensor<24xf64>
  %y = tenferro.divide %e, %b : tensor<1037x24xf64>
  return %y : tensor<1037x24xf64>
}
