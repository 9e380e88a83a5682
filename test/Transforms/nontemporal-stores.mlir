// RUN: tenferro-opt %s --tenferro-nontemporal-stores --split-input-file | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-nontemporal-stores{min-bytes=0}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=ALL
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-nontemporal-stores{max-work-per-access=0}))" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=NOLIMIT
// The stores reach LLVM as non-temporal, aligned stores.
// RUN: tenferro-opt %s --tenferro-nontemporal-stores --split-input-file \
// RUN:   --convert-vector-to-llvm --finalize-memref-to-llvm --convert-scf-to-cf \
// RUN:   --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

// A buffer of unknown size: the store streams when the buffer has at
// least min-bytes (32 MiB by default) and the vector's address is aligned
// to its 64 bytes; otherwise the original write. One fence after the loop.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[O:.*]]: memref<?xf32>
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[V:.*]] = vector.transfer_read %[[A]][%[[I]]]
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZE:.*]], %[[STRIDE:.*]] = memref.extract_strided_metadata %[[O]]
// CHECK: %[[SCALED:.*]] = arith.muli %[[I]], %[[STRIDE]]
// CHECK: %[[LIN:.*]] = arith.addi %[[OFF]], %[[SCALED]]
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[O]]
// CHECK: %[[BYTE:.*]] = arith.muli %[[LIN]], %c4
// CHECK: %[[ADDR:.*]] = arith.addi %[[PTR]], %[[BYTE]]
// CHECK: %[[MIS:.*]] = arith.andi %[[ADDR]], %c63
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq, %[[MIS]], %c0
// CHECK: %[[TOTAL:.*]] = arith.muli %c4{{.*}}, %[[SIZE]]
// CHECK: %[[LARGE:.*]] = arith.cmpi uge, %[[TOTAL]], %c33554432
// CHECK: %[[STREAM:.*]] = arith.andi %[[LARGE]], %[[ALIGNED]]
// CHECK: scf.if %[[STREAM]] {
// CHECK-NEXT: vector.store %[[V]], %[[O]][%[[I]]] {alignment = 64 : i64, nontemporal = true}
// CHECK-NEXT: } else {
// CHECK-NEXT: vector.transfer_write %[[V]], %[[O]][%[[I]]] {in_bounds = [true]}
// CHECK-NEXT: }
// CHECK: }
// CHECK-NEXT: llvm.fence seq_cst
// CHECK-NEXT: return
// LLVM-LABEL: llvm.func @dynamic(
// LLVM: llvm.store %{{.*}}, %{{.*}} {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr
// LLVM: llvm.fence seq_cst
func.func @dynamic(%a: memref<?xf32>, %o: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %v = vector.transfer_read %a[%i], %pad {in_bounds = [true]} : memref<?xf32>, vector<16xf32>
    vector.transfer_write %v, %o[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
  }
  return
}

// -----

// A static buffer of at least min-bytes (8 Mi f32 = 32 MiB): the alignment
// alone decides. f64 vectors of 16 lanes (128 bytes) need 64-byte
// alignment, the width of one x86 store.
// CHECK-LABEL: func.func @static_large(
// CHECK-NOT: arith.cmpi uge
// CHECK: arith.andi %{{.*}}, %c63
// CHECK: scf.if
// CHECK-NEXT: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<8388608xf32>, vector<16xf32>
// CHECK: llvm.fence seq_cst
// CHECK-LABEL: func.func @f64_lanes(
// CHECK: arith.andi %{{.*}}, %c63
// CHECK: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<?xf64>, vector<16xf64>
func.func @static_large(%o: memref<8388608xf32>, %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 8388608 : index
  scf.for %i = %c0 to %n step %c16 {
    vector.transfer_write %v, %o[%i] {in_bounds = [true]} : vector<16xf32>, memref<8388608xf32>
  }
  return
}

func.func @f64_lanes(%o: memref<?xf64>, %v: vector<16xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %n step %c16 {
    vector.transfer_write %v, %o[%i] {in_bounds = [true]} : vector<16xf64>, memref<?xf64>
  }
  return
}

// -----

// Narrower vectors align to their own size: 8 f32 lanes (an AVX2
// register) to 32 bytes, 4 to 16.
// CHECK-LABEL: func.func @narrow(
// CHECK: arith.andi %{{.*}}, %c31
// CHECK: vector.store {{.*}} {alignment = 32 : i64, nontemporal = true} : memref<?xf32>, vector<8xf32>
// CHECK: arith.andi %{{.*}}, %c15
// CHECK: vector.store {{.*}} {alignment = 16 : i64, nontemporal = true} : memref<?xf32>, vector<4xf32>
func.func @narrow(%o: memref<?xf32>, %v8: vector<8xf32>, %v4: vector<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %n step %c8 {
    vector.transfer_write %v8, %o[%i] {in_bounds = [true]} : vector<8xf32>, memref<?xf32>
    vector.transfer_write %v4, %o[%i] {in_bounds = [true]} : vector<4xf32>, memref<?xf32>
  }
  return
}

// -----

// A column-major matrix (the buffer's dimensions reversed): the address
// combines both indices with the buffer's strides, so a column whose
// start is not aligned keeps the ordinary store.
// CHECK-LABEL: func.func @matrix(
// CHECK: scf.for %[[J:.*]] =
// CHECK: scf.for %[[I:.*]] =
// CHECK: %{{.*}}, %[[OFF:.*]], %{{.*}}:2, %[[S:.*]]:2 = memref.extract_strided_metadata
// CHECK: %[[A:.*]] = arith.muli %[[J]], %[[S]]#0
// CHECK: %[[B:.*]] = arith.addi %[[OFF]], %[[A]]
// CHECK: %[[C:.*]] = arith.muli %[[I]], %[[S]]#1
// CHECK: arith.addi %[[B]], %[[C]]
// CHECK: vector.store {{.*}}[%[[J]], %[[I]]] {alignment = 64 : i64, nontemporal = true}
// The fence follows the outer loop, not each column.
// CHECK-NEXT: } else {
// CHECK-NEXT: vector.transfer_write {{.*}}
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: llvm.fence seq_cst
// CHECK-NOT: llvm.fence
func.func @matrix(%o: memref<?x?xf64>, %v: vector<8xf64>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %j = %c0 to %n step %c1 {
    scf.for %i = %c0 to %m step %c8 {
      vector.transfer_write %v, %o[%j, %i] {in_bounds = [true]} : vector<8xf64>, memref<?x?xf64>
    }
  }
  return
}

// -----

// In a parallel loop's body the fence stays in the body: the thread that
// stored runs it.
// CHECK-LABEL: func.func @parallel(
// CHECK: scf.parallel
// CHECK: scf.for
// CHECK: vector.store {{.*}}nontemporal = true
// CHECK-NEXT: } else {
// CHECK-NEXT: vector.transfer_write {{.*}}
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: llvm.fence seq_cst
// CHECK-NEXT: scf.reduce
func.func @parallel(%o: memref<?xf32>, %v: vector<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c4096 = arith.constant 4096 : index
  scf.parallel (%c) = (%c0) to (%n) step (%c4096) {
    %e = arith.addi %c, %c4096 : index
    scf.for %i = %c to %e step %c16 {
      vector.transfer_write %v, %o[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
    }
    scf.reduce
  }
  return
}

// -----

// An update in place: the loop reads the buffer it writes, so each line
// is in the cache when it is stored; left alone.
// CHECK-LABEL: func.func @in_place(
// CHECK-NOT: nontemporal
// CHECK-NOT: llvm.fence
// CHECK: return
func.func @in_place(%o: memref<?xf32>, %v: vector<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %x = vector.transfer_read %o[%i], %pad {in_bounds = [true]} : memref<?xf32>, vector<16xf32>
    %y = arith.mulf %x, %v : vector<16xf32>
    vector.transfer_write %y, %o[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
  }
  return
}

// -----

// A loop bound by its arithmetic: an exp (20 units) and a multiply (1) per
// load and store, 10.5 per access, above max-work-per-access (8): left
// alone. With no limit (max-work-per-access=0) it streams.
// CHECK-LABEL: func.func @compute_bound(
// CHECK-NOT: nontemporal
// CHECK-NOT: llvm.fence
// CHECK: return
// NOLIMIT-LABEL: func.func @compute_bound(
// NOLIMIT: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// NOLIMIT: llvm.fence
func.func @compute_bound(%a: memref<?xf32>, %o: memref<?xf32>, %v: vector<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %x = vector.transfer_read %a[%i], %pad {in_bounds = [true]} : memref<?xf32>, vector<16xf32>
    %e = math.exp %x : vector<16xf32>
    %y = arith.mulf %e, %v : vector<16xf32>
    vector.transfer_write %y, %o[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
  }
  return
}

// -----

// At the limit: four NaN-propagating maxima (4 units each) over a load and
// a store, 8 per access, still stream; scalar index arithmetic counts
// nothing.
// CHECK-LABEL: func.func @at_limit(
// CHECK: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK: llvm.fence
func.func @at_limit(%a: memref<?xf32>, %o: memref<?xf32>, %v: vector<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c16 {
    %j = arith.addi %i, %c0 : index
    %x = vector.transfer_read %a[%j], %pad {in_bounds = [true]} : memref<?xf32>, vector<16xf32>
    %m0 = arith.maximumf %x, %v : vector<16xf32>
    %m1 = arith.maximumf %m0, %v : vector<16xf32>
    %m2 = arith.maximumf %m1, %v : vector<16xf32>
    %m3 = arith.maximumf %m2, %v : vector<16xf32>
    vector.transfer_write %m3, %o[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
  }
  return
}

// -----

// Left alone: a small static buffer (unless min-bytes is 0), a masked
// tail, a write that may leave the buffer, a write outside any loop,
// Bool vectors (bits, not bytes), vectors of less than 16 bytes or of no
// power-of-two size, 2-d vectors, and a buffer whose last dimension is
// strided.
// CHECK-LABEL: func.func @unchanged(
// CHECK-NOT: nontemporal
// CHECK-NOT: llvm.fence
// CHECK: return
// ALL-LABEL: func.func @unchanged(
// ALL-COUNT-1: nontemporal = true
// ALL-NOT: nontemporal = true
// ALL: return
func.func @unchanged(%small: memref<1024xf32>, %o: memref<?xf32>, %b: memref<?xi1>,
                     %m2: memref<?x?xf32>, %s: memref<?xf32, strided<[2]>>,
                     %v: vector<16xf32>, %vb: vector<16xi1>, %v2: vector<2xf32>,
                     %v12: vector<12xf32>, %vm: vector<2x8xf32>, %mask: vector<16xi1>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  vector.transfer_write %v, %o[%c0] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
  scf.for %i = %c0 to %n step %c16 {
    vector.transfer_write %v, %small[%i] {in_bounds = [true]} : vector<16xf32>, memref<1024xf32>
    vector.transfer_write %v, %o[%i], %mask {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
    vector.transfer_write %v, %o[%i] : vector<16xf32>, memref<?xf32>
    vector.transfer_write %vb, %b[%i] {in_bounds = [true]} : vector<16xi1>, memref<?xi1>
    vector.transfer_write %v2, %o[%i] {in_bounds = [true]} : vector<2xf32>, memref<?xf32>
    vector.transfer_write %v12, %o[%i] {in_bounds = [true]} : vector<12xf32>, memref<?xf32>
    vector.transfer_write %vm, %m2[%i, %c0] {in_bounds = [true, true]} : vector<2x8xf32>, memref<?x?xf32>
    vector.transfer_write %v, %s[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32, strided<[2]>>
  }
  return
}
