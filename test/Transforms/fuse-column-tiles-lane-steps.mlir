// RUN: tenferro-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(tenferro-fuse-column-tiles{lane-steps}))" | FileCheck %s
// RUN: tenferro-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(tenferro-fuse-column-tiles{lane-steps parallel}))" | FileCheck %s --check-prefix=PARALLEL

// The steps of a lane reduction of 64 columns of 100 (as
// convert-tenferro-to-linalg marks them and bufferization leaves them):
// fill the partials, add the 6 groups of 16, add the tail of 4 into lanes
// 0..3, fill the sums, combine the lanes. With lane-steps they go one row
// (column) at a time: the partials shrink to one row on the stack, right
// before the loop (tenferro-outline-kernels then moves them into the
// kernel), the tail's view of them follows, and the copy bufferization
// left between two equal views is gone. The exp after the steps is not a
// step: it stays where it is. The sums are read after the loop: they keep
// their extent.

// CHECK-LABEL: func.func @colsum_exp(
// CHECK-SAME: %[[X:.*]]: memref<64x100xf32>, %[[Y:.*]]: memref<64xf32>)
// CHECK: %[[K:.*]] = memref.alloc() {alignment = 64 : i64} : memref<6xi8>
// CHECK: %[[TAIL:.*]] = memref.subview %[[X]][0, 96] [64, 4] [1, 1]
// CHECK: %[[SUMS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
// CHECK-NEXT: %[[P:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x16xf32>
// CHECK-NEXT: %[[HEAD:.*]] = memref.subview %[[P]][0, 0] [1, 4] [1, 1] : memref<1x16xf32> to memref<1x4xf32, strided<[16, 1]>>
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT: linalg.fill {tenferro.lane_step} ins(%{{.*}} : f32) outs(%[[P]] : memref<1x16xf32>)
// CHECK-NEXT: %[[XT:.*]] = memref.subview %[[X]][%[[I]], 0] [1, 100] [1, 1]
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[XT]], %[[K]] : {{.*}}) outs(%[[P]] : memref<1x16xf32>)
// CHECK: %[[TT:.*]] = memref.subview %[[TAIL]][%[[I]], 0] [1, 4] [1, 1]
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[TT]] : {{.*}}) outs(%[[HEAD]] : memref<1x4xf32, strided<[16, 1]>>)
// CHECK: %[[ST:.*]] = memref.subview %[[SUMS]][%[[I]]] [1] [1]
// CHECK-NEXT: linalg.fill {tenferro.lane_step} ins(%{{.*}} : f32) outs(%[[ST]] :
// CHECK: linalg.generic {{.*}} ins(%[[P]] : memref<1x16xf32>)
// CHECK: }
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.alloc() {alignment = 64 : i64} : memref<64x16xf32>
// CHECK: linalg.generic {{.*}} ins(%[[SUMS]] : memref<64xf32>) outs(%[[Y]] : memref<64xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp

// In parallel, 64 chunks of rows (here one row each) run in parallel, each
// a loop over its rows with its own partials on the stack, allocated in
// the chunk before that loop (one allocation per chunk, on the thread's
// stack).
// PARALLEL-LABEL: func.func @colsum_exp(
// PARALLEL: affine.parallel (%[[C:.*]]) = (0) to (64) {
// PARALLEL-NEXT: %[[P:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x16xf32>
// PARALLEL-NEXT: memref.subview %[[P]][0, 0] [1, 4] [1, 1]
// PARALLEL-NEXT: affine.for %[[I:.*]] = #{{.*}}(%[[C]]) to #{{.*}}(%[[C]]) {
// PARALLEL-NEXT: linalg.fill {tenferro.lane_step} ins(%{{.*}} : f32) outs(%[[P]] : memref<1x16xf32>)
func.func @colsum_exp(%arg0: memref<64x100xf32>, %arg1: memref<64xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<64x16xf32>
  linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%alloc : memref<64x16xf32>)
  %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<6xi8>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1 * 16 + d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%arg0, %alloc_0 : memref<64x100xf32>, memref<6xi8>) outs(%alloc : memref<64x16xf32>) attrs =  {tenferro.lane_step} {
  ^bb0(%in: f32, %in_4: i8, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  %subview = memref.subview %arg0[0, 96] [64, 4] [1, 1] : memref<64x100xf32> to memref<64x4xf32, strided<[100, 1], offset: 96>>
  %subview_1 = memref.subview %alloc[0, 0] [64, 4] [1, 1] : memref<64x16xf32> to memref<64x4xf32, strided<[16, 1]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%subview : memref<64x4xf32, strided<[100, 1], offset: 96>>) outs(%subview_1 : memref<64x4xf32, strided<[16, 1]>>) attrs =  {tenferro.lane_step} {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  %subview_2 = memref.subview %alloc[0, 0] [64, 4] [1, 1] : memref<64x16xf32> to memref<64x4xf32, strided<[16, 1]>>
  memref.copy %subview_1, %subview_2 : memref<64x4xf32, strided<[16, 1]>> to memref<64x4xf32, strided<[16, 1]>>
  %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%alloc_3 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc : memref<64x16xf32>) outs(%alloc_3 : memref<64xf32>) attrs =  {tenferro.lane_step} {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%alloc_3 : memref<64xf32>) outs(%arg1 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// Unmarked ops are never tiled with lane-steps, however well they would
// tile: two elementwise loop nests over the same columns stay two.
// CHECK-LABEL: func.func @unmarked(
// CHECK-NOT: affine.for
// CHECK: linalg.generic
// CHECK: linalg.generic
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @unmarked(%x: memref<64x64xf32>, %y: memref<64x64xf32>) {
  %t = memref.alloc() : memref<64x64xf32>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : memref<64x64xf32>) outs(%t : memref<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%t : memref<64x64xf32>) outs(%y : memref<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  }
  memref.dealloc %t : memref<64x64xf32>
  return
}

// -----

// A row of partials above 4 KiB (a reduction of a [4, 128, n] tensor over
// its contiguous axis: 128 x 16 f32 = 8 KiB a row) stays on the heap,
// allocated where the partials were.
// CHECK-LABEL: func.func @wide_rows(
// CHECK: %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x128x16xf32>
// CHECK-NOT: memref.alloca
// CHECK: affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT: linalg.fill {tenferro.lane_step} ins(%{{.*}} : f32) outs(%[[P]] : memref<1x128x16xf32>)
func.func @wide_rows(%arg0: memref<4x128x32xf32>, %arg1: memref<4x128xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x128x16xf32>
  linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%alloc : memref<4x128x16xf32>)
  %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2xi8>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 16 + d3)>, affine_map<(d0, d1, d2, d3) -> (d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>], iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%arg0, %alloc_0 : memref<4x128x32xf32>, memref<2xi8>) outs(%alloc : memref<4x128x16xf32>) attrs =  {tenferro.lane_step} {
  ^bb0(%in: f32, %in_4: i8, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%arg1 : memref<4x128xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%alloc : memref<4x128x16xf32>) outs(%arg1 : memref<4x128xf32>) attrs =  {tenferro.lane_step} {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// Steps without a combination (an op reducing its innermost loop, or
// reading a row at constant positions) are not tiled: their partials would
// still go to memory, and the tile loop would only add work. Here the fill
// and the groups of a [4, 32] matrix alone.
// CHECK-LABEL: func.func @no_combination(
// CHECK-NOT: affine.for
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
// CHECK-NOT: affine.for
// CHECK: return
func.func @no_combination(%arg0: memref<4x32xf32>, %arg1: memref<4x16xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
  linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%alloc : memref<4x16xf32>)
  %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2xi8>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1 * 16 + d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%arg0, %alloc_0 : memref<4x32xf32>, memref<2xi8>) outs(%alloc : memref<4x16xf32>) attrs =  {tenferro.lane_step} {
  ^bb0(%in: f32, %in_4: i8, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.copy ins(%alloc : memref<4x16xf32>) outs(%arg1 : memref<4x16xf32>)
  return
}

// -----

// A step with its elementwise producers fused in (tenferro-fuse-elementwise-ops
// creates it without the mark) joins the steps whose partials it writes:
// reduce_sum(exp(x)) over 64 columns of 32.
// CHECK-LABEL: func.func @fused_groups(
// CHECK: %[[P:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x16xf32>
// CHECK-NEXT: affine.for
// CHECK: linalg.fill {tenferro.lane_step} ins(%{{.*}} : f32) outs(%[[P]] :
// CHECK: linalg.generic {{.*}} outs(%[[P]] : memref<1x16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK: linalg.generic {{.*}} ins(%[[P]] : memref<1x16xf32>)
func.func @fused_groups(%arg0: memref<64x32xf32>, %arg1: memref<64xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<64x16xf32>
  linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%alloc : memref<64x16xf32>)
  %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2xi8>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1 * 16 + d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%arg0, %alloc_0 : memref<64x32xf32>, memref<2xi8>) outs(%alloc : memref<64x16xf32>) {
  ^bb0(%in: f32, %in_4: i8, %out: f32):
    %e = math.exp %in : f32
    %0 = arith.addf %out, %e : f32
    linalg.yield %0 : f32
  }
  linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%arg1 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc : memref<64x16xf32>) outs(%arg1 : memref<64xf32>) attrs =  {tenferro.lane_step} {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// The groups' pairwise combination (an op over the rows that reads a row's
// groups at constant positions, here 0 and 1) is a combination: the steps
// of a [4, 32] matrix's reduction go one row at a time, the partials on
// the stack.
// CHECK-LABEL: func.func @pairwise_combination(
// CHECK: %[[P:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x16xf32>
// CHECK-NEXT: affine.for %{{.*}} = 0 to 4 {
// CHECK: linalg.fill {tenferro.lane_step} ins(%{{.*}} : f32) outs(%[[P]] :
// CHECK: linalg.generic {{.*}} outs(%[[P]] : memref<1x16xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[P]], %[[P]] : memref<1x16xf32>, memref<1x16xf32>) outs(%{{.*}} : memref<1xf32, strided<[1], offset: ?>>)
func.func @pairwise_combination(%arg0: memref<4x32xf32>, %arg1: memref<4xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
  linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%alloc : memref<4x16xf32>)
  %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2xi8>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1 * 16 + d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%arg0, %alloc_0 : memref<4x32xf32>, memref<2xi8>) outs(%alloc : memref<4x16xf32>) attrs =  {tenferro.lane_step} {
  ^bb0(%in: f32, %in_4: i8, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, 0)>, affine_map<(d0) -> (d0, 1)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%alloc, %alloc : memref<4x16xf32>, memref<4x16xf32>) outs(%arg1 : memref<4xf32>) attrs =  {tenferro.lane_step} {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// Within the tiles of columns that a run without lane-steps made (column
// fusion, 8 columns a tile here): the steps in each tile go one column at
// a time too. The partials shrink from the tile buffer of 8 rows to one
// row on the stack, allocated before the loop of tiles, not inside it (an
// alloca in a loop would be new stack memory at every iteration).
// CHECK-LABEL: func.func @within_column_tiles(
// CHECK-NOT: memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
// CHECK: %[[P:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x16xf32>
// CHECK-NEXT: affine.for %[[T:.*]] = 0 to 64 step 8 {
// CHECK-NOT: memref.alloca
// CHECK: affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT: linalg.fill {tenferro.lane_step} ins(%{{.*}} : f32) outs(%[[P]] : memref<1x16xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[P]] : memref<1x16xf32>)
// CHECK: }
// CHECK: math.exp
// PARALLEL-LABEL: func.func @within_column_tiles(
// PARALLEL: affine.for %{{.*}} = 0 to 64 step 8 {
// PARALLEL: affine.parallel (%{{.*}}) = (0) to (8) {
// PARALLEL-NEXT: memref.alloca() {alignment = 64 : i64} : memref<1x16xf32>
func.func @within_column_tiles(%arg0: memref<64x100xf32>, %arg1: memref<64xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
  %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<6xi8>
  %subview = memref.subview %arg0[0, 96] [64, 4] [1, 1] : memref<64x100xf32> to memref<64x4xf32, strided<[100, 1], offset: 96>>
  %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  %subview_2 = memref.subview %alloc[0, 0] [8, 4] [1, 1] : memref<8x16xf32> to memref<8x4xf32, strided<[16, 1]>>
  affine.for %arg2 = 0 to 64 step 8 {
    linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%alloc : memref<8x16xf32>)
    %subview_3 = memref.subview %arg0[%arg2, 0] [8, 100] [1, 1] : memref<64x100xf32> to memref<8x100xf32, strided<[100, 1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1 * 16 + d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%subview_3, %alloc_0 : memref<8x100xf32, strided<[100, 1], offset: ?>>, memref<6xi8>) outs(%alloc : memref<8x16xf32>) attrs =  {tenferro.lane_step} {
    ^bb0(%in: f32, %in_6: i8, %out: f32):
      %0 = arith.addf %out, %in : f32
      linalg.yield %0 : f32
    }
    %subview_4 = memref.subview %subview[%arg2, 0] [8, 4] [1, 1] : memref<64x4xf32, strided<[100, 1], offset: 96>> to memref<8x4xf32, strided<[100, 1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%subview_4 : memref<8x4xf32, strided<[100, 1], offset: ?>>) outs(%subview_2 : memref<8x4xf32, strided<[16, 1]>>) attrs =  {tenferro.lane_step} {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %out, %in : f32
      linalg.yield %0 : f32
    }
    linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%alloc_1 : memref<8xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc : memref<8x16xf32>) outs(%alloc_1 : memref<8xf32>) attrs =  {tenferro.lane_step} {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %out, %in : f32
      linalg.yield %0 : f32
    }
    %subview_5 = memref.subview %arg1[%arg2] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%alloc_1 : memref<8xf32>) outs(%subview_5 : memref<8xf32, strided<[1], offset: ?>>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.exp %in : f32
      linalg.yield %0 : f32
    }
  }
  return
}

// -----

// Parallel chunks of rows that do not divide the rows: 130 rows in chunks
// of 3 (the fewest rows that make at most 64 chunks), the last chunk's
// loop stopping at row 130.
// PARALLEL-DAG: #[[$END:.*]] = affine_map<(d0) -> (d0 + 3, 130)>
// PARALLEL-LABEL: func.func @parallel_chunks(
// PARALLEL: affine.parallel (%[[C:.*]]) = (0) to (130) step (3) {
// PARALLEL-NEXT: memref.alloca() {alignment = 64 : i64} : memref<1x16xf32>
// PARALLEL-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to min #[[$END]](%[[C]]) {
// CHECK-LABEL: func.func @parallel_chunks(
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<1x16xf32>
// CHECK-NEXT: affine.for %{{.*}} = 0 to 130 {
func.func @parallel_chunks(%x: memref<130x32xf32>, %y: memref<130xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %p = memref.alloc() {alignment = 64 : i64} : memref<130x16xf32>
  linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%p : memref<130x16xf32>)
  %k = memref.alloc() {alignment = 64 : i64} : memref<2xi8>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1 * 16 + d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x, %k : memref<130x32xf32>, memref<2xi8>) outs(%p : memref<130x16xf32>) attrs = {tenferro.lane_step} {
  ^bb0(%in: f32, %in_0: i8, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill {tenferro.lane_step} ins(%cst : f32) outs(%y : memref<130xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%p : memref<130x16xf32>) outs(%y : memref<130xf32>) attrs = {tenferro.lane_step} {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  return
}
