// Runs in the normal suite only: the sanitizer build (scripts/sanitize.sh)
// neither generates docs nor installs the package.
// UNSUPPORTED: asan
// examples/embedder, built by scripts/test.sh against the installed CMake
// package, registers the dialect and runs tenferro-segment in its own
// PassManager.
// RUN: %tenferro_obj/embedder/tenferro-embedder | FileCheck %s

// CHECK: func.func @demo
// CHECK: tenferro.fused_region elementwise
// CHECK: tenferro.shape_of
// CHECK: tenferro.fused_region broadcast_multiply
// CHECK: embedder: segmented into 2 regions
