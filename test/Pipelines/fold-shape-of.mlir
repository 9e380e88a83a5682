// The pipeline's fold-shape-of option (off by default: the runtime's
// segmentation cuts at every shape_of): tenferro-fold-shape-of before
// tenferro-segment. The elementwise chain split by a shape_of becomes one
// elementwise region, lowered as one loop nest, so its intermediate is no
// longer stored; softmax's exp joins the sum and the divide in one sequence
// region. The results are the interpreter's bits, alone and with the other
// options beyond the runtime, on parallel loops and with destination
// passing.
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm)" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=tenferro-segment -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{fold-shape-of})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=tenferro-segment -o /dev/null 2>&1 | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{fold-shape-of})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=convert-tenferro-to-linalg -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOOPS
// RUN: rm -rf %t && mkdir -p %t
// RUN: for entry in chain softmax; do \
// RUN:   tenferro-runner %s --entry=$entry --random=3 --reference --output=%t/$entry-ref > /dev/null || exit 1; \
// RUN:   for options in "fold-shape-of=true" \
// RUN:       "fold-shape-of=true column-fusion=true elementwise-fusion=true" \
// RUN:       "fold-shape-of=true parallel-loops=true parallel-min-work=0" \
// RUN:       "fold-shape-of=true destination-passing=true"; do \
// RUN:     tenferro-runner %s --entry=$entry --random=3 --vector-math=libm --pipeline-options="$options" --output=%t/$entry-got > /dev/null || exit 1; \
// RUN:     %python %S/../Differential/npy_compare.py %t/$entry-got0.npy %t/$entry-ref0.npy || exit 1; \
// RUN:   done; \
// RUN: done

// By default the shape_of ends the run: two regions each.
// DEFAULT-LABEL: func.func @chain(
// DEFAULT: tenferro.fused_region elementwise
// DEFAULT: tenferro.shape_of
// DEFAULT: tenferro.fused_region elementwise
// DEFAULT-LABEL: func.func @softmax(
// DEFAULT: tenferro.fused_region elementwise
// DEFAULT: tenferro.shape_of
// DEFAULT: tenferro.fused_region sequence

// CHECK-LABEL: func.func @chain(
// CHECK-NEXT: tenferro.constant 1.037{{0*}}e+03 : f64
// CHECK-NEXT: tenferro.fused_region elementwise
// CHECK-NOT: tenferro.fused_region
// CHECK: return
// CHECK-LABEL: func.func @softmax(
// CHECK-NEXT: tenferro.fused_region sequence
// CHECK-NOT: tenferro.fused_region
// CHECK: return

// One loop nest for the chain (by default two: the exp's and the rest's,
// which reads the stored exp).
// LOOPS-LABEL: func.func @tenferro_chain(
// LOOPS: linalg.generic
// LOOPS: math.exp
// LOOPS: arith.mulf
// LOOPS: arith.addf
// LOOPS-NOT: linalg.generic
// LOOPS-LABEL: func.func @tenferro_softmax(

func.func @chain(%x: tensor<1037x24xf64>) -> tensor<1037x24xf64> {
  %e = tenferro.exp %x : tensor<1037x24xf64>
  %n = tenferro.shape_of %e, axis = 0 : tensor<1037x24xf64>
  %y = tenferro.multiply %e, %n : tensor<1037x24xf64>, tensor<f64>
  %z = tenferro.add %y, %x : tensor<1037x24xf64>
  return %z : tensor<1037x24xf64>
}

func.func @softmax(%x: tensor<1037x24xf32>) -> tensor<1037x24xf32> {
  %t0 = tenferro.exp %x : tensor<1037x24xf32>
  %n = tenferro.shape_of %t0, axis = 0 : tensor<1037x24xf32>
  %t1 = tenferro.reduce_sum %t0, axes = [0] : tensor<1037x24xf32>
  %t2 = tenferro.broadcast_in_dim %t1, dims = [1] to [1037, 24] : tensor<24xf32>
  %t3 = tenferro.divide %t0, %t2 : tensor<1037x24xf32>
  return %t3 : tensor<1037x24xf32>
}
