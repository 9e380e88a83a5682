// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-vectorize-affine-loops))" | FileCheck %s
// Upstream reads the strided loads as consecutive elements:
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(affine-loop-normalize{promote-single-iter},affine-super-vectorize{virtual-vector-size=8}))" \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM

// UPSTREAM-LABEL: func.func @non_unit_stride(
// UPSTREAM: affine.for %{{.*}} = 0 to 32 step 8 {
// UPSTREAM: vector.transfer_read %{{.*}} : memref<64xf32>, vector<8xf32>
// UPSTREAM: affine.for %{{.*}} = 0 to 8 step 8 {
// UPSTREAM: vector.transfer_read %{{.*}} : memref<?xf32>, vector<8xf32>

// A loop along which the last index moves by other than one element stays
// scalar: upstream (UPSTREAM) reads x[2 i], x[2 i + 1], ... as one vector. The
// loop over rows of a flat view (row times a symbolic stride) stays scalar
// too; the loop over the row's elements (stride 1) is vectorized.
// CHECK-LABEL: func.func @non_unit_stride(
// CHECK: affine.for %[[I:.*]] = 0 to 32 {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]] * 2] : memref<64xf32>
// CHECK: affine.for %{{.*}} = 0 to 8 {
// CHECK: affine.for %{{.*}} = 0 to 64 step 8 {
// CHECK: vector.transfer_read %{{.*}} : memref<?xf32>, vector<8xf32>
// CHECK: affine.for %[[R:.*]] = 0 to 8 {
// CHECK-NEXT: affine.load %{{.*}}[%[[R]] * symbol(%{{.*}})] : memref<?xf32>
func.func @non_unit_stride(%x: memref<64xf32>, %o: memref<32xf32>, %f: memref<?xf32>, %s: index, %p: memref<8x64xf32>, %q: memref<8xf32>) {
  affine.for %i = 0 to 32 {
    %v = affine.load %x[%i * 2] : memref<64xf32>
    affine.store %v, %o[%i] : memref<32xf32>
  }
  affine.for %r = 0 to 8 {
    affine.for %j = 0 to 64 {
      %v = affine.load %f[%r * symbol(%s) + %j] : memref<?xf32>
      affine.store %v, %p[%r, %j] : memref<8x64xf32>
    }
  }
  affine.for %r = 0 to 8 {
    %v = affine.load %f[%r * symbol(%s)] : memref<?xf32>
    affine.store %v, %q[%r] : memref<8xf32>
  }
  return
}
