// Dynamic extents are checked at run time where a wrong one would read out
// of bounds, and compiled code and the reference interpreter agree on what
// is an error (docs/semantics.md): only an extent that is 1 in the type
// broadcasts, so a dynamic extent that is 1 at run time must match like any
// other; a reshape to a shape with another element count is an error.
// RUN: python3 %S/Inputs/npy.py write %t.one.npy "<f4" F 1 5
// RUN: python3 %S/Inputs/npy.py write %t.four.npy "<f4" F 4 1,2,3,4
// RUN: python3 %S/Inputs/npy.py write %t.six.npy "<f4" F 6 1,2,3,4,5,6

// RUN: not tenferro-runner %s --entry=add --input=%t.one.npy --input=%t.four.npy 2>&1 | FileCheck %s --check-prefix=ADD
// RUN: not tenferro-runner %s --entry=add --input=%t.one.npy --input=%t.four.npy --no-fusion 2>&1 | FileCheck %s --check-prefix=ADD
// RUN: not tenferro-runner %s --entry=add --input=%t.one.npy --input=%t.four.npy --reference 2>&1 | FileCheck %s --check-prefix=ADD-REF
// RUN: tenferro-runner %s --entry=add --input=%t.four.npy --input=%t.four.npy | FileCheck %s --check-prefix=ADD-OK
// ADD: tenferro-runner: error: run-time check failed: tenferro.{{add|fused_region}}: operand #0 has a different extent along axis 0 than the result
// ADD-REF: 'tenferro.add' {{.*}}operand #0 has a different extent along axis 0 than the result
// ADD-OK: output #0: f32 [4] [2, 4, 6, 8]
func.func @add(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tenferro.add %a, %b : tensor<?xf32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// RUN: not tenferro-runner %s --entry=bcast --input=%t.one.npy 2>&1 | FileCheck %s --check-prefix=BCAST
// RUN: not tenferro-runner %s --entry=bcast --input=%t.one.npy --no-fusion 2>&1 | FileCheck %s --check-prefix=BCAST
// RUN: not tenferro-runner %s --entry=bcast --input=%t.one.npy --reference 2>&1 | FileCheck %s --check-prefix=BCAST-REF
// RUN: tenferro-runner %s --entry=bcast --input=%t.four.npy | FileCheck %s --check-prefix=BCAST-OK
// BCAST: tenferro-runner: error: run-time check failed: tenferro.{{fused_region: operand #0 has a different extent along axis 0|broadcast_in_dim: operand axis 0 has a dynamic extent that differs from the target extent}}
// BCAST-REF: 'tenferro.broadcast_in_dim' {{.*}}operand axis 0 has extent 1, neither 1 in its type nor the target extent 4
// BCAST-OK: output #0: f32 [4, 2] [1, 2, 3, 4, 1, 2, 3, 4]
func.func @bcast(%a: tensor<?xf32>) -> tensor<4x2xf32> {
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [4, 2] : tensor<?xf32>
  return %0 : tensor<4x2xf32>
}

// RUN: not tenferro-runner %s --entry=reshape --input=%t.six.npy 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: not tenferro-runner %s --entry=reshape --input=%t.six.npy --no-fusion 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: not tenferro-runner %s --entry=reshape --input=%t.six.npy --reference 2>&1 | FileCheck %s --check-prefix=RESHAPE-REF
// RUN: tenferro-runner %s --entry=reshape --input=%t.four.npy | FileCheck %s --check-prefix=RESHAPE-OK
// RESHAPE: tenferro-runner: error: run-time check failed: tenferro.reshape: the shape holds a different number of elements than the operand
// RESHAPE-REF: 'tenferro.reshape' {{.*}}reshape changes the element count
// RESHAPE-OK: output #0: f32 [2, 2] [1, 2, 3, 4]
func.func @reshape(%a: tensor<?xf32>) -> tensor<2x2xf32> {
  %0 = tenferro.reshape %a to [2, 2] : tensor<?xf32>
  return %0 : tensor<2x2xf32>
}
