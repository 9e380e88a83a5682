// Options beyond the runtime's behaviour; the default equals the runtime.
// RUN: tenferro-opt %s --tenferro-segment | FileCheck %s --check-prefix=DEFAULT
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-segment{isolate-broadcast-multiply=false}))" \
// RUN:   | FileCheck %s --check-prefix=NOISOLATE
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-segment{max-region-ops=2}))" \
// RUN:   | FileCheck %s --check-prefix=CAP

// A terminal pair after an elementwise run. The runtime isolates it, so the
// run must materialize %e for the pair kernel; kept in the run, the four
// instructions are one elementwise plan and %e never leaves the loop.
// DEFAULT-LABEL: func.func @pair_after_run
// DEFAULT: %[[E:.*]] = tenferro.fused_region elementwise
// DEFAULT: tenferro.fused_region broadcast_multiply (%{{.*}} = %arg1 : tensor<2xf64> last_use, %{{.*}} = %[[E]] : tensor<2x2xf64> last_use)
// NOISOLATE-LABEL: func.func @pair_after_run
// NOISOLATE: tenferro.fused_region elementwise (%{{.*}} = %arg0 : tensor<2x2xf64> last_use, %{{.*}} = %arg1 : tensor<2xf64> broadcast [2, 2] dims [0] last_use) -> (tensor<2x2xf64>)
// NOISOLATE-NOT: tenferro.fused_region
// CAP-LABEL: func.func @pair_after_run
// CAP: tenferro.fused_region elementwise (%{{.*}} = %arg0 : tensor<2x2xf64> last_use)
// CAP: tenferro.fused_region broadcast_multiply
func.func @pair_after_run(%x: tensor<2x2xf64>, %v: tensor<2xf64>) -> tensor<2x2xf64> {
  %0 = tenferro.negate %x : tensor<2x2xf64>
  %e = tenferro.exp %0 : tensor<2x2xf64>
  %b = tenferro.broadcast_in_dim %v, dims = [0] to [2, 2] : tensor<2xf64>
  %p = tenferro.multiply %b, %e : tensor<2x2xf64>
  return %p : tensor<2x2xf64>
}

// max-region-ops cuts a run of five into 2 + 2 + 1.
// NOISOLATE-LABEL: func.func @long_run
// CAP-LABEL: func.func @long_run
// CAP-COUNT-3: tenferro.fused_region elementwise
// CAP-NOT: tenferro.fused_region
func.func @long_run(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = tenferro.negate %x : tensor<4xf64>
  %1 = tenferro.exp %0 : tensor<4xf64>
  %2 = tenferro.sin %1 : tensor<4xf64>
  %3 = tenferro.cos %2 : tensor<4xf64>
  %4 = tenferro.tanh %3 : tensor<4xf64>
  return %4 : tensor<4xf64>
}
