// The installed package (docs/running.md, "Installing"): `cmake --install`
// into a fresh prefix gives tools that start without LD_LIBRARY_PATH (their
// run path names LLVM's library directory, where libMLIR.so is) and the
// plugin for Debian's stock mlir-opt.
// Not in sanitizer builds: they install nothing (scripts/sanitize.sh), and
// the plugin cannot load into an uninstrumented mlir-opt.
// UNSUPPORTED: asan
// RUN: rm -rf %t.prefix
// RUN: cmake --install %tenferro_obj --prefix %t.prefix > /dev/null
// RUN: env -u LD_LIBRARY_PATH %t.prefix/bin/tenferro-opt --version | FileCheck %s --check-prefix=VERSION
// RUN: env -u LD_LIBRARY_PATH %t.prefix/bin/tenferro-runner --version | FileCheck %s --check-prefix=VERSION
//
// tenferro-opt segments and lowers a program.
// RUN: env -u LD_LIBRARY_PATH %t.prefix/bin/tenferro-opt %tenferro_src/examples/programs/softmax_like.mlir \
// RUN:   --tenferro-segment | FileCheck %s --check-prefix=SEGMENT
// RUN: env -u LD_LIBRARY_PATH %t.prefix/bin/tenferro-opt %tenferro_src/examples/programs/softmax_like.mlir \
// RUN:   --tenferro-lower-to-llvm | FileCheck %s --check-prefix=LLVM
//
// tenferro-runner runs one, and compiles one ahead of time.
// RUN: env -u LD_LIBRARY_PATH %t.prefix/bin/tenferro-runner %s --random=1 | FileCheck %s --check-prefix=RAN
// RUN: env -u LD_LIBRARY_PATH %t.prefix/bin/tenferro-runner %s --compile-only \
// RUN:   --emit-object=%t.o --emit-header=%t.h
// RUN: nm -g --defined-only %t.o | FileCheck %s --check-prefix=OBJECT
//
// The C API from the installed headers and library (no build tree): the
// C program of test/CAPI/runtime.mlir.
// RUN: cc -std=c11 %tenferro_src/test/CAPI/Inputs/runtime.c -I%t.prefix/include \
// RUN:   -L%t.prefix/lib -lTenferroCAPI -Wl,-rpath,%t.prefix/lib -lm -o %t.capi
// RUN: env -u LD_LIBRARY_PATH %t.capi | FileCheck %s --check-prefix=CAPI
//
// The installed plugin in stock mlir-opt: the dialect, and passes through
// --pass-pipeline (mlir-opt parses its flags before it loads plugins).
// RUN: mlir-opt %s --load-dialect-plugin=%t.prefix/lib/TenferroPlugin%shlibext \
// RUN:   --load-pass-plugin=%t.prefix/lib/TenferroPlugin%shlibext \
// RUN:   --pass-pipeline="builtin.module(func.func(tenferro-segment))" | FileCheck %s --check-prefix=SEGMENT
// RUN: mlir-opt %tenferro_src/examples/programs/softmax_like.mlir \
// RUN:   --load-dialect-plugin=%t.prefix/lib/TenferroPlugin%shlibext \
// RUN:   --load-pass-plugin=%t.prefix/lib/TenferroPlugin%shlibext \
// RUN:   --pass-pipeline="builtin.module(tenferro-lower-to-llvm)" | FileCheck %s --check-prefix=LLVM

// VERSION: tenferro-mlir version
// CAPI: elements wrong: 0, max right
// CAPI: pipeline options: elements wrong: 0, max right
// CAPI: destination passing, call 1: elements wrong: 0, max right
// CAPI: destination passing, fresh outputs: the same
// CAPI: entry: no program named 'nothere'
// SEGMENT: tenferro.fused_region
// LLVM: llvm.func @tenferro_softmax_like(
// No tenferro op remains (kernels keep their tenferro.kernel mark).
// LLVM-NOT: {{^ *(%.* = )?"?tenferro\.}}
// RAN: output #0: f64 [3, 2]
// OBJECT: T _mlir_ciface_tenferro_installed{{$}}

func.func @installed(%a: tensor<3xf64>, %b: tensor<2xf64>) -> tensor<3x2xf64> {
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [3, 2] : tensor<3xf64>
  %1 = tenferro.broadcast_in_dim %b, dims = [1] to [3, 2] : tensor<2xf64>
  %2 = tenferro.multiply %0, %1 : tensor<3x2xf64>
  return %2 : tensor<3x2xf64>
}
