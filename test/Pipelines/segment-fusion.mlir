// The pipeline's segment-fusion option (on by default): each region that
// lowers op by op (a sequence region; a broadcast-multiply region with
// symbolic extents) is kept in an scf.execute_region through the
// conversion, tenferro-fuse-elementwise-ops fuses within it only, and
// tenferro-unwrap-segments inlines it. No work crosses a segment boundary.
// RUN: tenferro-opt %s --split-input-file --tenferro-lower-to-llvm --mlir-print-ir-after=tenferro-unwrap-segments -o /dev/null 2>&1 \
// RUN:   | FileCheck %s
// RUN: tenferro-opt %s --split-input-file --tenferro-lower-to-llvm="segment-fusion=false" --mlir-print-ir-after=canonicalize -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF
// Kernels of the whole pipeline: sumexp 7 (9 op by op: the fill of the
// partials, then of the parts' partials, the parts, their combination, the
// groups after them, the tail and the lanes' combination; at a dynamic
// extent the parts are there whether or not there are any), softmax 3
// (4), across 2 (2); lane-tiles makes the steps of a reduction over the
// contiguous axis of static extents one kernel (sumexp's are dynamic).
// RUN: tenferro-opt %s --split-input-file --tenferro-lower-to-llvm | FileCheck %s --check-prefix=KERNELS
// RUN: tenferro-opt %s --split-input-file --tenferro-lower-to-llvm="segment-fusion=false" | FileCheck %s --check-prefix=KERNELS-OFF
// The same bits as the reference interpreter at extents that fill vectors
// of 16 lanes and leave tails (1000 rows), with and without the option, at
// 4 and 16 lanes and on two threads:
// RUN: rm -rf %t && mkdir -p %t
// RUN: for entry in sumexp softmax across; do \
// RUN:   tenferro-runner %s --entry=$entry --random=4 --dim=1000 --reference --output=%t/$entry-ref > /dev/null || exit 1; \
// RUN:   for options in "" "segment-fusion=false" "vector-width=4" "vector-width=16" "parallel-loops=true parallel-min-work=0" \
// RUN:       "destination-passing=true"; do \
// RUN:     tenferro-runner %s --entry=$entry --random=4 --dim=1000 --vector-math=libm --pipeline-options="$options" --output=%t/$entry-got > /dev/null || exit 1; \
// RUN:     %python %S/../Differential/npy_compare.py %t/$entry-got0.npy %t/$entry-ref0.npy || exit 1; \
// RUN:   done; \
// RUN: done

// reduce_sum(exp(x) * y) over the contiguous axis is one sequence region:
// the exp and the product are fused into the lane reduction's parts, into
// its groups after the parts and into its vector tail; neither is stored.
// CHECK-LABEL: IR Dump After TenferroUnwrapSegmentsPass
// CHECK: func.func @tenferro_sumexp(
// CHECK-SAME: %[[X:[^:]*]]: tensor<67x?xf32> {{.*}}, %[[Y:[^:]*]]: tensor<67x?xf32>
// CHECK-NOT: scf.execute_region
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%[[X]], %[[Y]],
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: tensor.extract_slice %[[X]]
// CHECK: tensor.extract_slice %[[Y]]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: tensor.extract_slice %[[X]]
// CHECK: tensor.extract_slice %[[Y]]
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: return
// OFF: func.func @tenferro_sumexp(
// OFF: linalg.generic
// OFF-NEXT: ^bb0
// OFF-NEXT: math.exp
// OFF-NEXT: linalg.yield
// OFF: linalg.generic
// OFF-NEXT: ^bb0
// OFF-NEXT: arith.mulf
// OFF-NEXT: linalg.yield
// KERNELS-LABEL: llvm.func @tenferro_sumexp(
// KERNELS-COUNT-7: tenferro.kernel}
// KERNELS-NOT: tenferro.kernel}
// KERNELS-OFF-LABEL: llvm.func @tenferro_sumexp(
// KERNELS-OFF-COUNT-9: tenferro.kernel}
// KERNELS-OFF-NOT: tenferro.kernel}
func.func @sumexp(%x: tensor<?x67xf32>, %y: tensor<?x67xf32>) -> tensor<67xf32> {
  %e = tenferro.exp %x : tensor<?x67xf32>
  %m = tenferro.multiply %e, %y : tensor<?x67xf32>
  %s = tenferro.reduce_sum %m, axes = [0] : tensor<?x67xf32>
  return %s : tensor<67xf32>
}

// -----

// softmax over the contiguous axis, cut at its shape_of as in the runtime:
// the exp region, then a sequence region (sums, their broadcast, the
// divide). In that segment the broadcast is fused into the divide and
// never stored. The fold of the 64 lanes into 16 groups stays an op of
// its own (vectors of groups), not fused into the groups' pairwise
// combination, which the divide does not take in either (it would combine
// a column's groups again at every element).
// CHECK-LABEL: IR Dump After TenferroUnwrapSegmentsPass
// CHECK: func.func @tenferro_softmax(
// CHECK: %[[E:.*]] = linalg.generic
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins({{.*}} : tensor<67x16xf64>, tensor<67x16xf64>, tensor<67x16xf64>, tensor<67x16xf64>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: linalg.yield
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%[[G]], %[[G]], {{.*}}) outs(%{{.*}} : tensor<67xf64>)
// CHECK-COUNT-15: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: linalg.generic {{.*}} ins(%[[E]], %[[S]] : tensor<67x1000xf64>, tensor<67xf64>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.divf
// CHECK-NOT: linalg.generic
// CHECK: return
// OFF: func.func @tenferro_softmax(
// OFF: linalg.generic {{.*}} ins(%{{.*}} : tensor<67xf64>) outs(%{{.*}} : tensor<67x1000xf64>)
// OFF-NEXT: ^bb0
// OFF-NEXT: linalg.yield
// KERNELS-LABEL: llvm.func @tenferro_softmax(
// KERNELS-COUNT-3: tenferro.kernel}
// KERNELS-NOT: tenferro.kernel}
// KERNELS-OFF-LABEL: llvm.func @tenferro_softmax(
// KERNELS-OFF-COUNT-4: tenferro.kernel}
// KERNELS-OFF-NOT: tenferro.kernel}
func.func @softmax(%x: tensor<1000x67xf64>) -> tensor<1000x67xf64> {
  %e = tenferro.exp %x : tensor<1000x67xf64>
  %n = tenferro.shape_of %e, axis = 0 : tensor<1000x67xf64>
  %s = tenferro.reduce_sum %e, axes = [0] : tensor<1000x67xf64>
  %b = tenferro.broadcast_in_dim %s, dims = [1] to [1000, 67] : tensor<67xf64>
  %d = tenferro.divide %e, %b : tensor<1000x67xf64>
  return %d : tensor<1000x67xf64>
}

// -----

// Across a segment boundary: exp is its own region (the shape_of host
// instruction ends the run) and its only remaining use after the shape_of
// is folded is the sum in the next segment. It stays a loop nest of its
// own, stored, as the runtime runs it; elementwise-fusion, beyond the
// runtime, fuses it (elementwise-fusion.mlir).
// CHECK-LABEL: IR Dump After TenferroUnwrapSegmentsPass
// CHECK: func.func @tenferro_across(
// CHECK: %[[E:.*]] = linalg.generic
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: linalg.yield
// CHECK: linalg.generic {{.*}} ins(%[[E]], %{{.*}} : tensor<67x1000xf32>, tensor<15xi8>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// KERNELS-LABEL: llvm.func @tenferro_across(
// KERNELS-COUNT-2: tenferro.kernel}
// KERNELS-NOT: tenferro.kernel}
// KERNELS-OFF-LABEL: llvm.func @tenferro_across(
// KERNELS-OFF-COUNT-2: tenferro.kernel}
// KERNELS-OFF-NOT: tenferro.kernel}
func.func @across(%x: tensor<1000x67xf32>) -> tensor<67xf32> {
  %e = tenferro.exp %x : tensor<1000x67xf32>
  %n = tenferro.shape_of %e, axis = 0 : tensor<1000x67xf32>
  %s = tenferro.reduce_sum %e, axes = [0] : tensor<1000x67xf32>
  return %s : tensor<67xf32>
}
