// RUN: tenferro-opt %s -split-input-file \
// RUN:   --pass-pipeline="builtin.module(func.func(tenferro-serialize-small-parallel-loops{min-work=8192}))" \
// RUN:   | FileCheck %s
// min-work=0 keeps every parallel loop.
// The work of a nest: its trip counts times one unit per load and store
// and the instructions of each op (an add 1, a transcendental 40), twice
// that on 64-bit elements.
// RUN: tenferro-opt %s -split-input-file \
// RUN:   --pass-pipeline="builtin.module(func.func(tenferro-serialize-small-parallel-loops{min-work=0}))" \
// RUN:   | FileCheck %s --check-prefix=KEEP

// 63 x 64 x 2 (a load, a store) = 8064 units: one thread, the bounds and
// the body as they were.
// CHECK-LABEL: func.func @small_nest
// CHECK-NOT: affine.parallel
// CHECK: affine.for %[[I:.*]] = 0 to 63 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]], %[[J]]]
// KEEP-LABEL: func.func @small_nest
// KEEP: affine.parallel
func.func @small_nest(%a: memref<63x64xf32>, %b: memref<63x64xf32>) {
  affine.parallel (%i) = (0) to (63) {
    affine.for %j = 0 to 64 {
      %x = affine.load %a[%i, %j] : memref<63x64xf32>
      affine.store %x, %b[%i, %j] : memref<63x64xf32>
    }
  }
  return
}

// -----

// 64 x 64 iterations: min-iterations is not below, the loop stays
// parallel.
// CHECK-LABEL: func.func @large_nest
// CHECK: affine.parallel (%{{.*}}) = (0) to (64)
func.func @large_nest(%a: memref<64x64xf32>, %b: memref<64x64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 64 {
      %x = affine.load %a[%i, %j] : memref<64x64xf32>
      affine.store %x, %b[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// -----

// Loops side by side add up: 32 x (64 + 64) x 2 = 8192 units stay
// parallel, 32 x (64 + 63) x 2 = 8128 do not.
// CHECK-LABEL: func.func @siblings
// CHECK: affine.parallel
// CHECK: affine.for %{{.*}} = 0 to 32 {
// CHECK-NOT: affine.parallel
// CHECK: return
func.func @siblings(%a: memref<32x64xf32>, %b: memref<32x64xf32>) {
  affine.parallel (%i) = (0) to (32) {
    affine.for %j = 0 to 64 {
      %x = affine.load %a[%i, %j] : memref<32x64xf32>
      affine.store %x, %b[%i, %j] : memref<32x64xf32>
    }
    affine.for %j = 0 to 64 {
      %x = affine.load %b[%i, %j] : memref<32x64xf32>
      affine.store %x, %a[%i, %j] : memref<32x64xf32>
    }
  }
  affine.parallel (%i) = (0) to (32) {
    affine.for %j = 0 to 64 {
      %x = affine.load %a[%i, %j] : memref<32x64xf32>
      affine.store %x, %b[%i, %j] : memref<32x64xf32>
    }
    affine.for %j = 0 to 63 {
      %x = affine.load %b[%i, %j] : memref<32x64xf32>
      affine.store %x, %a[%i, %j] : memref<32x64xf32>
    }
  }
  return
}

// -----

// Chunks of rows as tenferro-fuse-column-tiles makes them: 44 chunks of at
// most 3 rows (the chunk's loop counts as its bound, 3) of 10 elements,
// 2904 units.
// The chunk's stack partials go before the loops: one buffer for all.
// CHECK-LABEL: func.func @chunks
// CHECK-NEXT: %[[P:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x10xf32>
// CHECK-NEXT: affine.for %[[C:.*]] = 0 to 130 step 3 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to min #{{.*}}(%[[C]]) {
// CHECK: affine.store %{{.*}}, %[[P]]
// CHECK-NOT: affine.parallel
// CHECK-NOT: memref.alloca
// CHECK: return
func.func @chunks(%a: memref<130x10xf32>, %b: memref<130xf32>) {
  affine.parallel (%c) = (0) to (130) step (3) {
    %p = memref.alloca() {alignment = 64 : i64} : memref<1x10xf32>
    affine.for %r = affine_map<(d0) -> (d0)>(%c)
        to min affine_map<(d0) -> (d0 + 3, 130)>(%c) {
      affine.for %j = 0 to 10 {
        %x = affine.load %a[%r, %j] : memref<130x10xf32>
        affine.store %x, %p[0, %j] : memref<1x10xf32>
      }
      %y = affine.load %p[0, 0] : memref<1x10xf32>
      affine.store %y, %b[%r] : memref<130xf32>
    }
  }
  return
}

// -----

// The ops weigh: 64 x 8 exps (42 units each with their load and store)
// stay parallel, 64 x 8 adds (3 units) do not.
// CHECK-LABEL: func.func @work_of_ops
// CHECK: affine.parallel
// CHECK: math.exp
// CHECK: affine.for %{{.*}} = 0 to 64 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 8 {
// CHECK-NOT: affine.parallel
// CHECK: return
func.func @work_of_ops(%a: memref<64x8xf32>, %b: memref<64x8xf32>) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 8 {
      %x = affine.load %a[%i, %j] : memref<64x8xf32>
      %y = math.exp %x : f32
      affine.store %y, %b[%i, %j] : memref<64x8xf32>
    }
  }
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 8 {
      %x = affine.load %a[%i, %j] : memref<64x8xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %b[%i, %j] : memref<64x8xf32>
    }
  }
  return
}

// -----

// 64-bit elements count twice: the copy of @small_nest on f64 is 16128
// units and stays parallel.
// CHECK-LABEL: func.func @wide_elements
// CHECK: affine.parallel
func.func @wide_elements(%a: memref<63x64xf64>, %b: memref<63x64xf64>) {
  affine.parallel (%i) = (0) to (63) {
    affine.for %j = 0 to 64 {
      %x = affine.load %a[%i, %j] : memref<63x64xf64>
      affine.store %x, %b[%i, %j] : memref<63x64xf64>
    }
  }
  return
}

// -----

// Two dimensions: two loops, the first outermost.
// CHECK-LABEL: func.func @two_dims
// CHECK: affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 16 step 2 {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NOT: affine.parallel
func.func @two_dims(%a: memref<8x16xf32>, %b: memref<8x16xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (8, 16) step (1, 2) {
    %x = affine.load %a[%i, %j] : memref<8x16xf32>
    affine.store %x, %b[%i, %j] : memref<8x16xf32>
  }
  return
}

// -----

// A dynamic extent: the work (2 units an iteration, times the trip count)
// is computed before the nest, and an scf.if runs a sequential copy below
// min-work or where the parallel loop has one iteration, the parallel
// loop otherwise.
// CHECK-LABEL: func.func @dynamic_extent
// CHECK-SAME: (%[[A:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK: %[[TRIPS:.*]] = arith.maxsi %[[N]], %{{.*}} : index
// CHECK: %[[WORK:.*]] = arith.muli %[[TRIPS]], %[[C2:.*]] : index
// CHECK: %[[LIMIT:.*]] = arith.constant 8192 : index
// CHECK: %[[LITTLE:.*]] = arith.cmpi ult, %[[WORK]], %[[LIMIT]] : index
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[SINGLE:.*]] = arith.cmpi ule, %[[TRIPS]], %[[ONE]] : index
// CHECK: %[[SEQ:.*]] = arith.ori %[[LITTLE]], %[[SINGLE]] : i1
// CHECK: scf.if %[[SEQ]] {
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to %[[N]] {
// CHECK-NEXT: affine.load %[[A]][%[[I]]]
// CHECK: } else {
// CHECK-NEXT: affine.parallel (%[[J:.*]]) = (0) to (symbol(%[[N]])) {
// CHECK-NEXT: affine.load %[[A]][%[[J]]]
// KEEP-LABEL: func.func @dynamic_extent
// KEEP-NOT: scf.if
// KEEP: affine.parallel
func.func @dynamic_extent(%a: memref<?xf32>, %n: index) {
  affine.parallel (%i) = (0) to (symbol(%n)) {
    %x = affine.load %a[%i] : memref<?xf32>
    affine.store %x, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// Chunks of a dynamic extent, as tenferro-strip-mine-parallel-loops makes
// them: ceildiv(n, 16) chunks of at most 16 iterations (the chunk loop
// counts as its bound) of 2 units each.
// CHECK-LABEL: func.func @dynamic_chunks
// CHECK-SAME: (%[[A:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[CHUNKS:.*]] = arith.ceildivsi %[[N]], %[[C16]] : index
// CHECK: %[[TRIPS:.*]] = arith.maxsi %[[CHUNKS]], %{{.*}} : index
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[WORK:.*]] = arith.muli %[[TRIPS]], %[[C32]] : index
// CHECK: arith.cmpi ult, %[[WORK]]
// CHECK: arith.cmpi ule, %[[TRIPS]]
// CHECK: scf.if
// CHECK-NEXT: affine.for %[[C:.*]] = 0 to %[[N]] step 16 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to min #{{.*}}(%[[C]])[%[[N]]] {
// CHECK: } else {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (0) to (symbol(%[[N]])) step (16) {
func.func @dynamic_chunks(%a: memref<?xf32>, %n: index) {
  affine.parallel (%c) = (0) to (symbol(%n)) step (16) {
    affine.for %i = affine_map<(d0) -> (d0)>(%c)
        to min affine_map<(d0)[s0] -> (d0 + 16, s0)>(%c)[%n] {
      %x = affine.load %a[%i] : memref<?xf32>
      affine.store %x, %a[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// A static parallel loop around a dynamic one (the lanes of a reduction
// around its groups): 2 iterations of max(n, 0) x 32 x 2 units. The inner
// loop's bound is defined before the nest, where the work is computed.
// CHECK-LABEL: func.func @dynamic_inside
// CHECK-SAME: (%[[A:.*]]: memref<?x64xf32>, %[[N:.*]]: index)
// CHECK: %[[GROUPS:.*]] = arith.maxsi %[[N]], %{{.*}} : index
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[INNER:.*]] = arith.muli %[[GROUPS]], %[[C64]] : index
// CHECK: %[[WORK:.*]] = arith.muli %[[INNER]], %{{.*}} : index
// CHECK: arith.cmpi ult, %[[WORK]]
// CHECK: scf.if
// CHECK-NEXT: affine.for %{{.*}} = 0 to 64 step 32 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to %[[N]] {
// CHECK: } else {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (0) to (64) step (32) {
func.func @dynamic_inside(%a: memref<?x64xf32>, %n: index) {
  affine.parallel (%l) = (0) to (64) step (32) {
    affine.for %g = 0 to %n {
      affine.for %k = 0 to 32 {
        %x = affine.load %a[%g, %l + %k] : memref<?x64xf32>
        affine.store %x, %a[%g, %l + %k] : memref<?x64xf32>
      }
    }
  }
  return
}

// -----

// What stays parallel: an inner loop whose bound depends on the nest (its
// work cannot be counted before the nest), a parallel reduction, a
// dynamic alloca in the body, and a loop of one iteration (which never
// becomes an OpenMP region).
// CHECK-LABEL: func.func @kept
// CHECK-NOT: scf.if
// CHECK-COUNT-4: affine.parallel
// CHECK-NOT: scf.if
func.func @kept(%a: memref<?x?xf32>, %n: index, %s: memref<8xf32>) -> f32 {
  affine.parallel (%i) = (0) to (symbol(%n)) {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %x = affine.load %a[%i, %j] : memref<?x?xf32>
      affine.store %x, %a[%i, %j] : memref<?x?xf32>
    }
  }
  %sum = affine.parallel (%i) = (0) to (8) reduce ("addf") -> f32 {
    %x = affine.load %s[%i] : memref<8xf32>
    affine.yield %x : f32
  }
  affine.parallel (%i) = (0) to (8) {
    %t = memref.alloca(%n) : memref<?xf32>
    %x = affine.load %s[%i] : memref<8xf32>
    affine.store %x, %t[%i] : memref<?xf32>
  }
  affine.parallel (%i) = (0) to (1) {
    affine.for %j = 0 to 8 {
      %x = affine.load %s[%j] : memref<8xf32>
      affine.store %x, %s[%j] : memref<8xf32>
    }
  }
  return %sum : f32
}
