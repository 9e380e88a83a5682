// Runs in the normal suite only: the sanitizer build (scripts/sanitize.sh)
// neither generates docs nor installs the package.
// UNSUPPORTED: asan
// examples/embedder, built by scripts/test.sh against the installed CMake
// package, registers the dialect and runs tenferro-segment in its own
// PassManager, then lowers the program, compiles it with the runtime
// library and checks the numbers it computes.
// RUN: %tenferro_obj/embedder/tenferro-embedder | FileCheck %s

// CHECK: func.func @demo
// CHECK: tenferro.fused_region elementwise
// CHECK: tenferro.shape_of
// CHECK: tenferro.fused_region broadcast_multiply
// CHECK: embedder: segmented into 2 regions
// 3 * exp((3 - 2) / 4)
// CHECK: embedder: shape_of = 4.000000e+00, product[3][2] = 3.852076e+00
// CHECK: embedder: compiled and ran @demo
