// --timing: the kernel counts, then MLIR's timing report of parsing, the
// pipeline's passes and LLVM's stages, for the JIT (printed before the
// program runs) and for an object file; both runs end normally.
// RUN: tenferro-runner %s --random=1 --timing 2>&1 | FileCheck %s --check-prefix=JIT
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --compile-only --emit-object=%t.dir/p.o --timing 2>&1 | FileCheck %s --check-prefix=OBJECT
// RUN: tenferro-runner %s --random=1 --timing --outline-kernels=false 2>&1 | FileCheck %s --check-prefix=ONE

// JIT: kernels: 2 outlined, 1 after deduplication
// JIT: Execution time report
// JIT-DAG: Parse
// JIT-DAG: MLIR pipeline
// JIT-DAG: TenferroOutlineKernelsPass
// JIT-DAG: TenferroDeduplicateKernelsPass
// JIT-DAG: JIT
// JIT-DAG: Translate to LLVM IR
// JIT-DAG: LLVM optimization (O3)
// JIT-DAG: Code generation
// JIT-DAG: Linking
// JIT: Total
// JIT-NOT: Execution time report
// JIT: program @twice: 2 inputs, 2 outputs (fused)
// JIT-NOT: Execution time report

// OBJECT: kernels: 2 outlined, 1 after deduplication
// OBJECT-DAG: Object file
// OBJECT-DAG: LLVM optimization (O3)
// OBJECT-DAG: Code generation
// OBJECT: Total

// ONE: kernels: 0 outlined, 0 after deduplication
// ONE-NOT: TenferroOutlineKernelsPass
// ONE: program @twice
func.func @twice(%x: tensor<16xf32>, %y: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %a = tenferro.tanh %x : tensor<16xf32>
  %n = tenferro.shape_of %a, axis = 0 : tensor<16xf32>
  %b = tenferro.tanh %y : tensor<16xf32>
  return %a, %b : tensor<16xf32>, tensor<16xf32>
}
