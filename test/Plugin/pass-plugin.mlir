// The plugin cannot load into an uninstrumented mlir-opt in sanitizer builds.
// UNSUPPORTED: asan
// Stock mlir-opt runs tenferro passes from the plugin. Plugin passes are only
// reachable through --pass-pipeline: mlir-opt parses its flags before it
// loads plugins.
// RUN: mlir-opt %tenferro_src/test/Dialect/Tenferro/segment.mlir \
// RUN:   --load-dialect-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   --load-pass-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   --pass-pipeline="builtin.module(func.func(tenferro-segment))" \
// RUN:   | FileCheck %tenferro_src/test/Dialect/Tenferro/segment.mlir
// RUN: mlir-opt %tenferro_src/test/Dialect/Tenferro/segment-explain.mlir --allow-unregistered-dialect \
// RUN:   --load-dialect-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   --load-pass-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   --pass-pipeline="builtin.module(func.func(tenferro-segment{explain}))" \
// RUN:   -split-input-file -verify-diagnostics > /dev/null
// RUN: mlir-opt %s --load-dialect-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   --load-pass-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   --pass-pipeline="builtin.module(func.func(tenferro-segment,tenferro-inline-regions))" | FileCheck %s

// CHECK-LABEL: func.func @plugin_roundtrip
// CHECK-NOT: tenferro.fused_region
// CHECK: tenferro.add
func.func @plugin_roundtrip(%a: tensor<2xf64>) -> tensor<2xf64> {
  %0 = tenferro.add %a, %a : tensor<2xf64>
  return %0 : tensor<2xf64>
}

// The lowering pipeline from the plugin, in stock mlir-opt.
// RUN: mlir-opt %tenferro_src/examples/programs/softmax_like.mlir \
// RUN:   --load-dialect-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   --load-pass-plugin=%tenferro_libs/TenferroPlugin%shlibext \
// RUN:   --pass-pipeline="builtin.module(tenferro-lower-to-llvm)" \
// RUN:   | FileCheck %s --check-prefix=LLVM
// LLVM: llvm.func @tenferro_softmax_like(
// No tenferro op remains (kernels keep their tenferro.kernel mark).
// LLVM-NOT: {{^ *(%.* = )?"?tenferro\.}}
