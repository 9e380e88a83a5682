// examples/embedder, built by scripts/test.sh against the installed CMake
// package, registers the dialect and runs tenferro-segment in its own
// PassManager.
// RUN: %tenferro_obj/embedder/tenferro-embedder | FileCheck %s

// CHECK: func.func @demo
// CHECK: tenferro.fused_region elementwise
// CHECK: tenferro.shape_of
// CHECK: tenferro.fused_region broadcast_multiply
// CHECK: embedder: segmented into 2 regions
