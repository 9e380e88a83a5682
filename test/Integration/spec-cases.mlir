// Executes the test cases S1, S9, S10, S11 and the N1 chain of
// docs/semantics.md §13 through the whole pipeline, fused and unfused, and
// checks the values. The driver (@main) holds logical tensors; calling a
// program transposes them into tenferro's column-major representation and
// back, so a printed row-major 2x2 [[a, c], [b, d]] is the column-major
// data [a, b, c, d].
// RUN: tenferro-opt %s --tenferro-lower-to-llvm \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{enable-fusion=false})" \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   | FileCheck %s

// S1: s0 = C64 [3, 0, 0, 4] ([2,2], column-major), s1 = 2.0: expected F64
// [6, 0, 0, 8].
func.func @s1(%s0: tensor<2x2xcomplex<f64>>, %s1: tensor<f64>) -> tensor<2x2xf64> {
  %s2 = tenferro.abs %s0 : tensor<2x2xcomplex<f64>>
  %s3 = tenferro.broadcast_in_dim %s1, dims = [] to [] : tensor<f64>
  %s4 = tenferro.multiply %s3, %s2 : tensor<f64>, tensor<2x2xf64>
  return %s4 : tensor<2x2xf64>
}

// S9: expected out0 = [10, 40, 30, 80], out1 = [5, 10, 21, 28].
func.func @s9(%s0: tensor<2xf64>, %s1: tensor<2x2xf64>, %s2: tensor<2xf64>, %s3: tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2x2xf64>) {
  %s4 = tenferro.broadcast_in_dim %s0, dims = [0] to [2, 2] : tensor<2xf64>
  %s5 = tenferro.multiply %s4, %s1 : tensor<2x2xf64>
  %s6 = tenferro.broadcast_in_dim %s2, dims = [1] to [2, 2] : tensor<2xf64>
  %s7 = tenferro.multiply %s3, %s6 : tensor<2x2xf64>
  return %s5, %s7 : tensor<2x2xf64>, tensor<2x2xf64>
}

// S10: input [2, 3]: expected [4, 9, 4, 9].
func.func @s10(%s0: tensor<2xf64>) -> tensor<2x2xf64> {
  %s1 = tenferro.broadcast_in_dim %s0, dims = [0] to [2, 2] : tensor<2xf64>
  %s2 = tenferro.multiply %s1, %s1 : tensor<2x2xf64>
  return %s2 : tensor<2x2xf64>
}

// S11: s0 = 10, s1 = 2: expected shape [3], values [20, 20, 20].
func.func @s11(%s0: tensor<f64>, %s1: tensor<f64>) -> tensor<3xf64> {
  %s2 = tenferro.broadcast_in_dim %s1, dims = [] to [3] : tensor<f64>
  %s3 = tenferro.multiply %s0, %s2 : tensor<f64>, tensor<3xf64>
  return %s3 : tensor<3xf64>
}

// N1: y = tanh(exp((x + x) * (x + x))).
func.func @n1(%x: tensor<3xf64>) -> tensor<3xf64> {
  %a = tenferro.add %x, %x : tensor<3xf64>
  %m = tenferro.multiply %a, %a : tensor<3xf64>
  %e = tenferro.exp %m : tensor<3xf64>
  %t = tenferro.tanh %e : tensor<3xf64>
  return %t : tensor<3xf64>
}

func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}

func.func @print2(%t: tensor<2x2xf64>) {
  %m = bufferization.to_buffer %t : tensor<2x2xf64> to memref<2x2xf64>
  %u = memref.cast %m : memref<2x2xf64> to memref<*xf64>
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
  // CHECK: rank = 2 offset = 0 sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[6,   0],
  // CHECK-NEXT: [0,   8]]
  %c = arith.constant dense<[[(3.0, 0.0), (0.0, 0.0)], [(0.0, 0.0), (4.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %two = arith.constant dense<2.0> : tensor<f64>
  %r1 = call @s1(%c, %two) : (tensor<2x2xcomplex<f64>>, tensor<f64>) -> tensor<2x2xf64>
  call @print2(%r1) : (tensor<2x2xf64>) -> ()

  // CHECK: {{\[}}[10,   30],
  // CHECK-NEXT: [40,   80]]
  // CHECK: {{\[}}[5,   21],
  // CHECK-NEXT: [10,   28]]
  %s0 = arith.constant dense<[10.0, 20.0]> : tensor<2xf64>
  %s1 = arith.constant dense<[[1.0, 3.0], [2.0, 4.0]]> : tensor<2x2xf64>
  %s2 = arith.constant dense<[5.0, 7.0]> : tensor<2xf64>
  %r9:2 = call @s9(%s0, %s1, %s2, %s1) : (tensor<2xf64>, tensor<2x2xf64>, tensor<2xf64>, tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2x2xf64>)
  call @print2(%r9#0) : (tensor<2x2xf64>) -> ()
  call @print2(%r9#1) : (tensor<2x2xf64>) -> ()

  // CHECK: {{\[}}[4,   4],
  // CHECK-NEXT: [9,   9]]
  %x10 = arith.constant dense<[2.0, 3.0]> : tensor<2xf64>
  %r10 = call @s10(%x10) : (tensor<2xf64>) -> tensor<2x2xf64>
  call @print2(%r10) : (tensor<2x2xf64>) -> ()

  // CHECK: rank = 1 offset = 0 sizes = [3]
  // CHECK-NEXT: [20,  20,  20]
  %ten = arith.constant dense<10.0> : tensor<f64>
  %r11 = call @s11(%ten, %two) : (tensor<f64>, tensor<f64>) -> tensor<3xf64>
  call @print1(%r11) : (tensor<3xf64>) -> ()

  // Python's math.tanh(math.exp((2*x)**2)) for x = 0, 0.5, -0.25 gives
  // 0.7615941559557649, 0.9913289158005998, 0.8575537309527049.
  // CHECK: [0.761594,  0.991329,  0.857554]
  %xn = arith.constant dense<[0.0, 0.5, -0.25]> : tensor<3xf64>
  %rn = call @n1(%xn) : (tensor<3xf64>) -> tensor<3xf64>
  call @print1(%rn) : (tensor<3xf64>) -> ()
  return
}
