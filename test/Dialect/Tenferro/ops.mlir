// Every tenferro op parses, prints and round-trips in custom and generic
// form, with its inferred result type.
// RUN: tenferro-opt %s | tenferro-opt | FileCheck %s
// RUN: tenferro-opt %s --mlir-print-op-generic | tenferro-opt | FileCheck %s
// RUN: tenferro-opt %s --verify-roundtrip > /dev/null

// CHECK-LABEL: func.func @elementwise_binary
func.func @elementwise_binary(%a: tensor<2x3xf64>, %b: tensor<3xf64>, %c: tensor<2x3xf64>)
    -> (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>,
        tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>) {
  // CHECK: %[[ADD:.*]] = tenferro.add %{{.*}}, %{{.*}} : tensor<2x3xf64>, tensor<3xf64>
  %0 = tenferro.add %a, %b : tensor<2x3xf64>, tensor<3xf64>
  // CHECK: tenferro.subtract %{{.*}}, %{{.*}} : tensor<2x3xf64>{{$}}
  %1 = tenferro.subtract %a, %c : tensor<2x3xf64>
  // CHECK: tenferro.multiply %{{.*}}, %{{.*}} : tensor<3xf64>, tensor<2x3xf64>
  %2 = tenferro.multiply %b, %c : tensor<3xf64>, tensor<2x3xf64>
  // CHECK: tenferro.divide %{{.*}}, %{{.*}} : tensor<2x3xf64>
  %3 = tenferro.divide %a, %c : tensor<2x3xf64>
  // CHECK: tenferro.remainder %{{.*}}, %{{.*}} : tensor<2x3xf64>
  %4 = tenferro.remainder %a, %c : tensor<2x3xf64>
  // CHECK: tenferro.maximum %{{.*}}, %{{.*}} : tensor<2x3xf64>
  %5 = tenferro.maximum %a, %c : tensor<2x3xf64>
  // CHECK: tenferro.minimum %{{.*}}, %{{.*}} : tensor<2x3xf64>
  %6 = tenferro.minimum %a, %c : tensor<2x3xf64>
  // CHECK: tenferro.pow %{{.*}}, %{{.*}} : tensor<2x3xf64>
  %7 = tenferro.pow %a, %c : tensor<2x3xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>,
      tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>
}

// CHECK-LABEL: func.func @elementwise_unary
func.func @elementwise_unary(%x: tensor<4xf32>, %z: tensor<4xcomplex<f64>>, %i: tensor<4xi32>) {
  // CHECK: tenferro.negate %{{.*}} : tensor<4xi32>
  %0 = tenferro.negate %i : tensor<4xi32>
  // CHECK: tenferro.conj %{{.*}} : tensor<4xcomplex<f64>>
  %1 = tenferro.conj %z : tensor<4xcomplex<f64>>
  // CHECK: tenferro.abs %{{.*}} : tensor<4xcomplex<f64>>
  %2 = tenferro.abs %z : tensor<4xcomplex<f64>>
  // CHECK: tenferro.sign %{{.*}} : tensor<4xf32>
  %3 = tenferro.sign %x : tensor<4xf32>
  // CHECK: tenferro.exp %{{.*}} : tensor<4xf32>
  %4 = tenferro.exp %x : tensor<4xf32>
  // CHECK: tenferro.log %{{.*}} : tensor<4xf32>
  %5 = tenferro.log %x : tensor<4xf32>
  // CHECK: tenferro.sin %{{.*}} : tensor<4xf32>
  %6 = tenferro.sin %x : tensor<4xf32>
  // CHECK: tenferro.cos %{{.*}} : tensor<4xf32>
  %7 = tenferro.cos %x : tensor<4xf32>
  // CHECK: tenferro.tanh %{{.*}} : tensor<4xcomplex<f64>>
  %8 = tenferro.tanh %z : tensor<4xcomplex<f64>>
  // CHECK: tenferro.sqrt %{{.*}} : tensor<4xf32>
  %9 = tenferro.sqrt %x : tensor<4xf32>
  // CHECK: tenferro.rsqrt %{{.*}} : tensor<4xf32>
  %10 = tenferro.rsqrt %x : tensor<4xf32>
  // CHECK: tenferro.expm1 %{{.*}} : tensor<4xf32>
  %11 = tenferro.expm1 %x : tensor<4xf32>
  // CHECK: tenferro.log1p %{{.*}} : tensor<4xf32>
  %12 = tenferro.log1p %x : tensor<4xf32>
  return
}

// CHECK-LABEL: func.func @compare_select_clamp
func.func @compare_select_clamp(%a: tensor<4xf64>, %b: tensor<4xf64>) -> (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) {
  // CHECK: %[[P:.*]] = tenferro.compare ge, %{{.*}}, %{{.*}} : tensor<4xf64>
  %p = tenferro.compare ge, %a, %b : tensor<4xf64>
  // CHECK: tenferro.compare eq
  %q = tenferro.compare eq, %a, %b : tensor<4xf64>
  // CHECK: tenferro.select %[[P]], %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xf64>, tensor<4xf64>
  %s = tenferro.select %p, %a, %b : tensor<4xi1>, tensor<4xf64>, tensor<4xf64>
  // CHECK: tenferro.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xf64>
  %c = tenferro.clamp %a, %b, %s : tensor<4xf64>
  return %p, %s, %c : tensor<4xi1>, tensor<4xf64>, tensor<4xf64>
}

// CHECK-LABEL: func.func @structural
func.func @structural(%x: tensor<2x3xf64>, %v: tensor<3xf64>, %r: tensor<?x4xf64>) {
  // CHECK: tenferro.transpose %{{.*}}, perm = [1, 0] : tensor<2x3xf64>
  %0 = tenferro.transpose %x, perm = [1, 0] : tensor<2x3xf64>
  // CHECK: tenferro.reshape %{{.*}} to [3, 2] : tensor<2x3xf64>
  %1 = tenferro.reshape %x to [3, 2] : tensor<2x3xf64>
  // CHECK: tenferro.reshape %{{.*}} refs(%{{.*}} : tensor<?x4xf64>) to [mul(input_dim(1, 0), 2), floordiv(input_dim(0, 1), 3)] : tensor<2x3xf64>
  %2 = tenferro.reshape %x refs(%r : tensor<?x4xf64>) to [mul(input_dim(1, 0), 2), floordiv(input_dim(0, 1), 3)] : tensor<2x3xf64>
  // CHECK: tenferro.broadcast_in_dim %{{.*}}, dims = [1] to [2, 3] : tensor<3xf64>
  %3 = tenferro.broadcast_in_dim %v, dims = [1] to [2, 3] : tensor<3xf64>
  // CHECK: tenferro.broadcast_in_dim %{{.*}} refs(%{{.*}} : tensor<?x4xf64>), dims = [1] to [max(input_dim(1, 0), sub(add(3, 1), min(4, 2))), 3] : tensor<3xf64>
  %4 = tenferro.broadcast_in_dim %v refs(%r : tensor<?x4xf64>), dims = [1] to [max(input_dim(1, 0), sub(add(3, 1), min(4, 2))), 3] : tensor<3xf64>
  // CHECK: tenferro.convert %{{.*}} : tensor<2x3xf64> to complex<f32>
  %5 = tenferro.convert %x : tensor<2x3xf64> to complex<f32>
  // CHECK: tenferro.extract_diag %{{.*}}, axis_a = 1, axis_b = 0 : tensor<2x3xf64>
  %6 = tenferro.extract_diag %x, axis_a = 1, axis_b = 0 : tensor<2x3xf64>
  // CHECK: tenferro.embed_diag %{{.*}}, axis_a = 0, axis_b = 1 : tensor<3xf64>
  %7 = tenferro.embed_diag %v, axis_a = 0, axis_b = 1 : tensor<3xf64>
  // CHECK: tenferro.tril %{{.*}}, k = -1 : tensor<2x3xf64>
  %8 = tenferro.tril %x, k = -1 : tensor<2x3xf64>
  // CHECK: tenferro.triu %{{.*}}, k = 1 : tensor<2x3xf64>
  %9 = tenferro.triu %x, k = 1 : tensor<2x3xf64>
  // CHECK: tenferro.slice %{{.*}}, starts = [0, 1], limits = [2, 3], strides = [1, 2] : tensor<2x3xf64>
  %10 = tenferro.slice %x, starts = [0, 1], limits = [2, 3], strides = [1, 2] : tensor<2x3xf64>
  // CHECK: tenferro.pad %{{.*}}, low = [1, -1], high = [0, 2], interior = [1, 0] : tensor<2x3xf64>
  %11 = tenferro.pad %x, low = [1, -1], high = [0, 2], interior = [1, 0] : tensor<2x3xf64>
  // CHECK: tenferro.concatenate(%{{.*}}, %{{.*}}) axis = 0 : tensor<2x3xf64>, tensor<2x3xf64>
  %12 = tenferro.concatenate(%x, %x) axis = 0 : tensor<2x3xf64>, tensor<2x3xf64>
  // CHECK: tenferro.reverse %{{.*}}, axes = [0, 1] : tensor<2x3xf64>
  %13 = tenferro.reverse %x, axes = [0, 1] : tensor<2x3xf64>
  return
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<2x3x4xf64>) {
  // CHECK: tenferro.reduce_sum %{{.*}}, axes = [0, 2] : tensor<2x3x4xf64>
  %0 = tenferro.reduce_sum %x, axes = [0, 2] : tensor<2x3x4xf64>
  // CHECK: tenferro.reduce_prod %{{.*}}, axes = [1] : tensor<2x3x4xf64>
  %1 = tenferro.reduce_prod %x, axes = [1] : tensor<2x3x4xf64>
  // CHECK: tenferro.reduce_max %{{.*}}, axes = [] : tensor<2x3x4xf64>
  %2 = tenferro.reduce_max %x, axes = [] : tensor<2x3x4xf64>
  // CHECK: tenferro.reduce_min %{{.*}}, axes = [0, 1, 2] : tensor<2x3x4xf64>
  %3 = tenferro.reduce_min %x, axes = [0, 1, 2] : tensor<2x3x4xf64>
  // CHECK: tenferro.reduce_sum_squares %{{.*}}, axes = [2] : tensor<2x3x4xf64>
  %4 = tenferro.reduce_sum_squares %x, axes = [2] : tensor<2x3x4xf64>
  return
}

// CHECK-LABEL: func.func @indexing
func.func @indexing(%x: tensor<4x3xf64>, %i: tensor<2x1xi64>, %u: tensor<2x3xf64>,
                    %s: tensor<2xi64>, %w: tensor<2x2xf64>, %r: tensor<?xf64>) {
  // CHECK: tenferro.gather %{{.*}}, %{{.*}}, dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, 3] : tensor<4x3xf64>, tensor<2x1xi64>
  %0 = tenferro.gather %x, %i, dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, 3] : tensor<4x3xf64>, tensor<2x1xi64>
  // CHECK: tenferro.gather_dynamic_slice_sizes %{{.*}}, %{{.*}} refs(%{{.*}} : tensor<?xf64>), dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, min(input_dim(2, 0), 3)] : tensor<4x3xf64>, tensor<2x1xi64>
  %1 = tenferro.gather_dynamic_slice_sizes %x, %i refs(%r : tensor<?xf64>), dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, min(input_dim(2, 0), 3)] : tensor<4x3xf64>, tensor<2x1xi64>
  // CHECK: tenferro.scatter %{{.*}}, %{{.*}}, %{{.*}}, dims = <update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : tensor<4x3xf64>, tensor<2x1xi64>, tensor<2x3xf64>
  %2 = tenferro.scatter %x, %i, %u, dims = <update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : tensor<4x3xf64>, tensor<2x1xi64>, tensor<2x3xf64>
  // CHECK: tenferro.dynamic_slice %{{.*}}, %{{.*}}, sizes = [2, 2] : tensor<4x3xf64>, tensor<2xi64>
  %3 = tenferro.dynamic_slice %x, %s, sizes = [2, 2] : tensor<4x3xf64>, tensor<2xi64>
  // CHECK: tenferro.dynamic_update_slice %{{.*}}, %{{.*}}, %{{.*}} : tensor<4x3xf64>, tensor<2x2xf64>, tensor<2xi64>
  %4 = tenferro.dynamic_update_slice %x, %w, %s : tensor<4x3xf64>, tensor<2x2xf64>, tensor<2xi64>
  return
}

// CHECK-LABEL: func.func @host
func.func @host(%x: tensor<8x?xf64>, %n: tensor<f64>, %ref: tensor<10x2xf32>) {
  // CHECK: tenferro.constant 2.500000e+00 : f64
  %0 = tenferro.constant 2.5 : f64
  // CHECK: tenferro.constant -7 : i32
  %1 = tenferro.constant -7 : i32
  // CHECK: tenferro.constant 9007199254740993 : i64
  %2 = tenferro.constant 9007199254740993 : i64
  // CHECK: tenferro.constant true : i1
  %3 = tenferro.constant true : i1
  // CHECK: tenferro.constant false : i1
  %4 = tenferro.constant 0 : i1
  // CHECK: tenferro.constant 3.000000e+00 : f32
  %5 = tenferro.constant 3 : f32
  // CHECK: tenferro.constant [1.000000e+00, -2.000000e+00] : complex<f32>
  %6 = tenferro.constant [1.0, -2.0] : complex<f32>
  // CHECK: tenferro.constant [0.000000e+00, 1.000000e+00] : complex<f64>
  %7 = tenferro.constant [0, 1] : complex<f64>
  // CHECK: tenferro.shape_of %{{.*}}, axis = 1 : tensor<8x?xf64>
  %8 = tenferro.shape_of %x, axis = 1 : tensor<8x?xf64>
  // CHECK: tenferro.dynamic_truncate %{{.*}}, %{{.*}}, axis = 0 : tensor<8x?xf64>, tensor<f64>
  %9 = tenferro.dynamic_truncate %x, %n, axis = 0 : tensor<8x?xf64>, tensor<f64>
  // CHECK: tenferro.pad_to_match %{{.*}}, %{{.*}}, axis = 0 : tensor<8x?xf64>, tensor<10x2xf32>
  %10 = tenferro.pad_to_match %x, %ref, axis = 0 : tensor<8x?xf64>, tensor<10x2xf32>
  return
}

// CHECK-LABEL: func.func @ffi
func.func @ffi(%a: tensor<2x3x5xf64>, %b: tensor<3x4x5xf64>, %z: tensor<3xcomplex<f64>>) {
  // CHECK: tenferro.dot_general %{{.*}}, %{{.*}}, dims = <lhs_contracting_dims = [1], rhs_contracting_dims = [0], lhs_batch_dims = [2], rhs_batch_dims = [2]> : tensor<2x3x5xf64>, tensor<3x4x5xf64>
  %0 = tenferro.dot_general %a, %b, dims = <lhs_contracting_dims = [1], rhs_contracting_dims = [0], lhs_batch_dims = [2], rhs_batch_dims = [2]> : tensor<2x3x5xf64>, tensor<3x4x5xf64>
  // CHECK: tenferro.dot_general %{{.*}}, %{{.*}}, dims = <> : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  %1 = tenferro.dot_general %z, %z, dims = <> : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  // CHECK: tenferro.dot_general_with_conj %{{.*}}, %{{.*}}, dims = <lhs_contracting_dims = [0], rhs_contracting_dims = [0]> conj_lhs : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  %2 = tenferro.dot_general_with_conj %z, %z, dims = <lhs_contracting_dims = [0], rhs_contracting_dims = [0]> conj_lhs : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  // CHECK: tenferro.dot_general_with_conj %{{.*}}, %{{.*}}, dims = <> conj_lhs conj_rhs : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  %3 = tenferro.dot_general_with_conj %z, %z, dims = <> conj_lhs conj_rhs : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  // CHECK: %{{.*}}:3 = tenferro.extension "linalg.svd.v1"(%{{.*}}) inputs 1 outputs 3 payload("full_matrices=false") : (tensor<2x3x5xf64>) -> (tensor<2x3xf64>, tensor<3xf64>, tensor<3x3xf64>)
  %4:3 = tenferro.extension "linalg.svd.v1"(%a) inputs 1 outputs 3 payload("full_matrices=false") : (tensor<2x3x5xf64>) -> (tensor<2x3xf64>, tensor<3xf64>, tensor<3x3xf64>)
  // CHECK: tenferro.extension "custom.noop.v2"() inputs 0 outputs 1 : () -> tensor<f64>
  %5 = tenferro.extension "custom.noop.v2"() inputs 0 outputs 1 : () -> tensor<f64>
  return
}

// A program returning the same value twice, and a program input directly.
// CHECK-LABEL: func.func @program_outputs
// CHECK: return %[[X:.*]], %[[X]], %arg0
func.func @program_outputs(%a: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) {
  %0 = tenferro.negate %a : tensor<2xf64>
  return %0, %0, %a : tensor<2xf64>, tensor<2xf64>, tensor<2xf64>
}

// CHECK-LABEL: func.func @shape_guards
// CHECK-SAME: tenferro.shape_guards = [#tenferro.shape_guard<input_dim(0, 0) == input_dim(1, 0)>, #tenferro.shape_guard<add(input_dim(0, 0), 1) == 5, source = "linalg.solve.v1", instruction = 3>]
func.func @shape_guards(%a: tensor<?xf64>, %b: tensor<?xf64>) attributes {tenferro.shape_guards = [
    #tenferro.shape_guard<input_dim(0, 0) == input_dim(1, 0)>,
    #tenferro.shape_guard<add(input_dim(0, 0), 1) == 5, source = "linalg.solve.v1", instruction = 3>]} {
  return
}

// Dynamic extents: static where DimExprs can be evaluated, dynamic
// otherwise.
// CHECK-LABEL: func.func @dynamic_shapes
func.func @dynamic_shapes(%x: tensor<?x3xf32>, %y: tensor<3xf32>) -> (tensor<?x3xf32>, tensor<?x6xf32>) {
  %0 = tenferro.add %x, %y : tensor<?x3xf32>, tensor<3xf32>
  // CHECK: tenferro.reshape %{{.*}} to [input_dim(0, 0), mul(input_dim(0, 1), 2)] : tensor<?x3xf32>
  %1 = tenferro.reshape %0 to [input_dim(0, 0), mul(input_dim(0, 1), 2)] : tensor<?x3xf32>
  %2 = tenferro.multiply %1, %1 : tensor<?x6xf32>
  return %0, %2 : tensor<?x3xf32>, tensor<?x6xf32>
}

// The region ops produced by tenferro-segment.
// CHECK-LABEL: func.func @fused_regions
// CHECK: %[[E:.*]] = tenferro.fused_region elementwise (%[[X:.*]] = %arg0 : tensor<3xf64> broadcast [3, 2] dims [0] last_use, %[[Y:.*]] = %arg1 : tensor<3x2xf64>) -> (tensor<3x2xf64>) {
// CHECK-NEXT: %[[B:.*]] = tenferro.broadcast_in_dim %[[X]], dims = [0] to [3, 2] : tensor<3xf64>
// CHECK-NEXT: %[[S:.*]] = tenferro.add %[[B]], %[[Y]] : tensor<3x2xf64>
// CHECK-NEXT: tenferro.yield %[[S]] : tensor<3x2xf64>
// CHECK: tenferro.fused_region sequence (%{{.*}} = %[[E]] : tensor<3x2xf64> last_use) -> (tensor<2xf64>, tensor<3x2xf64>) attributes {note = "kept"} {
// CHECK: tenferro.fused_region broadcast_multiply (%{{.*}} = %arg2 : tensor<2xf64> last_use) -> (tensor<2x2xf64>) {
func.func @fused_regions(%a: tensor<3xf64>, %b: tensor<3x2xf64>, %v: tensor<2xf64>) -> (tensor<2xf64>, tensor<3x2xf64>, tensor<2x2xf64>) {
  %0 = tenferro.fused_region elementwise (%x = %a : tensor<3xf64> broadcast [3, 2] dims [0] last_use, %y = %b : tensor<3x2xf64>) -> (tensor<3x2xf64>) {
    %1 = tenferro.broadcast_in_dim %x, dims = [0] to [3, 2] : tensor<3xf64>
    %2 = tenferro.add %1, %y : tensor<3x2xf64>
    tenferro.yield %2 : tensor<3x2xf64>
  }
  %3:2 = tenferro.fused_region sequence (%z = %0 : tensor<3x2xf64> last_use) -> (tensor<2xf64>, tensor<3x2xf64>) attributes {note = "kept"} {
    %4 = tenferro.reduce_sum %z, axes = [0] : tensor<3x2xf64>
    %5 = tenferro.transpose %z, perm = [0, 1] : tensor<3x2xf64>
    tenferro.yield %4, %5 : tensor<2xf64>, tensor<3x2xf64>
  }
  %6 = tenferro.fused_region broadcast_multiply (%w = %v : tensor<2xf64> last_use) -> (tensor<2x2xf64>) {
    %7 = tenferro.broadcast_in_dim %w, dims = [0] to [2, 2] : tensor<2xf64>
    %8 = tenferro.multiply %7, %7 : tensor<2x2xf64>
    tenferro.yield %8 : tensor<2x2xf64>
  }
  return %3#0, %3#1, %6 : tensor<2xf64>, tensor<3x2xf64>, tensor<2x2xf64>
}
