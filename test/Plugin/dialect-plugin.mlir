// The plugin cannot load into an uninstrumented mlir-opt in sanitizer builds.
// UNSUPPORTED: asan
// Debian's stock mlir-opt, with the tenferro plugin loaded, parses, verifies,
// prints and round-trips the same IR as tenferro-opt, and reports the same
// verifier diagnostics.
// RUN: mlir-opt %tenferro_src/test/Dialect/Tenferro/ops.mlir --load-dialect-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   | mlir-opt --load-dialect-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   | FileCheck %tenferro_src/test/Dialect/Tenferro/ops.mlir
// RUN: mlir-opt %tenferro_src/test/Dialect/Tenferro/ops.mlir --load-dialect-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   --verify-roundtrip > /dev/null
// RUN: mlir-opt %tenferro_src/test/Dialect/Tenferro/invalid.mlir --load-dialect-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   -split-input-file -verify-diagnostics > /dev/null
// RUN: mlir-opt %s --load-dialect-plugin=%tenferro_libs/TenferroPlugin%shlibext | FileCheck %s

// CHECK-LABEL: func.func @plugin_program
// CHECK: %[[B:.*]] = tenferro.broadcast_in_dim %{{.*}}, dims = [0] to [3, 2] : tensor<3xf64>
// CHECK: tenferro.multiply %[[B]], %{{.*}} : tensor<3x2xf64>
func.func @plugin_program(%a: tensor<3xf64>, %b: tensor<3x2xf64>) -> tensor<3x2xf64> {
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [3, 2] : tensor<3xf64>
  %1 = tenferro.multiply %0, %b : tensor<3x2xf64>
  return %1 : tensor<3x2xf64>
}
