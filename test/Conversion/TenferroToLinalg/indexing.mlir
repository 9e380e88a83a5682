// Instructions that move elements by index: a linalg.generic over the output
// that reads the input with tensor.extract at computed (column-major)
// positions, or tensor slice ops for windows.
// RUN: tenferro-opt %s --convert-tenferro-to-linalg | FileCheck %s

// tril: logical row is lowered axis 1, column lowered axis 0.
// CHECK-LABEL: func.func @tril(
// CHECK: linalg.generic
// CHECK-DAG: %[[I0:.*]] = linalg.index 0 : index
// CHECK-DAG: %[[I1:.*]] = linalg.index 1 : index
// CHECK-DAG: %[[ROW:.*]] = arith.index_cast %[[I1]] : index to i64
// CHECK-DAG: %[[COL:.*]] = arith.index_cast %[[I0]] : index to i64
// CHECK: %[[D:.*]] = arith.subi %[[COL]], %[[ROW]] : i64
// CHECK: arith.cmpi sle, %[[D]], %{{.*}} : i64
// CHECK: tensor.extract
// CHECK: arith.select
func.func @tril(%x: tensor<3x4xf64>) -> tensor<3x4xf64> {
  %0 = tenferro.tril %x, k = 1 : tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}

// pad reads only in bounds (scf.if) and writes zero elsewhere.
// CHECK-LABEL: func.func @pad(
// CHECK: linalg.generic
// CHECK: arith.remsi
// CHECK: scf.if
// CHECK: tensor.extract
// CHECK: } else {
// CHECK: arith.constant 0.000000e+00 : f32
func.func @pad(%x: tensor<3xf32>) -> tensor<5xf32> {
  %0 = tenferro.pad %x, low = [1], high = [-1], interior = [1] : tensor<3xf32>
  return %0 : tensor<5xf32>
}

// Logical starts [0, 1] and strides [1, 2] of [2, 3] are lowered offsets
// [1, 0] and strides [2, 1].
// CHECK-LABEL: func.func @slice(
// CHECK: tensor.extract_slice %{{.*}}[1, 0] [1, 2] [2, 1] : tensor<3x2xf64> to tensor<1x2xf64>
func.func @slice(%x: tensor<2x3xf64>) -> tensor<2x1xf64> {
  %0 = tenferro.slice %x, starts = [0, 1], limits = [2, 3], strides = [1, 2] : tensor<2x3xf64>
  return %0 : tensor<2x1xf64>
}

// concatenate promotes (i32 -> f64) and inserts along lowered axis 1.
// CHECK-LABEL: func.func @concatenate(
// CHECK: arith.sitofp
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, %{{.*}}] [3, 2] [1, 1] : tensor<3x2xf64> into tensor<3x4xf64>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, %{{.*}}] [3, 2] [1, 1] : tensor<3x2xf64> into tensor<3x4xf64>
func.func @concatenate(%a: tensor<2x3xf64>, %b: tensor<2x3xi32>) -> tensor<4x3xf64> {
  %0 = tenferro.concatenate(%a, %b) axis = 0 : tensor<2x3xf64>, tensor<2x3xi32>
  return %0 : tensor<4x3xf64>
}

// dynamic_slice clamps each start into [0, extent - size].
// CHECK-LABEL: func.func @dynamic_slice(
// CHECK: tensor.extract %{{.*}}[%{{.*}}] : tensor<2xi64>
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: tensor.extract_slice
func.func @dynamic_slice(%x: tensor<4x3xf64>, %s: tensor<2xi64>) -> tensor<2x2xf64> {
  %0 = tenferro.dynamic_slice %x, %s, sizes = [2, 2] : tensor<4x3xf64>, tensor<2xi64>
  return %0 : tensor<2x2xf64>
}
