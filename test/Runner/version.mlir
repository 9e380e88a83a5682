// --version names tenferro-mlir's version (CMake's project VERSION) and
// LLVM's: the libLLVM.so that runs and the LLVM/MLIR it was built with.
// RUN: tenferro-opt --version | FileCheck %s
// RUN: tenferro-runner --version | FileCheck %s
// CHECK: LLVM version 22.
// CHECK: tenferro-mlir version {{[0-9]+\.[0-9]+\.[0-9]+}} (built with LLVM/MLIR 22.{{[0-9.]+}})
