// Allocation counts after bufferization (test-tenferro-count-allocs): no
// buffer for values inside a fused region, outputs written into buffers
// that die, input buffers reused only when donated.
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{enable-fusion=false})" \
// RUN:   --mlir-print-ir-after=tenferro-bufferize -o /dev/null 2>&1 \
// RUN:   | tenferro-opt --test-tenferro-count-allocs -o /dev/null | FileCheck %s --check-prefix=UNFUSED
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm)" \
// RUN:   --mlir-print-ir-after=tenferro-bufferize -o /dev/null 2>&1 \
// RUN:   | tenferro-opt --test-tenferro-count-allocs -o /dev/null | FileCheck %s --check-prefix=FUSED
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{donate-inputs})" \
// RUN:   --mlir-print-ir-after=tenferro-bufferize -o /dev/null 2>&1 \
// RUN:   | tenferro-opt --test-tenferro-count-allocs -o /dev/null | FileCheck %s --check-prefix=DONATED

// UNFUSED: @tenferro_chain: 3 allocations
// FUSED: @tenferro_chain: 1 allocations
// DONATED: @tenferro_chain: 0 allocations
func.func @chain(%x: tensor<2x3xf64>, %y: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tenferro.negate %x : tensor<2x3xf64>
  %1 = tenferro.exp %0 : tensor<2x3xf64>
  %2 = tenferro.multiply %1, %y : tensor<2x3xf64>
  return %2 : tensor<2x3xf64>
}

// Two regions split by a host instruction: the second writes into the
// first's output, whose last use it is (shape_of folds to a constant).
// UNFUSED: @tenferro_two_regions: 4 allocations
// FUSED: @tenferro_two_regions: 1 allocations
// DONATED: @tenferro_two_regions: 0 allocations
func.func @two_regions(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<f64>) {
  %0 = tenferro.negate %x : tensor<4xf64>
  %1 = tenferro.exp %0 : tensor<4xf64>
  %s = tenferro.shape_of %1, axis = 0 : tensor<4xf64>
  %2 = tenferro.sin %1 : tensor<4xf64>
  %3 = tenferro.multiply %2, %2 : tensor<4xf64>
  return %3, %s : tensor<4xf64>, tensor<f64>
}
