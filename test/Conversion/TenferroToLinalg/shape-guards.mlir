// Shape guards are evaluated on entry from the actual input extents; a
// violated guard stops the program before any instruction runs.
// RUN: tenferro-opt %s --convert-tenferro-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @guarded(
// CHECK-SAME: %[[A:[a-z0-9]+]]: tensor<?xf64> {bufferization.writable = false}, %[[B:[a-z0-9]+]]: tensor<?x3xf64> {bufferization.writable = false})
// CHECK-NOT: tenferro.shape_guards
// CHECK: %[[DA:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?xf64>
// CHECK: %[[DB:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?x3xf64>
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[DA]], %[[DB]] : index
// CHECK: cf.assert %[[EQ]], "tenferro shape guard #0 violated (ShapeConstraintViolation)"
// CHECK: linalg.generic
func.func @guarded(%a: tensor<?xf64>, %b: tensor<3x?xf64>) -> tensor<?xf64>
    attributes {tenferro.shape_guards = [#tenferro.shape_guard<input_dim(0, 0) == input_dim(1, 1)>]} {
  %0 = tenferro.negate %a : tensor<?xf64>
  return %0 : tensor<?xf64>
}
