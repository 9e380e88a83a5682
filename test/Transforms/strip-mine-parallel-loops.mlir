// RUN: tenferro-opt %s --tenferro-strip-mine-parallel-loops --split-input-file | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{chunk-size=4096}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=CHUNK4K
// RUN: not tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{chunk-size=0}))" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADCHUNK

// BADCHUNK: error: tenferro-strip-mine-parallel-loops: chunk-size must be at least 1

// A lone parallel loop becomes a loop over chunks and a loop within the
// chunk; the last chunk is bounded by the trip count.
// CHECK-LABEL: func.func @lone(
// CHECK: affine.for %[[C:.*]] = 0 to 40005 step 16384 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to min #{{.*}}(%[[C]]) {
// CHECK-NOT: affine.for
// CHECK: arith.mulf
// CHECK-LABEL: func.func @dynamic(
// CHECK: affine.for %[[C:.*]] = 0 to %{{.*}} step 16384 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to min #{{.*}}(%[[C]])[%{{.*}}] {
// CHUNK4K-LABEL: func.func @lone(
// CHUNK4K: affine.for %{{.*}} = 0 to 40005 step 4096 {
func.func @lone(%a: memref<40005xf32>, %o: memref<40005xf32>) {
  affine.for %i = 0 to 40005 {
    %v = affine.load %a[%i] : memref<40005xf32>
    %m = arith.mulf %v, %v : f32
    affine.store %m, %o[%i] : memref<40005xf32>
  }
  return
}

func.func @dynamic(%a: memref<?xf32>, %o: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %v = affine.load %a[%i] : memref<?xf32>
    affine.store %v, %o[%i] : memref<?xf32>
  }
  return
}

// -----

// Left alone: one chunk's worth of iterations, a nest of depth two (its
// outer loop goes to threads, its inner one to vectors), and a loop that
// carries a dependence.
// CHECK-LABEL: func.func @unchanged(
// CHECK: affine.for %{{.*}} = 0 to 16384 {
// CHECK: affine.for %{{.*}} = 0 to 300 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 300 {
// CHECK: affine.for %{{.*}} = 1 to 40000 {
// CHECK-NOT: step
func.func @unchanged(%a: memref<40000xf32>, %m: memref<300x300xf32>) {
  affine.for %i = 0 to 16384 {
    %v = affine.load %a[%i] : memref<40000xf32>
    affine.store %v, %a[%i] : memref<40000xf32>
  }
  affine.for %i = 0 to 300 {
    affine.for %j = 0 to 300 {
      %v = affine.load %m[%i, %j] : memref<300x300xf32>
      affine.store %v, %m[%i, %j] : memref<300x300xf32>
    }
  }
  affine.for %i = 1 to 40000 {
    %v = affine.load %a[%i - 1] : memref<40000xf32>
    affine.store %v, %a[%i] : memref<40000xf32>
  }
  return
}
