// The use analysis answers what the runtime's SegmentUseSummary answers
// (docs/semantics.md §2.2). used_at_or_after lists isUsedAtOrAfter(value, k),
// k = 0..n.
// RUN: tenferro-opt %s --test-tenferro-use-analysis --allow-unregistered-dialect \
// RUN:   --mlir-disable-threading -o /dev/null | FileCheck %s

// S8 (docs/semantics.md §13): [BC(0->2), Mul(2,1->3), Mul(3,1->4)],
// outputs [4].
// Expected: is_program_output(4) true, (3) false; used_at_or_after(0,1)
// false, (1,2) true, (3,2) true, (3,3) false.
// CHECK-LABEL: program @s8: 3 instructions
// CHECK-NEXT: %arg0: output=false last_use=0 used_at_or_after=[1 0 0 0]
// CHECK-NEXT: %arg1: output=false last_use=2 used_at_or_after=[1 1 1 0]
// CHECK-NEXT: %0: output=false last_use=1 used_at_or_after=[1 1 0 0]
// CHECK-NEXT: %1: output=false last_use=2 used_at_or_after=[1 1 1 0]
// CHECK-NEXT: %2: output=true last_use=none used_at_or_after=[0 0 0 0]
func.func @s8(%s0: tensor<2xf64>, %s1: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %s2 = tenferro.broadcast_in_dim %s0, dims = [0] to [2, 2] : tensor<2xf64>
  %s3 = tenferro.multiply %s2, %s1 : tensor<2x2xf64>
  %s4 = tenferro.multiply %s3, %s1 : tensor<2x2xf64>
  return %s4 : tensor<2x2xf64>
}

// A value returned twice, a program input returned directly, an unused
// value, and a read from inside a foreign op's region counted at that op.
// CHECK-LABEL: program @outputs_and_nested_reads: 3 instructions
// CHECK-NEXT: %arg0: output=true last_use=2 used_at_or_after=[1 1 1 0]
// CHECK-NEXT: %0: output=true last_use=none
// CHECK-NEXT: %1: output=false last_use=none
func.func @outputs_and_nested_reads(%a: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) {
  %0 = tenferro.negate %a : tensor<2xf64>
  %1 = tenferro.exp %a : tensor<2xf64>
  "test.region_op"() ({
    "test.use"(%a) : (tensor<2xf64>) -> ()
  }) : () -> ()
  return %0, %0, %a : tensor<2xf64>, tensor<2xf64>, tensor<2xf64>
}
