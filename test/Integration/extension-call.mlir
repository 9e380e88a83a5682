// tenferro.extension lowers to a call to tenferro_ext_<family> with the C
// ABI of docs/abi.md (payload bytes first, column-major buffers); here the
// family is implemented by Inputs/extension_impl.c.
// RUN: cc -shared -fPIC %S/Inputs/extension_impl.c -o %t.so
// RUN: tenferro-opt %s --tenferro-lower-to-llvm \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext,%t.so \
// RUN:   | FileCheck %s

func.func @program(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tenferro.negate %x : tensor<2x3xf64>
  %1 = tenferro.extension "test.scale.v1"(%0) inputs 1 outputs 1 payload("3") : (tensor<2x3xf64>) -> tensor<2x3xf64>
  %2 = tenferro.add %1, %x : tensor<2x3xf64>
  return %2 : tensor<2x3xf64>
}

func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>
  %r = call @program(%x) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  // -3x + x = -2x
  // CHECK: {{\[}}[-2,   -4,   -6],
  // CHECK-NEXT: [-8,   -10,   -12]]
  %m = bufferization.to_buffer %r : tensor<2x3xf64> to memref<2x3xf64>
  %u = memref.cast %m : memref<2x3xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}
