// RUN: tenferro-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(func.func(tenferro-linearize-strided-accesses))" | FileCheck %s
// Then vectorized: the flat accesses become vector transfers.
// RUN: tenferro-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(func.func(tenferro-linearize-strided-accesses,tenferro-vectorize-affine-loops))" \
// RUN:   | FileCheck %s --check-prefix=VEC
// RUN: not tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-linearize-strided-accesses{vector-size=0}))" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADSIZE

// BADSIZE: tenferro-linearize-strided-accesses: vector-size must be at least 1

// A kernel's view at a dynamic offset (a lane reduction's groups after its
// last whole part): the loads go to an identity view of the buffer, from
// its start to the view's end, at offset + index.

// CHECK-LABEL: func.func @remainder(
// CHECK-SAME: %[[X:.*]]: memref<?xf32, strided<[1], offset: ?>>, %[[N:.*]]: index, %[[P:.*]]: memref<64xf32>)
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZE:.*]], %{{.*}} = memref.extract_strided_metadata %[[X]]
// CHECK: %[[END:.*]] = arith.addi %[[OFF]], %[[SIZE]] : index
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[END]]], strides: [1] : memref<f32> to memref<?xf32>
// CHECK: affine.for %[[K:.*]] = 0 to %[[N]] {
// CHECK:   affine.for %[[L:.*]] = 0 to 64 {
// CHECK:     affine.load %[[FLAT]][%[[K]] * 64 + %[[L]] + symbol(%[[OFF]])] : memref<?xf32>
// CHECK:     affine.load %[[P]][%[[L]]] : memref<64xf32>
// VEC-LABEL: func.func @remainder(
// VEC: affine.for %{{.*}} = 0 to 64 step 8 {
// VEC:   vector.transfer_read %{{.*}} : memref<?xf32>, vector<8xf32>
func.func @remainder(%x: memref<?xf32, strided<[1], offset: ?>>, %n: index, %p: memref<64xf32>) {
  affine.for %k = 0 to %n {
    affine.for %l = 0 to 64 {
      %i = affine.apply affine_map<(d0, d1) -> (d0 * 64 + d1)>(%k, %l)
      %v = affine.load %x[%i] : memref<?xf32, strided<[1], offset: ?>>
      %a = affine.load %p[%l] : memref<64xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %p[%l] : memref<64xf32>
    }
  }
  return
}

// -----

// A one-dimensional view is rewritten whatever its loops: its flat view
// ends where it does, so a partial last vector is masked where it was.
// Stores too; static offsets fold into the map.

// CHECK-LABEL: func.func @tail(
// CHECK-COUNT-2: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<f32> to memref<?xf32>
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK:   %[[V:.*]] = affine.load %{{.*}}[%[[I]] + symbol(%{{.*}})] : memref<?xf32>
// CHECK:   affine.store %[[V]], %{{.*}}[%[[I]] + 16] : memref<?xf32>
// VEC-LABEL: func.func @tail(
// VEC: vector.transfer_read
// VEC: vector.transfer_write
func.func @tail(%a: memref<?xf32, strided<[1], offset: ?>>, %b: memref<?xf32, strided<[1], offset: 16>>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xf32, strided<[1], offset: ?>>
  affine.for %i = 0 to %n {
    %v = affine.load %a[%i] : memref<?xf32, strided<[1], offset: ?>>
    affine.store %v, %b[%i] : memref<?xf32, strided<[1], offset: 16>>
  }
  return
}

// -----

// Rows of a view (the remainder of each row's reduction): the loop over
// the last dimension runs 64 iterations, which the vector size divides, so
// no partial vector runs along a row; the row index times its dynamic
// stride is a symbol product, which the vectorizer does not take as
// contiguous (the loop over rows stays scalar).

// CHECK-LABEL: func.func @rows(
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[BASE]]
// CHECK: affine.for %[[R:.*]] = 0 to 3 {
// CHECK:   affine.for %[[K:.*]] = 0 to %{{.*}} {
// CHECK:     affine.for %[[L:.*]] = 0 to 64 {
// CHECK:       affine.load %[[FLAT]][%[[R]] * symbol(%[[STRIDES]]#0) + symbol(%[[OFF]]) + %[[K]] * 64 + %[[L]]] : memref<?xf64>
// VEC-LABEL: func.func @rows(
// VEC: affine.for %{{.*}} = 0 to 3 {
// VEC:   affine.for %{{.*}} = 0 to 64 step 8 {
// VEC:     vector.transfer_read %{{.*}} : memref<?xf64>, vector<8xf64>
func.func @rows(%x: memref<3x?xf64, strided<[?, 1], offset: ?>>, %n: index, %p: memref<3x64xf64>) {
  affine.for %r = 0 to 3 {
    affine.for %k = 0 to %n {
      affine.for %l = 0 to 64 {
        %i = affine.apply affine_map<(d0, d1) -> (d0 * 64 + d1)>(%k, %l)
        %v = affine.load %x[%r, %i] : memref<3x?xf64, strided<[?, 1], offset: ?>>
        %a = affine.load %p[%r, %l] : memref<3x64xf64>
        %s = arith.addf %a, %v : f64
        affine.store %s, %p[%r, %l] : memref<3x64xf64>
      }
    }
  }
  return
}

// -----

// Rows whose loop along the last dimension may end in a partial vector
// (a dynamic trip count, or 12, which 8 does not divide): the flat view
// would mask it at the buffer's end, not the row's, so the accesses stay.

// CHECK-LABEL: func.func @partial_rows(
// CHECK-NOT: memref.reinterpret_cast
// CHECK: affine.load %{{.*}} : memref<3x?xf64, strided<[?, 1], offset: ?>>
// CHECK: affine.load %{{.*}} : memref<3x12xf64, strided<[64, 1], offset: 16>>
func.func @partial_rows(%x: memref<3x?xf64, strided<[?, 1], offset: ?>>, %y: memref<3x12xf64, strided<[64, 1], offset: 16>>, %o: memref<3x64xf64>) {
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c1 : memref<3x?xf64, strided<[?, 1], offset: ?>>
  affine.for %r = 0 to 3 {
    affine.for %j = 0 to %n {
      %v = affine.load %x[%r, %j] : memref<3x?xf64, strided<[?, 1], offset: ?>>
      affine.store %v, %o[%r, %j] : memref<3x64xf64>
    }
    affine.for %j = 0 to 12 {
      %v = affine.load %y[%r, %j] : memref<3x12xf64, strided<[64, 1], offset: 16>>
      affine.store %v, %o[%r, %j] : memref<3x64xf64>
    }
  }
  return
}

// -----

// Left alone: identity layouts, a last stride other than 1, and a view
// defined inside a loop (its metadata would not be valid affine symbols of
// the loop's accesses).

// CHECK-LABEL: func.func @others(
// CHECK-NOT: memref.reinterpret_cast
// CHECK: affine.load %{{.*}} : memref<8xf32>
// CHECK: affine.load %{{.*}} : memref<4xf32, strided<[2]>>
// CHECK: affine.load %{{.*}} : memref<4xf32, strided<[1], offset: ?>>
func.func @others(%a: memref<8xf32>, %b: memref<4xf32, strided<[2]>>, %o: memref<8xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %a[%i] : memref<8xf32>
    %w = affine.load %b[%i] : memref<4xf32, strided<[2]>>
    %s = arith.addf %v, %w : f32
    affine.store %s, %o[%i] : memref<8xf32>
  }
  affine.for %t = 0 to 2 {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
    %sv = memref.subview %a[%off] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: ?>>
    affine.for %i = 0 to 4 {
      %v = affine.load %sv[%i] : memref<4xf32, strided<[1], offset: ?>>
      affine.store %v, %o[%i] : memref<8xf32>
    }
  }
  return
}

// -----

// An access that a loop around it does not move (a view of the partials,
// read in every row of a loop over rows) stays: the kernel's arguments may
// be views of one buffer, and tenferro-hoist-vector-accumulators would
// hoist a read of the flat view out of the loop, past the loop's writes to
// the buffer through another argument.

// CHECK-LABEL: func.func @invariant(
// CHECK-NOT: memref.reinterpret_cast
// CHECK: affine.load %{{.*}} : memref<16xf32, strided<[1], offset: 16>>
func.func @invariant(%p: memref<64xf32>, %g: memref<16xf32, strided<[1], offset: 16>>, %x: memref<8x64xf32>, %o: memref<8x16xf32>) {
  affine.for %r = 0 to 8 {
    affine.for %l = 0 to 64 {
      %v = affine.load %x[%r, %l] : memref<8x64xf32>
      affine.store %v, %p[%l] : memref<64xf32>
    }
    affine.for %j = 0 to 16 {
      %v = affine.load %g[%j] : memref<16xf32, strided<[1], offset: 16>>
      affine.store %v, %o[%r, %j] : memref<8x16xf32>
    }
  }
  return
}

// -----

// Under a branch (tenferro-serialize-small-parallel-loops' sequential copy
// of a dynamic nest): a branch is not a loop, and the accesses in it are
// rewritten as anywhere else.
// CHECK-LABEL: func.func @in_branch(
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[BASE]]
// CHECK: scf.if
// CHECK: affine.load %[[FLAT]][%{{.*}} + symbol(%[[OFF]])] : memref<?xf32>
func.func @in_branch(%x: memref<?xf32, strided<[1], offset: ?>>, %n: index, %c: i1, %y: memref<?xf32>) {
  scf.if %c {
    affine.for %i = 0 to %n {
      %v = affine.load %x[%i] : memref<?xf32, strided<[1], offset: ?>>
      affine.store %v, %y[%i] : memref<?xf32>
    }
  }
  return
}
