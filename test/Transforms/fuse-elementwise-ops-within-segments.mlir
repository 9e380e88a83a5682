// tenferro-fuse-elementwise-ops with within-segments: producers are fused
// into consumers, and slices bubbled up through producers, only inside one
// segment (directly in an scf.execute_region marked tenferro.segment, as
// convert-tenferro-to-linalg with wrap-regions makes them). Without the
// option the same functions fuse across the segment boundaries.
// RUN: tenferro-opt %s --split-input-file --tenferro-fuse-elementwise-ops=within-segments=true | FileCheck %s
// RUN: tenferro-opt %s --split-input-file --tenferro-fuse-elementwise-ops | FileCheck %s --check-prefix=EVERYWHERE

#map = affine_map<(d0) -> (d0)>
// exp at the top level (another segment), its one use in a segment: not
// fused. In the segment, the product's one use is the sum: fused. The
// segment's result feeds a negation at the top level, and the negation a
// square root there: neither is in a segment, so neither is fused.
// CHECK-LABEL: func.func @segments(
// CHECK-SAME: %[[X:[^:]*]]: tensor<64xf32>, %[[Y:[^:]*]]: tensor<64xf32>
// CHECK: %[[E:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<64xf32>)
// CHECK: math.exp
// CHECK: %[[S:.*]] = scf.execute_region
// CHECK: %[[F:.*]] = linalg.generic {{.*}} ins(%[[E]], %[[Y]] : tensor<64xf32>, tensor<64xf32>)
// CHECK-NOT: math.exp
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: scf.yield %[[F]]
// CHECK: } {tenferro.segment}
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[S]] : tensor<64xf32>)
// CHECK: arith.negf
// CHECK: linalg.generic {{.*}} ins(%[[N]] : tensor<64xf32>)
// CHECK: math.sqrt
// EVERYWHERE-LABEL: func.func @segments(
// EVERYWHERE: scf.execute_region
// EVERYWHERE: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<64xf32>, tensor<64xf32>)
// EVERYWHERE: math.exp
// EVERYWHERE: arith.mulf
// EVERYWHERE: arith.addf
// EVERYWHERE: } {tenferro.segment}
// EVERYWHERE: linalg.generic
// EVERYWHERE: arith.negf
// EVERYWHERE-NEXT: math.sqrt
func.func @segments(%x: tensor<64xf32>, %y: tensor<64xf32>) -> tensor<64xf32> {
  %init = tensor.empty() : tensor<64xf32>
  %e = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  %s = scf.execute_region -> tensor<64xf32> no_inline {
    %empty = tensor.empty() : tensor<64xf32>
    %p = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%e, %y : tensor<64xf32>, tensor<64xf32>) outs(%empty : tensor<64xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %v = arith.mulf %in, %in_1 : f32
      linalg.yield %v : f32
    } -> tensor<64xf32>
    %q = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%p, %y : tensor<64xf32>, tensor<64xf32>) outs(%empty : tensor<64xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %v = arith.addf %in, %in_1 : f32
      linalg.yield %v : f32
    } -> tensor<64xf32>
    scf.yield %q : tensor<64xf32>
  } {tenferro.segment}
  %n = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%s : tensor<64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.negf %in : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%n : tensor<64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.sqrt %in : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// Two segments: the first one's exp is used only by the second one's
// product; each stays in its own segment.
#map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @adjacent_segments(
// CHECK: %[[A:.*]] = scf.execute_region
// CHECK: math.exp
// CHECK: } {tenferro.segment}
// CHECK: scf.execute_region
// CHECK: linalg.generic {{.*}} ins(%[[A]], %{{.*}} :
// CHECK-NOT: math.exp
// CHECK: arith.mulf
// CHECK: } {tenferro.segment}
func.func @adjacent_segments(%x: tensor<16xf32>, %y: tensor<16xf32>) -> tensor<16xf32> {
  %a = scf.execute_region -> tensor<16xf32> no_inline {
    %init = tensor.empty() : tensor<16xf32>
    %e = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%init : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %v = math.exp %in : f32
      linalg.yield %v : f32
    } -> tensor<16xf32>
    scf.yield %e : tensor<16xf32>
  } {tenferro.segment}
  %b = scf.execute_region -> tensor<16xf32> no_inline {
    %init = tensor.empty() : tensor<16xf32>
    %p = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%a, %y : tensor<16xf32>, tensor<16xf32>) outs(%init : tensor<16xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %v = arith.mulf %in, %in_1 : f32
      linalg.yield %v : f32
    } -> tensor<16xf32>
    scf.yield %p : tensor<16xf32>
  } {tenferro.segment}
  return %b : tensor<16xf32>
}

// -----

// A slice in a segment of a producer outside it is not bubbled up: the
// producer's work stays in its own segment, whole. Without the option the
// slice is computed from a slice of the producer's operand.
#map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @slice_across(
// CHECK-SAME: %[[X:[^:]*]]: tensor<64xf32>
// CHECK: %[[E:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<64xf32>)
// CHECK: scf.execute_region
// CHECK: tensor.extract_slice %[[E]][8] [16] [1]
// EVERYWHERE-LABEL: func.func @slice_across(
// EVERYWHERE-SAME: %[[X:[^:]*]]: tensor<64xf32>
// EVERYWHERE: scf.execute_region
// EVERYWHERE: %[[XS:.*]] = tensor.extract_slice %[[X]][8] [16] [1]
// EVERYWHERE: linalg.generic {{.*}} ins(%[[XS]] : tensor<16xf32>)
// EVERYWHERE: math.exp
func.func @slice_across(%x: tensor<64xf32>) -> tensor<16xf32> {
  %init = tensor.empty() : tensor<64xf32>
  %e = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  %s = scf.execute_region -> tensor<16xf32> no_inline {
    %t = tensor.extract_slice %e[8] [16] [1] : tensor<64xf32> to tensor<16xf32>
    scf.yield %t : tensor<16xf32>
  } {tenferro.segment}
  return %s : tensor<16xf32>
}
