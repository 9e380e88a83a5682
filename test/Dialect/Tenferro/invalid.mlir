// One negative case per verifier and parser rule of the tenferro dialect.
// RUN: tenferro-opt %s -split-input-file -verify-diagnostics

// dtype policy: add is SameNumeric, i1 is rejected.
func.func @f(%a: tensor<2xf64>, %b: tensor<2xi1>) {
  // expected-error @+1 {{'tenferro.add' op operand #1 has dtype 'i1', which violates dtype policy SameNumeric (no i1)}}
  %0 = tenferro.add %a, %b : tensor<2xf64>, tensor<2xi1>
  return
}
// -----

// Right-aligned broadcasting: extents 3 and 4 neither match nor are 1.
func.func @f(%a: tensor<2x3xf64>, %b: tensor<4xf64>) {
  // expected-error @+1 {{'tenferro.add' op operand shapes [2, 3] and [4] do not broadcast: extents 3 and 4 differ and neither is 1}}
  %0 = tenferro.add %a, %b : tensor<2x3xf64>, tensor<4xf64>
  return
}
// -----

// Only add, subtract and multiply broadcast; other binary ops need compatible shapes.
func.func @f(%a: tensor<4xf64>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'tenferro.divide' op operand #1 shape [3] is incompatible with operand #0 shape [4] (only add, subtract and multiply broadcast)}}
  %0 = tenferro.divide %a, %b : tensor<4xf64>, tensor<3xf64>
  return
}
// -----

// dtype policy: exp is SameFloatOrComplex.
func.func @f(%a: tensor<4xi32>) {
  // expected-error @+1 {{'tenferro.exp' op operand #0 has dtype 'i32', which violates dtype policy SameFloatOrComplex (f32, f64, complex<f32> or complex<f64>)}}
  %0 = tenferro.exp %a : tensor<4xi32>
  return
}
// -----

// dtype policy: maximum is SameFloat, complex is rejected.
func.func @f(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'tenferro.maximum' op operand #0 has dtype 'complex<f32>', which violates dtype policy SameFloat (f32 or f64)}}
  %0 = tenferro.maximum %a, %a : tensor<4xcomplex<f32>>
  return
}
// -----

// compare: ordered directions are not defined for complex.
func.func @f(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'tenferro.compare' op ordered comparison 'lt' is not defined for complex dtype 'complex<f32>'}}
  %0 = tenferro.compare lt, %a, %a : tensor<4xcomplex<f32>>
  return
}
// -----

// select: the predicate must be i1.
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tenferro.select' op predicate (operand #0) must have dtype i1, got 'f32'}}
  %0 = tenferro.select %a, %a, %a : tensor<4xf32>
  return
}
// -----

// Results that contradict inference.
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+2 {{'tenferro.negate' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error @+1 {{'tenferro.negate' op failed to infer returned types}}
  %0 = "tenferro.negate"(%a) : (tensor<4xf32>) -> tensor<4xf64>
  return
}
// -----

// transpose: perm entries must be axes of the operand.
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tenferro.transpose' op perm entry 1 is out of range for rank 1}}
  %0 = tenferro.transpose %a, perm = [1] : tensor<4xf32>
  return
}
// -----

// transpose: perm must not repeat an axis.
func.func @f(%a: tensor<4x2xf32>) {
  // expected-error @+1 {{'tenferro.transpose' op perm repeats axis 0}}
  %0 = tenferro.transpose %a, perm = [0, 0] : tensor<4x2xf32>
  return
}
// -----

// transpose: perm needs one entry per operand axis.
func.func @f(%a: tensor<4x2xf32>) {
  // expected-error @+1 {{'tenferro.transpose' op perm has 1 entries, expected the operand rank 2}}
  %0 = tenferro.transpose %a, perm = [0] : tensor<4x2xf32>
  return
}
// -----

// Shape-reference arity: input_dim(1, _) needs a second operand.
func.func @f(%a: tensor<4x2xf32>) {
  // expected-error @+1 {{'tenferro.reshape' op expects 2 operands (1 data and 1 shape reference(s), since the largest input_dim operand index is 1), got 1}}
  %0 = tenferro.reshape %a to [input_dim(1, 0)] : tensor<4x2xf32>
  return
}
// -----

// Shape-reference arity: an unreferenced extra operand is rejected.
func.func @f(%a: tensor<4x2xf32>, %r: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.reshape' op expects 1 operands (1 data and 0 shape reference(s), since no input_dim refers to an operand), got 2}}
  %0 = tenferro.reshape %a refs(%r : tensor<3xf32>) to [8] : tensor<4x2xf32>
  return
}
// -----

// DimExpr pointing at a missing axis.
func.func @f(%a: tensor<4x2xf32>) {
  // expected-error @+1 {{'tenferro.reshape' op DimExpr input_dim(0, 2) refers to axis 2 of input 0, which has rank 2}}
  %0 = tenferro.reshape %a to [input_dim(0, 2)] : tensor<4x2xf32>
  return
}
// -----

// reshape: element counts must match.
func.func @f(%a: tensor<4x2xf32>) {
  // expected-error @+1 {{'tenferro.reshape' op cannot reshape [4, 2] (8 elements) to [7] (7 elements)}}
  %0 = tenferro.reshape %a to [7] : tensor<4x2xf32>
  return
}
// -----

// DimExpr underflow (sub below zero), found statically.
func.func @f(%a: tensor<4x2xf32>) {
  // expected-error @+1 {{'tenferro.reshape' op DimExpr sub(1, 2) underflows below zero (operands 1 and 2)}}
  %0 = tenferro.reshape %a to [sub(1, 2), 8] : tensor<4x2xf32>
  return
}
// -----

// DimExpr division by zero, found statically.
func.func @f(%a: tensor<4x2xf32>) {
  // expected-error @+1 {{'tenferro.reshape' op DimExpr floordiv(8, 0) divides by zero}}
  %0 = tenferro.reshape %a to [floordiv(8, 0)] : tensor<4x2xf32>
  return
}
// -----

// DimExpr multiplication overflow, found statically.
func.func @f(%a: tensor<4x2xf32>) {
  // expected-error @+1 {{'tenferro.reshape' op DimExpr mul(9223372036854775807, 2) overflows 64-bit extents (operands 9223372036854775807 and 2)}}
  %0 = tenferro.reshape %a to [mul(9223372036854775807, 2)] : tensor<4x2xf32>
  return
}
// -----

// DimExpr addition overflow, found statically.
func.func @f(%a: tensor<4x2xf32>) {
  // expected-error @+1 {{'tenferro.reshape' op DimExpr add(9223372036854775807, 1) overflows 64-bit extents (operands 9223372036854775807 and 1)}}
  %0 = tenferro.reshape %a to [add(9223372036854775807, 1)] : tensor<4x2xf32>
  return
}
// -----

// broadcast_in_dim: static extents neither equal nor 1.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.broadcast_in_dim' op operand axis 0 of extent 3 cannot broadcast to result axis 0 of extent 4 (must be equal or 1)}}
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [4, 2] : tensor<3xf32>
  return
}
// -----

// broadcast_in_dim: dims out of range of the result.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.broadcast_in_dim' op dims entry 2 is out of range for rank 2}}
  %0 = tenferro.broadcast_in_dim %a, dims = [2] to [4, 2] : tensor<3xf32>
  return
}
// -----

// broadcast_in_dim: dims needs one entry per operand axis.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.broadcast_in_dim' op dims has 0 entries, expected the operand rank 1}}
  %0 = tenferro.broadcast_in_dim %a, dims = [] to [4, 2] : tensor<3xf32>
  return
}
// -----

// broadcast_in_dim: dims repeated.
func.func @f(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{'tenferro.broadcast_in_dim' op dims repeats axis 1}}
  %0 = tenferro.broadcast_in_dim %a, dims = [1, 1] to [3, 3] : tensor<3x3xf32>
  return
}
// -----

// Reductions: axes out of range.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.reduce_sum' op axes entry 1 is out of range for rank 1}}
  %0 = tenferro.reduce_sum %a, axes = [1] : tensor<3xf32>
  return
}
// -----

// dtype policy: reduce_sum is SameNumeric.
func.func @f(%a: tensor<3xi1>) {
  // expected-error @+1 {{'tenferro.reduce_sum' op operand #0 has dtype 'i1', which violates dtype policy SameNumeric (no i1)}}
  %0 = tenferro.reduce_sum %a, axes = [0] : tensor<3xi1>
  return
}
// -----

// dtype policy: reduce_max is SameFloat.
func.func @f(%a: tensor<3xi32>) {
  // expected-error @+1 {{'tenferro.reduce_max' op operand #0 has dtype 'i32', which violates dtype policy SameFloat (f32 or f64)}}
  %0 = tenferro.reduce_max %a, axes = [0] : tensor<3xi32>
  return
}
// -----

// extract_diag: the two axes must differ.
func.func @f(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{'tenferro.extract_diag' op axis_a/axis_b repeats axis 0}}
  %0 = tenferro.extract_diag %a, axis_a = 0, axis_b = 0 : tensor<3x3xf32>
  return
}
// -----

// embed_diag: the new axis position is out of range.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.embed_diag' op axis_b 2 is out of range: the new axis goes at a position in [0, 1]}}
  %0 = tenferro.embed_diag %a, axis_a = 0, axis_b = 2 : tensor<3xf32>
  return
}
// -----

// tril/triu: need a matrix.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.tril' op needs an operand of rank >= 2, got 'tensor<3xf32>'}}
  %0 = tenferro.tril %a, k = 0 : tensor<3xf32>
  return
}
// -----

// slice: limit beyond the extent.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.slice' op limit 4 of axis 0 exceeds its extent 3}}
  %0 = tenferro.slice %a, starts = [0], limits = [4], strides = [1] : tensor<3xf32>
  return
}
// -----

// slice: stride must be positive.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.slice' op stride 0 of axis 0 must be >= 1}}
  %0 = tenferro.slice %a, starts = [0], limits = [2], strides = [0] : tensor<3xf32>
  return
}
// -----

// slice: start after limit.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.slice' op axis 0 needs 0 <= start <= limit, got start 2 and limit 1}}
  %0 = tenferro.slice %a, starts = [2], limits = [1], strides = [1] : tensor<3xf32>
  return
}
// -----

// slice: one entry per axis.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.slice' op starts, limits and strides need 1 entries each (the operand rank), got 2, 1 and 1}}
  %0 = tenferro.slice %a, starts = [0, 0], limits = [1], strides = [1] : tensor<3xf32>
  return
}
// -----

// pad: interior padding is non-negative.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.pad' op interior padding -1 of axis 0 must be >= 0}}
  %0 = tenferro.pad %a, low = [0], high = [0], interior = [-1] : tensor<3xf32>
  return
}
// -----

// pad: a negative padded extent.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.pad' op padded extent of axis 0 is negative (-3)}}
  %0 = tenferro.pad %a, low = [-3], high = [-3], interior = [0] : tensor<3xf32>
  return
}
// -----

// pad: one entry per axis.
func.func @f(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.pad' op low, high and interior need 1 entries each (the operand rank)}}
  %0 = tenferro.pad %a, low = [0, 1], high = [0], interior = [0] : tensor<3xf32>
  return
}
// -----

// concatenate: non-axis extents must match.
func.func @f(%a: tensor<3x2xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'tenferro.concatenate' op operand #1 has extent 4 on axis 1, expected 2}}
  %0 = tenferro.concatenate(%a, %b) axis = 0 : tensor<3x2xf32>, tensor<3x4xf32>
  return
}
// -----

// concatenate: axis out of range.
func.func @f(%a: tensor<3x2xf32>) {
  // expected-error @+1 {{'tenferro.concatenate' op axis 2 is out of range for rank 2}}
  %0 = tenferro.concatenate(%a) axis = 2 : tensor<3x2xf32>
  return
}
// -----

// concatenate: operand ranks must match.
func.func @f(%a: tensor<3x2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'tenferro.concatenate' op operand #1 has rank 1, expected 2}}
  %0 = tenferro.concatenate(%a, %b) axis = 0 : tensor<3x2xf32>, tensor<3xf32>
  return
}
// -----

// concatenate: at least one operand.
func.func @f() {
  // expected-error @+2 {{'tenferro.concatenate' op takes 1 to 255 operands, got 0}}
  // expected-error @+1 {{'tenferro.concatenate' op failed to infer returned types}}
  %0 = "tenferro.concatenate"() <{axis = 0 : i64}> : () -> tensor<3xf32>
  return
}
// -----

// reverse: repeated axes.
func.func @f(%a: tensor<3x2xf32>) {
  // expected-error @+1 {{'tenferro.reverse' op axes repeats axis 0}}
  %0 = tenferro.reverse %a, axes = [0, 0] : tensor<3x2xf32>
  return
}
// -----

// shape_of: axis out of range.
func.func @f(%a: tensor<3x2xf32>) {
  // expected-error @+1 {{'tenferro.shape_of' op axis 2 is out of range for rank 2}}
  %0 = tenferro.shape_of %a, axis = 2 : tensor<3x2xf32>
  return
}
// -----

// dynamic_truncate: the size is a rank-0 tensor.
func.func @f(%a: tensor<3x2xf32>, %n: tensor<1xf64>) {
  // expected-error @+1 {{'tenferro.dynamic_truncate' op size must be a rank-0 integer or real tensor, got 'tensor<1xf64>'}}
  %0 = tenferro.dynamic_truncate %a, %n, axis = 0 : tensor<3x2xf32>, tensor<1xf64>
  return
}
// -----

// pad_to_match: axis out of range of the reference.
func.func @f(%a: tensor<3x2xf32>, %r: tensor<3xf64>) {
  // expected-error @+1 {{'tenferro.pad_to_match' op axis 1 is out of range for operand rank 2 or reference rank 1}}
  %0 = tenferro.pad_to_match %a, %r, axis = 1 : tensor<3x2xf32>, tensor<3xf64>
  return
}
// -----

// constant: value out of range of i32.
func.func @f() {
  // expected-error @+1 {{'tenferro.constant' op value 5000000000 : i64 does not fit dtype 'i32'}}
  %0 = tenferro.constant 5000000000 : i32
  return
}
// -----

// constant: i1 takes 0 or 1.
func.func @f() {
  // expected-error @+1 {{'tenferro.constant' op value 2 : i64 does not fit dtype 'i1'}}
  %0 = tenferro.constant 2 : i1
  return
}
// -----

// constant: a finite value beyond f32's range.
func.func @f() {
  // expected-error @+1 {{'tenferro.constant' op value 1.000000e+300 : f64 does not fit dtype 'f32'}}
  %0 = tenferro.constant 1.0e300 : f32
  return
}
// -----

// constant: a float value for an integer dtype.
func.func @f() {
  // expected-error @+1 {{'tenferro.constant' op value 1.500000e+00 : f64 does not fit dtype 'i64'}}
  %0 = tenferro.constant 1.5 : i64
  return
}
// -----

// constant: a complex component beyond f32's range.
func.func @f() {
  // expected-error @+1 {{'tenferro.constant' op value [1.000000e+300, 0.000000e+00] does not fit dtype 'complex<f32>'}}
  %0 = tenferro.constant [1.0e300, 0.0] : complex<f32>
  return
}
// -----

// constant: only tenferro dtypes.
func.func @f() {
  // expected-error @+1 {{custom op 'tenferro.constant' expected a tenferro dtype, got 'f16'}}
  %0 = tenferro.constant 1 : f16
  return
}
// -----

// dot_general: contracting extents must match.
func.func @f(%a: tensor<2x3xf64>, %b: tensor<4x3xf64>) {
  // expected-error @+1 {{'tenferro.dot_general' op contracting lhs axis 1 (extent 3) and rhs axis 0 (extent 4) differ}}
  %0 = tenferro.dot_general %a, %b, dims = <lhs_contracting_dims = [1], rhs_contracting_dims = [0]> : tensor<2x3xf64>, tensor<4x3xf64>
  return
}
// -----

// dot_general: contracting dim counts must match.
func.func @f(%a: tensor<2x3xf64>, %b: tensor<3x3xf64>) {
  // expected-error @+1 {{'tenferro.dot_general' op has 1 lhs and 2 rhs contracting dims; the counts must match}}
  %0 = tenferro.dot_general %a, %b, dims = <lhs_contracting_dims = [1], rhs_contracting_dims = [0, 1]> : tensor<2x3xf64>, tensor<3x3xf64>
  return
}
// -----

// dot_general: batch dim counts must match.
func.func @f(%a: tensor<2x3xf64>, %b: tensor<3x3xf64>) {
  // expected-error @+1 {{'tenferro.dot_general' op has 1 lhs and 0 rhs batch dims; the counts must match}}
  %0 = tenferro.dot_general %a, %b, dims = <lhs_batch_dims = [0]> : tensor<2x3xf64>, tensor<3x3xf64>
  return
}
// -----

// dot_general: an axis cannot be both contracting and batch.
func.func @f(%a: tensor<3x3xf64>, %b: tensor<3x3xf64>) {
  // expected-error @+1 {{'tenferro.dot_general' op lhs contracting and batch dims repeats axis 0}}
  %0 = tenferro.dot_general %a, %b, dims = <lhs_contracting_dims = [0], rhs_contracting_dims = [0], lhs_batch_dims = [0], rhs_batch_dims = [1]> : tensor<3x3xf64>, tensor<3x3xf64>
  return
}
// -----

// dot_general: dims out of range.
func.func @f(%a: tensor<3x3xf64>, %b: tensor<3x3xf64>) {
  // expected-error @+1 {{'tenferro.dot_general' op lhs contracting and batch dims entry 2 is out of range for rank 2}}
  %0 = tenferro.dot_general %a, %b, dims = <lhs_contracting_dims = [2], rhs_contracting_dims = [0]> : tensor<3x3xf64>, tensor<3x3xf64>
  return
}
// -----

// dtype policy: dot_general is SameFloatOrComplex.
func.func @f(%a: tensor<3x3xi32>) {
  // expected-error @+1 {{'tenferro.dot_general' op operand #0 has dtype 'i32', which violates dtype policy SameFloatOrComplex (f32, f64, complex<f32> or complex<f64>)}}
  %0 = tenferro.dot_general %a, %a, dims = <> : tensor<3x3xi32>, tensor<3x3xi32>
  return
}
// -----

// extension: result count must equal the declared output count.
func.func @f(%a: tensor<3x3xf64>) {
  // expected-error @+1 {{'tenferro.extension' op declares 3 outputs but has 2 results}}
  %0:2 = tenferro.extension "a.b.v1"(%a) inputs 1 outputs 3 : (tensor<3x3xf64>) -> (tensor<3xf64>, tensor<3xf64>)
  return
}
// -----

// extension: operand count must equal the declared input count.
func.func @f(%a: tensor<3x3xf64>) {
  // expected-error @+1 {{'tenferro.extension' op declares 2 inputs but has 1 operands}}
  %0 = tenferro.extension "a.b.v1"(%a) inputs 2 outputs 1 : (tensor<3x3xf64>) -> tensor<3xf64>
  return
}
// -----

// extension: at least one output.
func.func @f(%a: tensor<3x3xf64>) {
  // expected-error @+1 {{'tenferro.extension' op must declare at least one output, got 0}}
  "tenferro.extension"(%a) <{family_id = "a.b.v1", input_count = 1 : i64, output_count = 0 : i64}> : (tensor<3x3xf64>) -> ()
  return
}
// -----

// extension: a family id is required.
func.func @f(%a: tensor<3x3xf64>) {
  // expected-error @+1 {{'tenferro.extension' op needs a non-empty family id}}
  %0 = tenferro.extension ""(%a) inputs 1 outputs 1 : (tensor<3x3xf64>) -> tensor<3xf64>
  return
}
// -----

// gather: index_vector_dim out of range.
func.func @f(%a: tensor<4x3xf64>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{'tenferro.gather' op index_vector_dim 3 is out of range [0, 2]}}
  %0 = tenferro.gather %a, %i, dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>, slice_sizes = [1, 3] : tensor<4x3xf64>, tensor<2x1xi64>
  return
}
// -----

// gather: collapsed axes have slice size 1.
func.func @f(%a: tensor<4x3xf64>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{'tenferro.gather' op collapsed axis 0 needs slice size <= 1, got 2}}
  %0 = tenferro.gather %a, %i, dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [2, 3] : tensor<4x3xf64>, tensor<2x1xi64>
  return
}
// -----

// gather: slice sizes within the operand.
func.func @f(%a: tensor<4x3xf64>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{'tenferro.gather' op slice size 5 of axis 1 must be in [0, operand extent]}}
  %0 = tenferro.gather %a, %i, dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, 5] : tensor<4x3xf64>, tensor<2x1xi64>
  return
}
// -----

// gather: offset_dims sorted and unique.
func.func @f(%a: tensor<4x3xf64>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{'tenferro.gather' op offset_dims must be sorted and unique}}
  %0 = tenferro.gather %a, %i, dims = <offset_dims = [1, 0], collapsed_slice_dims = [], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, 3] : tensor<4x3xf64>, tensor<2x1xi64>
  return
}
// -----

// gather: start_index_map matches the index vector length.
func.func @f(%a: tensor<4x3xf64>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{'tenferro.gather' op start_index_map has 2 entries, but index vectors have 1}}
  %0 = tenferro.gather %a, %i, dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = [1, 3] : tensor<4x3xf64>, tensor<2x1xi64>
  return
}
// -----

// gather: indices are integer or real.
func.func @f(%a: tensor<4x3xf64>, %i: tensor<2x1xcomplex<f64>>) {
  // expected-error @+1 {{'tenferro.gather' op indices must have integer or real dtype, got 'complex<f64>'}}
  %0 = tenferro.gather %a, %i, dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, 3] : tensor<4x3xf64>, tensor<2x1xcomplex<f64>>
  return
}
// -----

// gather_dynamic_slice_sizes: shape-reference arity.
func.func @f(%a: tensor<4x3xf64>, %i: tensor<2x1xi64>, %r: tensor<2xf64>) {
  // expected-error @+1 {{'tenferro.gather_dynamic_slice_sizes' op expects 2 operands (2 data and 0 shape reference(s), since no input_dim refers to an operand), got 3}}
  %0 = tenferro.gather_dynamic_slice_sizes %a, %i refs(%r : tensor<2xf64>), dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, 3] : tensor<4x3xf64>, tensor<2x1xi64>
  return
}
// -----

// scatter: update scatter extents match the index batch extents.
func.func @f(%a: tensor<4x3xf64>, %i: tensor<2x1xi64>, %u: tensor<3x3xf64>) {
  // expected-error @+1 {{'tenferro.scatter' op update scatter axis 0 extent 3 differs from the index batch extent 2}}
  %0 = tenferro.scatter %a, %i, %u, dims = <update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : tensor<4x3xf64>, tensor<2x1xi64>, tensor<3x3xf64>
  return
}
// -----

// scatter: window and inserted dims cover the operand.
func.func @f(%a: tensor<4x3xf64>, %i: tensor<2x1xi64>, %u: tensor<2x3xf64>) {
  // expected-error @+1 {{'tenferro.scatter' op update_window_dims (1) plus inserted_window_dims (0) must cover the operand rank 2}}
  %0 = tenferro.scatter %a, %i, %u, dims = <update_window_dims = [1], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : tensor<4x3xf64>, tensor<2x1xi64>, tensor<2x3xf64>
  return
}
// -----

// scatter: update windows fit in the operand.
func.func @f(%a: tensor<4x3xf64>, %i: tensor<2x1xi64>, %u: tensor<2x5xf64>) {
  // expected-error @+1 {{'tenferro.scatter' op update window axis 1 extent 5 exceeds the operand extent 3}}
  %0 = tenferro.scatter %a, %i, %u, dims = <update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : tensor<4x3xf64>, tensor<2x1xi64>, tensor<2x5xf64>
  return
}
// -----

// dynamic_slice: one start index per operand axis.
func.func @f(%a: tensor<4x3xf64>, %s: tensor<3xi64>) {
  // expected-error @+1 {{'tenferro.dynamic_slice' op start indices have 3 entries, expected 2}}
  %0 = tenferro.dynamic_slice %a, %s, sizes = [2, 2] : tensor<4x3xf64>, tensor<3xi64>
  return
}
// -----

// dynamic_slice: slice sizes within the operand.
func.func @f(%a: tensor<4x3xf64>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'tenferro.dynamic_slice' op slice size 4 of axis 1 must be in [0, operand extent]}}
  %0 = tenferro.dynamic_slice %a, %s, sizes = [2, 4] : tensor<4x3xf64>, tensor<2xi64>
  return
}
// -----

// dynamic_update_slice: the update fits in the operand.
func.func @f(%a: tensor<4x3xf64>, %u: tensor<5x1xf64>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'tenferro.dynamic_update_slice' op update extent 5 of axis 0 exceeds the operand extent 4}}
  %0 = tenferro.dynamic_update_slice %a, %u, %s : tensor<4x3xf64>, tensor<5x1xf64>, tensor<2xi64>
  return
}
// -----

// dynamic_update_slice: the update has the operand's rank.
func.func @f(%a: tensor<4x3xf64>, %u: tensor<3xf64>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'tenferro.dynamic_update_slice' op update rank 1 differs from operand rank 2}}
  %0 = tenferro.dynamic_update_slice %a, %u, %s : tensor<4x3xf64>, tensor<3xf64>, tensor<2xi64>
  return
}
// -----

// Shape guards: input_dim of a missing program input.
// expected-error @+1 {{shape guard #0: input_dim(1, 0) refers to input 1, but there are 1 inputs}}
func.func @f(%a: tensor<4xf64>) attributes {tenferro.shape_guards = [#tenferro.shape_guard<input_dim(1, 0) == 3>]} {
  return
}
// -----

// Shape guards: input_dim of a missing axis.
// expected-error @+1 {{shape guard #0: input_dim(0, 1) refers to axis 1 of input 0, which has rank 1}}
func.func @f(%a: tensor<4xf64>) attributes {tenferro.shape_guards = [#tenferro.shape_guard<input_dim(0, 1) == 3>]} {
  return
}
// -----

// Shape guards: statically false.
// expected-error @+1 {{shape guard #0 always fails: 4 != 3}}
func.func @f(%a: tensor<4xf64>) attributes {tenferro.shape_guards = [#tenferro.shape_guard<input_dim(0, 0) == 3>]} {
  return
}
// -----

// Shape guards: entries must be #tenferro.shape_guard.
// expected-error @+1 {{shape guard #0 is not a #tenferro.shape_guard: 3 : i64}}
func.func @f(%a: tensor<4xf64>) attributes {tenferro.shape_guards = [3]} {
  return
}
// -----

// Unknown tenferro discardable attribute.
// expected-error @+1 {{unknown tenferro attribute 'tenferro.bogus'}}
func.func @f(%a: tensor<4xf64>) attributes {tenferro.bogus = 1} {
  return
}
// -----

// Shape guards belong on func.func programs.
// expected-error @+1 {{'tenferro.shape_guards' is only valid on func.func programs}}
module attributes {tenferro.shape_guards = []} {
}
// -----

// Element types outside tenferro's seven.
func.func @f(%a: tensor<4xf16>) {
  // expected-error @+1 {{'tenferro.negate' op operand #0 must be ranked tensor of 32-bit float or 64-bit float or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer or complex type with 32-bit float elements or complex type with 64-bit float elements values, but got 'tensor<4xf16>'}}
  %0 = tenferro.negate %a : tensor<4xf16>
  return
}
// -----

// DimExpr constants are non-negative.
func.func @f(%a: tensor<4xf64>) {
  // expected-error @+1 {{custom op 'tenferro.reshape' DimExpr constant must be non-negative, got -1}}
  %0 = tenferro.reshape %a to [-1] : tensor<4xf64>
  return
}
// -----

// DimExpr syntax: unknown node.
func.func @f(%a: tensor<4xf64>) {
  // expected-error @+1 {{custom op 'tenferro.reshape' expected a DimExpr: an integer, input_dim, add, sub, mul, floordiv, min or max; got 'foo'}}
  %0 = tenferro.reshape %a to [foo(1, 2)] : tensor<4xf64>
  return
}
// -----

// convert: target must be a tenferro dtype.
func.func @f(%a: tensor<4xf64>) {
  // expected-error @+1 {{'tenferro.convert' op attribute 'to' failed to satisfy constraint: type attribute of tenferro element type (f32, f64, i32, i64, i1, complex<f32>, complex<f64>)}}
  %0 = tenferro.convert %a : tensor<4xf64> to f16
  return
}
// -----

// compare: tenferro has no `ne`.
func.func @f(%a: tensor<4xf64>) {
  // expected-error @+1 {{custom op 'tenferro.compare' unknown comparison direction 'ne', expected eq, lt, le, gt or ge}}
  %0 = tenferro.compare ne, %a, %a : tensor<4xf64>
  return
}
// -----

// compare: complex and real operands cannot be compared.
func.func @f(%a: tensor<4xf64>, %b: tensor<4xcomplex<f64>>) {
  // expected-error @+1 {{'tenferro.compare' op cannot compare complex with real operands}}
  %0 = tenferro.compare eq, %a, %b : tensor<4xf64>, tensor<4xcomplex<f64>>
  return
}
// -----

// Wrong operand count in custom syntax.
func.func @f(%a: tensor<4xf64>) {
  // expected-error @+1 {{expected ':'}}
  %0 = tenferro.add %a, %a, %a : tensor<4xf64>
  return
}
// -----

// Operand type list must have 1 or 3 entries.
func.func @f(%a: tensor<4xf64>) {
  // expected-error @+1 {{custom op 'tenferro.clamp' expected 1 or 3 operand types, got 2}}
  %0 = tenferro.clamp %a, %a, %a : tensor<4xf64>, tensor<4xf64>
  return
}
// -----

// Wrong operand count (generic form).
func.func @f(%a: tensor<4xf64>) {
  // expected-error @+1 {{'tenferro.add' op expected 2 operands, but found 1}}
  %0 = "tenferro.add"(%a) : (tensor<4xf64>) -> tensor<4xf64>
  return
}
// -----

// Wrong operand count (generic form, unary).
func.func @f(%a: tensor<4xf64>) {
  // expected-error @+1 {{'tenferro.exp' op requires a single operand}}
  %0 = "tenferro.exp"(%a, %a) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return
}
// -----

// DimExpr nesting is bounded.
func.func @f(%a: tensor<4xf64>) {
  // expected-error @+1 {{custom op 'tenferro.reshape' DimExpr nesting exceeds 256}}
  %0 = tenferro.reshape %a to [add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, add(0, 4))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))] : tensor<4xf64>
  return
}
// -----

// fused_region: one last_use flag per input.
func.func @f(%a: tensor<2xf64>) -> tensor<2xf64> {
  // expected-error @+1 {{'tenferro.fused_region' op has 0 last_use flags for 1 inputs}}
  %0 = "tenferro.fused_region"(%a) <{kind = #tenferro<region_kind sequence>, last_use = array<i1>}> ({
  ^bb0(%x: tensor<2xf64>):
    %1 = tenferro.negate %x : tensor<2xf64>
    tenferro.yield %1 : tensor<2xf64>
  }) : (tensor<2xf64>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
// -----

// fused_region: block arguments match the inputs.
func.func @f(%a: tensor<2xf64>) -> tensor<2xf64> {
  // expected-error @+1 {{'tenferro.fused_region' op body argument #0 has type 'tensor<3xf64>', input has 'tensor<2xf64>'}}
  %0 = "tenferro.fused_region"(%a) <{kind = #tenferro<region_kind sequence>, last_use = array<i1: true>}> ({
  ^bb0(%x: tensor<3xf64>):
    %1 = tenferro.negate %x : tensor<3xf64>
    tenferro.yield %1 : tensor<3xf64>
  }) : (tensor<2xf64>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
// -----

// fused_region: the region is isolated from above.
func.func @f(%a: tensor<2xf64>) -> tensor<2xf64> {
  // expected-note @+1 {{required by region isolation constraints}}
  %0 = tenferro.fused_region sequence () -> (tensor<2xf64>) {
    // expected-error @+1 {{'tenferro.negate' op using value defined outside the region}}
    %1 = tenferro.negate %a : tensor<2xf64>
    tenferro.yield %1 : tensor<2xf64>
  }
  return %0 : tensor<2xf64>
}
// -----

// fused_region: yield agrees with the results.
func.func @f(%a: tensor<2xf64>) -> tensor<2xf64> {
  // expected-error @+1 {{'tenferro.fused_region' op yields 'tensor<2xf64>', 'tensor<2xf64>' but has results 'tensor<2xf64>'}}
  %0 = tenferro.fused_region sequence (%x = %a : tensor<2xf64>) -> (tensor<2xf64>) {
    %1 = tenferro.negate %x : tensor<2xf64>
    tenferro.yield %1, %1 : tensor<2xf64>, tensor<2xf64>
  }
  return %0 : tensor<2xf64>
}
// -----

// fused_region: only backend instructions in the body.
func.func @f(%a: tensor<2xf64>) -> tensor<f64> {
  // expected-error @+1 {{'tenferro.fused_region' op body may only hold backend instructions}}
  %0 = tenferro.fused_region sequence (%x = %a : tensor<2xf64>) -> (tensor<f64>) {
    // expected-note @+1 {{not a backend instruction: this host op: 'tenferro.shape_of'}}
    %1 = tenferro.shape_of %x, axis = 0 : tensor<2xf64>
    tenferro.yield %1 : tensor<f64>
  }
  return %0 : tensor<f64>
}
// -----

// fused_region: no empty bodies.
func.func @f(%a: tensor<2xf64>) {
  // expected-error @+1 {{'tenferro.fused_region' op body holds no instruction}}
  tenferro.fused_region sequence (%x = %a : tensor<2xf64>) -> () {
    tenferro.yield
  }
  return
}
// -----

// fused_region: an elementwise body must build a plan.
func.func @f(%a: tensor<2xf64>) -> tensor<2xf64> {
  // expected-error @+1 {{'tenferro.fused_region' op is not an elementwise region: [plan-non-fusable-op] 'tenferro.subtract' has no elementwise fusion op}}
  %0 = tenferro.fused_region elementwise (%x = %a : tensor<2xf64>) -> (tensor<2xf64>) {
    %1 = tenferro.subtract %x, %x : tensor<2xf64>
    tenferro.yield %1 : tensor<2xf64>
  }
  return %0 : tensor<2xf64>
}
// -----

// fused_region: elementwise input views must be the plan's.
func.func @f(%a: tensor<2xf64>) -> tensor<2x2xf64> {
  // expected-error @+1 {{'tenferro.fused_region' op input #0 view does not match the plan's broadcast view}}
  %0 = tenferro.fused_region elementwise (%x = %a : tensor<2xf64>) -> (tensor<2x2xf64>) {
    %1 = tenferro.broadcast_in_dim %x, dims = [0] to [2, 2] : tensor<2xf64>
    %2 = tenferro.exp %1 : tensor<2x2xf64>
    tenferro.yield %2 : tensor<2x2xf64>
  }
  return %0 : tensor<2x2xf64>
}
// -----

// fused_region: elementwise inputs have the plan dtype (docs/semantics.md
// §11.3).
func.func @f(%a: tensor<2xcomplex<f64>>) -> tensor<2xf64> {
  // expected-error @+1 {{'tenferro.fused_region' op is not an elementwise region: [plan-input-dtype-mismatch] segment input #0 has dtype complex<f64>, but the plan dtype is f64}}
  %0 = tenferro.fused_region elementwise (%x = %a : tensor<2xcomplex<f64>>) -> (tensor<2xf64>) {
    %1 = tenferro.abs %x : tensor<2xcomplex<f64>>
    tenferro.yield %1 : tensor<2xf64>
  }
  return %0 : tensor<2xf64>
}
// -----

// fused_region: only elementwise regions carry views.
func.func @f(%a: tensor<2xf64>) -> tensor<2x2xf64> {
  // expected-error @+1 {{'tenferro.fused_region' op only elementwise regions carry input views}}
  %0 = tenferro.fused_region sequence (%x = %a : tensor<2xf64> broadcast [2, 2] dims [0]) -> (tensor<2x2xf64>) {
    %1 = tenferro.broadcast_in_dim %x, dims = [0] to [2, 2] : tensor<2xf64>
    tenferro.yield %1 : tensor<2x2xf64>
  }
  return %0 : tensor<2x2xf64>
}
// -----

// fused_region: broadcast_multiply needs a triplet or pair.
func.func @f(%a: tensor<2xf64>) -> tensor<2xf64> {
  // expected-error @+1 {{'tenferro.fused_region' op is not a broadcast-multiply kernel region: the body is not a broadcast-multiply triplet or pair}}
  %0 = tenferro.fused_region broadcast_multiply (%x = %a : tensor<2xf64>) -> (tensor<2xf64>) {
    %1 = tenferro.multiply %x, %x : tensor<2xf64>
    tenferro.yield %1 : tensor<2xf64>
  }
  return %0 : tensor<2xf64>
}
// -----

// fused_region: broadcast_multiply returns only the product.
func.func @f(%a: tensor<2xf64>) -> (tensor<2x2xf64>, tensor<2x2xf64>) {
  // expected-error @+1 {{'tenferro.fused_region' op is not a broadcast-multiply kernel region: [broadcast-multiply-live-broadcast] a broadcast result is live after the segment; the kernel returns only the product}}
  %0:2 = tenferro.fused_region broadcast_multiply (%x = %a : tensor<2xf64>) -> (tensor<2x2xf64>, tensor<2x2xf64>) {
    %1 = tenferro.broadcast_in_dim %x, dims = [0] to [2, 2] : tensor<2xf64>
    %2 = tenferro.multiply %1, %1 : tensor<2x2xf64>
    tenferro.yield %1, %2 : tensor<2x2xf64>, tensor<2x2xf64>
  }
  return %0#0, %0#1 : tensor<2x2xf64>, tensor<2x2xf64>
}
// -----

// fused_region: unknown kinds.
func.func @f(%a: tensor<2xf64>) {
  // expected-error @+1 {{custom op 'tenferro.fused_region' unknown fused region kind 'parallel', expected elementwise, broadcast_multiply or sequence}}
  tenferro.fused_region parallel (%x = %a : tensor<2xf64>) -> () {
    tenferro.yield
  }
  return
}
// -----

// yield only inside fused_region.
func.func @f(%a: tensor<2xf64>) {
  // expected-error @+1 {{'tenferro.yield' op expects parent op 'tenferro.fused_region'}}
  tenferro.yield %a : tensor<2xf64>
}
// -----

// The kernel mark is a unit attribute.
// expected-error @+1 {{'tenferro.kernel' must be a unit attribute}}
func.func private @k(%a: memref<4xf64>) attributes {tenferro.kernel = 1} {
  return
}
// -----

// The kernel mark is for functions only.
func.func @f(%a: f64) -> f64 {
  // expected-error @+1 {{'tenferro.kernel' marks functions only}}
  %b = arith.negf %a {tenferro.kernel} : f64
  return %b : f64
}
// -----

// The segment mark is a unit attribute.
func.func @f(%a: f64) -> f64 {
  // expected-error @+1 {{'tenferro.segment' must be a unit attribute}}
  %b = scf.execute_region -> f64 {
    scf.yield %a : f64
  } {tenferro.segment = 1}
  return %b : f64
}
// -----

// The segment mark is for ops with one region.
func.func @f(%a: f64) -> f64 {
  // expected-error @+1 {{'tenferro.segment' marks single-region ops only}}
  %b = arith.negf %a {tenferro.segment} : f64
  return %b : f64
}
// -----

// The segment number is an integer.
func.func @f(%a: f64) -> f64 {
  // expected-error @+1 {{'tenferro.segment_id' must be an integer attribute}}
  %b = arith.negf %a {tenferro.segment_id = "one"} : f64
  return %b : f64
}

// -----

// The lane-step mark is a unit attribute.
func.func @f(%a: f64) -> f64 {
  // expected-error @+1 {{'tenferro.lane_step' must be a unit attribute}}
  %b = arith.negf %a {tenferro.lane_step = 1 : i64} : f64
  return %b : f64
}
