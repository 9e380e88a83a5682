// RUN: tenferro-opt %s --tenferro-strip-mine-parallel-loops --split-input-file | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{chunk-size=4096}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=CHUNK4K
// RUN: not tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{chunk-size=0}))" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADCHUNK

// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{outer-chunk-size=16}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=LANES16
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{outer-chunk-size=8}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=LANES8
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{inner-chunk-size=1024}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=INNER
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{inner-chunk-size=1024 outer-chunk-size=16}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=INNERV
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{min-work=3000}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=SMALL
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{inner-chunk-size=1024 outer-chunk-size=16 min-work=1200001}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=SMALLROWS
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{inner-chunk-size=1024 outer-chunk-size=16 min-work=1200000}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=INNERV
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{inner-chunk-size=1024 outer-chunk-size=16 min-run-bytes=2049}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=SMALLROWS
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{inner-chunk-size=1024 outer-chunk-size=16 min-run-bytes=2048}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=INNERV
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{inner-chunk-size=1024 outer-chunk-size=16 min-run-bytes=8192 min-work=38400}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=REGS
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{inner-chunk-size=1024 outer-chunk-size=16 min-work=38401}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=REGSWHOLE
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-strip-mine-parallel-loops{inner-chunk-size=1024 outer-chunk-size=4 min-run-bytes=8192}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=REGSWHOLE

// BADCHUNK: error: tenferro-strip-mine-parallel-loops: chunk-size must be at least 1

// A lone parallel loop becomes a loop over chunks and a loop within the
// chunk; the last chunk is bounded by the trip count.
// CHECK-LABEL: func.func @lone(
// CHECK: affine.for %[[C:.*]] = 0 to 40005 step 16384 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to min #{{.*}}(%[[C]]) {
// CHECK-NOT: affine.for
// CHECK: arith.mulf
// CHECK-LABEL: func.func @dynamic(
// CHECK: affine.for %[[C:.*]] = 0 to %{{.*}} step 16384 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to min #{{.*}}(%[[C]])[%{{.*}}] {
// CHUNK4K-LABEL: func.func @lone(
// CHUNK4K: affine.for %{{.*}} = 0 to 40005 step 4096 {
func.func @lone(%a: memref<40005xf32>, %o: memref<40005xf32>) {
  affine.for %i = 0 to 40005 {
    %v = affine.load %a[%i] : memref<40005xf32>
    %m = arith.mulf %v, %v : f32
    affine.store %m, %o[%i] : memref<40005xf32>
  }
  return
}

func.func @dynamic(%a: memref<?xf32>, %o: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %v = affine.load %a[%i] : memref<?xf32>
    affine.store %v, %o[%i] : memref<?xf32>
  }
  return
}

// -----

// At most one chunk's worth of iterations: two halves of whole vectors
// (outer-chunk-size, the pipeline's vector width; 1 without it), so that
// both threads get vectors; a loop of one vector goes whole into a
// parallel loop of one iteration (one thread, vectorized).
// CHECK-LABEL: func.func @one_chunk(
// CHECK: affine.for %[[C:.*]] = 0 to 16384 step 8192 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to #{{.*}}(%[[C]]) {
// CHECK: affine.for %[[D:.*]] = 0 to 1001 step 501 {
// CHECK: affine.for %{{.*}} = 0 to 8 step 4 {
// LANES8-LABEL: func.func @one_chunk(
// LANES8: affine.for %{{.*}} = 0 to 16384 step 8192 {
// LANES8: affine.for %{{.*}} = 0 to 1001 step 504 {
// LANES8-NEXT: affine.for %{{.*}} = #{{.*}}(%{{.*}}) to min #{{.*}}(%{{.*}}) {
// LANES8: affine.parallel (%{{.*}}) = (0) to (1) {
// LANES8-NEXT: affine.for %{{.*}} = 0 to 8 {
// With min-work, a loop of one chunk and less work stays whole (one
// thread): 1001 iterations of a load and a store are 2002 units, below
// 3000; 16384 of them (32768) are cut.
// SMALL-LABEL: func.func @one_chunk(
// SMALL: affine.for %{{.*}} = 0 to 16384 step 8192 {
// SMALL: affine.parallel (%{{.*}}) = (0) to (1) {
// SMALL-NEXT: affine.for %{{.*}} = 0 to 1001 {
func.func @one_chunk(%a: memref<16384xf32>) {
  affine.for %i = 0 to 16384 {
    %v = affine.load %a[%i] : memref<16384xf32>
    affine.store %v, %a[%i] : memref<16384xf32>
  }
  affine.for %i = 0 to 1001 {
    %v = affine.load %a[%i] : memref<16384xf32>
    affine.store %v, %a[%i] : memref<16384xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<16384xf32>
    affine.store %v, %a[%i] : memref<16384xf32>
  }
  return
}

// -----

// Left alone: a nest of depth two (its outer loop goes to threads, its
// inner one to vectors), and a loop that carries a dependence.
// CHECK-LABEL: func.func @unchanged(
// CHECK: affine.for %{{.*}} = 0 to 300 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 300 {
// CHECK: affine.for %{{.*}} = 1 to 40000 {
// CHECK-NOT: step
func.func @unchanged(%a: memref<40000xf32>, %m: memref<300x300xf32>) {
  affine.for %i = 0 to 300 {
    affine.for %j = 0 to 300 {
      %v = affine.load %m[%i, %j] : memref<300x300xf32>
      affine.store %v, %m[%i, %j] : memref<300x300xf32>
    }
  }
  affine.for %i = 1 to 40000 {
    %v = affine.load %a[%i - 1] : memref<40000xf32>
    affine.store %v, %a[%i] : memref<40000xf32>
  }
  return
}

// -----

// The lanes of a vector sum (docs/semantics.md 8.5) around the sequential
// loop over its groups: by default left alone; with outer-chunk-size the
// lane loop is cut into chunks of that many lanes, each around the whole
// group loop; where one chunk holds every lane, the nest goes unchanged
// into a parallel loop of one iteration (so that affine-parallelize,
// which takes the outermost parallel loop only, leaves the lanes to the
// vectorizer).
// CHECK-LABEL: func.func @lanes(
// CHECK-NOT: affine.parallel
// CHECK: affine.for %[[L:.*]] = 0 to 16 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 4096 {
// LANES16-LABEL: func.func @lanes(
// LANES16: affine.parallel (%{{.*}}) = (0) to (1) {
// LANES16-NEXT: affine.for %[[L:.*]] = 0 to 16 {
// LANES16-NEXT: affine.for %[[K:.*]] = 0 to 4096 {
// LANES16-NEXT: affine.load %{{.*}}[%[[K]] * 16 + %[[L]]]
// LANES8-LABEL: func.func @lanes(
// LANES8: affine.for %[[C:.*]] = 0 to 16 step 8 {
// LANES8-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to #{{.*}}(%[[C]]) {
// LANES8-NEXT: affine.for %{{.*}} = 0 to 4096 {
// A nest whose inner loop is parallel (to vectors already), and one with
// more than the inner loop in its body, stay as they are.
// LANES16-LABEL: func.func @not_lanes(
// LANES16-NOT: affine.parallel
// LANES16: return
func.func @lanes(%x: memref<65536xf32>, %acc: memref<16xf32>) {
  affine.for %l = 0 to 16 {
    affine.for %k = 0 to 4096 {
      %v = affine.load %x[%k * 16 + %l] : memref<65536xf32>
      %a = affine.load %acc[%l] : memref<16xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %acc[%l] : memref<16xf32>
    }
  }
  return
}

func.func @not_lanes(%x: memref<16x300xf32>, %acc: memref<16xf32>, %o: memref<16xf32>) {
  affine.for %l = 0 to 16 {
    affine.for %k = 0 to 300 {
      %v = affine.load %x[%l, %k] : memref<16x300xf32>
      affine.store %v, %x[%l, %k] : memref<16x300xf32>
    }
  }
  affine.for %l = 0 to 16 {
    %z = arith.constant 0.0 : f32
    affine.store %z, %o[%l] : memref<16xf32>
    affine.for %k = 0 to 300 {
      %v = affine.load %x[%l, %k] : memref<16x300xf32>
      %a = affine.load %acc[%l] : memref<16xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %acc[%l] : memref<16xf32>
    }
  }
  return
}

// -----

// A parallel loop inside a sequential one (the row sums of a column-major
// matrix: the kept axis inside the reduced one). By default left alone;
// with inner-chunk-size it goes outermost: in chunks where it is the
// innermost loop (the loop within a chunk stays innermost, contiguous),
// in two halves of whole vectors where one chunk holds it all (both
// threads get half of each row; a kept axis of one vector goes into a
// parallel loop of one iteration), and as it is where loops remain inside
// it. A nest whose dependences forbid
// the move (x[j, i] from x[j - 1, i + 1]) stays as it is.
// CHECK-LABEL: func.func @rows(
// CHECK: affine.for %{{.*}} = 0 to 300 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 5000 {
// INNER-LABEL: func.func @rows(
// INNER: affine.for %[[C:.*]] = 0 to 5000 step 1024 {
// INNER-NEXT: affine.for %[[J:.*]] = 0 to 300 {
// INNER-NEXT: affine.for %[[I:.*]] = #{{.*}}(%[[C]]) to min #{{.*}}(%[[C]]) {
// INNER-NEXT: affine.load %{{.*}}[%[[J]], %[[I]]]
// Even halves run from 0 within each half, offset by its start (their
// constant trip count shows to the passes after); uneven ones keep their
// bounds.
// INNER-LABEL: func.func @rows_one_chunk(
// INNER: affine.for %[[C:.*]] = 0 to 1000 step 500 {
// INNER-NEXT: affine.for %[[J:.*]] = 0 to 300 {
// INNER-NEXT: affine.for %[[I:.*]] = 0 to 500 {
// INNER-NEXT: %[[K:.*]] = affine.apply #{{.*}}(%[[C]], %[[I]])
// INNER-NEXT: affine.load %{{.*}}[%[[J]], %[[K]]]
// INNERV-LABEL: func.func @rows_one_chunk(
// INNERV: affine.for %[[C:.*]] = 0 to 1000 step 512 {
// INNERV-NEXT: affine.for %{{.*}} = 0 to 300 {
// INNERV-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to min #{{.*}}(%[[C]]) {
// The same nest below min-work (300 x 1000 x (3 accesses + 1 add) =
// 1200000 units; 1200001 keeps it whole, 1200000 cuts it: INNERV) or with
// halves shorter than min-run-bytes (512 f32, 2048 bytes; 2049 keeps it
// whole, 2048 cuts it) stays whole, on one thread.
// SMALLROWS-LABEL: func.func @rows_one_chunk(
// SMALLROWS: affine.parallel (%{{.*}}) = (0) to (1) {
// SMALLROWS-NEXT: affine.for %{{.*}} = 0 to 300 {
// SMALLROWS-NEXT: affine.for %{{.*}} = 0 to 1000 {
// INNERV-LABEL: func.func @rows_one_vector(
// INNERV: affine.parallel (%{{.*}}) = (0) to (1) {
// INNERV-NEXT: affine.for %{{.*}} = 0 to 300 {
// INNERV-NEXT: affine.for %{{.*}} = 0 to 16 {
// INNER-LABEL: func.func @rows_3d(
// INNER: affine.for %[[B:.*]] = 0 to 7 {
// INNER-NEXT: affine.for %[[C:.*]] = 0 to 300 {
// INNER-NEXT: affine.for %[[A:.*]] = 0 to 9 {
// INNER-NEXT: affine.load %{{.*}}[%[[C]], %[[B]], %[[A]]]
// INNER-LABEL: func.func @carried(
// INNER-NOT: affine.parallel
// INNER: affine.for %{{.*}} = 1 to 300 {
// INNER-NEXT: affine.for %{{.*}} = 0 to 5000 {
func.func @rows(%x: memref<300x5000xf32>, %o: memref<5000xf32>) {
  affine.for %j = 0 to 300 {
    affine.for %i = 0 to 5000 {
      %v = affine.load %x[%j, %i] : memref<300x5000xf32>
      %a = affine.load %o[%i] : memref<5000xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %o[%i] : memref<5000xf32>
    }
  }
  return
}

func.func @rows_one_chunk(%x: memref<300x1000xf32>, %o: memref<1000xf32>) {
  affine.for %j = 0 to 300 {
    affine.for %i = 0 to 1000 {
      %v = affine.load %x[%j, %i] : memref<300x1000xf32>
      %a = affine.load %o[%i] : memref<1000xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %o[%i] : memref<1000xf32>
    }
  }
  return
}

func.func @rows_one_vector(%x: memref<300x16xf32>, %o: memref<16xf32>) {
  affine.for %j = 0 to 300 {
    affine.for %i = 0 to 16 {
      %v = affine.load %x[%j, %i] : memref<300x16xf32>
      %a = affine.load %o[%i] : memref<16xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %o[%i] : memref<16xf32>
    }
  }
  return
}

func.func @rows_3d(%x: memref<300x7x9xf32>, %o: memref<7x9xf32>) {
  affine.for %c = 0 to 300 {
    affine.for %b = 0 to 7 {
      affine.for %a = 0 to 9 {
        %v = affine.load %x[%c, %b, %a] : memref<300x7x9xf32>
        %p = affine.load %o[%b, %a] : memref<7x9xf32>
        %s = arith.addf %p, %v : f32
        affine.store %s, %o[%b, %a] : memref<7x9xf32>
      }
    }
  }
  return
}

func.func @carried(%x: memref<300x5001xf32>) {
  affine.for %j = 1 to 300 {
    affine.for %i = 0 to 5000 {
      %v = affine.load %x[%j - 1, %i + 1] : memref<300x5001xf32>
      affine.store %v, %x[%j, %i] : memref<300x5001xf32>
    }
  }
  return
}

// -----

// The 64 lanes of a sum inside the loop over its groups: halves of 32
// lanes, at most four vectors, keep their partial sums in registers, so
// min-run-bytes does not keep them whole (128-byte halves against 8192,
// the REGS run). Their work count (300 x 64 x (3 accesses + 1 add) =
// 76800 units) must reach twice min-work, since the registers save the
// load and store of the partial sums it charges: min-work 38400 cuts,
// 38401 keeps the nest whole; so does a vector of 4 (halves of eight
// vectors) under min-run-bytes (REGSWHOLE).
// REGS-LABEL: func.func @lane_halves(
// REGS: affine.for %[[C:.*]] = 0 to 64 step 32 {
// REGS-NEXT: affine.for %{{.*}} = 0 to 300 {
// REGS-NEXT: affine.for %{{.*}} = 0 to 32 {
// REGSWHOLE-LABEL: func.func @lane_halves(
// REGSWHOLE: affine.parallel (%{{.*}}) = (0) to (1) {
// REGSWHOLE-NEXT: affine.for %{{.*}} = 0 to 300 {
// REGSWHOLE-NEXT: affine.for %{{.*}} = 0 to 64 {
func.func @lane_halves(%x: memref<300x64xf32>, %o: memref<64xf32>) {
  affine.for %j = 0 to 300 {
    affine.for %i = 0 to 64 {
      %v = affine.load %x[%j, %i] : memref<300x64xf32>
      %a = affine.load %o[%i] : memref<64xf32>
      %s = arith.addf %a, %v : f32
      affine.store %s, %o[%i] : memref<64xf32>
    }
  }
  return
}
