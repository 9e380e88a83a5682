// With wrap-regions, a region that lowers op by op becomes an
// scf.execute_region marked tenferro.segment (and no_inline, so that
// canonicalization keeps it) holding its instructions' lowering; the
// region's inputs are used in place of its arguments and its yield becomes
// an scf.yield of the lowered values. Regions of one loop nest are one
// linalg.generic, as without the option.
// RUN: tenferro-opt %s --split-input-file --convert-tenferro-to-linalg=wrap-regions=true | FileCheck %s
// RUN: tenferro-opt %s --split-input-file --convert-tenferro-to-linalg=wrap-regions=true --canonicalize | FileCheck %s --check-prefix=CANON
// Without the option the body is inlined:
// RUN: tenferro-opt %s --split-input-file --convert-tenferro-to-linalg | FileCheck %s --check-prefix=INLINED

// CHECK-LABEL: func.func @sequence(
// CHECK-SAME: %[[X:.*]]: tensor<5x3xf32>
// CHECK: %[[SEG:.*]]:2 = scf.execute_region -> (tensor<3xf32>, tensor<5x3xf32>) no_inline {
// CHECK: %[[E:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<5x3xf32>)
// CHECK: math.exp
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%[[E]] : tensor<5x3xf32>)
// CHECK: arith.addf
// CHECK: scf.yield %[[S]], %[[E]] : tensor<3xf32>, tensor<5x3xf32>
// CHECK-NEXT: } {tenferro.segment}
// CHECK: return %[[SEG]]#0, %[[SEG]]#1
// CANON-LABEL: func.func @sequence(
// CANON: scf.execute_region {{.*}} no_inline
// CANON: } {tenferro.segment}
// INLINED-LABEL: func.func @sequence(
// INLINED-NOT: scf.execute_region
// INLINED: return
func.func @sequence(%x: tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3x5xf32>) {
  %0:2 = tenferro.fused_region sequence (%a = %x : tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3x5xf32>) {
    %e = tenferro.exp %a : tensor<3x5xf32>
    %s = tenferro.reduce_sum %e, axes = [1] : tensor<3x5xf32>
    tenferro.yield %s, %e : tensor<3xf32>, tensor<3x5xf32>
  }
  return %0#0, %0#1 : tensor<3xf32>, tensor<3x5xf32>
}

// -----

// An elementwise region is one linalg.generic, not wrapped; the sequence
// region after it is wrapped and reads the generic's result from outside.
// CHECK-LABEL: func.func @two_regions(
// CHECK-NOT: scf.execute_region
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: math.exp
// CHECK: scf.execute_region -> tensor<4xf64> no_inline {
// CHECK: linalg.generic {{.*}} ins(%[[G]], %[[G]] :
// CHECK: arith.subf
// CHECK: linalg.generic
// CHECK: math.sqrt
// CHECK: } {tenferro.segment}
// INLINED-LABEL: func.func @two_regions(
// INLINED-NOT: scf.execute_region
// INLINED: return
func.func @two_regions(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = tenferro.fused_region elementwise (%a = %x : tensor<4xf64>) -> (tensor<4xf64>) {
    %e = tenferro.exp %a : tensor<4xf64>
    tenferro.yield %e : tensor<4xf64>
  }
  %1 = tenferro.fused_region sequence (%b = %0 : tensor<4xf64> last_use) -> (tensor<4xf64>) {
    %d = tenferro.subtract %b, %b : tensor<4xf64>
    %r = tenferro.sqrt %d : tensor<4xf64>
    tenferro.yield %r : tensor<4xf64>
  }
  return %1 : tensor<4xf64>
}
