// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-vectorize-affine-loops))" | FileCheck %s
// Upstream's vectorizer (affine-super-vectorize{virtual-vector-size=8},
// MLIR 22) vectorizes the first nest's loop over chunks, whose induction
// variable bounds the inner loop, into a vector.transfer_write that the
// verifier rejects ("should not have broadcast dimensions"); with Debian's
// release libMLIR the verifier crashes instead of reporting it, so the
// outcome is not checked here.

// A sequential loop over chunks (tenferro-serialize-small-parallel-loops'
// copy of a dynamic nest) stays scalar: its induction variable bounds the
// chunk's loop. Here the chunk's loop reads along rows (not contiguous)
// and stays scalar too.
// CHECK-LABEL: func.func @chunk_rows(
// CHECK: affine.for %[[C:.*]] = 0 to %{{.*}} step 16384 {
// CHECK-NEXT: affine.for %[[R:.*]] = #{{.*}}(%[[C]]) to min #{{.*}}(%[[C]])[%{{.*}}] {
// CHECK-NEXT: affine.load %{{.*}}[%[[R]], %{{.*}}] : memref<?x16xf64>
// CHECK-NOT: vector
func.func @chunk_rows(%a: memref<?x16xf64>, %b: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x16xf64>
  affine.for %c = 0 to %n step 16384 {
    affine.for %r = affine_map<(d0) -> (d0)>(%c) to min affine_map<(d0)[s0] -> (d0 + 16384, s0)>(%c)[%n] {
      %x = affine.load %a[%r, %c0] : memref<?x16xf64>
      %y = affine.load %a[%r, %c1] : memref<?x16xf64>
      %s = arith.addf %x, %y : f64
      affine.store %s, %b[%r] : memref<?xf64>
    }
  }
  return
}

// The chunk's loop along the contiguous axis is vectorized inside the
// scalar loop over chunks.
// CHECK-LABEL: func.func @chunk_elements(
// CHECK: affine.for %[[C:.*]] = 0 to %{{.*}} step 16384 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to min #{{.*}}(%[[C]])[%{{.*}}] step 8 {
// CHECK: vector.transfer_read %{{.*}} : memref<?xf32>, vector<8xf32>
func.func @chunk_elements(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  affine.for %c = 0 to %n step 16384 {
    affine.for %i = affine_map<(d0) -> (d0)>(%c) to min affine_map<(d0)[s0] -> (d0 + 16384, s0)>(%c)[%n] {
      %x = affine.load %a[%i] : memref<?xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %b[%i] : memref<?xf32>
    }
  }
  return
}
