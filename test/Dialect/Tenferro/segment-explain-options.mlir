// Remarks for the decisions that only options make.
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-segment{max-region-ops=2 explain}))" \
// RUN:   -verify-diagnostics -o /dev/null

func.func @long_run(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-remark @below {{[plan-built] elementwise region of 2 instructions (0-1)}}
  %0 = tenferro.negate %x : tensor<4xf64>
  %1 = tenferro.exp %0 : tensor<4xf64>
  // expected-remark @below {{[region-size-cap] instruction 2 ('tenferro.sin') starts a new region: the open one reached max-region-ops = 2}}
  // expected-remark @below {{[plan-built] elementwise region of 2 instructions (2-3)}}
  %2 = tenferro.sin %1 : tensor<4xf64>
  %3 = tenferro.cos %2 : tensor<4xf64>
  // expected-remark @below {{[region-size-cap] instruction 4 ('tenferro.tanh') starts a new region}}
  // expected-remark @below {{[plan-built] elementwise region of 1 instruction (4)}}
  %4 = tenferro.tanh %3 : tensor<4xf64>
  return %4 : tensor<4xf64>
}
