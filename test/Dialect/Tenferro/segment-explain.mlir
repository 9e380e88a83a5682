// Every segmentation decision and region kind comes with one remark whose
// message starts with a stable reason code (docs/segmentation.md).
// RUN: tenferro-opt %s --tenferro-segment=explain --allow-unregistered-dialect \
// RUN:   -split-input-file -verify-diagnostics > /dev/null

// Host, FFI and foreign boundaries; plan-built regions between them.
func.func @boundaries(%a: tensor<4xf64>) -> tensor<4x4xf64> {
  // expected-remark @+1 {{[plan-built] elementwise region of 1 instruction (0): one elementwise fusion plan}}
  %0 = tenferro.negate %a : tensor<4xf64>
  // expected-remark @+1 {{[host-boundary] instruction 1 ('tenferro.shape_of') is a host instruction: a segment of its own}}
  %1 = tenferro.shape_of %0, axis = 0 : tensor<4xf64>
  // expected-remark @+1 {{[foreign-op-boundary] instruction 2 ('test.opaque') is a foreign instruction: a segment of its own}}
  %2 = "test.opaque"(%0) : (tensor<4xf64>) -> tensor<4xf64>
  // expected-remark @+1 {{[plan-built] elementwise region of 1 instruction (3): one elementwise fusion plan}}
  %3 = tenferro.exp %2 : tensor<4xf64>
  // expected-remark @+1 {{[ffi-boundary] instruction 4 ('tenferro.dot_general') is an FFI instruction: a segment of its own}}
  %4 = tenferro.dot_general %3, %0, dims = <> : tensor<4xf64>, tensor<4xf64>
  return %4 : tensor<4x4xf64>
}
// -----

// Isolated triplet and pair, each taken by the kernel.
func.func @isolated(%a: tensor<3xf64>, %b: tensor<2xf64>, %c: tensor<3x2xf64>) -> (tensor<3x2xf64>, tensor<3x2xf64>) {
  // expected-remark @+2 {{[broadcast-multiply-triplet] broadcast-multiply triplet at instructions 0-2 is isolated: none of its values is read later}}
  // expected-remark @+1 {{[broadcast-multiply-kernel] broadcast_multiply region of 3 instructions (0-2): a broadcast-multiply triplet taken by the kernel}}
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [3, 2] : tensor<3xf64>
  %1 = tenferro.broadcast_in_dim %b, dims = [1] to [3, 2] : tensor<2xf64>
  %2 = tenferro.multiply %0, %1 : tensor<3x2xf64>
  // expected-remark @+2 {{[broadcast-multiply-pair] broadcast-multiply pair at instructions 3-4 is isolated: none of its values is read later}}
  // expected-remark @+1 {{[broadcast-multiply-kernel] broadcast_multiply region of 2 instructions (3-4): a broadcast-multiply pair taken by the kernel}}
  %3 = tenferro.broadcast_in_dim %b, dims = [1] to [3, 2] : tensor<2xf64>
  %4 = tenferro.multiply %c, %3 : tensor<3x2xf64>
  return %2, %4 : tensor<3x2xf64>, tensor<3x2xf64>
}
// -----

// A triplet whose broadcast is read later is not isolated.
func.func @rejected(%a: tensor<3xf64>, %b: tensor<2xf64>) -> tensor<3x2xf64> {
  // expected-remark @+2 {{[isolation-rejected-future-use] broadcast-multiply triplet at instruction 0 is not isolated: the result of instruction 0 ('tenferro.broadcast_in_dim') is read by instruction 3}}
  // expected-remark @+1 {{[plan-built] elementwise region of 4 instructions (0-3): one elementwise fusion plan}}
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [3, 2] : tensor<3xf64>
  // expected-remark @+1 {{[isolation-rejected-future-use] broadcast-multiply pair at instruction 1 is not isolated: the result of instruction 2 ('tenferro.multiply') is read by instruction 3}}
  %1 = tenferro.broadcast_in_dim %b, dims = [1] to [3, 2] : tensor<2xf64>
  %2 = tenferro.multiply %0, %1 : tensor<3x2xf64>
  %3 = tenferro.add %2, %0 : tensor<3x2xf64>
  return %3 : tensor<3x2xf64>
}
// -----

// plan-dtype-mismatch: the run's instructions have different dtypes.
func.func @dtype_mismatch(%a: tensor<4xf64>) -> tensor<4xf32> {
  // expected-remark @+1 {{[plan-dtype-mismatch] sequence region of 2 instructions (0-1): 'tenferro.convert' has dtype f32, but the plan dtype (the first instruction's) is f64}}
  %0 = tenferro.negate %a : tensor<4xf64>
  // expected-note @+1 {{the rule fails at this instruction}}
  %1 = tenferro.convert %0 : tensor<4xf64> to f32
  return %1 : tensor<4xf32>
}
// -----

// plan-input-dtype-mismatch: abs of complex records a real dtype.
func.func @input_dtype_mismatch(%a: tensor<4xcomplex<f64>>) -> tensor<4xf64> {
  // expected-remark @+1 {{[plan-input-dtype-mismatch] sequence region of 2 instructions (0-1): segment input #0 has dtype complex<f64>, but the plan dtype is f64}}
  %0 = tenferro.abs %a : tensor<4xcomplex<f64>>
  %1 = tenferro.negate %0 : tensor<4xf64>
  return %1 : tensor<4xf64>
}
// -----

// plan-non-fusable-op: subtract has no elementwise fusion op.
func.func @non_fusable(%a: tensor<4xf64>) -> tensor<4xf64> {
  // expected-remark @+1 {{[plan-non-fusable-op] sequence region of 2 instructions (0-1): 'tenferro.subtract' has no elementwise fusion op}}
  %0 = tenferro.exp %a : tensor<4xf64>
  // expected-note @+1 {{the rule fails at this instruction}}
  %1 = tenferro.subtract %0, %a : tensor<4xf64>
  return %1 : tensor<4xf64>
}
// -----

// plan-symbolic-broadcast: a DimExpr target shape.
func.func @symbolic(%a: tensor<?xf64>, %b: tensor<?x2xf64>) -> tensor<?x2xf64> {
  // expected-remark @+2 {{[plan-symbolic-broadcast] sequence region of 2 instructions (0-1): the broadcast shape is symbolic; fusion plans need constant shapes}}
  // expected-note @+1 {{the rule fails at this instruction}}
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [input_dim(0, 0), 2] : tensor<?xf64>
  %1 = tenferro.add %0, %b : tensor<?x2xf64>
  return %1 : tensor<?x2xf64>
}
// -----

// plan-broadcast-shape-refs: a broadcast with shape-reference operands.
func.func @shape_refs(%a: tensor<2xf64>, %r: tensor<3xf64>, %b: tensor<3x2xf64>) -> tensor<3x2xf64> {
  // expected-remark @+2 {{[plan-broadcast-shape-refs] sequence region of 2 instructions (0-1): the broadcast takes shape-reference operands}}
  // expected-note @+1 {{the rule fails at this instruction}}
  %0 = tenferro.broadcast_in_dim %a refs(%r : tensor<3xf64>), dims = [1] to [input_dim(1, 0), 2] : tensor<2xf64>
  %1 = tenferro.add %0, %b : tensor<3x2xf64>
  return %1 : tensor<3x2xf64>
}
// -----

// plan-broadcast-source-read-directly: the source is also read unbroadcast.
func.func @read_directly(%a: tensor<2xf64>) -> (tensor<2x2xf64>, tensor<2xf64>) {
  // expected-remark @+2 {{[plan-broadcast-source-read-directly] sequence region of 3 instructions (0-2): the broadcast source is also read directly by a non-broadcast instruction of the segment}}
  // expected-note @+1 {{the rule fails at this instruction}}
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [2, 2] : tensor<2xf64>
  %1 = tenferro.exp %0 : tensor<2x2xf64>
  %2 = tenferro.exp %a : tensor<2xf64>
  return %1, %2 : tensor<2x2xf64>, tensor<2xf64>
}
// -----

// plan-broadcast-of-intermediate: the broadcast source is computed in the run.
func.func @of_intermediate(%a: tensor<2xf64>) -> tensor<2x2xf64> {
  // expected-remark @+1 {{[plan-broadcast-of-intermediate] sequence region of 3 instructions (0-2): the broadcast source is produced inside the segment, not a segment input}}
  %0 = tenferro.exp %a : tensor<2xf64>
  // expected-note @+1 {{the rule fails at this instruction}}
  %1 = tenferro.broadcast_in_dim %0, dims = [0] to [2, 2] : tensor<2xf64>
  %2 = tenferro.exp %1 : tensor<2x2xf64>
  return %2 : tensor<2x2xf64>
}
// -----

// plan-input-broadcast-twice: one input broadcast in two ways.
func.func @broadcast_twice(%a: tensor<2xf64>) -> tensor<2x2xf64> {
  // expected-remark @+1 {{[plan-input-broadcast-twice] sequence region of 3 instructions (0-2): segment input #0 already has a broadcast view}}
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [2, 2] : tensor<2xf64>
  // expected-note @+1 {{the rule fails at this instruction}}
  %1 = tenferro.broadcast_in_dim %a, dims = [1] to [2, 2] : tensor<2xf64>
  %2 = tenferro.add %0, %1 : tensor<2x2xf64>
  return %2 : tensor<2x2xf64>
}
// -----

// plan-no-outputs: nothing the run computes is used.
func.func @no_outputs(%a: tensor<2xf64>) {
  // expected-remark @+1 {{[plan-no-outputs] sequence region of 1 instruction (0): no value of the segment is used later}}
  %0 = tenferro.exp %a : tensor<2xf64>
  return
}
// -----

// plan-output-shape-mismatch: two outputs of different shapes.
func.func @output_shapes(%a: tensor<2xf64>, %b: tensor<2x2xf64>) -> (tensor<2xf64>, tensor<2x2xf64>) {
  // expected-remark @+1 {{[plan-output-shape-mismatch] sequence region of 2 instructions (0-1): the outputs do not share one shape, so they are not one loop nest}}
  %0 = tenferro.exp %a : tensor<2xf64>
  // expected-note @+1 {{the rule fails at this instruction}}
  %1 = tenferro.add %b, %0 : tensor<2x2xf64>, tensor<2xf64>
  return %0, %1 : tensor<2xf64>, tensor<2x2xf64>
}
// -----

// plan-output-extents-unrelated: two independent computations on dynamic
// extents, which may differ at run time.
func.func @unrelated_extents(%a: tensor<?xi32>, %b: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  // expected-remark @+1 {{[plan-output-extents-unrelated] sequence region of 2 instructions (0-1): outputs with dynamic extents that no instruction relates may differ at run time, so they are not one loop nest}}
  %0 = tenferro.negate %a : tensor<?xi32>
  // expected-note @+1 {{the rule fails at this instruction}}
  %1 = tenferro.negate %b : tensor<?xi32>
  return %0, %1 : tensor<?xi32>, tensor<?xi32>
}

// -----

// Related dynamic outputs stay one elementwise plan.
func.func @related_extents(%a: tensor<?xf64>, %b: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>) {
  // expected-remark @+1 {{[plan-built] elementwise region of 2 instructions (0-1): one elementwise fusion plan}}
  %0 = tenferro.add %a, %b : tensor<?xf64>, tensor<?xf64>
  %1 = tenferro.exp %0 : tensor<?xf64>
  return %0, %1 : tensor<?xf64>, tensor<?xf64>
}
