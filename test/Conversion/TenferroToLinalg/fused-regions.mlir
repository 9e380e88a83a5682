// Elementwise and broadcast-multiply regions lower to exactly one
// linalg.generic: broadcast views become indexing maps, multi-output regions
// yield several results, and no intermediate tensor is created.
// RUN: tenferro-opt %s --tenferro-segment --convert-tenferro-to-linalg | FileCheck %s

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$D0:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[$D1:.*]] = affine_map<(d0, d1) -> (d1)>

// N1 (docs/semantics.md §13): four instructions, one loop nest, one output.
// CHECK-LABEL: func.func @n1(
// CHECK: tensor.empty() : tensor<8xf64>
// CHECK-NOT: tensor.empty
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: math.exp
// CHECK-NEXT: math.tanh
// CHECK-NEXT: linalg.yield
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @n1(%x: tensor<8xf64>) -> tensor<8xf64> {
  %a = tenferro.add %x, %x : tensor<8xf64>
  %m = tenferro.multiply %a, %a : tensor<8xf64>
  %e = tenferro.exp %m : tensor<8xf64>
  %t = tenferro.tanh %e : tensor<8xf64>
  return %t : tensor<8xf64>
}

// An outer-product triplet: each source is read through its broadcast map.
// Logical [3, 2]: a (dims [0]) follows lowered axis 1, b (dims [1]) axis 0.
// CHECK-LABEL: func.func @outer_product(
// CHECK: linalg.generic {indexing_maps = [#[[$D1]], #[[$D0]], #[[$ID]]]
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
func.func @outer_product(%a: tensor<3xf64>, %b: tensor<2xf64>) -> tensor<3x2xf64> {
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [3, 2] : tensor<3xf64>
  %1 = tenferro.broadcast_in_dim %b, dims = [1] to [3, 2] : tensor<2xf64>
  %2 = tenferro.multiply %0, %1 : tensor<3x2xf64>
  return %2 : tensor<3x2xf64>
}

// A two-output elementwise region (the broadcast is read later, so nothing
// is isolated): one generic with two results and an absorbed broadcast.
// CHECK-LABEL: func.func @two_outputs(
// CHECK: %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[$D1]], #[[$D0]], #[[$ID]], #[[$ID]]]
// CHECK: %[[P:.*]] = arith.mulf
// CHECK: %[[S:.*]] = arith.addf %[[P]], %{{.*}}
// CHECK: linalg.yield %[[P]], %[[S]] : f64, f64
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @two_outputs(%a: tensor<3xf64>, %b: tensor<2xf64>) -> (tensor<3x2xf64>, tensor<3x2xf64>) {
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [3, 2] : tensor<3xf64>
  %1 = tenferro.broadcast_in_dim %b, dims = [1] to [3, 2] : tensor<2xf64>
  %2 = tenferro.multiply %0, %1 : tensor<3x2xf64>
  %3 = tenferro.add %2, %0 : tensor<3x2xf64>
  return %2, %3 : tensor<3x2xf64>, tensor<3x2xf64>
}

// A sequence region is lowered op by op: two loop nests, one intermediate.
// CHECK-LABEL: func.func @sequence(
// CHECK: linalg.generic
// CHECK: arith.subf
// CHECK: linalg.generic
// CHECK: math.exp
func.func @sequence(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = tenferro.subtract %x, %x : tensor<4xf64>
  %1 = tenferro.exp %0 : tensor<4xf64>
  return %1 : tensor<4xf64>
}

// A region over dynamic extents checks every input that does not size the
// iteration space, once, before the loop nest.
// CHECK-LABEL: func.func @dynamic_inputs(
// CHECK-SAME: %[[A:[a-z0-9]+]]: tensor<?xf64> {{.*}}, %[[B:[a-z0-9]+]]: tensor<?xf64>
// CHECK: %[[N:.*]] = tensor.dim %[[A]]
// CHECK: tensor.empty(%[[N]])
// CHECK: %[[M:.*]] = tensor.dim %[[B]]
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[M]], %[[N]]
// CHECK: cf.assert %[[OK]], "tenferro.fused_region: operand #1 has a different extent along axis 0
// CHECK-NOT: cf.assert
// CHECK: linalg.generic
func.func @dynamic_inputs(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tenferro.multiply %a, %b : tensor<?xf64>
  %1 = tenferro.add %0, %a : tensor<?xf64>
  return %1 : tensor<?xf64>
}

// A region op whose result nothing uses is never evaluated (the runtime
// computes each output with its own sub-plan): the generic neither computes
// the sqrt nor reads its [3] input, which does not fit the [3, 2] loop nest.
// CHECK-LABEL: func.func @dead_op_of_other_shape(
// CHECK-SAME: %[[S:[^:]*]]: tensor<f64> {{.*}}, %[[M:[^:]*]]: tensor<2x3xf64>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[S]], %[[M]] : tensor<f64>, tensor<2x3xf64>)
// CHECK-NOT: math.sqrt
// CHECK: arith.mulf
// CHECK-NOT: math.sqrt
// CHECK: return
func.func @dead_op_of_other_shape(%s: tensor<f64>, %m: tensor<3x2xf64>, %v: tensor<3xf64>) -> tensor<3x2xf64> {
  %0 = tenferro.multiply %s, %m : tensor<f64>, tensor<3x2xf64>
  %1 = tenferro.sqrt %v : tensor<3xf64>
  return %0 : tensor<3x2xf64>
}
