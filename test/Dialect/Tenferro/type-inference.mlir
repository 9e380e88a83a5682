// Result types inferred from operand types: one case per row of the dtype
// promotion table (docs/semantics.md §4.1), promote_div_like, the
// dtype-changing ops and right-aligned broadcasting (§5.2).
// RUN: tenferro-opt %s --mlir-print-op-generic | FileCheck %s

// CHECK-LABEL: sym_name = "promotion_rows"
func.func @promotion_rows(%b: tensor<2xi1>, %i32: tensor<2xi32>, %i64: tensor<2xi64>,
                          %f32: tensor<2xf32>, %f64: tensor<2xf64>,
                          %c32: tensor<2xcomplex<f32>>, %c64: tensor<2xcomplex<f64>>) {
  // Bool + T -> T
  // CHECK: "tenferro.concatenate"(%{{.*}}, %{{.*}}) {{.*}} : (tensor<2xi1>, tensor<2xf32>) -> tensor<4xf32>
  %0 = tenferro.concatenate(%b, %f32) axis = 0 : tensor<2xi1>, tensor<2xf32>
  // CHECK: "tenferro.select"{{.*}} : (tensor<2xi1>, tensor<2xi1>, tensor<2xi64>) -> tensor<2xi64>
  %1 = tenferro.select %b, %b, %i64 : tensor<2xi1>, tensor<2xi1>, tensor<2xi64>
  // I32 + I32 -> I32
  // CHECK: "tenferro.add"{{.*}} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %2 = tenferro.add %i32, %i32 : tensor<2xi32>
  // I32 + I64 -> I64
  // CHECK: "tenferro.add"{{.*}} : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi64>
  %3 = tenferro.add %i32, %i64 : tensor<2xi32>, tensor<2xi64>
  // I64 + I64 -> I64
  // CHECK: "tenferro.multiply"{{.*}} : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  %4 = tenferro.multiply %i64, %i64 : tensor<2xi64>
  // I32 or I64 + F32 or F64 -> F64
  // CHECK: "tenferro.add"{{.*}} : (tensor<2xi32>, tensor<2xf32>) -> tensor<2xf64>
  %5 = tenferro.add %i32, %f32 : tensor<2xi32>, tensor<2xf32>
  // CHECK: "tenferro.add"{{.*}} : (tensor<2xf64>, tensor<2xi64>) -> tensor<2xf64>
  %6 = tenferro.add %f64, %i64 : tensor<2xf64>, tensor<2xi64>
  // I32 or I64 + C32 or C64 -> C64
  // CHECK: "tenferro.add"{{.*}} : (tensor<2xi32>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
  %7 = tenferro.add %i32, %c32 : tensor<2xi32>, tensor<2xcomplex<f32>>
  // CHECK: "tenferro.multiply"{{.*}} : (tensor<2xcomplex<f64>>, tensor<2xi64>) -> tensor<2xcomplex<f64>>
  %8 = tenferro.multiply %c64, %i64 : tensor<2xcomplex<f64>>, tensor<2xi64>
  // F32 + F64 -> F64
  // CHECK: "tenferro.add"{{.*}} : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf64>
  %9 = tenferro.add %f32, %f64 : tensor<2xf32>, tensor<2xf64>
  // F32 + C32 -> C32
  // CHECK: "tenferro.add"{{.*}} : (tensor<2xf32>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  %10 = tenferro.add %f32, %c32 : tensor<2xf32>, tensor<2xcomplex<f32>>
  // F32 or C32 + C64 -> C64
  // CHECK: "tenferro.add"{{.*}} : (tensor<2xf32>, tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  %11 = tenferro.add %f32, %c64 : tensor<2xf32>, tensor<2xcomplex<f64>>
  // CHECK: "tenferro.add"{{.*}} : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  %12 = tenferro.add %c32, %c64 : tensor<2xcomplex<f32>>, tensor<2xcomplex<f64>>
  // F64 + C32 -> C64
  // CHECK: "tenferro.add"{{.*}} : (tensor<2xf64>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
  %13 = tenferro.add %f64, %c32 : tensor<2xf64>, tensor<2xcomplex<f32>>
  return
}

// CHECK-LABEL: sym_name = "div_like"
func.func @div_like(%i32: tensor<2xi32>, %i64: tensor<2xi64>, %f32: tensor<2xf32>,
                    %c32: tensor<2xcomplex<f32>>) {
  // Integer / integer gives F64.
  // CHECK: "tenferro.divide"{{.*}} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xf64>
  %0 = tenferro.divide %i32, %i32 : tensor<2xi32>
  // CHECK: "tenferro.pow"{{.*}} : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xf64>
  %1 = tenferro.pow %i32, %i64 : tensor<2xi32>, tensor<2xi64>
  // Otherwise as promotion.
  // CHECK: "tenferro.divide"{{.*}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = tenferro.divide %f32, %f32 : tensor<2xf32>
  // CHECK: "tenferro.pow"{{.*}} : (tensor<2xi32>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
  %3 = tenferro.pow %i32, %c32 : tensor<2xi32>, tensor<2xcomplex<f32>>
  return
}

// CHECK-LABEL: sym_name = "dtype_changing_ops"
func.func @dtype_changing_ops(%c32: tensor<2xcomplex<f32>>, %c64: tensor<2xcomplex<f64>>, %f32_64: tensor<2xf64>,
                              %i32: tensor<2x3xi32>, %f32: tensor<2xf32>) {
  // abs of complex gives the real type.
  // CHECK: "tenferro.abs"{{.*}} : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %0 = tenferro.abs %c32 : tensor<2xcomplex<f32>>
  // CHECK: "tenferro.abs"{{.*}} : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %1 = tenferro.abs %c64 : tensor<2xcomplex<f64>>
  // CHECK: "tenferro.abs"{{.*}} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %2 = tenferro.abs %i32 : tensor<2x3xi32>
  // compare gives i1.
  // CHECK: "tenferro.compare"{{.*}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %3 = tenferro.compare le, %f32, %f32 : tensor<2xf32>
  // shape_of gives an f64 scalar.
  // CHECK: "tenferro.shape_of"{{.*}} : (tensor<2x3xi32>) -> tensor<f64>
  %4 = tenferro.shape_of %i32, axis = 1 : tensor<2x3xi32>
  // convert gives its target.
  // CHECK: "tenferro.convert"{{.*}} : (tensor<2x3xi32>) -> tensor<2x3xi1>
  %5 = tenferro.convert %i32 : tensor<2x3xi32> to i1
  // dot_general promotes and orders [lhs free, rhs free, batch].
  // CHECK: "tenferro.dot_general"{{.*}} : (tensor<2xf32>, tensor<2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
  %6 = tenferro.dot_general %f32, %c32, dims = <> : tensor<2xf32>, tensor<2xcomplex<f32>>
  // CHECK: "tenferro.clamp"{{.*}} : (tensor<2xf32>, tensor<2xf64>, tensor<2xf32>) -> tensor<2xf64>
  %7 = tenferro.clamp %f32, %f32_64, %f32 : tensor<2xf32>, tensor<2xf64>, tensor<2xf32>
  return
}

// CHECK-LABEL: sym_name = "shapes"
func.func @shapes(%a: tensor<2x1x3xf64>, %b: tensor<4x1xf64>, %s: tensor<f64>,
                  %v: tensor<3xf64>, %d: tensor<?xf64>, %m: tensor<5x3x2xf64>, %n: tensor<2x3x7xf64>) {
  // Right-aligned broadcasting with 1s giving way.
  // CHECK: "tenferro.add"{{.*}} : (tensor<2x1x3xf64>, tensor<4x1xf64>) -> tensor<2x4x3xf64>
  %0 = tenferro.add %a, %b : tensor<2x1x3xf64>, tensor<4x1xf64>
  // A scalar times a vector.
  // CHECK: "tenferro.multiply"{{.*}} : (tensor<f64>, tensor<3xf64>) -> tensor<3xf64>
  %1 = tenferro.multiply %s, %v : tensor<f64>, tensor<3xf64>
  // A dynamic extent against a static one takes the static extent.
  // CHECK: "tenferro.add"{{.*}} : (tensor<?xf64>, tensor<3xf64>) -> tensor<3xf64>
  %2 = tenferro.add %d, %v : tensor<?xf64>, tensor<3xf64>
  // CHECK: "tenferro.add"{{.*}} : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  %3 = tenferro.add %d, %d : tensor<?xf64>
  // extract_diag puts the diagonal at axis_a - 1 when axis_a > axis_b.
  // CHECK: "tenferro.extract_diag"{{.*}} : (tensor<5x3x2xf64>) -> tensor<3x2xf64>
  %4 = tenferro.extract_diag %m, axis_a = 1, axis_b = 0 : tensor<5x3x2xf64>
  // embed_diag inserts the new axis at axis_b with extent d[axis_a].
  // CHECK: "tenferro.embed_diag"{{.*}} : (tensor<5x3x2xf64>) -> tensor<5x3x2x3xf64>
  %5 = tenferro.embed_diag %m, axis_a = 1, axis_b = 3 : tensor<5x3x2xf64>
  // pad: low + high + (n-1)*(interior+1) + 1, and low + high for n = 0.
  // CHECK: "tenferro.pad"{{.*}} : (tensor<5x3x2xf64>) -> tensor<9x4x4xf64>
  %6 = tenferro.pad %m, low = [0, -1, 1], high = [0, 2, 1], interior = [1, 0, 0] : tensor<5x3x2xf64>
  // slice: ceil((limit - start) / stride).
  // CHECK: "tenferro.slice"{{.*}} : (tensor<5x3x2xf64>) -> tensor<2x3x1xf64>
  %7 = tenferro.slice %m, starts = [1, 0, 1], limits = [5, 3, 2], strides = [3, 1, 1] : tensor<5x3x2xf64>
  // dot_general with a batch axis: batch comes last.
  // CHECK: "tenferro.dot_general"{{.*}} : (tensor<5x3x2xf64>, tensor<2x3x7xf64>) -> tensor<5x7x3xf64>
  %8 = tenferro.dot_general %m, %n, dims = <lhs_contracting_dims = [2], rhs_contracting_dims = [0], lhs_batch_dims = [1], rhs_batch_dims = [1]> : tensor<5x3x2xf64>, tensor<2x3x7xf64>
  // pad_to_match takes the larger extent; dynamic_truncate makes it dynamic.
  // CHECK: "tenferro.pad_to_match"{{.*}} : (tensor<3xf64>, tensor<?xf64>) -> tensor<?xf64>
  %9 = tenferro.pad_to_match %v, %d, axis = 0 : tensor<3xf64>, tensor<?xf64>
  // CHECK: "tenferro.dynamic_truncate"{{.*}} : (tensor<5x3x2xf64>, tensor<f64>) -> tensor<5x?x2xf64>
  %10 = tenferro.dynamic_truncate %m, %s, axis = 1 : tensor<5x3x2xf64>, tensor<f64>
  return
}
