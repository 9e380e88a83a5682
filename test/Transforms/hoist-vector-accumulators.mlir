// RUN: tenferro-opt %s --tenferro-hoist-vector-accumulators --split-input-file | FileCheck %s
// RUN: tenferro-opt %s --tenferro-hoist-vector-accumulators="max-unroll=0" --split-input-file | FileCheck %s --check-prefix=NOUNROLL

// The lane reduction of 16 partial sums in vectors of 8: the loop over the
// two lane vectors is unrolled, and both accumulators are carried through
// the loop over the row's chunks, read before it and written after it.
// CHECK-LABEL: func.func @lane_accumulators(
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[A0:.*]] = vector.transfer_read %arg1[%[[I]], %[[L0:.*]]],
// CHECK: %[[A1:.*]] = vector.transfer_read %arg1[%[[I]], %[[L1:.*]]],
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%[[S0:.*]] = %[[A0]], %[[S1:.*]] = %[[A1]])
// CHECK-NOT: vector.transfer_write
// CHECK: arith.addf %[[S0]]
// CHECK-NOT: vector.transfer_write
// CHECK: arith.addf %[[S1]]
// CHECK: scf.yield
// CHECK-DAG: vector.transfer_write %[[R]]#0, %arg1[%[[I]], %[[L0]]]
// CHECK-DAG: vector.transfer_write %[[R]]#1, %arg1[%[[I]], %[[L1]]]
// Without unrolling, the pair stays in the lane loop.
// NOUNROLL-LABEL: func.func @lane_accumulators(
// NOUNROLL-NOT: iter_args
// NOUNROLL: return
func.func @lane_accumulators(%x: memref<4x1024xf32>, %acc: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %p = ub.poison : f32
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c16 step %c8 {
        %base = arith.muli %k, %c16 : index
        %col = arith.addi %base, %j : index
        %v = vector.transfer_read %x[%i, %col], %p {in_bounds = [true]} : memref<4x1024xf32>, vector<8xf32>
        %a = vector.transfer_read %acc[%i, %j], %p {in_bounds = [true]} : memref<4x16xf32>, vector<8xf32>
        %s = arith.addf %a, %v : vector<8xf32>
        vector.transfer_write %s, %acc[%i, %j] {in_bounds = [true]} : vector<8xf32>, memref<4x16xf32>
      }
    }
  }
  return
}

// -----

// One vector of partial sums per row (16 lanes in one vector): hoisted
// without unrolling.
// CHECK-LABEL: func.func @one_vector(
// CHECK: vector.transfer_read %arg1
// CHECK: scf.for {{.*}} iter_args
// CHECK-NOT: vector.transfer_{{read|write}} %arg1
// CHECK: scf.yield
// CHECK: vector.transfer_write %{{.*}}, %arg1
// NOUNROLL-LABEL: func.func @one_vector(
// NOUNROLL: scf.for {{.*}} iter_args
func.func @one_vector(%x: memref<4x1024xf32>, %acc: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %p = ub.poison : f32
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %col = arith.muli %k, %c16 : index
      %v = vector.transfer_read %x[%i, %col], %p {in_bounds = [true]} : memref<4x1024xf32>, vector<16xf32>
      %a = vector.transfer_read %acc[%i, %c0], %p {in_bounds = [true]} : memref<4x16xf32>, vector<16xf32>
      %s = arith.addf %a, %v : vector<16xf32>
      vector.transfer_write %s, %acc[%i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x16xf32>
    }
  }
  return
}

// -----

// The loop also reads the accumulator buffer elsewhere: the values in
// memory are needed on every iteration, nothing is hoisted.
// CHECK-LABEL: func.func @other_access(
// CHECK-NOT: iter_args
// CHECK: vector.transfer_write %{{.*}}, %arg1
// CHECK: return
func.func @other_access(%x: memref<4x1024xf32>, %acc: memref<4x16xf32>, %o: memref<4x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %p = ub.poison : f32
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %col = arith.muli %k, %c16 : index
      %v = vector.transfer_read %x[%i, %col], %p {in_bounds = [true]} : memref<4x1024xf32>, vector<16xf32>
      %a = vector.transfer_read %acc[%i, %c0], %p {in_bounds = [true]} : memref<4x16xf32>, vector<16xf32>
      %s = arith.addf %a, %v : vector<16xf32>
      vector.transfer_write %s, %acc[%i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x16xf32>
      %prev = vector.transfer_read %acc[%c0, %c0], %p {in_bounds = [true]} : memref<4x16xf32>, vector<16xf32>
      vector.transfer_write %prev, %o[%i, %col] {in_bounds = [true]} : vector<16xf32>, memref<4x1024xf32>
    }
  }
  return
}

// -----

// An elementwise loop in place (the same indices, varying with the loop)
// is no accumulator of the enclosing loop: nothing is hoisted, and the
// loop over 32 vectors exceeds max-unroll (16), so it stays a loop.
// CHECK-LABEL: func.func @in_place_elementwise(
// CHECK-NOT: iter_args
// CHECK: scf.for
// CHECK: scf.for
// CHECK: vector.transfer_read %arg0
// CHECK: vector.transfer_write
// CHECK-NOT: vector.transfer_write
// CHECK: return
func.func @in_place_elementwise(%x: memref<4x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %p = ub.poison : f32
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c256 step %c8 {
      %v = vector.transfer_read %x[%i, %j], %p {in_bounds = [true]} : memref<4x256xf32>, vector<8xf32>
      %s = arith.addf %v, %v : vector<8xf32>
      vector.transfer_write %s, %x[%i, %j] {in_bounds = [true]} : vector<8xf32>, memref<4x256xf32>
    }
  }
  return
}

// -----

// An accumulator that is a view of another buffer may overlap the data:
// upstream's hoisting leaves views alone.
// CHECK-LABEL: func.func @view(
// CHECK-NOT: iter_args
// CHECK: return
func.func @view(%x: memref<4x1024xf32>, %big: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %p = ub.poison : f32
  %acc = memref.subview %big[0, 0] [4, 16] [1, 1] : memref<8x16xf32> to memref<4x16xf32, strided<[16, 1]>>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c64 step %c1 {
      %col = arith.muli %k, %c16 : index
      %v = vector.transfer_read %x[%i, %col], %p {in_bounds = [true]} : memref<4x1024xf32>, vector<16xf32>
      %a = vector.transfer_read %acc[%i, %c0], %p {in_bounds = [true]} : memref<4x16xf32, strided<[16, 1]>>, vector<16xf32>
      %s = arith.addf %a, %v : vector<16xf32>
      vector.transfer_write %s, %acc[%i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x16xf32, strided<[16, 1]>>
    }
  }
  return
}

// -----

// A row's partials on the stack with the tail of the row written through
// a view of their first lanes (tenferro-fuse-column-tiles with
// lane-steps): the tail's loads and stores are folded into accesses of
// the alloca and the view is erased, so that the accumulator is hoisted.
// CHECK-LABEL: func.func @stack_partials_with_tail(
// CHECK: %[[P:.*]] = memref.alloca() : memref<1x16xf32>
// CHECK-NOT: memref.subview
// CHECK: %[[A:.*]] = vector.transfer_read %[[P]][%c0, %c0]
// CHECK: %[[R:.*]] = scf.for %{{.*}} iter_args(%[[S:.*]] = %[[A]])
// CHECK: vector.transfer_write %[[R]], %[[P]][%c0, %c0]
// CHECK: scf.for %[[L:.*]] = %c0 to %c5
// CHECK: memref.load %[[P]][%{{.*}}, %[[L]]] : memref<1x16xf32>
// CHECK: memref.store %{{.*}}, %[[P]][%{{.*}}, %[[L]]] : memref<1x16xf32>
// NOUNROLL-LABEL: func.func @stack_partials_with_tail(
// NOUNROLL-NOT: memref.subview
// NOUNROLL: iter_args
func.func @stack_partials_with_tail(%x: memref<4x37xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  %p = ub.poison : f32
  %acc = memref.alloca() : memref<1x16xf32>
  %head = memref.subview %acc[0, 0] [1, 5] [1, 1] : memref<1x16xf32> to memref<1x5xf32, strided<[16, 1]>>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c2 step %c1 {
      %col = arith.muli %k, %c16 : index
      %v = vector.transfer_read %x[%i, %col], %p {in_bounds = [true]} : memref<4x37xf32>, vector<16xf32>
      %a = vector.transfer_read %acc[%c0, %c0], %p {in_bounds = [true]} : memref<1x16xf32>, vector<16xf32>
      %s = arith.addf %a, %v : vector<16xf32>
      vector.transfer_write %s, %acc[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<1x16xf32>
    }
    scf.for %l = %c0 to %c5 step %c1 {
      %t = arith.addi %l, %c16 : index
      %t2 = arith.addi %t, %c16 : index
      %e = memref.load %x[%i, %t2] : memref<4x37xf32>
      %h = memref.load %head[%c0, %l] : memref<1x5xf32, strided<[16, 1]>>
      %sum = arith.addf %h, %e : f32
      memref.store %sum, %head[%c0, %l] : memref<1x5xf32, strided<[16, 1]>>
    }
  }
  return
}

// -----

// Views of stack partials made inside a loop (lane steps within the tiles
// of column fusion, two reductions in one tile): the greedy driver erases
// views that folding leaves dead in its scope, and the pass must not touch
// them again (a use after free that the sanitizer build reports).
// CHECK-LABEL: func.func @stack_views_in_loop(
// CHECK-NOT: memref.subview
// CHECK-COUNT-4: memref.load %{{.*}}[%c0{{.*}}, %{{.*}}] : memref<1x32xf32>
// CHECK-NOT: memref.subview
// CHECK: return
func.func @stack_views_in_loop(%out: memref<64x16xf32>, %out2: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %acc = memref.alloca() : memref<1x32xf32>
  %acc2 = memref.alloca() : memref<1x32xf32>
  scf.for %t = %c0 to %c64 step %c4 {
    %low = memref.subview %acc[0, 0] [1, 16] [1, 1] : memref<1x32xf32> to memref<1x16xf32, strided<[32, 1]>>
    %high = memref.subview %acc[0, 16] [1, 16] [1, 1] : memref<1x32xf32> to memref<1x16xf32, strided<[32, 1], offset: 16>>
    scf.for %r = %c0 to %c4 step %c1 {
      %row = arith.addi %t, %r : index
      scf.for %l = %c0 to %c16 step %c1 {
        %a = memref.load %low[%c0, %l] : memref<1x16xf32, strided<[32, 1]>>
        %b = memref.load %high[%c0, %l] : memref<1x16xf32, strided<[32, 1], offset: 16>>
        %s = arith.addf %a, %b : f32
        memref.store %s, %out[%row, %l] : memref<64x16xf32>
      }
    }
    %low2 = memref.subview %acc2[0, 0] [1, 16] [1, 1] : memref<1x32xf32> to memref<1x16xf32, strided<[32, 1]>>
    %high2 = memref.subview %acc2[0, 16] [1, 16] [1, 1] : memref<1x32xf32> to memref<1x16xf32, strided<[32, 1], offset: 16>>
    scf.for %r = %c0 to %c4 step %c1 {
      %row = arith.addi %t, %r : index
      scf.for %l = %c0 to %c16 step %c1 {
        %a = memref.load %low2[%c0, %l] : memref<1x16xf32, strided<[32, 1]>>
        %b = memref.load %high2[%c0, %l] : memref<1x16xf32, strided<[32, 1], offset: 16>>
        %s = arith.addf %a, %b : f32
        memref.store %s, %out2[%row, %l] : memref<64x16xf32>
      }
    }
  }
  return
}
