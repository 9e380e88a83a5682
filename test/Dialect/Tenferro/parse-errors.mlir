// Malformed input is a diagnostic at the offending token and a non-zero
// exit, never a crash: unknown ops, out-of-range dimensions, missing
// operands, element and container types the dialect does not take, ops of
// unknown dialects, unterminated input. (The parse fuzzer,
// tools/tenferro-fuzzers, covers arbitrary text.)
// RUN: tenferro-opt %s --split-input-file --verify-diagnostics
// RUN: not tenferro-opt %S/../../Fuzz/Inputs/parse/unterminated-region.mlir 2>&1 | FileCheck %s --check-prefix=EOF
// RUN: not tenferro-opt %S/../../Fuzz/Inputs/parse/binary-garbage 2>&1 | FileCheck %s --check-prefix=GARBAGE
// EOF: unterminated-region.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// GARBAGE: binary-garbage:1:{{[0-9]+}}: error:

func.func @unknown_op(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{custom op 'tenferro.frobnicate' is unknown}}
  %0 = tenferro.frobnicate %x : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// A dimension that does not fit in 64 bits.
// expected-error @+1 {{invalid dimension}}
func.func @dim_overflow(%x: tensor<99999999999999999999xf64>) {
  return
}

// -----

func.func @missing_operand(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{expected SSA operand}}
  %0 = tenferro.add %x, : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @unsupported_dtype(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'tenferro.negate' op operand #0 must be ranked tensor of 32-bit float or 64-bit float}}
  %0 = tenferro.negate %x : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @memref_operand(%x: memref<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{custom op 'tenferro.exp' invalid kind of type specified: expected builtin.tensor, but found 'memref<4xf64>'}}
  %0 = tenferro.exp %x : memref<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @unknown_dialect(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+2 {{Dialect `foreign' not found for custom op 'foreign.op'}}
  // expected-note @+1 {{Available dialects:}}
  %0 = foreign.op %x : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Result types are inferred while parsing, before operand types are
// verified: a non-tensor operand is an error there (found by the parse
// fuzzer: it was a bad cast).
func.func @scalar_operand(%x: f32) {
  // expected-error @+1 {{'tenferro.add' op operand #0 must be a ranked tensor, got 'f32'}}
  %0 = tenferro.add %x, %x : f32
  return
}
