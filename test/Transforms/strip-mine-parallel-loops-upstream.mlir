// On the loops it strip-mines (a lone parallel affine.for, not nested, with
// more than one chunk of iterations), tenferro-strip-mine-parallel-loops
// prints what upstream's affine-loop-tile with the same tile size prints;
// it differs only in which loops it takes (upstream tiles every nest;
// test/Transforms/strip-mine-parallel-loops.mlir has the loops it leaves
// alone).
// RUN: tenferro-opt %s --tenferro-strip-mine-parallel-loops -o %t.ours
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(affine-loop-tile{tile-size=16384}))" -o %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: FileCheck %s < %t.ours

// CHECK-LABEL: func.func @lone(
// CHECK: affine.for %[[C:.*]] = 0 to 40005 step 16384 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to min #{{.*}}(%[[C]]) {
// CHECK-LABEL: func.func @dynamic(
// CHECK: affine.for %[[C:.*]] = 0 to %{{.*}} step 16384 {
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
