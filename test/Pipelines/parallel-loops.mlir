// parallel-loops runs the outermost parallel loop of each nest with OpenMP
// (one level: no nested parallel regions), keeping the inner loop
// vectorized.
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{parallel-loops})" \
// RUN:   --mlir-print-ir-after=convert-scf-to-openmp -o /dev/null 2>&1 | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{parallel-loops})" \
// RUN:   | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// CHECK-LABEL: func.func @tenferro_outer(
// CHECK: omp.parallel
// CHECK: omp.wsloop
// CHECK-NOT: omp.parallel
// CHECK: vector.transfer_read {{.*}} vector<8xf64>
// LLVMIR: call void {{.*}}@__kmpc_fork_call(
// LLVMIR: fmul <8 x double>
func.func @outer(%a: tensor<1000xf64>, %b: tensor<1003xf64>) -> tensor<1000x1003xf64> {
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [1000, 1003] : tensor<1000xf64>
  %1 = tenferro.broadcast_in_dim %b, dims = [1] to [1000, 1003] : tensor<1003xf64>
  %2 = tenferro.multiply %0, %1 : tensor<1000x1003xf64>
  return %2 : tensor<1000x1003xf64>
}

// A reduction over the contiguous axis, with lane-tiles: one kernel and
// one OpenMP region (not a fill, a fold and a combination, each with its
// own), whose chunks of rows each allocate one row's 64 partials on the
// stack, in the alloca_scope that convert-scf-to-openmp gives each
// iteration; no buffer of partials for all rows.
// CHECK-LABEL: func.func @tenferro_colsum(
// CHECK-NOT: memref<512x64xf32>
// CHECK: call @tenferro_colsum.kernel0(
// CHECK-NOT: call
// CHECK: return
// CHECK-LABEL: func.func private @tenferro_colsum.kernel0(
// CHECK: omp.parallel
// CHECK: omp.loop_nest
// CHECK-NEXT: memref.alloca_scope
// CHECK-NEXT: memref.alloca() {{.*}} : memref<1x64xf32>
// CHECK-NOT: omp.parallel
// CHECK: return
func.func @colsum(%x: tensor<512x512xf32>) -> tensor<512xf32> {
  %s = tenferro.reduce_sum %x, axes = [0] : tensor<512x512xf32>
  return %s : tensor<512xf32>
}

// Little work stays on one thread: 64 x 64 elements, far below
// parallel-min-work (2^18 units by default: a few units an element here),
// make no OpenMP region, neither elementwise nor in a reduction's lane
// tiles, whose partials are then one stack buffer before the loop over
// all rows, not one per chunk.
// CHECK-LABEL: func.func private @tenferro_small_outer.kernel0(
// CHECK-NOT: omp.
// CHECK: vector.transfer_read {{.*}} vector<8xf64>
// CHECK-NOT: omp.
// CHECK: return
func.func @small_outer(%a: tensor<64xf64>, %b: tensor<64xf64>) -> tensor<64x64xf64> {
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [64, 64] : tensor<64xf64>
  %1 = tenferro.broadcast_in_dim %b, dims = [1] to [64, 64] : tensor<64xf64>
  %2 = tenferro.multiply %0, %1 : tensor<64x64xf64>
  return %2 : tensor<64x64xf64>
}

// CHECK-LABEL: func.func private @tenferro_small_colsum.kernel0(
// CHECK-NOT: omp.
// CHECK: memref.alloca() {{.*}} : memref<1x64xf32>
// CHECK-NOT: omp.
// CHECK: scf.for
// CHECK-NOT: omp.
// CHECK: return
func.func @small_colsum(%x: tensor<64x64xf32>) -> tensor<64xf32> {
  %s = tenferro.reduce_sum %x, axes = [0] : tensor<64x64xf32>
  return %s : tensor<64xf32>
}

// Row sums (a reduction over the strided axis): the kept axis, 2048 `f64`
// (one chunk), in two halves of 1024 (8 KiB of each row a thread), one
// OpenMP region around the loop over the reduced axis, vectorized inside.
// CHECK-LABEL: func.func private @tenferro_rowsum_halves.kernel0(
// CHECK: omp.parallel
// CHECK: omp.loop_nest (%{{.*}}) : index = (%{{.*}}) to (%c2048{{.*}}) step (%c1024{{.*}})
// CHECK: scf.for
// CHECK: vector.transfer_read {{.*}} : memref<2048x2048xf64>, vector<8xf64>
// CHECK: return
func.func @rowsum_halves(%x: tensor<2048x2048xf64>) -> tensor<2048xf64> {
  %s = tenferro.reduce_sum %x, axes = [1] : tensor<2048x2048xf64>
  return %s : tensor<2048xf64>
}

// Halves of 512 `f32` (2 KiB) would break the prefetcher's streams at every
// row: the kept axis stays whole, on one thread.
// CHECK-LABEL: func.func private @tenferro_rowsum_short.kernel0(
// CHECK-NOT: omp.
// CHECK: vector.transfer_read {{.*}} : memref<1024x1024xf32>, vector<8xf32>
// CHECK-NOT: omp.
// CHECK: return
func.func @rowsum_short(%x: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %s = tenferro.reduce_sum %x, axes = [1] : tensor<1024x1024xf32>
  return %s : tensor<1024xf32>
}

// A dynamic extent: whether the work is little is known only at run time,
// so the nest is versioned (tenferro-serialize-small-parallel-loops): a
// sequential copy under scf.if, the OpenMP region in its else branch,
// both vectorized.
// CHECK-LABEL: func.func private @tenferro_dynamic_add.kernel0(
// CHECK: arith.cmpi ult
// CHECK: scf.if
// CHECK-NOT: omp.
// CHECK: vector.transfer_read {{.*}} vector<8xf32>
// CHECK: } else {
// CHECK: omp.parallel
// CHECK: vector.transfer_read {{.*}} vector<8xf32>
// CHECK: return
func.func @dynamic_add(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tenferro.add %a, %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}
