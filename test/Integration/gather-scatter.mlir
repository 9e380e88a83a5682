// Executes gather (static and DimExpr slice sizes), scatter-add,
// dynamic_truncate and pad_to_match and checks the values (StableHLO's
// gather/scatter semantics, start indices clamped for gather, out-of-bounds
// scatter updates skipped).
// RUN: tenferro-opt %s --tenferro-lower-to-llvm \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   | FileCheck %s

// Rows 2 and 0 of a 4x3 matrix.
func.func @gather_rows(%x: tensor<4x3xf64>, %i: tensor<2x1xi64>) -> tensor<2x3xf64> {
  %0 = tenferro.gather %x, %i, dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, 3] : tensor<4x3xf64>, tensor<2x1xi64>
  return %0 : tensor<2x3xf64>
}

// The window width comes from a shape reference (2 columns, known only at
// run time). The second start (row 3) is already in range.
func.func @gather_dynamic(%x: tensor<4x3xf64>, %i: tensor<2x1xi64>, %r: tensor<?xf64>) -> tensor<2x?xf64> {
  %0 = tenferro.gather_dynamic_slice_sizes %x, %i refs(%r : tensor<?xf64>), dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, input_dim(2, 0)] : tensor<4x3xf64>, tensor<2x1xi64>
  return %0 : tensor<2x?xf64>
}

// Adds rows into rows 1 and 1 again (accumulates) of a zero 3x2 matrix.
func.func @scatter_add(%x: tensor<3x2xf64>, %i: tensor<2x1xi64>, %u: tensor<2x2xf64>) -> tensor<3x2xf64> {
  %0 = tenferro.scatter %x, %i, %u, dims = <update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : tensor<3x2xf64>, tensor<2x1xi64>, tensor<2x2xf64>
  return %0 : tensor<3x2xf64>
}

func.func @truncate_pad(%v: tensor<5xf64>, %n: tensor<f64>, %ref: tensor<4xf64>) -> (tensor<?xf64>, tensor<?xf64>) {
  %0 = tenferro.dynamic_truncate %v, %n, axis = 0 : tensor<5xf64>, tensor<f64>
  %1 = tenferro.pad_to_match %0, %ref, axis = 0 : tensor<?xf64>, tensor<4xf64>
  return %0, %1 : tensor<?xf64>, tensor<?xf64>
}

func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}

func.func @print(%t: tensor<?x?xf64>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf64> to memref<?x?xf64>
  %u = memref.cast %m : memref<?x?xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}

func.func @print1(%t: tensor<?xf64>) {
  %m = bufferization.to_buffer %t : tensor<?xf64> to memref<?xf64>
  %u = memref.cast %m : memref<?xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : tensor<4x3xf64>
  %i = arith.constant dense<[[2], [0]]> : tensor<2x1xi64>
  // CHECK: {{\[}}[7,   8,   9],
  // CHECK-NEXT: [1,   2,   3]]
  %g = call @gather_rows(%x, %i) : (tensor<4x3xf64>, tensor<2x1xi64>) -> tensor<2x3xf64>
  %g0 = tensor.cast %g : tensor<2x3xf64> to tensor<?x?xf64>
  call @print(%g0) : (tensor<?x?xf64>) -> ()

  %j = arith.constant dense<[[1], [3]]> : tensor<2x1xi64>
  %r2 = arith.constant dense<[0.0, 0.0]> : tensor<2xf64>
  %r = tensor.cast %r2 : tensor<2xf64> to tensor<?xf64>
  // CHECK: {{\[}}[4,   5],
  // CHECK-NEXT: [10,   11]]
  %d = call @gather_dynamic(%x, %j, %r) : (tensor<4x3xf64>, tensor<2x1xi64>, tensor<?xf64>) -> tensor<2x?xf64>
  %d0 = tensor.cast %d : tensor<2x?xf64> to tensor<?x?xf64>
  call @print(%d0) : (tensor<?x?xf64>) -> ()

  %z = arith.constant dense<0.0> : tensor<3x2xf64>
  %k = arith.constant dense<[[1], [1]]> : tensor<2x1xi64>
  %u = arith.constant dense<[[1.0, 2.0], [10.0, 20.0]]> : tensor<2x2xf64>
  // CHECK: {{\[}}[0,   0],
  // CHECK-NEXT: [11,   22],
  // CHECK-NEXT: [0,   0]]
  %s = call @scatter_add(%z, %k, %u) : (tensor<3x2xf64>, tensor<2x1xi64>, tensor<2x2xf64>) -> tensor<3x2xf64>
  %s0 = tensor.cast %s : tensor<3x2xf64> to tensor<?x?xf64>
  call @print(%s0) : (tensor<?x?xf64>) -> ()

  %v = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf64>
  %n = arith.constant dense<2.0> : tensor<f64>
  %ref = arith.constant dense<0.0> : tensor<4xf64>
  // CHECK: [1,  2]
  // CHECK: [1,  2,  0,  0]
  %t:2 = call @truncate_pad(%v, %n, %ref) : (tensor<5xf64>, tensor<f64>, tensor<4xf64>) -> (tensor<?xf64>, tensor<?xf64>)
  call @print1(%t#0) : (tensor<?xf64>) -> ()
  call @print1(%t#1) : (tensor<?xf64>) -> ()
  return
}
