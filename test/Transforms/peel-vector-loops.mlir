// RUN: tenferro-opt %s --tenferro-peel-vector-loops --split-input-file | FileCheck %s

// A static trip count that is a multiple of the step: nothing to peel,
// every transfer is in bounds.
// CHECK-LABEL: func.func @static_multiple(
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK: vector.transfer_read %arg0[%{{.*}}], %{{.*}} {in_bounds = [true]}
// CHECK: vector.transfer_write %{{.*}}, %arg1[%{{.*}}] {in_bounds = [true]}
// CHECK-NOT: scf.for
// CHECK: return
func.func @static_multiple(%a: memref<64xf32>, %o: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %p = ub.poison : f32
  scf.for %i = %c0 to %c64 step %c8 {
    %v = vector.transfer_read %a[%i], %p : memref<64xf32>, vector<8xf32>
    vector.transfer_write %v, %o[%i] : vector<8xf32>, memref<64xf32>
  }
  return
}

// -----

// 100 = 12 full vectors and a partial one: the full iterations are
// unmasked, the partial iteration keeps masked transfers.
// CHECK-LABEL: func.func @static_tail(
// CHECK-DAG: %[[C96:.*]] = arith.constant 96 : index
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C96]]
// CHECK: vector.transfer_read {{.*}} {in_bounds = [true]}
// CHECK: vector.transfer_write {{.*}} {in_bounds = [true]}
// CHECK: scf.for %{{.*}} = %[[C96]] to %[[C100]]
// CHECK: vector.transfer_read %arg0[%{{.*}}], %{{.*}} : memref<100xf32>
// CHECK: vector.transfer_write %{{.*}}, %arg1[%{{.*}}] : vector<8xf32>
func.func @static_tail(%a: memref<100xf32>, %o: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c100 = arith.constant 100 : index
  %c8 = arith.constant 8 : index
  %p = ub.poison : f32
  scf.for %i = %c0 to %c100 step %c8 {
    %v = vector.transfer_read %a[%i], %p : memref<100xf32>, vector<8xf32>
    vector.transfer_write %v, %o[%i] : vector<8xf32>, memref<100xf32>
  }
  return
}

// -----

// The bound is the input's extent and the output is allocated with it:
// both are proven, no run-time check; the tail is peeled.
// CHECK-LABEL: func.func @dynamic_proven(
// CHECK-NOT: scf.if
// CHECK: %[[SPLIT:.*]] = affine.apply
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[SPLIT]]
// CHECK: vector.transfer_read %arg0{{.*}} {in_bounds = [true]}
// CHECK: vector.transfer_write %{{.*}}, %[[ALLOC:.*]][%{{.*}}] {in_bounds = [true]}
// CHECK: scf.for %{{.*}} = %[[SPLIT]] to
// CHECK-NOT: in_bounds
// CHECK: return
func.func @dynamic_proven(%a: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %o = memref.alloc(%n) : memref<?xf32>
  %p = ub.poison : f32
  scf.for %i = %c0 to %n step %c8 {
    %v = vector.transfer_read %a[%i], %p : memref<?xf32>, vector<8xf32>
    vector.transfer_write %v, %o[%i] : vector<8xf32>, memref<?xf32>
  }
  return %o : memref<?xf32>
}

// -----

// The second operand's and the output's extents are unrelated to the
// bound: the loop is versioned on checks before it, and the else branch is
// the original loop.
// CHECK-LABEL: func.func @dynamic_checked(
// CHECK: %[[N:.*]] = memref.dim %arg0
// CHECK: %[[M:.*]] = memref.dim %arg1
// CHECK: %[[OK1:.*]] = arith.cmpi ule, %[[N]], %[[M]]
// CHECK: %[[O:.*]] = memref.dim %arg2
// CHECK: %[[OK2:.*]] = arith.cmpi ule, %[[N]], %[[O]]
// CHECK: %[[OK:.*]] = arith.andi %[[OK1]], %[[OK2]]
// CHECK: scf.if %[[OK]] {
// CHECK:   scf.for
// CHECK:     vector.transfer_read %arg0{{.*}} {in_bounds = [true]}
// CHECK:     vector.transfer_read %arg1{{.*}} {in_bounds = [true]}
// CHECK:   scf.for
// CHECK: } else {
// CHECK:   scf.for %{{.*}} = %{{.*}} to %[[N]]
// CHECK-NOT: in_bounds
// CHECK: return
func.func @dynamic_checked(%a: memref<?xf32>, %b: memref<?xf32>,
                           %o: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %p = ub.poison : f32
  scf.for %i = %c0 to %n step %c8 {
    %v = vector.transfer_read %a[%i], %p : memref<?xf32>, vector<8xf32>
    %w = vector.transfer_read %b[%i], %p : memref<?xf32>, vector<8xf32>
    %s = arith.addf %v, %w : vector<8xf32>
    vector.transfer_write %s, %o[%i] : vector<8xf32>, memref<?xf32>
  }
  return
}

// -----

// A 2-d nest: the inner, vectorized loop is handled; the outer one walks
// a non-vector dimension and is left alone. The broadcast read (a 0-d
// transfer from the row source) has no vector dimension to mark.
// CHECK-LABEL: func.func @nest(
// CHECK: scf.for %[[J:.*]] =
// CHECK-NOT: scf.if
// CHECK: scf.for %[[I:.*]] =
// CHECK: vector.transfer_read %arg1[%[[J]]], %{{.*}} : memref<32xf32>, vector<f32>
// CHECK: vector.transfer_read %arg0[%[[J]], %[[I]]], %{{.*}} {in_bounds = [true]}
func.func @nest(%a: memref<32x64xf32>, %r: memref<32xf32>,
                %o: memref<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %p = ub.poison : f32
  scf.for %j = %c0 to %c32 step %c1 {
    scf.for %i = %c0 to %c64 step %c8 {
      %s = vector.transfer_read %r[%j], %p : memref<32xf32>, vector<f32>
      %b = vector.broadcast %s : vector<f32> to vector<8xf32>
      %v = vector.transfer_read %a[%j, %i], %p : memref<32x64xf32>, vector<8xf32>
      %m = arith.mulf %v, %b : vector<8xf32>
      vector.transfer_write %m, %o[%j, %i] : vector<8xf32>, memref<32x64xf32>
    }
  }
  return
}

// -----

// Indices that are not the induction variable itself, or vectors longer
// than the step, are in bounds where value bounds of the indices prove it
// (the induction variable's largest value counts the step): i + 1 for i in
// 0, 8, ..., 88 reads at most element 96, i for i in 0, 4, ..., 92 at most
// element 99. Masked transfers are left alone.
// CHECK-LABEL: func.func @proven_by_bounds(
// CHECK: scf.for
// CHECK: vector.transfer_read %{{.*}} {in_bounds = [true]} : memref<100xf32>, vector<8xf32>
// CHECK-NEXT: vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : vector<8xf32>, memref<100xf32>
// CHECK: scf.for
// CHECK: vector.transfer_read %{{.*}} {in_bounds = [true]} : memref<100xf32>, vector<8xf32>
// CHECK-NEXT: vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : vector<8xf32>, memref<100xf32>
// CHECK-NOT: scf.if
func.func @proven_by_bounds(%a: memref<100xf32>, %o: memref<100xf32>,
                            %mask: vector<8xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c96 = arith.constant 96 : index
  %p = ub.poison : f32
  scf.for %i = %c0 to %c96 step %c8 {
    %j = arith.addi %i, %c1 : index
    %v = vector.transfer_read %a[%j], %p : memref<100xf32>, vector<8xf32>
    vector.transfer_write %v, %o[%i], %mask : vector<8xf32>, memref<100xf32>
  }
  scf.for %i = %c0 to %c96 step %c4 {
    %v = vector.transfer_read %a[%i], %p : memref<100xf32>, vector<8xf32>
    vector.transfer_write %v, %o[%i], %mask : vector<8xf32>, memref<100xf32>
  }
  return
}

// -----

// The halves of a sum's lanes (tenferro-strip-mine-parallel-loops): the
// chunk offset %c of a parallel loop over [0, 64) in steps of 32 is at
// most 32, the lane %l at most 16, so %c + %l leaves room for a vector of
// 16 in 64 elements, and 64 * %g + %c + %l in 4096 (value bounds alone
// take %c up to 63).
// CHECK-LABEL: func.func @proven_by_parallel_steps(
// CHECK: scf.parallel
// CHECK: vector.transfer_read %{{.*}} {in_bounds = [true]} : memref<64xf32>, vector<16xf32>
// CHECK: scf.for
// CHECK: vector.transfer_read %{{.*}} {in_bounds = [true]} : memref<4096xf32>, vector<16xf32>
// CHECK: vector.transfer_write %{{.*}} {in_bounds = [true]} : vector<16xf32>, memref<64xf32>
func.func @proven_by_parallel_steps(%x: memref<4096xf32>, %acc: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %p = ub.poison : f32
  scf.parallel (%c) = (%c0) to (%c64) step (%c32) {
    %l = arith.addi %c, %c16 : index
    %a = vector.transfer_read %acc[%l], %p : memref<64xf32>, vector<16xf32>
    %s = scf.for %g = %c0 to %c64 step %c1 iter_args(%v = %a) -> vector<16xf32> {
      %row = arith.muli %g, %c64 : index
      %j = arith.addi %row, %l : index
      %e = vector.transfer_read %x[%j], %p : memref<4096xf32>, vector<16xf32>
      %n = arith.addf %v, %e : vector<16xf32>
      scf.yield %n : vector<16xf32>
    }
    vector.transfer_write %s, %acc[%l] : vector<16xf32>, memref<64xf32>
    scf.reduce
  }
  return
}

// -----

// Left unchanged: a masked transfer, a non-constant step, a buffer too
// small for the bound, and an index whose bound leaves no room for the
// vector (i + 5 for i up to 88 reads up to element 100; c + 9 for a chunk
// offset c up to 48 up to element 65 of 64).
// CHECK-LABEL: func.func @unchanged(
// CHECK-NOT: in_bounds
// CHECK-NOT: scf.if
// CHECK: return
func.func @unchanged(%a: memref<100xf32>, %o: memref<100xf32>,
                     %small: memref<64xf32>, %step: index,
                     %mask: vector<8xi1>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %p = ub.poison : f32
  scf.for %i = %c0 to %c96 step %c8 {
    %j = arith.addi %i, %c5 : index
    %v = vector.transfer_read %a[%j], %p : memref<100xf32>, vector<8xf32>
    vector.transfer_write %v, %o[%i], %mask : vector<8xf32>, memref<100xf32>
  }
  scf.for %i = %c0 to %c96 step %step {
    %v = vector.transfer_read %a[%i], %p : memref<100xf32>, vector<8xf32>
    vector.transfer_write %v, %o[%i], %mask : vector<8xf32>, memref<100xf32>
  }
  scf.for %i = %c0 to %c96 step %c8 {
    %v = vector.transfer_read %small[%i], %p : memref<64xf32>, vector<8xf32>
    vector.transfer_write %v, %o[%i], %mask : vector<8xf32>, memref<100xf32>
  }
  // Chunks of 16 over [0, 64) with 9 added: up to element 57 + 8 = 65.
  scf.parallel (%c) = (%c0) to (%c64) step (%c16) {
    %l = arith.addi %c, %c9 : index
    %v = vector.transfer_read %small[%l], %p : memref<64xf32>, vector<8xf32>
    vector.transfer_write %v, %o[%c], %mask : vector<8xf32>, memref<100xf32>
    scf.reduce
  }
  return
}
