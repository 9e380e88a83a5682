// RUN: tenferro-opt %s --tenferro-strip-mine-parallel-loops --split-input-file | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{chunk-size=4096}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=CHUNK4K
// RUN: not tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{chunk-size=0}))" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADCHUNK

// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{outer-chunk-size=16}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=LANES16
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{outer-chunk-size=8}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=LANES8

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

// -----

// The lanes of a vector sum (docs/semantics.md 8.5) around the sequential
// loop over its groups: by default left alone; with outer-chunk-size the
// lane loop is cut into chunks of that many lanes, each around the whole
// group loop; where one chunk holds every lane, the nest goes unchanged
// into a parallel loop of one iteration (so that affine-parallelize,
// which takes the outermost parallel loop only, leaves the lanes to the
// vectorizer).
// CHECK-LABEL: func.func @lanes(
// CHECK-NOT: affine.parallel
// CHECK: affine.for %[[L:.*]] = 0 to 16 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 4096 {
// LANES16-LABEL: func.func @lanes(
// LANES16: affine.parallel (%{{.*}}) = (0) to (1) {
// LANES16-NEXT: affine.for %[[L:.*]] = 0 to 16 {
// LANES16-NEXT: affine.for %[[K:.*]] = 0 to 4096 {
// LANES16-NEXT: affine.load %{{.*}}[%[[K]] * 16 + %[[L]]]
// LANES8-LABEL: func.func @lanes(
// LANES8: affine.for %[[C:.*]] = 0 to 16 step 8 {
// LANES8-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to #{{.*}}(%[[C]]) {
// LANES8-NEXT: affine.for %{{.*}} = 0 to 4096 {
// A nest whose inner loop is parallel (to vectors already), and one with
// more than the inner loop in its body, stay as they are.
// LANES16-LABEL: func.func @not_lanes(
// LANES16-NOT: affine.parallel
// LANES16: return
func.func @lanes(%x: memref<65536xf32>, %acc: memref<16xf32>) {
  affine.for %l = 0 to 16 {
    affine.for %k = 0 to 4096 {
      %v = affine.load %x[%k * 16 + %l] : memref<65536xf32>
      %a = affine.load %acc[%l] : memref<16xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %acc[%l] : memref<16xf32>
    }
  }
  return
}

func.func @not_lanes(%x: memref<16x300xf32>, %acc: memref<16xf32>, %o: memref<16xf32>) {
  affine.for %l = 0 to 16 {
    affine.for %k = 0 to 300 {
      %v = affine.load %x[%l, %k] : memref<16x300xf32>
      affine.store %v, %x[%l, %k] : memref<16x300xf32>
    }
  }
  affine.for %l = 0 to 16 {
    %z = arith.constant 0.0 : f32
    affine.store %z, %o[%l] : memref<16xf32>
    affine.for %k = 0 to 300 {
      %v = affine.load %x[%l, %k] : memref<16x300xf32>
      %a = affine.load %acc[%l] : memref<16xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %acc[%l] : memref<16xf32>
    }
  }
  return
}
