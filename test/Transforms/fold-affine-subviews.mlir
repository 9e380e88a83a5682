// RUN: tenferro-opt %s --split-input-file --tenferro-fold-affine-subviews | FileCheck %s
// Upstream's fold-memref-alias-ops leaves affine accesses on the view.
// RUN: mlir-opt %s --split-input-file --fold-memref-alias-ops | FileCheck %s --check-prefix=UPSTREAM

// A tile of rows at an affine.for's index: the load and the store go to
// the source buffers, the index a new dimension of their maps, and the
// subviews go away.

// UPSTREAM-LABEL: func.func @tile
// UPSTREAM: %[[V:.*]] = memref.subview
// UPSTREAM: affine.load %[[V]]
// CHECK-LABEL: func.func @tile
// CHECK-SAME: (%[[A:.*]]: memref<256x64xf32>, %[[B:.*]]: memref<256x64xf32>)
// CHECK: affine.for %[[T:.*]] = 0 to 256 step 8 {
// CHECK-NOT: memref.subview
// CHECK:   affine.for %[[I:.*]] = 0 to 8 {
// CHECK:     affine.for %[[J:.*]] = 0 to 64 {
// CHECK:       %[[V:.*]] = affine.load %[[A]][%[[I]] + %[[T]], %[[J]]] : memref<256x64xf32>
// CHECK:       affine.store %[[V]], %[[B]][%[[I]] + %[[T]], %[[J]]] : memref<256x64xf32>
func.func @tile(%a: memref<256x64xf32>, %b: memref<256x64xf32>) {
  affine.for %t = 0 to 256 step 8 {
    %sa = memref.subview %a[%t, 0] [8, 64] [1, 1] : memref<256x64xf32> to memref<8x64xf32, strided<[64, 1], offset: ?>>
    %sb = memref.subview %b[%t, 0] [8, 64] [1, 1] : memref<256x64xf32> to memref<8x64xf32, strided<[64, 1], offset: ?>>
    affine.for %i = 0 to 8 {
      affine.for %j = 0 to 64 {
        %v = affine.load %sa[%i, %j] : memref<8x64xf32, strided<[64, 1], offset: ?>>
        affine.store %v, %sb[%i, %j] : memref<8x64xf32, strided<[64, 1], offset: ?>>
      }
    }
  }
  return
}

// -----

// An index computed by affine.apply (a lane reduction's 16 * group +
// lane) is composed into the map; static offsets and strides of other
// dimensions fold in.

// CHECK-LABEL: func.func @composed
// CHECK: affine.for %[[T:.*]] = 0 to 32 step 4 {
// CHECK:   affine.for %[[I:.*]] = 0 to 4 {
// CHECK:     affine.for %[[G:.*]] = 0 to 4 {
// CHECK:       affine.for %[[L:.*]] = 0 to 16 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]] + %[[T]], %[[G]] * 16 + %[[L]]] : memref<32x64xf32>
// CHECK:         affine.load %{{.*}}[%[[I]] * 2 + 1, %[[L]]] : memref<9x16xf32>
func.func @composed(%a: memref<32x64xf32>, %c: memref<9x16xf32>, %o: memref<f32>) {
  %sc = memref.subview %c[1, 0] [4, 16] [2, 1] : memref<9x16xf32> to memref<4x16xf32, strided<[32, 1], offset: 16>>
  affine.for %t = 0 to 32 step 4 {
    %sa = memref.subview %a[%t, 0] [4, 64] [1, 1] : memref<32x64xf32> to memref<4x64xf32, strided<[64, 1], offset: ?>>
    affine.for %i = 0 to 4 {
      affine.for %g = 0 to 4 {
        affine.for %l = 0 to 16 {
          %k = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>(%g, %l)
          %v = affine.load %sa[%i, %k] : memref<4x64xf32, strided<[64, 1], offset: ?>>
          %w = affine.load %sc[%i, %l] : memref<4x16xf32, strided<[32, 1], offset: 16>>
          %s = arith.addf %v, %w : f32
          affine.store %s, %o[] : memref<f32>
        }
      }
    }
  }
  return
}

// -----

// Left alone: a rank-reducing view, dynamic strides, an offset that is no
// affine dimension (read from memory inside the loop), and part of the
// last dimension (a vector tail: the vectorizer masks by the buffer's
// extent, so the loop must keep the view's).

// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-4: memref.subview
// CHECK-COUNT-4: affine.load %{{.*}} : memref<{{.*}}strided
func.func @left_alone(%a: memref<8x64xf32>, %s: index, %p: memref<index>, %o: memref<f32>) {
  affine.for %i = 0 to 8 {
    %q = memref.load %p[] : memref<index>
    %r = memref.subview %a[%i, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    %d = memref.subview %a[0, 0] [4, 32] [%s, 1] : memref<8x64xf32> to memref<4x32xf32, strided<[?, 1], offset: 0>>
    %n = memref.subview %a[%q, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    %t = memref.subview %a[%i, 48] [1, 13] [1, 1] : memref<8x64xf32> to memref<1x13xf32, strided<[64, 1], offset: ?>>
    affine.for %j = 0 to 13 {
      %x = affine.load %r[%j] : memref<64xf32, strided<[1], offset: ?>>
      %y = affine.load %d[0, %j] : memref<4x32xf32, strided<[?, 1], offset: 0>>
      %z = affine.load %n[0, %j] : memref<1x64xf32, strided<[64, 1], offset: ?>>
      %w = affine.load %t[0, %j] : memref<1x13xf32, strided<[64, 1], offset: ?>>
      %xy = arith.addf %x, %y : f32
      %xyz = arith.addf %xy, %z : f32
      %all = arith.addf %xyz, %w : f32
      affine.store %all, %o[] : memref<f32>
    }
  }
  return
}
