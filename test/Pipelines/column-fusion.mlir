// The pipeline's column-fusion option (off by default: the runtime's
// segmentation): tenferro-fuse-column-tiles after bufferization, then
// tenferro-fold-affine-subviews after the loops are affine, so that the
// tiles' loops are vectorized. Layer norm (two regions: the sequence and
// the final broadcast-multiply), softmax over the contiguous axis (cut at
// its shape_of) and reduce_sum(exp(x) * y) each become one loop over
// column tiles: one affine.for in each program after the pass; the
// pass's second run (lane-tiles) then computes the steps of each
// reduction within a tile one row at a time, on partials on the stack
// allocated before the loop of tiles (an alloca in a loop would be new
// stack memory at every iteration). At
// 1037 x 24 (16 groups of 64 lanes and a tail of 13 in every reduction)
// the results are the interpreter's bits at the default tile size (12
// columns a tile in f32, 6 in f64), with one column a tile, with elementwise-fusion, at 4
// and 16 lanes, on parallel loops and with destination passing. The IR
// checks lower the sequence regions op by op (segment-fusion=false), the
// loop nests this pass was built for; with segment fusion (the default, as
// the runs below have it) fewer intermediates are left, and at the default
// tile size layer norm's working set fits one tile, so nothing is tiled.
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{column-fusion segment-fusion=false vector-width=16})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=tenferro-fuse-column-tiles -o /dev/null 2>&1 | FileCheck %s
// The loops of the tiles read and write the buffers themselves, as vectors
// (the only views left are of the stack partials, at constant lanes).
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{column-fusion segment-fusion=false vector-width=16})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=tenferro-vectorize-affine-loops -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VECTOR
// RUN: rm -rf %t && mkdir -p %t
// RUN: for entry in layernorm softmax sumexp; do \
// RUN:   tenferro-runner %s --entry=$entry --random=3 --reference --output=%t/$entry-ref > /dev/null || exit 1; \
// RUN:   for options in "column-fusion=true" "column-fusion=true column-tile-bytes=1" \
// RUN:       "column-fusion=true elementwise-fusion=true" "column-fusion=true vector-width=4" \
// RUN:       "column-fusion=true vector-width=16" "column-fusion=true parallel-loops=true parallel-min-work=0" \
// RUN:       "column-fusion=true destination-passing=true column-tile-bytes=4096"; do \
// RUN:     tenferro-runner %s --entry=$entry --random=3 --vector-math=libm --pipeline-options="$options" --output=%t/$entry-got > /dev/null || exit 1; \
// RUN:     %python %S/../Differential/npy_compare.py %t/$entry-got0.npy %t/$entry-ref0.npy || exit 1; \
// RUN:   done; \
// RUN: done

// CHECK-LABEL: IR Dump After TenferroFuseColumnTilesPass
// CHECK: func.func @tenferro_layernorm
// CHECK: affine.for %{{.*}} = 0 to 24 step 12 {
// CHECK-NOT: affine.for
// CHECK-NOT: memref.alloca
// CHECK: return
// CHECK-LABEL: IR Dump After TenferroFuseColumnTilesPass
// CHECK: func.func @tenferro_layernorm
// CHECK: memref.alloca() {{.*}} : memref<1x64xf32>
// CHECK: memref.alloca() {{.*}} : memref<1x64xf32>
// CHECK: affine.for %{{.*}} = 0 to 24 step 12 {
// CHECK-NOT: memref.alloca
// CHECK: affine.for %{{.*}} = 0 to 12 {
// CHECK-NOT: memref.alloca
// CHECK: affine.for %{{.*}} = 0 to 12 {
// CHECK-NOT: affine.for
// CHECK-NOT: memref.alloca
// CHECK: return
// CHECK-LABEL: IR Dump After TenferroFuseColumnTilesPass
// CHECK: func.func @tenferro_softmax
// CHECK: affine.for %{{.*}} = 0 to 24 step 6 {
// CHECK-NOT: affine.for
// CHECK-NOT: memref.alloca
// CHECK: return
// CHECK-LABEL: IR Dump After TenferroFuseColumnTilesPass
// CHECK: func.func @tenferro_softmax
// CHECK: memref.alloca() {{.*}} : memref<1x64xf64>
// CHECK: affine.for %{{.*}} = 0 to 24 step 6 {
// CHECK-NOT: memref.alloca
// CHECK: affine.for %{{.*}} = 0 to 6 {
// CHECK-NOT: affine.for
// CHECK-NOT: memref.alloca
// CHECK: return
// CHECK-LABEL: IR Dump After TenferroFuseColumnTilesPass
// CHECK: func.func @tenferro_sumexp
// CHECK: affine.for %{{.*}} = 0 to 24 step 12 {
// CHECK-NOT: affine.for
// CHECK-NOT: memref.alloca
// CHECK: return
// CHECK-LABEL: IR Dump After TenferroFuseColumnTilesPass
// CHECK: func.func @tenferro_sumexp
// CHECK: memref.alloca() {{.*}} : memref<1x64xf32>
// CHECK: affine.for %{{.*}} = 0 to 24 step 12 {
// CHECK-NOT: memref.alloca
// CHECK: affine.for %{{.*}} = 0 to 12 {
// CHECK-NOT: affine.for
// CHECK-NOT: memref.alloca
// CHECK: return

// VECTOR-LABEL: func.func private @tenferro_layernorm.kernel
// VECTOR-NOT: memref.subview %arg
// VECTOR: vector.transfer_read {{.*}} : memref<24x1037xf32>, vector<16xf32>
// VECTOR: return

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

func.func @sumexp(%x: tensor<1037x24xf32>, %w: tensor<1037x24xf32>) -> tensor<24xf32> {
  %e = tenferro.exp %x : tensor<1037x24xf32>
  %p = tenferro.multiply %e, %w : tensor<1037x24xf32>
  %s = tenferro.reduce_sum %p, axes = [0] : tensor<1037x24xf32>
  return %s : tensor<24xf32>
}
