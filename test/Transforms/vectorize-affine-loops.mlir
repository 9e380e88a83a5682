// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-vectorize-affine-loops))" \
// RUN:   --split-input-file 2>&1 | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-vectorize-affine-loops{vector-size=4}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=V4
// RUN: not tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-vectorize-affine-loops{vector-size=0}))" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADSIZE

// BADSIZE: error: tenferro-vectorize-affine-loops: vector-size must be at least 1

// Every nest of the function is vectorized along its innermost parallel
// loop, with the requested vector size.
// CHECK-LABEL: func.func @two_nests(
// CHECK: affine.for %{{.*}} = 0 to 64 step 8 {
// CHECK: vector.transfer_read {{.*}} : memref<64xf32>, vector<8xf32>
// CHECK: affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 32 step 8 {
// CHECK: vector.transfer_write {{.*}} : vector<8xf64>, memref<16x32xf64>
// V4-LABEL: func.func @two_nests(
// V4: affine.for %{{.*}} = 0 to 64 step 4 {
// V4: affine.for %{{.*}} = 0 to 32 step 4 {
func.func @two_nests(%a: memref<64xf32>, %b: memref<16x32xf64>) {
  affine.for %i = 0 to 64 {
    %v = affine.load %a[%i] : memref<64xf32>
    %m = arith.mulf %v, %v : f32
    affine.store %m, %a[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      %v = affine.load %b[%i, %j] : memref<16x32xf64>
      %m = arith.addf %v, %v : f64
      affine.store %m, %b[%i, %j] : memref<16x32xf64>
    }
  }
  return
}

// -----

// A full reduction over a 1 x 5 buffer: the single-iteration outer loop is
// promoted instead of vectorized (upstream's vectorizer would store a
// vector to the accumulator, which does not verify), and the inner loop
// carries the accumulator, so everything stays scalar.
// CHECK-LABEL: func.func @single_iteration_reduction(
// CHECK-NOT: vector.
// CHECK: affine.for %[[J:.*]] = 0 to 5 {
// CHECK-NEXT: affine.load %{{.*}}[%{{.*}}, %[[J]]]
// CHECK-NOT: vector.
func.func @single_iteration_reduction(%a: memref<1x5xf32>, %acc: memref<f32>) {
  affine.for %i = 0 to 1 {
    affine.for %j = 0 to 5 {
      %v = affine.load %a[%i, %j] : memref<1x5xf32>
      %s = affine.load %acc[] : memref<f32>
      %m = arith.maximumf %s, %v : f32
      affine.store %m, %acc[] : memref<f32>
    }
  }
  return
}

// -----

// A loop over a strided view stays scalar, without a diagnostic (the
// super-vectorizer's contiguity check would report "NYI: non-trivial layout
// map" as an error); the identity-layout nest beside it is vectorized.
// CHECK-LABEL: func.func @strided_view(
// CHECK-NOT: error
// CHECK: affine.for %{{.*}} = 0 to 5 {
// CHECK-NEXT: affine.load %{{.*}} : memref<5xf32, strided<[1], offset: 32>>
// CHECK: affine.for %{{.*}} = 0 to 64 step 8 {
// CHECK: vector.transfer_read
func.func @strided_view(%v: memref<5xf32, strided<[1], offset: 32>>, %o: memref<5xf32>, %a: memref<64xf32>) {
  affine.for %i = 0 to 5 {
    %x = affine.load %v[%i] : memref<5xf32, strided<[1], offset: 32>>
    affine.store %x, %o[%i] : memref<5xf32>
  }
  affine.for %i = 0 to 64 {
    %x = affine.load %a[%i] : memref<64xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %a[%i] : memref<64xf32>
  }
  return
}

