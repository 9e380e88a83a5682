// RUN: tenferro-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(tenferro-fuse-column-tiles{tile-bytes=1024}))" | FileCheck %s
// RUN: tenferro-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(tenferro-fuse-column-tiles{tile-bytes=1024 parallel}))" | FileCheck %s --check-prefix=PARALLEL

// A column reduction, the broadcast of its result and a subtraction: one
// loop over tiles of the 64 columns (first dimension). Rows of 64 f32 are
// 256 bytes; x, the broadcast and d make 768 bytes a row, so a tile is the
// largest divisor of 64 within 1024 bytes: 1 row. The broadcast's buffer
// only the group uses, at tiles: it shrinks to one tile. The sums are
// written at tiles too but read after the loop: they keep their extent.

// CHECK-LABEL: func.func @centre
// CHECK-SAME: (%[[X:.*]]: memref<64x64xf32>, %[[D:.*]]: memref<64x64xf32>, %[[S:.*]]: memref<64xf32>)
// CHECK: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x64xf32>
// CHECK-NOT: memref.alloc
// CHECK: affine.for %[[I:.*]] = 0 to 64 {
// CHECK:   %[[ST:.*]] = memref.subview %[[S]][%[[I]]] [1] [1]
// CHECK:   linalg.fill {{.*}} outs(%[[ST]] :
// CHECK:   %[[XT:.*]] = memref.subview %[[X]][%[[I]], 0] [1, 64] [1, 1]
// CHECK:   %[[ST2:.*]] = memref.subview %[[S]][%[[I]]] [1] [1]
// CHECK:   linalg.generic {{.*}} ins(%[[XT]] : {{.*}}) outs(%[[ST2]] :
// CHECK:   %[[ST3:.*]] = memref.subview %[[S]][%[[I]]] [1] [1]
// CHECK:   linalg.generic {{.*}} ins(%[[ST3]] : {{.*}}) outs(%[[B]] : memref<1x64xf32>)
// CHECK:   %[[XT2:.*]] = memref.subview %[[X]][%[[I]], 0] [1, 64] [1, 1]
// CHECK:   %[[DT:.*]] = memref.subview %[[D]][%[[I]], 0] [1, 64] [1, 1]
// CHECK:   linalg.generic {{.*}} ins(%[[XT2]], %[[B]] : {{.*}}) outs(%[[DT]] :
// CHECK: linalg.yield
// CHECK-NOT: linalg.
// CHECK: return
func.func @centre(%x: memref<64x64xf32>, %d: memref<64x64xf32>, %s: memref<64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%s : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %acc, %in : f32
    linalg.yield %sum : f32
  }
  %b = memref.alloc() {alignment = 64 : i64} : memref<64x64xf32>
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<64xf32>) outs(%b : memref<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%d : memref<64x64xf32>) {
  ^bb0(%a: f32, %m: f32, %out: f32):
    %r = arith.subf %a, %m : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Tiles of several rows: rows of 16 f32 (64 bytes), three buffers a row
// (x, t, y), 4 rows a tile (the largest divisor of 24 within 1024 / 192
// rows); a scalar read whole by every tile; the allocation between the ops
// moves before the loop.

// CHECK-LABEL: func.func @scale
// CHECK: memref.get_global
// CHECK: %[[T:.*]] = memref.alloc() : memref<4x16xf32>
// CHECK: affine.for %[[I:.*]] = 0 to 24 step 4 {
// CHECK:   memref.subview %{{.*}}[%[[I]], 0] [4, 16] [1, 1]
// CHECK:   linalg.generic {{.*}} outs(%[[T]] : memref<4x16xf32>)
// CHECK:   linalg.generic {{.*}} ins(%[[T]], %{{.*}} : memref<4x16xf32>, memref<f32>)
memref.global "private" constant @k : memref<f32> = dense<2.0>
func.func @scale(%x: memref<24x16xf32>, %y: memref<24x16xf32>) {
  %k = memref.get_global @k : memref<f32>
  %t = memref.alloc() : memref<24x16xf32>
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<24x16xf32>) outs(%t : memref<24x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> ()>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t, %k : memref<24x16xf32>, memref<f32>) outs(%y : memref<24x16xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %m = arith.mulf %in, %s : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A buffer the group writes and then reads whole: %v is written at tiles
// by the first op and read whole (at every column, by its row index) by
// the second, which therefore starts a group of its own with the third.

// CHECK-LABEL: func.func @whole_read_of_written
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : memref<64xf32>)
// CHECK: affine.for
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @whole_read_of_written(%x1: memref<64xf32>, %v: memref<64xf32>, %x: memref<64x64xf32>,
                                 %y: memref<64x64xf32>, %z: memref<64x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(c) -> (c)>, affine_map<(c) -> (c)>],
                  iterator_types = ["parallel"]}
      ins(%x1 : memref<64xf32>) outs(%v : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (r)>, affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%v, %x : memref<64xf32>, memref<64x64xf32>) outs(%y : memref<64x64xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%y : memref<64x64xf32>) outs(%z : memref<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A transpose reads rows of other columns: it ends the group before it,
// and the group after it starts anew (each of one op: nothing tiled).

// CHECK-LABEL: func.func @transpose_between
// CHECK-NOT: affine.for
// CHECK: return
func.func @transpose_between(%x: memref<64x64xf32>, %t: memref<64x64xf32>, %u: memref<64x64xf32>, %y: memref<64x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64x64xf32>) outs(%t : memref<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  linalg.transpose ins(%t : memref<64x64xf32>) outs(%u : memref<64x64xf32>) permutation = [1, 0]
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%u : memref<64x64xf32>) outs(%y : memref<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  return
}

// -----

// Left alone: a reduction over the first dimension (not parallel), a
// call between two ops, an op that reads its first loop's index, dynamic
// shapes, and a group whose one tile would be every column (tile-bytes
// holds all 4 rows).

// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: affine.for
// CHECK: return
func.func private @opaque(memref<64x64xf32>)
func.func @left_alone(%x: memref<64x64xf32>, %t: memref<64x64xf32>, %s: memref<64xf32>,
                      %dx: memref<?x64xf32>, %dt: memref<?x64xf32>, %small: memref<4x4xf32>, %small2: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(r, c) -> (c, r)>, affine_map<(r, c) -> (r)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sum = arith.addf %acc, %in : f32
    linalg.yield %sum : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64x64xf32>) outs(%t : memref<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  func.call @opaque(%t) : (memref<64x64xf32>) -> ()
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      outs(%t : memref<64x64xf32>) {
  ^bb0(%out: f32):
    %c = linalg.index 0 : index
    %i = arith.index_cast %c : index to i32
    %f = arith.sitofp %i : i32 to f32
    linalg.yield %f : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<64x64xf32>) outs(%x : memref<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%dx : memref<?x64xf32>) outs(%dt : memref<?x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%dt : memref<?x64xf32>) outs(%dx : memref<?x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%small : memref<4x4xf32>) outs(%small2 : memref<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%small2 : memref<4x4xf32>) outs(%small : memref<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  return
}

// -----

// In parallel (the pipeline's parallel-loops): the loop over tiles is an
// affine.parallel, and each tile allocates its own tile buffer.

// PARALLEL-LABEL: func.func @scale_parallel
// PARALLEL-NOT: memref.alloc
// PARALLEL: affine.parallel (%[[I:.*]]) = (0) to (24) step (4) {
// PARALLEL:   %[[T:.*]] = memref.alloc() : memref<4x16xf32>
// PARALLEL:   memref.subview %{{.*}}[%[[I]], 0] [4, 16] [1, 1]
// PARALLEL:   linalg.generic {{.*}} outs(%[[T]] : memref<4x16xf32>)
// PARALLEL:   linalg.generic {{.*}} ins(%[[T]] : memref<4x16xf32>)
func.func @scale_parallel(%x: memref<24x16xf32>, %y: memref<24x16xf32>) {
  %t = memref.alloc() : memref<24x16xf32>
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<24x16xf32>) outs(%t : memref<24x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [affine_map<(c, r) -> (c, r)>, affine_map<(c, r) -> (c, r)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<24x16xf32>) outs(%y : memref<24x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  }
  return
}
