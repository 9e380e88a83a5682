// parallel-loops runs the outermost parallel loop of each nest with OpenMP
// (one level: no nested parallel regions), keeping the inner loop
// vectorized.
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{parallel-loops})" \
// RUN:   --mlir-print-ir-after=convert-scf-to-openmp -o /dev/null 2>&1 | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{parallel-loops})" \
// RUN:   | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// CHECK-LABEL: func.func @tenferro_outer(
// CHECK: omp.parallel
// CHECK: omp.wsloop
// CHECK-NOT: omp.parallel
// CHECK: vector.transfer_read {{.*}} vector<8xf64>
// LLVMIR: call void {{.*}}@__kmpc_fork_call(
// LLVMIR: fmul <8 x double>
func.func @outer(%a: tensor<1000xf64>, %b: tensor<1003xf64>) -> tensor<1000x1003xf64> {
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [1000, 1003] : tensor<1000xf64>
  %1 = tenferro.broadcast_in_dim %b, dims = [1] to [1000, 1003] : tensor<1003xf64>
  %2 = tenferro.multiply %0, %1 : tensor<1000x1003xf64>
  return %2 : tensor<1000x1003xf64>
}
