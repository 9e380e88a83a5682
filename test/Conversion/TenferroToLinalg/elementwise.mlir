// Elementwise instructions: one linalg.generic each, on column-major
// (dimension-reversed) tensors, with dtype promotion in the body and
// tenferro's right-aligned broadcasting in the indexing maps.
// RUN: tenferro-opt %s --convert-tenferro-to-linalg | FileCheck %s

// Logical [2, 3] + [3]: lowered [3, 2] and [3]; the vector follows the
// logical last axis, which is lowered axis 0. i32 + f32 promotes to f64.
// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$LEAD:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[$ONE:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @promote_broadcast(
// CHECK-SAME: %[[A:[a-z0-9]+]]: tensor<3x2xi32> {bufferization.writable = false}, %[[B:[a-z0-9]+]]: tensor<3xf32> {bufferization.writable = false}) -> tensor<3x2xf64>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<3x2xf64>
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$LEAD]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<3x2xi32>, tensor<3xf32>) outs(%[[E]] : tensor<3x2xf64>)
// CHECK: %[[X:.*]] = arith.sitofp %{{.*}} : i32 to f64
// CHECK: %[[Y:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f64
// CHECK: linalg.yield %[[S]] : f64
func.func @promote_broadcast(%a: tensor<2x3xi32>, %b: tensor<3xf32>) -> tensor<2x3xf64> {
  %0 = tenferro.add %a, %b : tensor<2x3xi32>, tensor<3xf32>
  return %0 : tensor<2x3xf64>
}

// CHECK-LABEL: func.func @complex_abs(
// CHECK: complex.abs %{{.*}} : complex<f32>
// CHECK: } -> tensor<4xf32>
func.func @complex_abs(%z: tensor<4xcomplex<f32>>) -> tensor<4xf32> {
  %0 = tenferro.abs %z : tensor<4xcomplex<f32>>
  return %0 : tensor<4xf32>
}

// compare computes in the promoted operand type; select's predicate stays i1.
// CHECK-LABEL: func.func @compare_select(
// CHECK: %[[C:.*]] = arith.sitofp %{{.*}} : i64 to f64
// CHECK: arith.cmpf olt, %{{.*}}, %[[C]] : f64
// CHECK: } -> tensor<4xi1>
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f64
func.func @compare_select(%a: tensor<4xf64>, %b: tensor<4xi64>) -> tensor<4xf64> {
  %p = tenferro.compare lt, %a, %b : tensor<4xf64>, tensor<4xi64>
  %s = tenferro.select %p, %a, %b : tensor<4xi1>, tensor<4xf64>, tensor<4xi64>
  return %s : tensor<4xf64>
}

// A static 1 broadcasts (constant 0 in the map); dynamic extents are read
// from an operand that has them.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[A:[a-z0-9]+]]: tensor<3x?xf32> {bufferization.writable = false}, %[[B:[a-z0-9]+]]: tensor<3x1xf32> {bufferization.writable = false}) -> tensor<3x?xf32>
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %[[C1]] : tensor<3x?xf32>
// CHECK: tensor.empty(%[[D]]) : tensor<3x?xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$ONE]], #[[$ID2]]]
func.func @dynamic(%a: tensor<?x3xf32>, %b: tensor<1x3xf32>) -> tensor<?x3xf32> {
  %0 = tenferro.multiply %a, %b : tensor<?x3xf32>, tensor<1x3xf32>
  return %0 : tensor<?x3xf32>
}

// Two dynamic extents must agree at run time: the operand that does not
// size the result is checked against it (broadcasting a dynamic 1 is not
// supported and is reported, never read out of bounds).
// CHECK-LABEL: func.func @dynamic_agree(
// CHECK-SAME: %[[A:[a-z0-9]+]]: tensor<?xf32> {{.*}}, %[[B:[a-z0-9]+]]: tensor<?xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?xf32>
// CHECK: tensor.empty(%[[N]])
// CHECK-NOT: tensor.dim %[[A]]
// CHECK: %[[M:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?xf32>
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[M]], %[[N]] : index
// CHECK: cf.assert %[[OK]], "tenferro.subtract: operand #1 has a different extent along axis 0 than the result (dynamic extents must agree at run time; broadcasting a dynamic extent of 1 is not supported)"
// CHECK: linalg.generic
func.func @dynamic_agree(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tenferro.subtract %a, %b : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Every elementwise op has a scalar lowering.
// CHECK-LABEL: func.func @all_unary_and_binary(
// CHECK: arith.subf
// CHECK: arith.divf
// CHECK: arith.remf
// CHECK: arith.maximumf
// CHECK: arith.minimumf
// CHECK: math.powf
// CHECK: arith.negf
// CHECK: arith.cmpf ogt
// CHECK: math.exp
// CHECK: math.log
// CHECK: math.sin
// CHECK: math.cos
// CHECK: math.tanh
// CHECK: math.sqrt
// CHECK: math.rsqrt
// CHECK: math.expm1
// CHECK: math.log1p
// CHECK: arith.maximumf
// CHECK: arith.minimumf
// CHECK: complex.conj
// CHECK: complex.exp
// CHECK: arith.remsi
// CHECK: arith.subi
// CHECK: math.absi
func.func @all_unary_and_binary(%x: tensor<4xf64>, %z: tensor<4xcomplex<f64>>, %i: tensor<4xi32>) {
  %0 = tenferro.subtract %x, %x : tensor<4xf64>
  %1 = tenferro.divide %x, %x : tensor<4xf64>
  %2 = tenferro.remainder %x, %x : tensor<4xf64>
  %3 = tenferro.maximum %x, %x : tensor<4xf64>
  %4 = tenferro.minimum %x, %x : tensor<4xf64>
  %5 = tenferro.pow %x, %x : tensor<4xf64>
  %6 = tenferro.negate %x : tensor<4xf64>
  %7 = tenferro.sign %x : tensor<4xf64>
  %8 = tenferro.exp %x : tensor<4xf64>
  %9 = tenferro.log %x : tensor<4xf64>
  %10 = tenferro.sin %x : tensor<4xf64>
  %11 = tenferro.cos %x : tensor<4xf64>
  %12 = tenferro.tanh %x : tensor<4xf64>
  %13 = tenferro.sqrt %x : tensor<4xf64>
  %14 = tenferro.rsqrt %x : tensor<4xf64>
  %15 = tenferro.expm1 %x : tensor<4xf64>
  %16 = tenferro.log1p %x : tensor<4xf64>
  %17 = tenferro.clamp %x, %x, %x : tensor<4xf64>
  %18 = tenferro.conj %z : tensor<4xcomplex<f64>>
  %19 = tenferro.exp %z : tensor<4xcomplex<f64>>
  %20 = tenferro.remainder %i, %i : tensor<4xi32>
  %21 = tenferro.negate %i : tensor<4xi32>
  %22 = tenferro.abs %i : tensor<4xi32>
  return
}
