// Executes the index-moving instructions (tril, triu, reverse, slice, pad,
// extract_diag, embed_diag, concatenate, dynamic_slice,
// dynamic_update_slice) on column-major data and checks the values.
// Printed values are logical row-major matrices.
// RUN: tenferro-opt %s --tenferro-lower-to-llvm \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   | FileCheck %s

func.func @triangles(%x: tensor<2x3xf64>) -> (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>) {
  %0 = tenferro.tril %x, k = 0 : tensor<2x3xf64>
  %1 = tenferro.triu %x, k = 0 : tensor<2x3xf64>
  %2 = tenferro.tril %x, k = -1 : tensor<2x3xf64>
  return %0, %1, %2 : tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>
}

func.func @reverse_slice(%x: tensor<2x3xf64>) -> (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x2xf64>, tensor<2x2xf64>) {
  %0 = tenferro.reverse %x, axes = [1] : tensor<2x3xf64>
  %1 = tenferro.reverse %x, axes = [0] : tensor<2x3xf64>
  %2 = tenferro.slice %x, starts = [0, 1], limits = [2, 3], strides = [1, 1] : tensor<2x3xf64>
  %3 = tenferro.slice %x, starts = [0, 0], limits = [2, 3], strides = [1, 2] : tensor<2x3xf64>
  return %0, %1, %2, %3 : tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x2xf64>, tensor<2x2xf64>
}

func.func @pads(%x: tensor<2x3xf64>) -> (tensor<3x6xf64>, tensor<2x2xf64>) {
  %0 = tenferro.pad %x, low = [1, 0], high = [0, 1], interior = [0, 1] : tensor<2x3xf64>
  %1 = tenferro.pad %x, low = [0, -1], high = [0, 0], interior = [0, 0] : tensor<2x3xf64>
  return %0, %1 : tensor<3x6xf64>, tensor<2x2xf64>
}

func.func @diags(%m: tensor<3x3xf64>, %v: tensor<3xf64>) -> (tensor<3xf64>, tensor<3x3xf64>) {
  %0 = tenferro.extract_diag %m, axis_a = 0, axis_b = 1 : tensor<3x3xf64>
  %1 = tenferro.embed_diag %v, axis_a = 0, axis_b = 1 : tensor<3xf64>
  return %0, %1 : tensor<3xf64>, tensor<3x3xf64>
}

func.func @windows(%x: tensor<2x3xf64>, %s: tensor<2xi64>, %far: tensor<2xi64>, %u: tensor<1x2xf64>, %z: tensor<2xi64>)
    -> (tensor<2x6xf64>, tensor<1x2xf64>, tensor<1x2xf64>, tensor<2x3xf64>) {
  %0 = tenferro.concatenate(%x, %x) axis = 1 : tensor<2x3xf64>, tensor<2x3xf64>
  %1 = tenferro.dynamic_slice %x, %s, sizes = [1, 2] : tensor<2x3xf64>, tensor<2xi64>
  %2 = tenferro.dynamic_slice %x, %far, sizes = [1, 2] : tensor<2x3xf64>, tensor<2xi64>
  %3 = tenferro.dynamic_update_slice %x, %u, %z : tensor<2x3xf64>, tensor<1x2xf64>, tensor<2xi64>
  return %0, %1, %2, %3 : tensor<2x6xf64>, tensor<1x2xf64>, tensor<1x2xf64>, tensor<2x3xf64>
}

func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}

func.func @print(%t: tensor<?x?xf64>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf64> to memref<?x?xf64>
  %u = memref.cast %m : memref<?x?xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}

func.func @print1(%t: tensor<3xf64>) {
  %m = bufferization.to_buffer %t : tensor<3xf64> to memref<3xf64>
  %u = memref.cast %m : memref<3xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>
  %t:3 = call @triangles(%x) : (tensor<2x3xf64>) -> (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>)
  // CHECK: {{\[}}[1,   0,   0],
  // CHECK-NEXT: [4,   5,   0]]
  // CHECK: {{\[}}[1,   2,   3],
  // CHECK-NEXT: [0,   5,   6]]
  // CHECK: {{\[}}[0,   0,   0],
  // CHECK-NEXT: [4,   0,   0]]
  %t0 = tensor.cast %t#0 : tensor<2x3xf64> to tensor<?x?xf64>
  call @print(%t0) : (tensor<?x?xf64>) -> ()
  %t1 = tensor.cast %t#1 : tensor<2x3xf64> to tensor<?x?xf64>
  call @print(%t1) : (tensor<?x?xf64>) -> ()
  %t2 = tensor.cast %t#2 : tensor<2x3xf64> to tensor<?x?xf64>
  call @print(%t2) : (tensor<?x?xf64>) -> ()

  %r:4 = call @reverse_slice(%x) : (tensor<2x3xf64>) -> (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x2xf64>, tensor<2x2xf64>)
  // CHECK: {{\[}}[3,   2,   1],
  // CHECK-NEXT: [6,   5,   4]]
  // CHECK: {{\[}}[4,   5,   6],
  // CHECK-NEXT: [1,   2,   3]]
  // CHECK: {{\[}}[2,   3],
  // CHECK-NEXT: [5,   6]]
  // CHECK: {{\[}}[1,   3],
  // CHECK-NEXT: [4,   6]]
  %r0 = tensor.cast %r#0 : tensor<2x3xf64> to tensor<?x?xf64>
  call @print(%r0) : (tensor<?x?xf64>) -> ()
  %r1 = tensor.cast %r#1 : tensor<2x3xf64> to tensor<?x?xf64>
  call @print(%r1) : (tensor<?x?xf64>) -> ()
  %r2 = tensor.cast %r#2 : tensor<2x2xf64> to tensor<?x?xf64>
  call @print(%r2) : (tensor<?x?xf64>) -> ()
  %r3 = tensor.cast %r#3 : tensor<2x2xf64> to tensor<?x?xf64>
  call @print(%r3) : (tensor<?x?xf64>) -> ()

  %p:2 = call @pads(%x) : (tensor<2x3xf64>) -> (tensor<3x6xf64>, tensor<2x2xf64>)
  // CHECK: {{\[}}[0,   0,   0,   0,   0,   0],
  // CHECK-NEXT: [1,   0,   2,   0,   3,   0],
  // CHECK-NEXT: [4,   0,   5,   0,   6,   0]]
  // CHECK: {{\[}}[2,   3],
  // CHECK-NEXT: [5,   6]]
  %p0 = tensor.cast %p#0 : tensor<3x6xf64> to tensor<?x?xf64>
  call @print(%p0) : (tensor<?x?xf64>) -> ()
  %p1 = tensor.cast %p#1 : tensor<2x2xf64> to tensor<?x?xf64>
  call @print(%p1) : (tensor<?x?xf64>) -> ()

  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf64>
  %v = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %d:2 = call @diags(%m, %v) : (tensor<3x3xf64>, tensor<3xf64>) -> (tensor<3xf64>, tensor<3x3xf64>)
  // CHECK: [1,  5,  9]
  // CHECK: {{\[}}[1,   0,   0],
  // CHECK-NEXT: [0,   2,   0],
  // CHECK-NEXT: [0,   0,   3]]
  call @print1(%d#0) : (tensor<3xf64>) -> ()
  %d1 = tensor.cast %d#1 : tensor<3x3xf64> to tensor<?x?xf64>
  call @print(%d1) : (tensor<?x?xf64>) -> ()

  %s = arith.constant dense<[1, 1]> : tensor<2xi64>
  %far = arith.constant dense<[5, 5]> : tensor<2xi64>
  %u = arith.constant dense<[[9.0, 9.0]]> : tensor<1x2xf64>
  %z = arith.constant dense<[0, 1]> : tensor<2xi64>
  %w:4 = call @windows(%x, %s, %far, %u, %z) : (tensor<2x3xf64>, tensor<2xi64>, tensor<2xi64>, tensor<1x2xf64>, tensor<2xi64>)
      -> (tensor<2x6xf64>, tensor<1x2xf64>, tensor<1x2xf64>, tensor<2x3xf64>)
  // CHECK: {{\[}}[1,   2,   3,   1,   2,   3],
  // CHECK-NEXT: [4,   5,   6,   4,   5,   6]]
  // Start indices are clamped into the operand, as in StableHLO.
  // CHECK: {{\[}}[5,   6]]
  // CHECK: {{\[}}[5,   6]]
  // CHECK: {{\[}}[1,   9,   9],
  // CHECK-NEXT: [4,   5,   6]]
  %w0 = tensor.cast %w#0 : tensor<2x6xf64> to tensor<?x?xf64>
  call @print(%w0) : (tensor<?x?xf64>) -> ()
  %w1 = tensor.cast %w#1 : tensor<1x2xf64> to tensor<?x?xf64>
  call @print(%w1) : (tensor<?x?xf64>) -> ()
  %w2 = tensor.cast %w#2 : tensor<1x2xf64> to tensor<?x?xf64>
  call @print(%w2) : (tensor<?x?xf64>) -> ()
  %w3 = tensor.cast %w#3 : tensor<2x3xf64> to tensor<?x?xf64>
  call @print(%w3) : (tensor<?x?xf64>) -> ()
  return
}
