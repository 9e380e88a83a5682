// tenferro-fuse-column-tiles with within-segments: a group holds ops of one
// segment only (the same tenferro.segment_id, as tenferro-unwrap-segments
// with number-ops marks them); ops without one are never tiled. Without
// the option the same ops form one group across the segments.
// RUN: tenferro-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(tenferro-fuse-column-tiles{tile-bytes=1024 within-segments}))" | FileCheck %s
// RUN: tenferro-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(tenferro-fuse-column-tiles{tile-bytes=1024}))" | FileCheck %s --check-prefix=ACROSS

// Segment 0: the column sums and their broadcast; segment 1: the
// subtraction, then a negation in no segment. The first group is the two
// ops of segment 0 (one loop); the subtraction is alone in its segment (a
// group of one is left alone) and the negation joins nothing.
// CHECK-LABEL: func.func @two_segments
// CHECK: affine.for
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: linalg.generic
// CHECK: linalg.yield
// CHECK: }
// CHECK-NEXT: }
// CHECK-NOT: affine.for
// CHECK: arith.subf
// CHECK: arith.negf
// CHECK: return
// ACROSS-LABEL: func.func @two_segments
// ACROSS: affine.for
// ACROSS: arith.addf
// ACROSS: arith.subf
// ACROSS: arith.negf
// ACROSS: }
// ACROSS-NEXT: }
// ACROSS-NEXT: return
func.func @two_segments(%x: memref<64x64xf32>, %d: memref<64x64xf32>, %s: memref<64xf32>, %n: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {tenferro.segment_id = 0 : i64} ins(%zero : f32) outs(%s : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c)>],
                  iterator_types = ["parallel", "reduction"], tenferro.segment_id = 0 : i64}
      ins(%x : memref<64x64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %acc, %in : f32
    linalg.yield %sum : f32
  }
  %b = memref.alloc() {alignment = 64 : i64} : memref<64x64xf32>
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"], tenferro.segment_id = 0 : i64}
      ins(%s : memref<64xf32>) outs(%b : memref<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"], tenferro.segment_id = 1 : i64}
      ins(%x, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%d : memref<64x64xf32>) {
  ^bb0(%a: f32, %m: f32, %out: f32):
    %r = arith.subf %a, %m : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%d : memref<64x64xf32>) outs(%n : memref<64x64xf32>) {
  ^bb0(%a: f32, %out: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  }
  return
}
