// tenferro-unwrap-segments inlines every scf.execute_region marked
// tenferro.segment: its ops move before it and its yielded values replace
// its results. Unmarked execute_regions are left alone.
// RUN: tenferro-opt %s --split-input-file --verify-diagnostics --tenferro-unwrap-segments | FileCheck %s
// With number-ops, the linalg ops of the k-th marked region carry
// tenferro.segment_id = k; other ops and ops outside are not marked.
// RUN: tenferro-opt %s --split-input-file --verify-diagnostics --tenferro-unwrap-segments=number-ops=true | FileCheck %s --check-prefix=NUMBERED

// CHECK-LABEL: func.func @unwrap(
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>
// CHECK-NOT: scf.execute_region
// CHECK: %[[E:.*]] = math.exp %[[X]]
// CHECK: %[[L:.*]] = math.log %[[E]]
// CHECK: %[[M:.*]] = arith.mulf %[[E]], %[[L]]
// CHECK: return %[[M]], %[[L]]
func.func @unwrap(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = scf.execute_region -> (tensor<4xf32>, tensor<4xf32>) no_inline {
    %e = math.exp %x : tensor<4xf32>
    %l = math.log %e : tensor<4xf32>
    scf.yield %e, %l : tensor<4xf32>, tensor<4xf32>
  } {tenferro.segment}
  %1 = arith.mulf %0#0, %0#1 : tensor<4xf32>
  return %1, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
// NUMBERED-LABEL: func.func @numbered(
// NUMBERED-NOT: scf.execute_region
// NUMBERED: tensor.empty() : tensor<4xf32>
// NUMBERED-NEXT: linalg.generic {{.*}}tenferro.segment_id = 0 : i64
// NUMBERED: math.exp
// NUMBERED: linalg.generic {{.*}}iterator_types = ["parallel"]} ins
// NUMBERED: math.log
// NUMBERED: tensor.empty() : tensor<4xf32>
// NUMBERED-NEXT: linalg.generic {{.*}}tenferro.segment_id = 1 : i64
// NUMBERED: math.sqrt
func.func @numbered(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = scf.execute_region -> tensor<4xf32> no_inline {
    %i = tensor.empty() : tensor<4xf32>
    %e = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%i : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %v = math.exp %in : f32
      linalg.yield %v : f32
    } -> tensor<4xf32>
    scf.yield %e : tensor<4xf32>
  } {tenferro.segment}
  %i = tensor.empty() : tensor<4xf32>
  %l = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%0 : tensor<4xf32>) outs(%i : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.log %in : f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  %1 = scf.execute_region -> tensor<4xf32> no_inline {
    %j = tensor.empty() : tensor<4xf32>
    %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%l : tensor<4xf32>) outs(%j : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %v = math.sqrt %in : f32
      linalg.yield %v : f32
    } -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  } {tenferro.segment}
  return %1 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @unmarked(
// CHECK: scf.execute_region -> tensor<4xf32> no_inline
func.func @unmarked(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = scf.execute_region -> tensor<4xf32> no_inline {
    %e = math.exp %x : tensor<4xf32>
    scf.yield %e : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// A marked region of two blocks is reported, not inlined.
func.func @two_blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'scf.execute_region' op marked 'tenferro.segment' holds 2 blocks; only a region of one block can be inlined}}
  %0 = scf.execute_region -> tensor<4xf32> {
    cf.br ^bb1
  ^bb1:
    scf.yield %x : tensor<4xf32>
  } {tenferro.segment}
  return %0 : tensor<4xf32>
}
