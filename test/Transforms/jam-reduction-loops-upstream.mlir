// Upstream's unroll-and-jam with store-to-load forwarding
// (`affine-loop-unroll-jam{unroll-jam-factor=4}` then `affine-scalrep`)
// against tenferro-jam-reduction-loops. On a row sum both jam the reduced
// loop and forward the stored sums to the next reads, but upstream keeps
// all four stores of each accumulator element per jammed iteration (its
// alias analysis cannot tell the accumulator from the data read between
// them); ours writes it once. Upstream jams only the outermost loop of the
// first nest of a function, without a dependence check: it jams a scalar
// accumulator's nest too, which changes the order of the additions (the
// sum would take x[0, 0], x[1, 0], x[2, 0], x[3, 0], x[0, 1], ... where
// docs/semantics.md 8.5 has x[0, 0], x[0, 1], ...); ours leaves that nest
// as it is.
// RUN: tenferro-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=4},affine-scalrep))" | FileCheck %s --check-prefix=UPSTREAM
// RUN: tenferro-opt %s --split-input-file --tenferro-jam-reduction-loops | FileCheck %s

// UPSTREAM-LABEL: func.func @row_sums(
// UPSTREAM: affine.for %{{.*}} = 0 to 1024 step 4 {
// UPSTREAM-COUNT-4: affine.store %{{.*}}, %arg1[%{{.*}}]
// UPSTREAM-NOT: affine.store
// UPSTREAM: return
// CHECK-LABEL: func.func @row_sums(
// CHECK: affine.for %{{.*}} = 0 to 1024 step 4 {
// CHECK: affine.store %{{.*}}, %arg1[%{{.*}}]
// CHECK-NOT: affine.store
// CHECK: return
func.func @row_sums(%x: memref<1024x512xf32>, %acc: memref<512xf32>) {
  affine.for %j = 0 to 1024 {
    affine.for %i = 0 to 512 {
      %v = affine.load %x[%j, %i] : memref<1024x512xf32>
      %a = affine.load %acc[%i] : memref<512xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %acc[%i] : memref<512xf32>
    }
  }
  return
}

// -----

// UPSTREAM-LABEL: func.func @scalar_sum(
// UPSTREAM: affine.for %{{.*}} = 0 to 1024 step 4 {
// CHECK-LABEL: func.func @scalar_sum(
// CHECK: affine.for %{{.*}} = 0 to 1024 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 512 {
// CHECK-COUNT-1: affine.store
// CHECK-NOT: affine.store
// CHECK: return
func.func @scalar_sum(%x: memref<1024x512xf32>, %s: memref<f32>) {
  affine.for %j = 0 to 1024 {
    affine.for %i = 0 to 512 {
      %v = affine.load %x[%j, %i] : memref<1024x512xf32>
      %a = affine.load %s[] : memref<f32>
      %r = arith.addf %a, %v : f32
      affine.store %r, %s[] : memref<f32>
    }
  }
  return
}
