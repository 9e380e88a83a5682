// The reference interpreter reports what it cannot evaluate and run-time
// failures, naming the instruction, with exit code 1.
// RUN: not tenferro-runner %s --entry=ext --random=1 --reference 2>&1 | FileCheck %s --check-prefix=EXT
// RUN: python3 %S/Inputs/npy.py write %t.a.npy "<f8" F 3 1,2,3
// RUN: python3 %S/Inputs/npy.py write %t.b.npy "<f8" F 2 1,2
// RUN: not tenferro-runner %s --entry=guarded --input=%t.a.npy --input=%t.b.npy --reference 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GUARD
// RUN: not tenferro-runner %s --entry=shrink --input=%t.a.npy --reference 2>&1 | FileCheck %s --check-prefix=UNDERFLOW
// RUN: not tenferro-runner %s --entry=calls_ext --random=1 --reference 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not tenferro-runner %s --entry=ping --random=1 --reference 2>&1 | FileCheck %s --check-prefix=RECURSION

// EXT: tenferro-runner: error: reference evaluation of @ext failed: 'tenferro.extension' at {{.*}}: extension family 'test.op.v1' has no reference implementation
// GUARD: reference evaluation of @guarded failed: shape guard #0 violated (ShapeConstraintViolation): 3 != 2
// NESTED: reference evaluation of @calls_ext failed: 'func.call' at {{.*}}: in @ext, 'tenferro.extension' at {{.*}}: extension family 'test.op.v1' has no reference implementation
// RECURSION: reference evaluation of @ping failed: 'func.call' at {{.*}}: in @ping, 'func.call' at {{.*}}: in @ping, {{.*}}calls nested more than 64 deep (a recursion)
// UNDERFLOW: reference evaluation of @shrink failed: 'tenferro.reshape' at {{.*}}: DimExpr SubUnderflow: sub(input_dim(0, 0), 4) underflows below zero (operands 3 and 4)

func.func @ext(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.extension "test.op.v1"(%x) inputs 1 outputs 1 : (tensor<3xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

func.func @guarded(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<?xf64>
    attributes {tenferro.shape_guards = [#tenferro.shape_guard<input_dim(0, 0) == input_dim(1, 0)>]} {
  %0 = tenferro.negate %a : tensor<?xf64>
  return %0 : tensor<?xf64>
}

func.func @shrink(%a: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tenferro.reshape %a to [sub(input_dim(0, 0), 4)] : tensor<?xf64>
  return %0 : tensor<?xf64>
}

// Errors in a called program name the call and the callee's instruction;
// a recursion (which the compiler rejects) stops at a depth limit.
func.func @calls_ext(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.negate %x : tensor<3xf64>
  %1 = func.call @ext(%0) : (tensor<3xf64>) -> tensor<3xf64>
  return %1 : tensor<3xf64>
}

func.func @ping(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.negate %x : tensor<3xf64>
  %1 = func.call @ping(%0) : (tensor<3xf64>) -> tensor<3xf64>
  return %1 : tensor<3xf64>
}
