// RUN: tenferro-opt %s --tenferro-widen-bool-vector-memory --split-input-file -verify-diagnostics | FileCheck %s

// Plain vector loads and stores of i1 become byte vectors: a load compares
// the bytes with zero, a store zero-extends the lanes.
// CHECK-LABEL: llvm.func @load_store
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[Q:.*]]: !llvm.ptr)
// CHECK: %[[L:.*]] = llvm.load %[[P]] {alignment = 1 : i64} : !llvm.ptr -> vector<8xi8>
// CHECK: %[[Z:.*]] = llvm.mlir.zero : vector<8xi8>
// CHECK: %[[B:.*]] = llvm.icmp "ne" %[[L]], %[[Z]] : vector<8xi8>
// CHECK: %[[N:.*]] = llvm.xor %[[B]], %[[B]] : vector<8xi1>
// CHECK: %[[W:.*]] = llvm.zext %[[N]] : vector<8xi1> to vector<8xi8>
// CHECK: llvm.store %[[W]], %[[Q]] {alignment = 1 : i64} : vector<8xi8>, !llvm.ptr
llvm.func @load_store(%p: !llvm.ptr, %q: !llvm.ptr) {
  %v = llvm.load %p {alignment = 1 : i64} : !llvm.ptr -> vector<8xi1>
  %n = llvm.xor %v, %v : vector<8xi1>
  llvm.store %n, %q {alignment = 1 : i64} : vector<8xi1>, !llvm.ptr
  llvm.return
}

// -----

// Masked accesses: the data and the pass-through widen, the mask stays i1.
// CHECK-LABEL: llvm.func @masked
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[M:.*]]: vector<4xi1>, %[[PT:.*]]: vector<4xi1>)
// CHECK: %[[PTW:.*]] = llvm.zext %[[PT]] : vector<4xi1> to vector<4xi8>
// CHECK: %[[L:.*]] = llvm.intr.masked.load %[[P]], %[[M]], %[[PTW]] {alignment = 1 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xi8>) -> vector<4xi8>
// CHECK: %[[B:.*]] = llvm.icmp "ne" %[[L]], %{{.*}} : vector<4xi8>
// CHECK: %[[W:.*]] = llvm.zext %[[B]] : vector<4xi1> to vector<4xi8>
// CHECK: llvm.intr.masked.store %[[W]], %[[P]], %[[M]] {alignment = 1 : i32} : vector<4xi8>, vector<4xi1> into !llvm.ptr
llvm.func @masked(%p: !llvm.ptr, %m: vector<4xi1>, %pt: vector<4xi1>) {
  %v = llvm.intr.masked.load %p, %m, %pt {alignment = 1 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xi1>) -> vector<4xi1>
  llvm.intr.masked.store %v, %p, %m {alignment = 1 : i32} : vector<4xi1>, vector<4xi1> into !llvm.ptr
  llvm.return
}

// -----

// Scalar i1 and vectors of other types are byte-sized already: unchanged.
// CHECK-LABEL: llvm.func @unchanged
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr -> i1
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr -> vector<4xf64>
// CHECK-NEXT: llvm.return
llvm.func @unchanged(%p: !llvm.ptr) {
  %a = llvm.load %p : !llvm.ptr -> i1
  %b = llvm.load %p : !llvm.ptr -> vector<4xf64>
  llvm.return
}

// -----

// An aggregate holding vectors of i1 would be just as wrong: an error.
llvm.func @aggregate(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op accesses an aggregate holding a vector of i1}}
  %a = llvm.load %p : !llvm.ptr -> !llvm.array<2 x vector<4xi1>>
  llvm.return
}
