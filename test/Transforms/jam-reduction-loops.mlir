// RUN: tenferro-opt %s --tenferro-jam-reduction-loops --split-input-file | FileCheck %s
// RUN: tenferro-opt %s --tenferro-jam-reduction-loops="factor=1" --split-input-file | FileCheck %s --check-prefix=NONE
// RUN: tenferro-opt %s --tenferro-jam-reduction-loops="min-inner-trips=1025" --split-input-file | FileCheck %s --check-prefix=MIN

// Row sums (the kept axis i contiguous and innermost): four rows per read
// and write of each accumulator, added in the order j, j+1, j+2, j+3; the
// last two rows (10 = 2 * 4 + 2) in a cleanup nest of the original form.
// CHECK-LABEL: func.func @row_sums(
// CHECK: affine.for %[[J:.*]] = 0 to 8 step 4 {
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 1024 {
// CHECK-NEXT: %[[X0:.*]] = affine.load %arg0[%[[J]], %[[I]]]
// CHECK-NEXT: %[[A:.*]] = affine.load %arg1[%[[I]]]
// CHECK-NEXT: %[[S0:.*]] = arith.addf %[[A]], %[[X0]]
// CHECK-NEXT: %[[J1:.*]] = affine.apply #{{.*}}(%[[J]])
// CHECK-NEXT: %[[X1:.*]] = affine.load %arg0[%[[J1]], %[[I]]]
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[S0]], %[[X1]]
// CHECK: %[[X2:.*]] = affine.load %arg0[%{{.*}}, %[[I]]]
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[S1]], %[[X2]]
// CHECK: %[[X3:.*]] = affine.load %arg0[%{{.*}}, %[[I]]]
// CHECK-NEXT: %[[S3:.*]] = arith.addf %[[S2]], %[[X3]]
// CHECK-NEXT: affine.store %[[S3]], %arg1[%[[I]]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %[[K:.*]] = 8 to 10 {
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 1024 {
// CHECK-NEXT: affine.load %arg0[%[[K]], %[[I]]]
// CHECK-NEXT: affine.load %arg1[%[[I]]]
// CHECK-NEXT: arith.addf
// CHECK-NEXT: affine.store
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// With factor 1, or an inner loop shorter than min-inner-trips, the nest
// stays as it is.
// NONE-LABEL: func.func @row_sums(
// NONE: affine.for %{{.*}} = 0 to 10 {
// NONE: affine.store
// NONE-NOT: affine.store
// NONE: return
// MIN-LABEL: func.func @row_sums(
// MIN: affine.for %{{.*}} = 0 to 10 {
// MIN: affine.store
// MIN-NOT: affine.store
// MIN: return
func.func @row_sums(%x: memref<10x1024xf32>, %acc: memref<1024xf32>) {
  affine.for %j = 0 to 10 {
    affine.for %i = 0 to 1024 {
      %v = affine.load %x[%j, %i] : memref<10x1024xf32>
      %a = affine.load %acc[%i] : memref<1024xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %acc[%i] : memref<1024xf32>
    }
  }
  return
}

// -----

// A maximum over rows of dynamic extents, the kept index offset by a
// value the reduced loop does not change (a chunk's start): jammed, with a
// cleanup nest from the last multiple of four rows.
// CHECK-LABEL: func.func @row_max_dynamic(
// CHECK: affine.for %[[J:.*]] = 0 to #{{.*}}()[%{{.*}}] step 4 {
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK: %[[A:.*]] = affine.load %arg1[%[[I]] + %arg2]
// CHECK: %[[M0:.*]] = arith.maximumf %[[A]],
// CHECK: %[[M1:.*]] = arith.maximumf %[[M0]],
// CHECK: %[[M2:.*]] = arith.maximumf %[[M1]],
// CHECK: %[[M3:.*]] = arith.maximumf %[[M2]],
// CHECK-NEXT: affine.store %[[M3]], %arg1[%[[I]] + %arg2]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.for
// CHECK-COUNT-1: affine.store
// CHECK-NOT: affine.store
// CHECK: return
func.func @row_max_dynamic(%x: memref<?x?xf64>, %acc: memref<?xf64>, %start: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf64>
  %n = memref.dim %x, %c1 : memref<?x?xf64>
  affine.for %j = 0 to %rows {
    affine.for %i = 0 to %n {
      %v = affine.load %x[%j, %i + %start] : memref<?x?xf64>
      %a = affine.load %acc[%i + %start] : memref<?xf64>
      %m = arith.maximumf %a, %v : f64
      affine.store %m, %acc[%i + %start] : memref<?xf64>
    }
  }
  return
}

// -----

// Two accumulators in one body (the sum and the sum of squares of a
// row): each read once and written once per four rows.
// CHECK-LABEL: func.func @two_accumulators(
// CHECK: affine.for %{{.*}} = 0 to 12 step 4 {
// CHECK-NEXT: affine.for
// CHECK-COUNT-2: affine.load %arg{{[12]}}[
// CHECK-COUNT-2: affine.store
// CHECK-NOT: affine.store
// CHECK-NOT: affine.for
// CHECK: return
func.func @two_accumulators(%x: memref<12x256xf32>, %sum: memref<256xf32>, %sq: memref<256xf32>) {
  affine.for %j = 0 to 12 {
    affine.for %i = 0 to 256 {
      %v = affine.load %x[%j, %i] : memref<12x256xf32>
      %a = affine.load %sum[%i] : memref<256xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %sum[%i] : memref<256xf32>
      %b = affine.load %sq[%i] : memref<256xf32>
      %v2 = arith.mulf %v, %v : f32
      %t = arith.addf %b, %v2 : f32
      affine.store %t, %sq[%i] : memref<256xf32>
    }
  }
  return
}

// -----

// Nests that stay as they are: an accumulator that is the same element for
// every inner iteration (jamming would reorder its additions); a store
// indexed by the outer loop (an elementwise nest); an accumulator read at
// another element than it is written; a call in the body; an inner loop
// whose bounds depend on the outer one; a loop around two loops.
// CHECK-LABEL: func.func @unchanged(
// CHECK-NOT: step 4
// CHECK: return
func.func @unchanged(%x: memref<8x64xf32>, %acc: memref<64xf32>, %s: memref<1xf32>, %y: memref<8x64xf32>) {
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 64 {
      %v = affine.load %x[%j, %i] : memref<8x64xf32>
      %a = affine.load %s[0] : memref<1xf32>
      %r = arith.addf %a, %v : f32
      affine.store %r, %s[0] : memref<1xf32>
    }
  }
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 64 {
      %v = affine.load %x[%j, %i] : memref<8x64xf32>
      %r = arith.addf %v, %v : f32
      affine.store %r, %y[%j, %i] : memref<8x64xf32>
    }
  }
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 63 {
      %v = affine.load %x[%j, %i] : memref<8x64xf32>
      %a = affine.load %acc[%i + 1] : memref<64xf32>
      %r = arith.addf %a, %v : f32
      affine.store %r, %acc[%i] : memref<64xf32>
    }
  }
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 64 {
      %v = affine.load %x[%j, %i] : memref<8x64xf32>
      %a = affine.load %acc[%i] : memref<64xf32>
      %e = func.call @opaque(%v) : (f32) -> f32
      %r = arith.addf %a, %e : f32
      affine.store %r, %acc[%i] : memref<64xf32>
    }
  }
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to affine_map<(d0) -> (d0 * 8)>(%j) {
      %v = affine.load %x[%j, %i] : memref<8x64xf32>
      %a = affine.load %acc[%i] : memref<64xf32>
      %r = arith.addf %a, %v : f32
      affine.store %r, %acc[%i] : memref<64xf32>
    }
  }
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 64 {
      %v = affine.load %x[%j, %i] : memref<8x64xf32>
      %a = affine.load %acc[%i] : memref<64xf32>
      %r = arith.addf %a, %v : f32
      affine.store %r, %acc[%i] : memref<64xf32>
    }
    affine.for %i = 0 to 64 {
      %v = affine.load %x[%j, %i] : memref<8x64xf32>
      %r = arith.addf %v, %v : f32
      affine.store %r, %y[%j, %i] : memref<8x64xf32>
    }
  }
  return
}
func.func private @opaque(f32) -> f32
