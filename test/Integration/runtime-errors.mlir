// Failing shape guards and DimExprs stop the compiled program with an error
// naming the rule, instead of computing garbage. (cf.assert prints with
// puts and aborts; stdbuf keeps the message from being lost in the stdout
// buffer.)
// RUN: tenferro-opt %s --tenferro-lower-to-llvm > %t.ll.mlir
// RUN: not --crash stdbuf -o0 mlir-runner %t.ll.mlir -e bad_guard -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   2>&1 | FileCheck %s --check-prefix=GUARD
// RUN: not --crash stdbuf -o0 mlir-runner %t.ll.mlir -e bad_reshape -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   2>&1 | FileCheck %s --check-prefix=UNDERFLOW
// RUN: not --crash stdbuf -o0 mlir-runner %t.ll.mlir -e bad_broadcast -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: mlir-runner %t.ll.mlir -e good -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   | FileCheck %s --check-prefix=GOOD

// GUARD: tenferro shape guard #0 violated (ShapeConstraintViolation)
// UNDERFLOW: tenferro.reshape: DimExpr sub underflows (SubUnderflow)
// OVERFLOW: tenferro.reshape: DimExpr mul overflows (MulOverflow)
// GOOD: [-1,  -2,  -3]

func.func @program(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<?xf64>
    attributes {tenferro.shape_guards = [#tenferro.shape_guard<input_dim(0, 0) == input_dim(1, 0)>]} {
  %0 = tenferro.negate %a : tensor<?xf64>
  return %0 : tensor<?xf64>
}

// Keeps extent - 4 elements: underflows for fewer than 4.
func.func @shrink(%a: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tenferro.reshape %a to [sub(input_dim(0, 0), 4)] : tensor<?xf64>
  return %0 : tensor<?xf64>
}

// Reshapes to extent * 2^62: overflows for extents of 2 or more.
func.func @huge(%a: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tenferro.reshape %a to [mul(input_dim(0, 0), 4611686018427387904)] : tensor<?xf64>
  return %0 : tensor<?xf64>
}

func.func @bad_broadcast() {
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %a1 = tensor.cast %a : tensor<3xf64> to tensor<?xf64>
  %r = call @huge(%a1) : (tensor<?xf64>) -> tensor<?xf64>
  return
}

func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}

func.func @bad_guard() {
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %b = arith.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %a1 = tensor.cast %a : tensor<3xf64> to tensor<?xf64>
  %b1 = tensor.cast %b : tensor<2xf64> to tensor<?xf64>
  %r = call @program(%a1, %b1) : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  return
}

func.func @bad_reshape() {
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %a1 = tensor.cast %a : tensor<3xf64> to tensor<?xf64>
  %r = call @shrink(%a1) : (tensor<?xf64>) -> tensor<?xf64>
  return
}

func.func @good() {
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %a1 = tensor.cast %a : tensor<3xf64> to tensor<?xf64>
  %r = call @program(%a1, %a1) : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  %m = bufferization.to_buffer %r : tensor<?xf64> to memref<?xf64>
  %u = memref.cast %m : memref<?xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}
