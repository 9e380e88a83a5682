// Vectorized loops with partial (masked) last vectors, and OpenMP parallel
// loops, compute the same values as scalar loops: an outer product whose
// contiguous extent (13) is not a multiple of the vector width, and a chain
// over 13 elements.
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{vector-width=8})" \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{vector-width=4})" \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{vector-width=0})" \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   | FileCheck %s

// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{parallel-loops})" \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext,%mlir_lib_dir/libomp%shlibext \
// RUN:   | FileCheck %s

func.func @outer(%a: tensor<13xf64>, %b: tensor<3xf64>) -> tensor<13x3xf64> {
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [13, 3] : tensor<13xf64>
  %1 = tenferro.broadcast_in_dim %b, dims = [1] to [13, 3] : tensor<3xf64>
  %2 = tenferro.multiply %0, %1 : tensor<13x3xf64>
  return %2 : tensor<13x3xf64>
}

func.func @chain(%x: tensor<13xf64>) -> tensor<13xf64> {
  %0 = tenferro.add %x, %x : tensor<13xf64>
  %1 = tenferro.negate %0 : tensor<13xf64>
  return %1 : tensor<13xf64>
}

func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0]> : tensor<13xf64>
  %b = arith.constant dense<[1.0, 10.0, 100.0]> : tensor<3xf64>
  %o = call @outer(%a, %b) : (tensor<13xf64>, tensor<3xf64>) -> tensor<13x3xf64>
  // CHECK: sizes = [13, 3]
  // CHECK-NEXT: {{\[}}[1,   10,   100],
  // CHECK-NEXT: [2,   20,   200],
  // CHECK: [8,   80,   800],
  // CHECK-NEXT: [9,   90,   900],
  // CHECK: [13,   130,   1300]]
  %m = bufferization.to_buffer %o : tensor<13x3xf64> to memref<13x3xf64>
  %u = memref.cast %m : memref<13x3xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  // CHECK: [-2,  -4,  -6,  -8,  -10,  -12,  -14,  -16,  -18,  -20,  -22,  -24,  -26]
  %c = call @chain(%a) : (tensor<13xf64>) -> tensor<13xf64>
  %m2 = bufferization.to_buffer %c : tensor<13xf64> to memref<13xf64>
  %u2 = memref.cast %m2 : memref<13xf64> to memref<*xf64>
  call @printMemrefF64(%u2) : (memref<*xf64>) -> ()
  return
}
