// tenferro-fold-shape-of answers shape_of from static extents: a constant at
// the top of the program replaces it, or it is erased where unused, so that
// it no longer ends a run; a shape_of of a dynamic extent stays.
// RUN: tenferro-opt %s --tenferro-fold-shape-of -split-input-file | FileCheck %s
// RUN: tenferro-opt %s --tenferro-fold-shape-of --tenferro-segment -split-input-file | FileCheck %s --check-prefix=SEGMENT

// Softmax's unused shape_of is erased: exp, the sum and the divide become one
// region (without the pass the runtime's segmentation cuts after exp).
// CHECK-LABEL: func.func @softmax(
// CHECK-NOT: tenferro.shape_of
// CHECK-NOT: tenferro.constant
// CHECK: tenferro.exp
// CHECK-NEXT: tenferro.reduce_sum
// SEGMENT-LABEL: func.func @softmax(
// SEGMENT: tenferro.fused_region sequence
// SEGMENT-NEXT: tenferro.exp
// SEGMENT-NEXT: tenferro.reduce_sum
// SEGMENT-NEXT: tenferro.broadcast_in_dim
// SEGMENT-NEXT: tenferro.divide
// SEGMENT-NEXT: tenferro.yield
// SEGMENT-NEXT: }
// SEGMENT-NEXT: return
func.func @softmax(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %t0 = tenferro.exp %x : tensor<4x3xf32>
  %n = tenferro.shape_of %t0, axis = 0 : tensor<4x3xf32>
  %t1 = tenferro.reduce_sum %t0, axes = [0] : tensor<4x3xf32>
  %t2 = tenferro.broadcast_in_dim %t1, dims = [1] to [4, 3] : tensor<3xf32>
  %t3 = tenferro.divide %t0, %t2 : tensor<4x3xf32>
  return %t3 : tensor<4x3xf32>
}

// -----

// A used extent becomes an f64 constant at the top: the scaling joins
// the run of the negation and the sum.
// CHECK-LABEL: func.func @mean(
// CHECK-NEXT: %[[N:.+]] = tenferro.constant 4.{{0+}}e+00 : f64
// CHECK-NEXT: tenferro.negate
// CHECK-NEXT: tenferro.reduce_sum
// CHECK-NEXT: tenferro.multiply %{{.+}}, %[[N]] : tensor<3xf64>, tensor<f64>
// SEGMENT-LABEL: func.func @mean(
// SEGMENT: tenferro.constant
// SEGMENT-NEXT: tenferro.fused_region sequence
// SEGMENT-NEXT: tenferro.negate
// SEGMENT-NEXT: tenferro.reduce_sum
// SEGMENT-NEXT: tenferro.multiply
// SEGMENT-NEXT: tenferro.yield
// SEGMENT-NEXT: }
// SEGMENT-NEXT: return
func.func @mean(%x: tensor<4x3xf64>) -> tensor<3xf64> {
  %neg = tenferro.negate %x : tensor<4x3xf64>
  %n = tenferro.shape_of %neg, axis = 0 : tensor<4x3xf64>
  %s = tenferro.reduce_sum %neg, axes = [0] : tensor<4x3xf64>
  %m = tenferro.multiply %s, %n : tensor<3xf64>, tensor<f64>
  return %m : tensor<3xf64>
}

// -----

// One constant per extent, in the order of first use; a dynamic extent
// keeps its shape_of in place.
// CHECK-LABEL: func.func @extents(
// CHECK-NEXT: %[[THREE:.+]] = tenferro.constant 3.{{0+}}e+00 : f64
// CHECK-NEXT: %[[FIVE:.+]] = tenferro.constant 5.{{0+}}e+00 : f64
// CHECK-NEXT: %[[DYN:.+]] = tenferro.shape_of %arg0, axis = 0 : tensor<?x3xf64>
// CHECK-NEXT: tenferro.add %[[THREE]], %[[DYN]]
// CHECK-NEXT: tenferro.add %{{.+}}, %[[FIVE]]
// CHECK-NEXT: tenferro.add %{{.+}}, %[[THREE]]
// CHECK-NOT: tenferro.shape_of
func.func @extents(%x: tensor<?x3xf64>, %y: tensor<5xf64>) -> tensor<f64> {
  %a = tenferro.shape_of %x, axis = 1 : tensor<?x3xf64>
  %b = tenferro.shape_of %x, axis = 0 : tensor<?x3xf64>
  %c = tenferro.shape_of %y, axis = 0 : tensor<5xf64>
  %d = tenferro.shape_of %x, axis = 1 : tensor<?x3xf64>
  %s0 = tenferro.add %a, %b : tensor<f64>
  %s1 = tenferro.add %s0, %c : tensor<f64>
  %s2 = tenferro.add %s1, %d : tensor<f64>
  return %s2 : tensor<f64>
}

// -----

// Declarations have no body to fold.
// CHECK-LABEL: func.func private @external(
func.func private @external(tensor<4xf64>) -> tensor<f64>
