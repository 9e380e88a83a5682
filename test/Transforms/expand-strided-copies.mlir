// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-expand-strided-copies))" \
// RUN:   --split-input-file | FileCheck %s
// The whole pipeline leaves no call of memrefCopy (MLIR's C runner
// utilities) for a strided copy: objects need only libc and libm.
// RUN: tenferro-opt %S/../Runner/Inputs/windows.mlir --tenferro-lower-to-llvm | FileCheck %s --check-prefix=PIPELINE
// PIPELINE-NOT: memrefCopy
// PIPELINE: llvm.func @tenferro_windows(
// PIPELINE-NOT: memrefCopy

// The window of a dynamic_slice (a strided view) copied into a fresh
// buffer: a loop nest over the source's extents, element by element.
// CHECK-LABEL: func.func @strided_source(
// CHECK-SAME: %[[SRC:.*]]: memref<2x1xf64, strided<[2, 1], offset: ?>>, %[[DST:.*]]: memref<2x1xf64>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT: scf.for %[[J:.*]] = %[[C0]] to %{{.*}} step %[[C1]] {
// CHECK-NEXT: %[[V:.*]] = memref.load %[[SRC]][%[[I]], %[[J]]]
// CHECK-NEXT: memref.store %[[V]], %[[DST]][%[[I]], %[[J]]]
// CHECK-NOT: memref.copy
func.func @strided_source(%src: memref<2x1xf64, strided<[2, 1], offset: ?>>, %dst: memref<2x1xf64>) {
  memref.copy %src, %dst : memref<2x1xf64, strided<[2, 1], offset: ?>> to memref<2x1xf64>
  return
}

// -----

// A dynamic extent into a strided part of a concatenation: the extent
// is read from the source.
// CHECK-LABEL: func.func @dynamic_strided_target(
// CHECK-SAME: %[[SRC:.*]]: memref<3x?xf64>, %[[DST:.*]]: memref<3x?xf64, strided<[?, 1], offset: ?>>)
// CHECK: %[[N:.*]] = memref.dim %[[SRC]], %{{.*}} : memref<3x?xf64>
// CHECK: scf.for
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]]
// CHECK: memref.load %[[SRC]]
// CHECK: memref.store %{{.*}}, %[[DST]]
// CHECK-NOT: memref.copy
func.func @dynamic_strided_target(%src: memref<3x?xf64>, %dst: memref<3x?xf64, strided<[?, 1], offset: ?>>) {
  memref.copy %src, %dst : memref<3x?xf64> to memref<3x?xf64, strided<[?, 1], offset: ?>>
  return
}

// -----

// Copies that finalize-memref-to-llvm lowers to memcpy stay: identity
// layouts, and static contiguous row-major views with an offset.
// CHECK-LABEL: func.func @contiguous(
// CHECK-NEXT: memref.copy
// CHECK-NEXT: memref.copy
// CHECK-NEXT: return
func.func @contiguous(%a: memref<?x4xi1>, %b: memref<?x4xi1>, %c: memref<3x2xf64>, %d: memref<3x2xf64, strided<[2, 1], offset: 6>>) {
  memref.copy %a, %b : memref<?x4xi1> to memref<?x4xi1>
  memref.copy %c, %d : memref<3x2xf64> to memref<3x2xf64, strided<[2, 1], offset: 6>>
  return
}

// -----

// Unranked copies are left to memrefCopy (programs make none).
// CHECK-LABEL: func.func @unranked(
// CHECK-NEXT: memref.copy %{{.*}}, %{{.*}} : memref<*xf32> to memref<*xf32>
func.func @unranked(%c: memref<*xf32>, %d: memref<*xf32>) {
  memref.copy %c, %d : memref<*xf32> to memref<*xf32>
  return
}
