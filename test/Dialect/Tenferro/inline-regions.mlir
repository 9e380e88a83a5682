// tenferro-inline-regions is the inverse of tenferro-segment: segmenting and
// inlining gives back the program, byte for byte, on every test program.
// RUN: tenferro-opt %s > %t.orig
// RUN: tenferro-opt %s --tenferro-segment --tenferro-inline-regions > %t.rt
// RUN: diff %t.orig %t.rt
// RUN: tenferro-opt %S/segment.mlir > %t.seg.orig
// RUN: tenferro-opt %S/segment.mlir --tenferro-segment --tenferro-inline-regions > %t.seg.rt
// RUN: diff %t.seg.orig %t.seg.rt
// RUN: tenferro-opt %S/segment-explain.mlir -split-input-file --allow-unregistered-dialect > %t.exp.orig
// RUN: tenferro-opt %S/segment-explain.mlir -split-input-file --allow-unregistered-dialect \
// RUN:   --tenferro-segment --tenferro-inline-regions > %t.exp.rt
// RUN: diff %t.exp.orig %t.exp.rt
// RUN: tenferro-opt %s --tenferro-segment --tenferro-inline-regions | FileCheck %s

// CHECK-LABEL: func.func @mixed
// CHECK-NOT: tenferro.fused_region
// CHECK-NOT: tenferro.yield
// CHECK: %[[N:.*]] = tenferro.negate %arg0
// CHECK-NEXT: %[[S:.*]] = tenferro.shape_of %[[N]]
// CHECK-NEXT: %[[B:.*]] = tenferro.broadcast_in_dim %arg1
// CHECK-NEXT: %[[M:.*]] = tenferro.multiply %[[B]], %[[N]]
// CHECK-NEXT: return %[[S]], %[[M]]
func.func @mixed(%a: tensor<2x2xf64>, %b: tensor<2xf64>) -> (tensor<f64>, tensor<2x2xf64>) {
  %0 = tenferro.negate %a : tensor<2x2xf64>
  %1 = tenferro.shape_of %0, axis = 0 : tensor<2x2xf64>
  %2 = tenferro.broadcast_in_dim %b, dims = [0] to [2, 2] : tensor<2xf64>
  %3 = tenferro.multiply %2, %0 : tensor<2x2xf64>
  return %1, %3 : tensor<f64>, tensor<2x2xf64>
}
