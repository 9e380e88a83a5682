// tenferro-c/Dialects.h from C: MLIR_DECLARE_CAPI_DIALECT_REGISTRATION's
// dialect handle, the registration of dialects and extensions, and of
// passes and pipelines that a textual pipeline then names. The C program
// links MLIR's C API library (Debian ships it static) and libMLIR.so.
// The sanitizer build's library needs the sanitizer runtime loaded first.
// UNSUPPORTED: asan
// RUN: cc -std=c11 -Wall -Werror %S/Inputs/dialects.c -I%tenferro_src/include \
// RUN:   -I%mlir_lib_dir/../include -L%tenferro_libs -lTenferroCAPI \
// RUN:   %mlir_lib_dir/libMLIRCAPIIR.a -L%mlir_lib_dir -lMLIR -lLLVM -lstdc++ \
// RUN:   -Wl,-rpath,%tenferro_libs -Wl,-rpath,%mlir_lib_dir -o %t
// RUN: %t | FileCheck %s

// CHECK: dialect: tenferro
// CHECK-LABEL: func.func @p(
// CHECK: tenferro.fused_region elementwise
// CHECK: tenferro.exp
// CHECK: tenferro.tanh
